package dev.quiver.exec.window;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;

/**
 * An aggregate's argument column read once into a primitive array: integers, dates, times,
 * timestamps, booleans and decimals of up to 18 digits' worth of value as longs (decimals unscaled),
 * floats as doubles. One typed loop per column.
 */
final class NumericReader {
  private NumericReader() {}

  static boolean isFloating(FieldVector vector) {
    return vector instanceof Float8Vector || vector instanceof Float4Vector;
  }

  /** The value of a fixed-width integer-like row as a long (sign-extended by the type's width). */
  static long longAt(BaseFixedWidthVector vector, int row) {
    ArrowBuf data = vector.getDataBuffer();
    return switch (vector.getTypeWidth()) {
      case 1 -> data.getByte(row);
      case 2 -> data.getShort((long) row * 2);
      case 4 -> data.getInt((long) row * 4);
      default -> data.getLong((long) row * 8);
    };
  }

  /** Rows [0, rows) as longs (NULL rows 0). */
  static long[] longs(FieldVector vector, int rows, String function) {
    long[] values = new long[rows];
    if (vector instanceof DecimalVector decimal) {
      ArrowBuf data = decimal.getDataBuffer();
      for (int row = 0; row < rows; row++) {
        if (!decimal.isNull(row)) {
          long low = data.getLong((long) row * 16);
          long high = data.getLong((long) row * 16 + 8);
          if (high != (low >> 63)) {
            throw new QuiverException(ErrorCode.USER, "window " + function + " over decimal values beyond 18 digits"
                + " is not supported");
          }
          values[row] = low;
        }
      }
    } else if (vector instanceof BitVector bits) {
      for (int row = 0; row < rows; row++) {
        values[row] = bits.isNull(row) ? 0 : bits.get(row);
      }
    } else if (vector instanceof BaseFixedWidthVector fixed) {
      for (int row = 0; row < rows; row++) {
        values[row] = fixed.isNull(row) ? 0 : longAt(fixed, row);
      }
    } else {
      throw new QuiverException(ErrorCode.USER, "window " + function + " of " + vector.getField().getType()
          + " values is not supported");
    }
    return values;
  }

  /** Rows [0, rows) as doubles (NULL rows 0). */
  static double[] doubles(FieldVector vector, int rows) {
    double[] values = new double[rows];
    if (vector instanceof Float8Vector doubles) {
      for (int row = 0; row < rows; row++) {
        values[row] = doubles.isNull(row) ? 0 : doubles.get(row);
      }
    } else {
      Float4Vector floats = (Float4Vector) vector;
      for (int row = 0; row < rows; row++) {
        values[row] = floats.isNull(row) ? 0 : floats.get(row);
      }
    }
    return values;
  }

  /** Per row whether it is not NULL. */
  static boolean[] valid(FieldVector vector, int rows) {
    boolean[] valid = new boolean[rows];
    if (vector.getNullCount() == 0) {
      java.util.Arrays.fill(valid, true);
      return valid;
    }
    for (int row = 0; row < rows; row++) {
      valid[row] = !vector.isNull(row);
    }
    return valid;
  }
}
