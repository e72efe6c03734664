package dev.quiver.bench.simd;

import dev.quiver.common.memory.Allocators;
import dev.quiver.expression.Expressions;
import dev.quiver.expression.filter.ColumnSlice;
import dev.quiver.expression.filter.FilterEvaluator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The scan's interval filter ({@code v BETWEEN 0 AND k}) over one batch of 65,536 consecutive rows
 * through the public {@link FilterEvaluator}: {@code vector} in a JVM that chose the vector kernels,
 * {@code scalar} in one started with {@code -Dquiver.simd=false}. Values uniform in {@code [0, 1000)},
 * 1 % nulls; {@code selectivity} is the percentage of rows in the interval.
 *
 * <pre>
 * java -jar quiver-bench/target/benchmarks.jar 'dev.quiver.bench.simd.*' -f 1 -wi 5 -w 2s -i 5 -r 1s
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 1)
public class FilterKernelBenchmark {
  private static final int ROWS = 65_536;

  @Param({"int32", "int64", "float64"})
  public String type;

  @Param({"1", "15", "50", "90"})
  public int selectivity;

  private BufferAllocator allocator;
  private FieldVector vector;
  private FilterEvaluator evaluator;
  private final int[] selection = new int[ROWS];

  @Setup(Level.Trial)
  public void setUp() {
    allocator = Allocators.newRoot();
    Random random = new Random(13);
    ArrowType arrowType = switch (type) {
      case "int32" -> new ArrowType.Int(32, true);
      case "int64" -> new ArrowType.Int(64, true);
      default -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    };
    vector = Field.nullable("v", arrowType).createVector(allocator);
    vector.setInitialCapacity(ROWS);
    vector.allocateNew();
    for (int i = 0; i < ROWS; i++) {
      int value = random.nextInt(1000);
      if (random.nextInt(100) == 0) {
        vector.setNull(i);
      } else if (vector instanceof IntVector ints) {
        ints.set(i, value);
      } else if (vector instanceof BigIntVector longs) {
        longs.set(i, value);
      } else {
        ((Float8Vector) vector).set(i, value);
      }
    }
    vector.setValueCount(ROWS);
    Schema schema = new Schema(List.of(vector.getField()));
    evaluator = new FilterEvaluator(Expressions.parse("v BETWEEN 0 AND " + (selectivity * 10 - 1), schema));
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    vector.close();
    allocator.close();
  }

  @Benchmark
  @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "-Darrow.allocation.manager.type=Unsafe"})
  public int vector() {
    return evaluate();
  }

  @Benchmark
  @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "-Darrow.allocation.manager.type=Unsafe", "-Dquiver.simd=false"})
  public int scalar() {
    return evaluate();
  }

  private int evaluate() {
    ColumnSlice slice = ColumnSlice.plain(vector, 0);
    return evaluator.evaluate(name -> slice, ROWS, selection);
  }
}
