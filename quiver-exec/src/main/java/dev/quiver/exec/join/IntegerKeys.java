package dev.quiver.exec.join;

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A build side's key of one integer (or date) column read straight from its vector: its range, and its
 * rows chained by offset from the smallest value ({@link JoinTable}'s direct-indexed table).
 */
final class IntegerKeys {
  private IntegerKeys() {}

  /** Bytes of one value of {@code vector}'s type, or 0 when it is not a signed integer or a date in days. */
  static int width(FieldVector vector) {
    if (vector.getField().getDictionary() != null) {
      return 0;
    }
    ArrowType type = vector.getField().getType();
    if (type instanceof ArrowType.Int integer && integer.getIsSigned()) {
      return integer.getBitWidth() / 8;
    }
    return type instanceof ArrowType.Date date && date.getUnit() == DateUnit.DAY ? 4 : 0;
  }

  /**
   * The smallest and largest non-NULL value of rows {@code [0, rowCount)}, or null when the column is not
   * an integer or date, or has no value.
   */
  static long[] range(FieldVector vector, int rowCount) {
    int width = width(vector);
    if (width == 0 || rowCount == 0) {
      return null;
    }
    long validity = vector.getValidityBuffer().memoryAddress();
    long data = vector.getDataBuffer().memoryAddress();
    long low = Long.MAX_VALUE;
    long high = Long.MIN_VALUE;
    boolean any = false;
    for (int row = 0; row < rowCount; row++) {
      if (isSet(validity, row)) {
        long value = read(data, row, width);
        low = Math.min(low, value);
        high = Math.max(high, value);
        any = true;
      }
    }
    return any ? new long[] {low, high} : null;
  }

  /**
   * Chains rows {@code [0, rowCount)} by their key's offset from {@code minimum} ({@code head[offset]} the
   * last row, {@code next[row]} the one before, -1 ending; NULL rows get -1) and returns how many distinct
   * keys there are. Every value lies in {@code [minimum, minimum + head.length)}.
   */
  static int chain(FieldVector vector, int rowCount, long minimum, int[] head, int[] next) {
    int width = width(vector);
    long validity = vector.getValidityBuffer().memoryAddress();
    long data = vector.getDataBuffer().memoryAddress();
    int distinct = 0;
    for (int row = 0; row < rowCount; row++) {
      if (!isSet(validity, row)) {
        next[row] = -1;
        continue;
      }
      int offset = (int) (read(data, row, width) - minimum);
      int previous = head[offset];
      distinct += previous < 0 ? 1 : 0;
      next[row] = previous;
      head[offset] = row;
    }
    return distinct;
  }

  /** Whether row {@code row} is not NULL, given the validity buffer's address. */
  static boolean isSet(long validity, int row) {
    return (MemoryUtil.getByte(validity + (row >>> 3)) >> (row & 7) & 1) != 0;
  }

  /** The value of row {@code row}, given the data buffer's address and the values' width in bytes. */
  static long read(long data, int row, int width) {
    long address = data + (long) row * width;
    return switch (width) {
      case 1 -> MemoryUtil.getByte(address);
      case 2 -> MemoryUtil.getShort(address);
      case 4 -> MemoryUtil.getInt(address);
      default -> MemoryUtil.getLong(address);
    };
  }
}
