package dev.quiver.bench.simd;

import dev.quiver.common.memory.Allocators;
import dev.quiver.format.encoding.BitUnpackingKernels;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
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
 * The frame-of-reference decode's whole-stream bit-unpack of 65,536 rows, base added: {@code old} is the
 * loop before issue 13 ({@link OldBitUnpacking}), {@code scalar} the branch-free scalar loops, {@code
 * vector} the Vector API kernel, {@code chosen} what the decode runs in this JVM. {@code shape} is {@code
 * bits:type}, the bit width and the destination (int32 or int64); values uniform over the bit width.
 *
 * <pre>
 * java -jar quiver-bench/target/benchmarks.jar 'dev.quiver.bench.simd.BitUnpackBenchmark' -f 1 -wi 3 -i 5
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "-Darrow.allocation.manager.type=Unsafe"})
public class BitUnpackBenchmark {
  private static final int ROWS = 65_536;
  private static final long BASE = 1_000_003L;

  @Param({"4:int32", "6:int32", "12:int32", "14:int32", "24:int32", "32:int32", "4:int64", "6:int64", "12:int64",
      "14:int64", "24:int64", "32:int64", "40:int64"})
  public String shape;

  private int bitWidth;
  private int width;
  private BufferAllocator allocator;
  private ArrowBuf packed;
  private ArrowBuf target;

  @Setup(Level.Trial)
  public void setUp() {
    String[] parts = shape.split(":");
    bitWidth = Integer.parseInt(parts[0]);
    width = parts[1].equals("int32") ? 4 : 8;
    long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
    Random random = new Random(29);
    long[] values = new long[ROWS];
    for (int i = 0; i < ROWS; i++) {
      values[i] = random.nextLong() & mask;
    }
    byte[] bytes = BitUnpackingKernels.pack(values, ROWS, bitWidth);
    allocator = Allocators.newRoot();
    packed = allocator.buffer(bytes.length);
    packed.setBytes(0, bytes);
    target = allocator.buffer((long) ROWS * width);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    packed.close();
    target.close();
    allocator.close();
  }

  @Benchmark
  public long old() {
    OldBitUnpacking.unpack(packed.memoryAddress(), bitWidth, BASE, ROWS, width, target.memoryAddress());
    return target.getLong(0);
  }

  @Benchmark
  public long scalar() {
    BitUnpackingKernels.unpackScalar(packed.memoryAddress(), bitWidth, BASE, ROWS, width, target.memoryAddress());
    return target.getLong(0);
  }

  @Benchmark
  public long vector() {
    BitUnpackingKernels.unpackVector(packed.memoryAddress(), bitWidth, BASE, ROWS, width, target.memoryAddress());
    return target.getLong(0);
  }

  @Benchmark
  public long chosen() {
    BitUnpackingKernels.unpack(packed.memoryAddress(), bitWidth, BASE, ROWS, width, target.memoryAddress());
    return target.getLong(0);
  }
}
