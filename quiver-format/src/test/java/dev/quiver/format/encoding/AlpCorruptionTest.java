package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.testing.TestingAllocator;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Targeted lies in ALP and ALP-RD nodes, built by hand with plain children so each lie is exactly
 * one field: every one is a {@link SegmentCorruptException} (CORRUPT) naming the node path and the
 * problem. The well-formed node the lies start from decodes, so the lie is what fails.
 */
class AlpCorruptionTest {
  private static final String NAME = "alp segment";
  private static final Field DOUBLES = Field.nullable("column",
      new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private static EncodedNode plain(PhysicalType type, long... values) {
    return PlainEncoding.encode(new LongColumn(type, values, values.length), null);
  }

  /** Rows 1.25, 2.5, NaN, 4.0 as ALP e=2 f=0: digits 125, 250, 250, 400, patch row 2. */
  private static EncodedNode alp(int exponent, int factor, long[] positions) {
    long nan = Double.doubleToRawLongBits(Double.NaN);
    long[] patchValues = new long[positions.length];
    java.util.Arrays.fill(patchValues, nan);
    return new EncodedNode(EncodingFormat.ENCODING_ALP, PhysicalType.FLOAT64, 4,
        new byte[] {(byte) exponent, (byte) factor}, EncodedNode.NO_BUFFERS,
        new EncodedNode[] {plain(PhysicalType.INT64, 125, 250, 250, 400), plain(PhysicalType.INT32, positions),
            plain(PhysicalType.FLOAT64, patchValues)});
  }

  /** 4 rows, right width 52, dictionary {0x400, 0x3FF} (size and entries as given), codes and one exception. */
  private static EncodedNode alpRd(int right, int size, int[] entries, long[] codes, long[] rights, long[] positions,
      long[] lefts) {
    byte[] metadata = new byte[AlpRdEncoding.METADATA_BYTES];
    metadata[0] = (byte) right;
    metadata[1] = (byte) size;
    for (int k = 0; k < entries.length; k++) {
      metadata[2 + 2 * k] = (byte) entries[k];
      metadata[3 + 2 * k] = (byte) (entries[k] >>> 8);
    }
    return new EncodedNode(EncodingFormat.ENCODING_ALP_RD, PhysicalType.FLOAT64, 4, metadata, EncodedNode.NO_BUFFERS,
        new EncodedNode[] {plain(PhysicalType.INT8, codes), plain(PhysicalType.INT64, rights),
            plain(PhysicalType.INT32, positions), plain(PhysicalType.INT16, lefts)});
  }

  private static final int[] ENTRIES = {0x400, 0x3FF};
  private static final long[] CODES = {0, 1, 0, 1};
  private static final long[] RIGHTS = {1, 2, 3, (1L << 52) - 1};

  private void assertDecodes(EncodedNode node, List<Double> expected) {
    byte[] bytes = SegmentWriter.write(PhysicalType.FLOAT64, 4, 0, node, null);
    try (ArrowBuf segment = TestVectors.toSegment(memory.allocator(), bytes);
        org.apache.arrow.vector.Float8Vector vector = (org.apache.arrow.vector.Float8Vector) ChunkCodec.decode(segment,
            DOUBLES, memory.allocator(), NAME)) {
      List<Double> actual = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        actual.add(vector.get(i));
      }
      assertThat(actual).isEqualTo(expected);
    }
  }

  private void assertCorrupt(EncodedNode node, String problem) {
    byte[] bytes = SegmentWriter.write(PhysicalType.FLOAT64, 4, 0, node, null);
    try (ArrowBuf segment = TestVectors.toSegment(memory.allocator(), bytes)) {
      assertThatThrownBy(() -> ChunkCodec.decode(segment, DOUBLES, memory.allocator(), NAME).close())
          .isInstanceOfSatisfying(SegmentCorruptException.class, failure -> {
            assertThat(failure.errorCode()).isEqualTo(ErrorCode.CORRUPT);
            assertThat(failure.getMessage()).startsWith(NAME + ": ").contains(problem);
          });
    }
  }

