package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every bit width from 0 to 64 packs and unpacks exactly, at every output width it fits, with a base. */
class BitPackingTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void everyWidthRoundTrips() {
    System.out.println("BitPackingTest seed " + SEED);
    Random random = new Random(SEED);
    for (int bitWidth = 0; bitWidth <= 64; bitWidth++) {
      for (int rows : new int[] {0, 1, 63, 64, 65, 1025, 3000}) {
        long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
        long[] values = new long[rows];
        for (int i = 0; i < rows; i++) {
          values[i] = random.nextLong() & mask;
        }
        byte[] packed = BitPacking.pack(values, rows, bitWidth);
        assertThat((long) packed.length).isEqualTo(BitPacking.packedBytes(rows, bitWidth));
        for (int width : new int[] {1, 2, 4, 8}) {
          if (bitWidth > 8 * width) {
            continue;
          }
          long base = random.nextLong();
          try (ArrowBuf source = TestVectors.toSegment(memory.allocator(), packed.length == 0 ? new byte[8] : packed);
              ArrowBuf target = memory.allocator().buffer(Math.max(8, (long) rows * width))) {
            BitPacking.unpack(source.memoryAddress(), bitWidth, base, rows, width, target.memoryAddress());
            for (int i = 0; i < rows; i++) {
              long expected = LittleEndian.truncate(base + values[i], width);
              long actual = FixedWidthMemory.read(target.memoryAddress() + (long) i * width, width);
              if (actual != expected) {
                assertThat(actual).as("seed %d, bit width %d, width %d, row %d", SEED, bitWidth, width, i)
                    .isEqualTo(expected);
              }
            }
          }
        }
      }
    }
  }

  @Test
  void rowRangesUnpackAtAnyOffset() {
    System.out.println("BitPackingTest seed " + SEED);
    Random random = new Random(SEED + 1);
    for (int bitWidth = 0; bitWidth <= 64; bitWidth++) {
      int rows = 2000;
      long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
      long[] values = new long[rows];
      for (int i = 0; i < rows; i++) {
        values[i] = random.nextLong() & mask;
      }
      byte[] packed = BitPacking.pack(values, rows, bitWidth);
      try (ArrowBuf source = TestVectors.toSegment(memory.allocator(), packed.length == 0 ? new byte[8] : packed)) {
        long address = source.memoryAddress();
        for (int trial = 0; trial < 50; trial++) {
          int first = random.nextInt(rows);
          int count = random.nextInt(rows - first + 1);
          long[] longs = new long[count];
          BitPacking.unpack(address, bitWidth, first, count, longs);
          int[] ints = new int[count];
          if (bitWidth <= 32) {
            BitPacking.unpackInts(address, bitWidth, first, count, ints);
          }
          for (int j = 0; j < count; j++) {
            long expected = values[first + j];
            if (longs[j] != expected || BitPacking.get(address, bitWidth, first + j) != expected
                || (bitWidth <= 32 && (ints[j] & 0xFFFFFFFFL) != expected)) {
              assertThat(new long[] {longs[j], BitPacking.get(address, bitWidth, first + j), ints[j] & 0xFFFFFFFFL})
                  .as("seed %d, bit width %d, row %d", SEED, bitWidth, first + j)
                  .containsOnly(expected);
            }
          }
        }
      }
    }
  }
}
