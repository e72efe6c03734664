package dev.quiver.format.encoding;

import java.util.Arrays;

/**
 * Byte strings: row i is {@code data[offsets[i], offsets[i + 1])}; {@code offsets[0]} is 0 and
 * {@code offsets} has {@code rows + 1} entries.
 */
record BinaryColumn(int[] offsets, byte[] data, int rows) implements Column {
  @Override
  public PhysicalType type() {
    return PhysicalType.BINARY;
  }

  int start(int row) {
    return offsets[row];
  }

  int length(int row) {
    return offsets[row + 1] - offsets[row];
  }

  /** Bytes of all rows. */
  int dataLength() {
    return offsets[rows];
  }

  /** Whether rows {@code a} and {@code b} hold the same bytes. */
  boolean sameValue(int a, int b) {
    return Arrays.equals(data, offsets[a], offsets[a + 1], data, offsets[b], offsets[b + 1]);
  }

  /** Whether row {@code a} holds the same bytes as row {@code b} of {@code other}. */
  boolean sameValue(int a, BinaryColumn other, int b) {
    return Arrays.equals(data, offsets[a], offsets[a + 1], other.data, other.offsets[b], other.offsets[b + 1]);
  }

  /** The value of one row as a new array. */
  byte[] value(int row) {
    return Arrays.copyOfRange(data, offsets[row], offsets[row + 1]);
  }

  /** The data as a bytes column. */
  BytesColumn bytes() {
    return new BytesColumn(data, 0, offsets[rows]);
  }

  /** The lengths as an int32 column. */
  LongColumn lengths() {
    long[] lengths = new long[rows];
    for (int i = 0; i < rows; i++) {
      lengths[i] = length(i);
    }
    return LongColumn.int32(lengths, rows);
  }

  /** The rows listed in {@code rowsToTake[0, count)}, in that order, as a new column. */
  BinaryColumn select(int[] rowsToTake, int count) {
    int[] taken = new int[count + 1];
    long total = 0;
    for (int i = 0; i < count; i++) {
      total += length(rowsToTake[i]);
      if (total > Integer.MAX_VALUE - 16) {
        throw new IllegalStateException("selected binary values exceed 2 GiB");
      }
      taken[i + 1] = (int) total;
    }
    byte[] bytes = new byte[(int) total];
    for (int i = 0; i < count; i++) {
      int row = rowsToTake[i];
      System.arraycopy(data, offsets[row], bytes, taken[i], length(row));
    }
    return new BinaryColumn(taken, bytes, count);
  }

  @Override
  public BinaryColumn takeRuns(int[] starts, int runLength) {
    int[] rowsToTake = new int[starts.length * runLength];
    int target = 0;
    for (int start : starts) {
      for (int row = start; row < start + runLength; row++) {
        rowsToTake[target++] = row;
      }
    }
    return select(rowsToTake, rowsToTake.length);
  }
}