  @Test
  void wellFormedNodesDecode() {
    assertDecodes(alp(2, 0, new long[] {2}), List.of(1.25, 2.5, Double.NaN, 4.0));
    List<Double> expected = List.of(Double.longBitsToDouble(0x400L << 52 | 1),
        Double.longBitsToDouble(0x3FFL << 52 | 2),
        Double.longBitsToDouble(0x401L << 52 | 3), Double.longBitsToDouble(0x3FFL << 52 | (1L << 52) - 1));
    assertDecodes(alpRd(52, 2, ENTRIES, CODES, RIGHTS, new long[] {2}, new long[] {0x401}), expected);
  }

  @Test
  void alpExponentAndFactorOutOfRange() {
    assertCorrupt(alp(19, 0, new long[] {2}), "values (alp float64): exponent 19 and factor 0 are outside");
    assertCorrupt(alp(2, 3, new long[] {2}), "exponent 2 and factor 3");
  }

  @Test
  void alpPatchPositionsNotIncreasingOrBeyondRows() {
    assertCorrupt(alp(2, 0, new long[] {2, 1}), "values (alp float64): patch 1 is at row 1, after row 2");
    assertCorrupt(alp(2, 0, new long[] {4}), "patch 0 is at row 4");
  }

  @Test
  void alpWrongCounts() {
    EncodedNode shortDigits = new EncodedNode(EncodingFormat.ENCODING_ALP, PhysicalType.FLOAT64, 4, new byte[2],
        EncodedNode.NO_BUFFERS, new EncodedNode[] {plain(PhysicalType.INT64, 1, 2, 3)});
    assertCorrupt(shortDigits, "digits have 3 rows, not 4");
    EncodedNode unequalPatches = new EncodedNode(EncodingFormat.ENCODING_ALP, PhysicalType.FLOAT64, 4, new byte[2],
        EncodedNode.NO_BUFFERS, new EncodedNode[] {plain(PhysicalType.INT64, 1, 2, 3, 4),
            plain(PhysicalType.INT32, 0, 1), plain(PhysicalType.FLOAT64, 0)});
    assertCorrupt(unequalPatches, "2 positions but 1 values");
  }

  @Test
  void alpRdBadMetadata() {
    long[] one = {2};
    long[] left = {0x401};
    assertCorrupt(alpRd(47, 2, ENTRIES, CODES, RIGHTS, one, left), "values (alprd float64): right width 47");
    assertCorrupt(alpRd(64, 2, ENTRIES, CODES, RIGHTS, one, left), "right width 64");
    assertCorrupt(alpRd(52, 9, ENTRIES, CODES, RIGHTS, one, left), "dictionary of 9 entries");
    assertCorrupt(alpRd(52, 1, ENTRIES, CODES, RIGHTS, one, left), "dictionary entry 1 is 1023, not 0");
    assertCorrupt(alpRd(52, 2, new int[] {0x400, 0x1000}, CODES, RIGHTS, one, left),
        "dictionary entry 1 is 4096, more than 12 bits");
  }

  @Test
  void alpRdCodesRightPartsAndExceptionsOutOfRange() {
    long[] one = {2};
    long[] left = {0x401};
    assertCorrupt(alpRd(52, 2, ENTRIES, new long[] {0, 1, 2, 0}, RIGHTS, one, left),
        "row 2 has dictionary code 2; the dictionary has 2 entries");
    assertCorrupt(alpRd(52, 2, ENTRIES, CODES, new long[] {1, 1L << 52, 3, 4}, one, left),
        "a right part has bits above its 52 bits");
    assertCorrupt(alpRd(52, 2, ENTRIES, CODES, RIGHTS, one, new long[] {0x1000}),
        "exception 0 has left part 4096, more than 12 bits");
    assertCorrupt(alpRd(52, 2, ENTRIES, CODES, RIGHTS, new long[] {3, 3}, new long[] {1, 1}),
        "patch 1 is at row 3, after row 3");
    assertCorrupt(alpRd(52, 2, ENTRIES, CODES, RIGHTS, new long[] {1, 2}, left), "2 positions but 1 values");
  }
}
