package dev.quiver.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.exec.keys.KeyKind;
import dev.quiver.testing.TestingAllocator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * approx_count_distinct's sketch: estimates within four standard errors (4 · 1.6 %) of the true count from 1 to
 * 300,000 distinct values (repeated values counted once), integers and strings; and partial sketches merged
 * directly or through a spill's writeState/readState estimate exactly as one sketch of all the rows. Seeded
 * ({@code -Dquiver.hll.seed}); the seed is printed.
 */
class HyperLogLogAccumulatorTest {
  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  private final long seed = Long.getLong("quiver.hll.seed", 20_261_206L);

  @Test
  void estimatesStayWithinFourStandardErrorsAndMergeAsOneSketch() throws Exception {
    System.out.println("HyperLogLogAccumulatorTest seed " + seed + " (-Dquiver.hll.seed=" + seed + ")");
    Random random = new Random(seed);
    for (int distinct : new int[] {1, 7, 100, 1_000, 5_000, 20_000, 100_000, 300_000}) {
      int rows = distinct + random.nextInt(distinct + 1); // some values twice
      long base = random.nextLong();
      try (BigIntVector integers = new BigIntVector("i", allocator.allocator());
          VarCharVector strings = new VarCharVector("s", allocator.allocator())) {
        integers.allocateNew(rows);
        strings.allocateNew((long) rows * 12, rows);
        for (int r = 0; r < rows; r++) {
          long value = base + (r % distinct) * 0x9E37_79B9L;
          integers.set(r, value);
          strings.setSafe(r, ("v" + value).getBytes(StandardCharsets.UTF_8));
        }
        integers.setValueCount(rows);
        strings.setValueCount(rows);
        check(integers, KeyKind.INT64, rows, distinct, random);
        check(strings, KeyKind.BYTES, rows, distinct, random);
      }
    }
  }

  private static void check(FieldVector vector, KeyKind kind, int rows, int distinct, Random random) throws Exception {
    String where = "seed-drawn " + kind + " column, " + distinct + " distinct of " + rows + " rows";
    int[] all = new int[rows];
    int[] zeros = new int[rows];
    for (int r = 0; r < rows; r++) {
      all[r] = r;
    }
    HyperLogLogAccumulator single = new HyperLogLogAccumulator(kind);
    single.ensureGroups(1);
    single.update(zeros, vector, all, rows);
    long estimate = HyperLogLogAccumulator.estimate(sketchOf(single));
    double error = Math.abs(estimate - distinct) / (double) distinct;
    assertThat(error).as(where + ": estimate " + estimate).isLessThanOrEqualTo(distinct <= 100 ? 0.02 : 4 * 0.0163);
    // the rows dealt into 5 groups of one accumulator, then merged into one group, directly and through a spill
    HyperLogLogAccumulator partial = new HyperLogLogAccumulator(kind);
    partial.ensureGroups(5);
    int[] groups = new int[rows];
    for (int r = 0; r < rows; r++) {
      groups[r] = random.nextInt(5);
    }
    partial.update(groups, vector, all, rows);
    HyperLogLogAccumulator merged = new HyperLogLogAccumulator(kind);
    merged.ensureGroups(1);
    merged.merge(partial, 0, 5, new int[] {0, 0, 0, 0, 0});
    assertThat(HyperLogLogAccumulator.estimate(sketchOf(merged))).as(where + " merged").isEqualTo(estimate);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      partial.writeState(out, new int[] {0, 1, 2, 3, 4}, 5);
    }
    HyperLogLogAccumulator read = new HyperLogLogAccumulator(kind);
    read.ensureGroups(1);
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      read.readState(in, new int[] {0, 0, 0, 0, 0}, 5);
    }
    assertThat(HyperLogLogAccumulator.estimate(sketchOf(read))).as(where + " spilled").isEqualTo(estimate);
  }

  /** Group 0's registers, through a state write (the accumulator keeps them private). */
  private static byte[] sketchOf(HyperLogLogAccumulator accumulator) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      accumulator.writeState(out, new int[] {0}, 1);
    }
    byte[] state = bytes.toByteArray();
    return state[0] == 0 ? null : java.util.Arrays.copyOfRange(state, 1, state.length);
  }
}
