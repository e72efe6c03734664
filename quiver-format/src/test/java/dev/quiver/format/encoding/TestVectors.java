package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.quiver.common.memory.Allocators;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.compare.Range;
import org.apache.arrow.vector.compare.RangeEqualsVisitor;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.ValueVectorUtility;

/** Builds test vectors from {@link TestValues} and checks decoded vectors against them, bit for bit. */
final class TestVectors {
  private TestVectors() {}

  static FieldVector build(BufferAllocator allocator, TestColumnType type, List<Object> values, String name) {
    FieldVector vector = Field.nullable(name, type.arrowType).createVector(allocator);
    int rows = values.size();
    try {
      switch (type.shape) {
        case BOOLEAN: {
          BitVector bits = (BitVector) vector;
          bits.allocateNew(Math.max(rows, 1));
          for (int i = 0; i < rows; i++) {
            if (values.get(i) == null) {
              bits.setNull(i);
            } else {
              bits.set(i, (Boolean) values.get(i) ? 1 : 0);
            }
          }
          break;
        }
        case TEXT:
        case BYTES: {
          BaseVariableWidthVector variable = (BaseVariableWidthVector) vector;
          long total = 0;
          for (Object value : values) {
            total += value == null ? 0 : ((byte[]) value).length;
          }
          variable.allocateNew(Math.max(total, 1), Math.max(rows, 1));
          for (int i = 0; i < rows; i++) {
            if (values.get(i) == null) {
              variable.setNull(i);
            } else {
              variable.setSafe(i, (byte[]) values.get(i));
            }
          }
          break;
        }
        default: {
          BaseFixedWidthVector fixed = (BaseFixedWidthVector) vector;
          fixed.allocateNew(Math.max(rows, 1));
          ArrowBuf data = fixed.getDataBuffer();
          ArrowBuf validity = fixed.getValidityBuffer();
          validity.setZero(0, validity.capacity());
          for (int i = 0; i < rows; i++) {
            Object value = values.get(i);
            if (value != null) {
              BitVectorHelper.setBit(validity, i);
              write(type, data, i, value);
            }
          }
          break;
        }
      }
      vector.setValueCount(rows);
      return vector;
    } catch (RuntimeException failure) {
      vector.close();
      throw failure;
    }
  }

  private static void write(TestColumnType type, ArrowBuf data, int row, Object value) {
    if (type.shape == TestColumnType.Shape.DECIMAL) {
      BigInteger unscaled = (BigInteger) value;
      data.setLong(16L * row, unscaled.longValue());
      data.setLong(16L * row + 8, unscaled.shiftRight(64).longValue());
      return;
    }
    long bits = (Long) value;
    switch (type.width) {
      case 1:
        data.setByte(row, (byte) bits);
        break;
      case 2:
        data.setShort(2L * row, (short) bits);
        break;
      case 4:
        data.setInt(4L * row, (int) bits);
        break;
      default:
        data.setLong(8L * row, bits);
        break;
    }
  }

  /** The stored bytes of one non-null value. */
  static byte[] valueBytes(FieldVector vector, int row) {
    if (vector instanceof BitVector bits) {
      return new byte[] {(byte) bits.get(row)};
    }
    if (vector instanceof BaseVariableWidthVector variable) {
      byte[] out = new byte[variable.getValueLength(row)];
      variable.getDataBuffer().getBytes(variable.getStartOffset(row), out, 0, out.length);
      return out;
    }
    int width = ((BaseFixedWidthVector) vector).getTypeWidth();
    byte[] out = new byte[width];
    vector.getDataBuffer().getBytes((long) row * width, out, 0, width);
    return out;
  }

