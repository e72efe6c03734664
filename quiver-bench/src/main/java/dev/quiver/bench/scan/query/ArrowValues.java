package dev.quiver.bench.scan.query;

import dev.quiver.common.QuiverException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Reads values out of Arrow vectors whatever vector class a system returns for a type (Quiver and
 * Parquet give {@code VarCharVector}, others may give views).
 * Strings are compared on their UTF-8 bytes in place, without copies, for the plain vectors.
 */
public final class ArrowValues {
  private ArrowValues() {}

  /** The unscaled value of a decimal that fits in 64 bits (the low 8 of its 16 little-endian bytes). */
  public static long unscaled(FieldVector vector, int index) {
    if (vector instanceof DecimalVector) {
      return vector.getDataBuffer().getLong((long) index * DecimalVector.TYPE_WIDTH);
    }
    throw unexpected(vector, "a decimal128");
  }

  /** An integer of any width. */
  public static long integer(FieldVector vector, int index) {
    if (vector instanceof BaseIntVector) {
      return ((BaseIntVector) vector).getValueAsLong(index);
    }
    throw unexpected(vector, "an integer");
  }

  /** The UTF-8 bytes of a string value (a copy). */
  public static byte[] bytes(FieldVector vector, int index) {
    if (vector instanceof BaseVariableWidthVector) {
      return ((BaseVariableWidthVector) vector).get(index);
    }
    if (vector instanceof BaseVariableWidthViewVector) {
      return ((BaseVariableWidthViewVector) vector).get(index);
    }
    throw unexpected(vector, "a string");
  }

  /** Whether the string value is empty. */
  public static boolean isEmpty(FieldVector vector, int index) {
    if (vector instanceof BaseVariableWidthVector) {
      ArrowBuf offsets = vector.getOffsetBuffer();
      return offsets.getInt((long) index * 4) == offsets.getInt((long) (index + 1) * 4);
    }
    return bytes(vector, index).length == 0;
  }

  /** Whether the string value equals {@code expected} byte for byte. */
  public static boolean equalsBytes(FieldVector vector, int index, byte[] expected) {
    if (vector instanceof BaseVariableWidthVector) {
      ArrowBuf offsets = vector.getOffsetBuffer();
      int start = offsets.getInt((long) index * 4);
      int end = offsets.getInt((long) (index + 1) * 4);
      if (end - start != expected.length) {
        return false;
      }
      ArrowBuf data = vector.getDataBuffer();
      for (int i = 0; i < expected.length; i++) {
        if (data.getByte(start + i) != expected[i]) {
          return false;
        }
      }
      return true;
    }
    return java.util.Arrays.equals(bytes(vector, index), expected);
  }

  static QuiverException unexpected(FieldVector vector, String wanted) {
    return QuiverException.user("column " + vector.getName() + " is " + vector.getField().getType() + " ("
        + vector.getClass().getSimpleName() + "), not " + wanted);
  }
}
