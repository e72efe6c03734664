package dev.quiver.scan.expression;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

/** Loops shared by the value tests: which rows are not null. */
final class Rows {
  private Rows() {}

  /** Copies the rows (of {@code rows[0, count)} or {@code 0..count-1}) whose value is not null into {@code valid}. */
  static int nonNull(FieldVector vector, int offset, int[] rows, int count, int[] valid) {
    ArrowBuf validity = vector.getValidityBuffer();
    int found = 0;
    if (rows == null) {
      for (int row = 0; row < count; row++) {
        int index = offset + row;
        if ((validity.getByte(index >>> 3) >> (index & 7) & 1) != 0) {
          valid[found++] = row;
        }
      }
    } else {
      for (int j = 0; j < count; j++) {
        int row = rows[j];
        int index = offset + row;
        if ((validity.getByte(index >>> 3) >> (index & 7) & 1) != 0) {
          valid[found++] = row;
        }
      }
    }
    return found;
  }

  /** Whether vector row {@code index} is not null. */
  static boolean isSet(ArrowBuf validity, int index) {
    return (validity.getByte(index >>> 3) >> (index & 7) & 1) != 0;
  }
}