  /** Asserts {@code decoded} holds exactly rows {@code [start, start + count)} of {@code original}. */
  static void assertSameRows(FieldVector original, int start, int count, FieldVector decoded, String context) {
    assertThat(decoded.getValueCount()).as("rows: %s", context).isEqualTo(count);
    assertThat(decoded.getField().getName()).as("name: %s", context).isEqualTo(original.getField().getName());
    assertThat(decoded.getField().getType()).as("type: %s", context).isEqualTo(original.getField().getType());
    int nulls = 0;
    for (int i = 0; i < count; i++) {
      boolean isNull = original.isNull(start + i);
      nulls += isNull ? 1 : 0;
      if (decoded.isNull(i) != isNull) {
        fail("row %d: null is %s, expected %s (%s)", i, decoded.isNull(i), isNull, context);
      }
      if (!isNull) {
        byte[] expected = valueBytes(original, start + i);
        byte[] actual = valueBytes(decoded, i);
        if (!Arrays.equals(expected, actual)) {
          fail("row %d: value %s, expected %s (%s)", i, abbreviate(actual), abbreviate(expected), context);
        }
      }
    }
    assertThat(decoded.getNullCount()).as("nulls: %s", context).isEqualTo(nulls);
    assertThat(new RangeEqualsVisitor(original, decoded).rangeEquals(new Range(start, 0, count)))
        .as("Arrow's range equality: %s", context).isTrue();
    validateStructure(decoded);
  }

  /**
   * Arrow's full validation of a decoded vector. Decimals get the structural part only: Arrow's
   * full check refuses values with exactly the type's precision (it tests {@code precision < p});
   * their values are compared byte for byte instead.
   */
  static void validateStructure(FieldVector vector) {
    if (vector instanceof DecimalVector) {
      ValueVectorUtility.validate(vector);
    } else {
      ValueVectorUtility.validateFull(vector);
    }
  }

  /**
   * The structure of a vector decoded from damaged bytes: Arrow's buffer checks, and offsets that
   * start at 0, never decrease and end inside the data. Values themselves (UTF-8, decimal
   * precision) may be damaged: decoding does not validate content, only structure.
   */
  static void validateDamaged(FieldVector vector) {
    ValueVectorUtility.validate(vector);
    if (vector instanceof BaseVariableWidthVector variable) {
      ArrowBuf offsets = variable.getOffsetBuffer();
      int previous = offsets.getInt(0);
      assertThat(previous).as("first offset").isZero();
      for (int i = 1; i <= variable.getValueCount(); i++) {
        int offset = offsets.getInt(4L * i);
        if (offset < previous) {
          fail("offset %d (%d) is below offset %d (%d)", i, offset, i - 1, previous);
        }
        previous = offset;
      }
      assertThat((long) previous).as("last offset").isLessThanOrEqualTo(variable.getDataBuffer().capacity());
    }
  }

  private static String abbreviate(byte[] bytes) {
    String hex = HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 24));
    return bytes.length > 24 ? hex + "... (" + bytes.length + " bytes)" : hex;
  }

  static ArrowBuf toSegment(BufferAllocator allocator, byte[] bytes) {
    ArrowBuf segment = Allocators.exactBuffer(allocator, bytes.length);
    segment.setBytes(0, bytes);
    return segment;
  }

  /** Encodes, checks describe() against the chunk's tree, decodes and compares; returns the chunk. */
  static EncodedChunk roundTrip(BufferAllocator allocator, FieldVector vector, int start, int count,
      EncodingOptions options, String context) {
    EncodedChunk chunk = ChunkCodec.encode(vector, start, count, options);
    assertThat(chunk.rowCount()).as(context).isEqualTo(count);
    String where = context + ", tree " + chunk.encodingTree();
    try (ArrowBuf segment = toSegment(allocator, chunk.encodedBytes())) {
      assertThat(ChunkCodec.describe(segment, "test")).as(where).isEqualTo(chunk.encodingTree());
      try (FieldVector decoded = ChunkCodec.decode(segment, vector.getField(), allocator, "test")) {
        assertSameRows(vector, start, count, decoded, where);
        assertThat(chunk.nullCount()).as(where).isEqualTo(decoded.getNullCount());
      }
    }
    return chunk;
  }
}
