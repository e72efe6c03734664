package dev.quiver.bench.simd;

import java.util.Random;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link MaskedSum}'s scalar loop against {@link VectorMaskedSum} over 65,536 keys uniform in
 * {@code [0, 1000)}; {@code selectivity} is the percentage of keys in the interval.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-modules=jdk.incubator.vector")
public class MaskedSumBenchmark {
  private static final int ROWS = 65_536;

  @Param({"2", "50"})
  public int selectivity;

  private final long[] keys = new long[ROWS];
  private final long[] values = new long[ROWS];

  @Setup(Level.Trial)
  public void setUp() {
    Random random = new Random(17);
    for (int i = 0; i < ROWS; i++) {
      keys[i] = random.nextInt(1000);
      values[i] = random.nextInt(1_000_000);
    }
  }

  @Benchmark
  public long scalar() {
    return MaskedSum.scalar(keys, values, ROWS, 0, selectivity * 10L - 1);
  }

  @Benchmark
  public long vector() {
    return VectorMaskedSum.sum(keys, values, ROWS, 0, selectivity * 10L - 1);
  }
}
