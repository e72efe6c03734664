package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.simd.Simd;
import dev.quiver.testing.TestingAllocator;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every bit width from 0 to 64 packs and unpacks exactly, at every destination width it fits, with a
 * base, through each path: the chosen one ({@link BitPacking#unpack}), the scalar loops forced, and the
 * vector kernel where it handles the widths. Values come from a bit-by-bit reference reader as well as the
 * packer's input. Streams and destinations sit at random byte offsets (misaligned), and the bytes right
 * after a destination must stay as they were.
 */
class BitPackingTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final int[] ROWS = {0, 1, 7, 8, 9, 63, 64, 65, 127, 1023, 1024, 1025, 3000};
  private static final byte CANARY = (byte) 0xA5;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private enum Path {
    CHOSEN,
    SCALAR,
    VECTOR
  }

  @Test
  void everyWidthRoundTripsOnEveryPath() {
    System.out.println("BitPackingTest seed " + SEED);
    Random random = new Random(SEED);
    int vectorRuns = 0;
    for (int bitWidth = 0; bitWidth <= 64; bitWidth++) {
      for (int r = 0; r <= ROWS.length; r++) {
        int rows = r < ROWS.length ? ROWS[r] : random.nextInt(5000);
        long[] values = randomValues(random, rows, bitWidth);
        byte[] packed = BitPacking.pack(values, rows, bitWidth);
        assertThat((long) packed.length).isEqualTo(BitPacking.packedBytes(rows, bitWidth));
        for (int i = 0; i < rows; i++) {
          if (referenceValue(packed, i, bitWidth) != values[i]) {
            assertThat(referenceValue(packed, i, bitWidth)).as("seed %d, pack %d bits, row %d", SEED, bitWidth, i)
                .isEqualTo(values[i]);
          }
        }
        for (int width : new int[] {1, 2, 4, 8}) {
          if (bitWidth > 8 * width) {
            continue;
          }
          for (Path path : Path.values()) {
            if (path == Path.VECTOR && (bitWidth == 0 || !VectorBitUnpacking.handles(bitWidth, width))) {
              continue;
            }
            if (path != Path.CHOSEN && bitWidth == 0) {
              continue;
            }
            vectorRuns += path == Path.VECTOR ? 1 : 0;
            check(random, path, values, packed, rows, bitWidth, width);
          }
        }
      }
    }
    if (Simd.enabled()) {
      assertThat(vectorRuns).as("the vector kernel ran").isPositive();
    }
  }

  private void check(Random random, Path path, long[] values, byte[] packed, int rows, int bitWidth, int width) {
    long base = random.nextInt(4) == 0 ? 0 : random.nextLong();
    int sourceOffset = random.nextInt(8);
    int targetOffset = random.nextInt(8);
    long targetBytes = (long) rows * width;
    try (ArrowBuf source = memory.allocator().buffer(sourceOffset + packed.length + 8L);
        ArrowBuf target = memory.allocator().buffer(targetOffset + targetBytes + 64)) {
      source.setBytes(sourceOffset, packed);
      for (long i = 0; i < target.capacity(); i++) {
        target.setByte(i, CANARY);
      }
      long from = source.memoryAddress() + sourceOffset;
      long to = target.memoryAddress() + targetOffset;
      switch (path) {
        case CHOSEN:
          BitPacking.unpack(from, bitWidth, base, rows, width, to);
          break;
        case SCALAR:
          ScalarBitUnpacking.unpack(from, bitWidth, base, 0, rows, width, to);
          break;
        default:
          VectorBitUnpacking.unpack(from, bitWidth, base, rows, width, to);
      }
      for (int i = 0; i < rows; i++) {
        long expected = LittleEndian.truncate(base + values[i], width);
        long actual = FixedWidthMemory.read(to + (long) i * width, width);
        if (actual != expected) {
          assertThat(actual).as("seed %d, %s, bit width %d, width %d, rows %d, row %d", SEED, path, bitWidth,
              width, rows, i).isEqualTo(expected);
        }
      }
      for (long i = targetOffset + targetBytes; i < target.capacity(); i++) {
        assertThat(target.getByte(i)).as("seed %d, %s, bit width %d, width %d, rows %d: byte %d after the rows",
            SEED, path, bitWidth, width, rows, i - targetOffset - targetBytes).isEqualTo(CANARY);
      }
      for (long i = 0; i < targetOffset; i++) {
        assertThat(target.getByte(i)).as("byte before the rows").isEqualTo(CANARY);
      }
    }
  }

  @Test
  void rowRangesUnpackAtAnyOffset() {
    System.out.println("BitPackingTest seed " + SEED);
    Random random = new Random(SEED + 1);
    for (int bitWidth = 0; bitWidth <= 64; bitWidth++) {
      int rows = 2000;
      long[] values = randomValues(random, rows, bitWidth);
      byte[] packed = BitPacking.pack(values, rows, bitWidth);
      try (ArrowBuf source = TestVectors.toSegment(memory.allocator(), packed.length == 0 ? new byte[8] : packed)) {
        long address = source.memoryAddress();
        for (int trial = 0; trial < 60; trial++) {
          int first = trial < 10 ? rows - trial : random.nextInt(rows);
          int count = trial < 10 ? trial : random.nextInt(rows - first + 1);
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

  /**
   * Row ranges through the scalar loops and the vector kernel, forced, from streams that hold only {@code
   * packedBytes(first + count)} bytes: every start modulo a group, short ranges, ranges ending at the end.
   */
  @Test
  void rowRangesOnBothPaths() {
    Random random = new Random(SEED + 3);
    for (int bitWidth = 1; bitWidth <= 64; bitWidth++) {
      int rows = 1500;
      long[] values = randomValues(random, rows, bitWidth);
      byte[] packed = BitPacking.pack(values, rows, bitWidth);
      for (int trial = 0; trial < 40; trial++) {
        int first = trial < 20 ? trial : random.nextInt(rows);
        int count = trial % 3 == 0 ? rows - first : random.nextInt(Math.min(rows - first, 600) + 1);
        int bytes = (int) BitPacking.packedBytes(first + count, bitWidth);
        try (ArrowBuf source = memory.allocator().buffer(Math.max(8, bytes))) {
          source.setBytes(0, packed, 0, bytes);
          long address = source.memoryAddress();
          long[] longs = new long[count + 3];
          ScalarBitUnpacking.unpack(address, bitWidth, first, count, longs, 3);
          assertRange(values, first, count, longs, 3, "scalar longs", bitWidth);
          if (bitWidth <= 32) {
            int[] ints = new int[count + 5];
            ScalarBitUnpacking.unpackInts(address, bitWidth, first, count, ints, 5);
            assertRange(values, first, count, widen(ints), 5, "scalar ints", bitWidth);
          }
          if (VectorBitUnpacking.handlesRanges(bitWidth, false)) {
            int[] ints = new int[count];
            VectorBitUnpacking.unpackRange(address, bitWidth, first, count, ints);
            assertRange(values, first, count, widen(ints), 0, "vector ints", bitWidth);
          }
          if (VectorBitUnpacking.handlesRanges(bitWidth, true)) {
            long[] vectorLongs = new long[count];
            VectorBitUnpacking.unpackRange(address, bitWidth, first, count, vectorLongs);
            assertRange(values, first, count, vectorLongs, 0, "vector longs", bitWidth);
          }
        }
      }
    }
  }

  private static long[] widen(int[] ints) {
    long[] longs = new long[ints.length];
    for (int i = 0; i < ints.length; i++) {
      longs[i] = ints[i] & 0xFFFFFFFFL;
    }
    return longs;
  }

  private static void assertRange(long[] values, int first, int count, long[] actual, int at, String path,
      int bitWidth) {
    for (int j = 0; j < count; j++) {
      if (actual[at + j] != values[first + j]) {
        assertThat(actual[at + j]).as("seed %d, %s, bit width %d, rows [%d, +%d), row %d", SEED, path, bitWidth,
            first, count, first + j).isEqualTo(values[first + j]);
      }
    }
    for (int j = 0; j < at; j++) {
      assertThat(actual[j]).as("%s wrote before its range", path).isZero();
    }
  }

  /** The scalar fast loops read only inside the packed bytes, and leave at most a word's rows to the slow one. */
  @Test
  void scalarFastRowsReadInsideTheStream() {
    for (int bitWidth = 1; bitWidth <= 64; bitWidth++) {
      for (long rows = 0; rows <= 300; rows++) {
        long packed = BitPacking.packedBytes(rows, bitWidth);
        long fast = Math.min(rows, ScalarBitUnpacking.fastRows(bitWidth, packed));
        long lastRead = -1;
        for (long i = 0; i < fast; i++) {
          lastRead = Math.max(lastRead, lastByteRead(i, bitWidth));
        }
        assertThat(lastRead).as("bit width %d, rows %d", bitWidth, rows).isLessThan(packed);
        if (fast < rows) {
          assertThat(lastByteRead(fast, bitWidth)).as("bit width %d, rows %d: row %d", bitWidth, rows, fast)
              .isGreaterThanOrEqualTo(packed);
          assertThat(rows - fast).as("bit width %d, rows %d", bitWidth, rows).isLessThanOrEqualTo(64);
        }
      }
    }
  }

  private static long lastByteRead(long row, int bitWidth) {
    long bit = row * bitWidth;
    if (bitWidth <= ScalarBitUnpacking.WINDOW_BITS) {
      return (bit >>> 3) + 7;
    }
    return bitWidth == 64 ? 8 * row + 7 : ((bit >>> 6) << 3) + 15;
  }

  /**
   * The vector plans of every shape (2 to 16 long lanes, 4 to 32 int lanes, not only this machine's) decode
   * every bit width they accept, emulated lane by lane on words loaded where the plan says; and the shapes
   * that matter (256 and 512 bits) accept every width.
   */
  @Test
  void vectorPlansOfEveryShapeDecode() {
    Random random = new Random(SEED + 2);
    for (int laneBits : new int[] {32, 64}) {
      for (int bits = 128; bits <= 1024; bits *= 2) {
        int lanes = bits / laneBits;
        VectorBitUnpacking.Plan[] plans = VectorBitUnpacking.plans(lanes, laneBits);
        for (int bitWidth = 1; bitWidth <= laneBits; bitWidth++) {
          VectorBitUnpacking.Plan plan = plans[bitWidth];
          if ((bits == 256 || bits == 512) && (laneBits == 64 || lanes >= 8)) {
            assertThat(plan).as("%d-bit vectors, %d-bit lanes, bit width %d", bits, laneBits, bitWidth).isNotNull();
          }
          if (plan == null) {
            continue;
          }
          int rows = 3 * plan.groupValues + random.nextInt(200);
          long[] values = randomValues(random, rows, bitWidth);
          byte[] packed = BitPacking.pack(values, rows, bitWidth);
          int groups = plan.groups(rows, packed.length);
          assertThat(groups).isLessThanOrEqualTo(rows / plan.groupValues);
          for (int group = 0; group < groups; group++) {
            emulate(plan, lanes, laneBits, packed, group, 0, values, bitWidth);
            if (plan.next != null) {
              emulate(plan.next, lanes, laneBits, packed, group, lanes, values, bitWidth);
            }
          }
        }
      }
    }
  }

  private static void emulate(VectorBitUnpacking.Plan plan, int lanes, int laneBits, byte[] packed, int group,
      int firstValue, long[] values, int bitWidth) {
    int at = group * plan.groupBytes + plan.offset;
    assertThat(at + plan.loadBytes).isLessThanOrEqualTo(packed.length);
    long[] words = new long[lanes];
    for (int lane = 0; lane < lanes; lane++) {
      words[lane] = laneBits == 64 ? LittleEndian.getLong(packed, at + 8 * lane)
          : LittleEndian.getInt(packed, at + 4 * lane) & 0xFFFFFFFFL;
    }
    long laneMask = laneBits == 64 ? -1L : 0xFFFFFFFFL;
    for (int lane = 0; lane < lanes; lane++) {
      long low = words[plan.low[lane]] >>> plan.longShifts[lane];
      long high = ((words[plan.high[lane]] << 1) & laneMask) << plan.longComplements[lane];
      long value = (low | high) & laneMask & plan.mask;
      int row = group * plan.groupValues + firstValue + lane;
      if (value != values[row]) {
        assertThat(value).as("%d lanes of %d bits, bit width %d, row %d", lanes, laneBits, bitWidth, row)
            .isEqualTo(values[row]);
      }
    }
  }

  /** With {@code -Dquiver.simd=false} no width takes the vector kernel; otherwise the measured ones do. */
  @Test
  void theChoiceFollowsSimd() {
    for (int width : new int[] {1, 2, 4, 8}) {
      long measured = width == 4 ? BitPacking.MEASURED_INTS : width == 8 ? BitPacking.MEASURED_LONGS : 0;
      for (int bitWidth = 1; bitWidth <= 8 * width; bitWidth++) {
        boolean expected = Simd.enabled() && ((measured >>> (bitWidth & 63)) & 1) != 0
            && VectorBitUnpacking.handles(bitWidth, width);
        assertThat(BitPacking.vectorChosen(bitWidth, width)).as("bit width %d, width %d", bitWidth, width)
            .isEqualTo(expected);
      }
    }
  }

  private static long[] randomValues(Random random, int rows, int bitWidth) {
    long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
    long[] values = new long[rows];
    int shape = random.nextInt(3);
    for (int i = 0; i < rows; i++) {
      long value = random.nextLong() & mask;
      values[i] = shape == 0 ? value : shape == 1 ? (random.nextBoolean() ? mask : 0) : value & random.nextLong();
    }
    return values;
  }

  /** Value {@code row} read one bit at a time, independent of the kernels. */
  private static long referenceValue(byte[] packed, long row, int bitWidth) {
    long value = 0;
    for (int b = 0; b < bitWidth; b++) {
      long bit = row * bitWidth + b;
      int set = (packed[(int) (bit >>> 3)] >>> (bit & 7)) & 1;
      value |= (long) set << b;
    }
    return value;
  }
}
