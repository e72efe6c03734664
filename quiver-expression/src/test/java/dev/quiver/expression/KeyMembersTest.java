package dev.quiver.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.testing.TestingAllocator;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Key sets against a java.util set: both forms (bitmap, hash), membership, selection and interval tests. */
class KeyMembersTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void randomSetsAnswerAsAHashSetDoes() {
    long seed = Long.getLong("quiver.seed", System.nanoTime());
    System.out.println("KeyMembersTest seed " + seed);
    Random random = new Random(seed);
    for (int round = 0; round < 200; round++) {
      // narrow ranges make bitmaps, wide ones (and the extremes) hash sets
      long spread = switch (round % 4) {
        case 0 -> 1 + random.nextInt(100);
        case 1 -> 1 + random.nextInt(1 << 20);
        case 2 -> KeyMembers.BITMAP_LIMIT * 4;
        default -> Long.MAX_VALUE;
      };
      long base = round % 4 == 3 ? Long.MIN_VALUE / 2 : random.nextLong() / 4;
      int count = 1 + random.nextInt(300);
      long[] keys = new long[count];
      Set<Long> expected = new HashSet<>();
      for (int i = 0; i < count; i++) {
        keys[i] = round % 8 == 7 && i == 0 ? Long.MIN_VALUE : base + Math.floorMod(random.nextLong(), spread);
        expected.add(keys[i]);
      }
      KeyMembers members = KeyMembers.of(keys.clone(), count);
      String context = "seed " + seed + " round " + round + " " + members;
      assertThat(members.size()).as(context).isEqualTo(expected.size());
      assertThat(members.minimum()).as(context)
          .isEqualTo(expected.stream().mapToLong(Long::longValue).min().getAsLong());
      assertThat(members.maximum()).as(context)
          .isEqualTo(expected.stream().mapToLong(Long::longValue).max().getAsLong());
      long[] probes = new long[500];
      int[] rows = new int[probes.length];
      for (int j = 0; j < probes.length; j++) {
        probes[j] = random.nextBoolean() ? keys[random.nextInt(count)] + random.nextInt(3) - 1
            : base + Math.floorMod(random.nextLong(), spread);
        rows[j] = 10 * j;
        assertThat(members.contains(probes[j])).as(context + " key " + probes[j])
            .isEqualTo(expected.contains(probes[j]));
      }
      for (boolean negated : new boolean[] {false, true}) {
        int[] out = new int[probes.length];
        int passed = members.select(probes, rows, probes.length, negated, out);
        int[] want = new int[probes.length];
        int wanted = 0;
        for (int j = 0; j < probes.length; j++) {
          if (expected.contains(probes[j]) != negated) {
            want[wanted++] = rows[j];
          }
        }
        assertThat(Arrays.copyOf(out, passed)).as(context + " negated " + negated)
            .containsExactly(Arrays.copyOf(want, wanted));
      }
      assertKeysReadInPlace(members, expected, probes, random, context);
      for (int j = 0; j < 50; j++) {
        long low = probes[random.nextInt(probes.length)];
        long high = low + random.nextInt(1 << random.nextInt(20));
        if (high < low) {
          continue;
        }
        boolean any = expected.stream().anyMatch(key -> key >= low && key <= high);
        if (any) {
          assertThat(members.anyWithin(low, high)).as(context + " [" + low + ", " + high + "]").isTrue();
        } else if (members.isBitmap() && (high - low) / 64 < KeyMembers.SEARCH_WORDS) {
          assertThat(members.anyWithin(low, high)).as(context + " [" + low + ", " + high + "]").isFalse();
        }
      }
    }
  }

  @Test
  void denseKeysAreABitmapAndScatteredOnesAHashSet() {
    KeyMembers dense = KeyMembers.of(new long[] {5, 7, 7, 64 + 5, 1000}, 5);
    assertThat(dense.isBitmap()).isTrue();
    assertThat(dense.size()).isEqualTo(4);
    assertThat(dense.byteSize()).isEqualTo(KeyMembers.byteSize(5, 1000, 5));
    assertThat(dense.anyWithin(8, 68)).isFalse();
    assertThat(dense.anyWithin(8, 69)).isTrue();
    assertThat(dense.anyWithin(1001, 5000)).isFalse();
    assertThat(dense.anyWithin(-10, 5)).isTrue();
    KeyMembers scattered = KeyMembers.of(new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE}, 3);
    assertThat(scattered.isBitmap()).isFalse();
    assertThat(scattered.contains(Long.MIN_VALUE)).isTrue();
    assertThat(scattered.contains(Long.MAX_VALUE)).isTrue();
    assertThat(scattered.contains(1)).isFalse();
    assertThat(scattered.byteSize()).isEqualTo(KeyMembers.byteSize(Long.MIN_VALUE, Long.MAX_VALUE, 3));
    assertThat(scattered.toString()).isEqualTo("3 keys in [" + Long.MIN_VALUE + ", " + Long.MAX_VALUE + "]");
  }

  @Test
  void aSetNeedsKeys() {
    assertThatThrownBy(() -> KeyMembers.of(new long[4], 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> KeyMembers.of(new long[4], 5)).isInstanceOf(IllegalArgumentException.class);
  }

  /** selectAt over keys of 8 and 4 bytes in memory, after a few leading rows, every row or some, as select. */
  private void assertKeysReadInPlace(KeyMembers members, Set<Long> expected, long[] probes, Random random,
      String context) {
    int offset = 3;
    for (int width : new int[] {8, 4}) {
      try (ArrowBuf buffer = memory.allocator().buffer((long) (offset + probes.length) * width)) {
        long[] keys = new long[probes.length];
        for (int j = 0; j < probes.length; j++) {
          keys[j] = width == 8 ? probes[j] : (int) probes[j];
          if (width == 8) {
            buffer.setLong(8L * (offset + j), keys[j]);
          } else {
            buffer.setInt(4L * (offset + j), (int) keys[j]);
          }
        }
        int[] some = java.util.stream.IntStream.range(0, probes.length).filter(j -> random.nextInt(3) > 0).toArray();
        for (int[] rows : new int[][] {null, some}) {
          int count = rows == null ? probes.length : rows.length;
          for (boolean negated : new boolean[] {false, true}) {
            int[] out = new int[probes.length];
            int passed = members.selectAt(buffer.memoryAddress(), width, offset, rows, count, negated, out);
            int[] want = new int[count];
            int wanted = 0;
            for (int j = 0; j < count; j++) {
              int row = rows == null ? j : rows[j];
              if (expected.contains(keys[row]) != negated) {
                want[wanted++] = row;
              }
            }
            assertThat(Arrays.copyOf(out, passed))
                .as(context + " in place, width " + width + ", rows " + (rows == null ? "all" : "some")
                    + ", negated " + negated)
                .containsExactly(Arrays.copyOf(want, wanted));
          }
        }
      }
    }
    assertThatThrownBy(() -> members.selectAt(0, 2, 0, null, 0, false, new int[0]))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
