package dev.quiver.expression.filter;

import dev.quiver.expression.SqlText;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/**
 * Loops shared by the value tests: which rows are not null. Reads go straight to memory (no bounds
 * checks): {@link #requireRows} checks once per call that the rows lie inside the vector.
 */
final class Rows {
  private Rows() {}

  /** Fails unless vector rows {@code [offset, offset + count)} exist. */
  static void requireRows(FieldVector vector, int offset, int count, String column) {
    if ((long) offset + count > vector.getValueCount()) {
      throw new IllegalArgumentException("column " + SqlText.identifier(column) + " has " + vector.getValueCount()
          + " rows, fewer than offset " + offset + " + " + count + " rows evaluated");
    }
  }

  /** Copies the rows (of {@code rows[0, count)} or {@code 0..count-1}) whose value is not null into {@code valid}. */
  static int nonNull(FieldVector vector, int offset, int[] rows, int count, int[] valid) {
    long validity = vector.getValidityBuffer().memoryAddress();
    int found = 0;
    if (rows == null) {
      int row = 0;
      while (row < count) {
        int index = offset + row;
        if ((index & 7) == 0 && row + 8 <= count && MemoryUtil.getByte(validity + (index >>> 3)) == -1) {
          for (int k = 0; k < 8; k++) {
            valid[found++] = row++;
          }
          continue;
        }
        valid[found] = row;
        found += MemoryUtil.getByte(validity + (index >>> 3)) >> (index & 7) & 1;
        row++;
      }
    } else {
      for (int j = 0; j < count; j++) {
        int row = rows[j];
        int index = offset + row;
        valid[found] = row;
        found += MemoryUtil.getByte(validity + (index >>> 3)) >> (index & 7) & 1;
      }
    }
    return found;
  }

  /** Whether vector row {@code index} is not null, given the validity buffer's address. */
  static boolean isSet(long validity, int index) {
    return (MemoryUtil.getByte(validity + (index >>> 3)) >> (index & 7) & 1) != 0;
  }
}
