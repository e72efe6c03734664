package dev.quiver.exec.expression;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * UTF-8 strings: row i is {@code data[offsets[i], offsets[i + 1])}. NULL rows are empty. Columns are
 * built with {@link Builder}.
 */
final class StringColumn extends Column {
  final byte[] data;
  final int[] offsets;

  StringColumn(byte[] data, int[] offsets, boolean[] nulls) {
    super(offsets.length - 1, nulls);
    this.data = data;
    this.offsets = offsets;
  }

  int start(int row) {
    return offsets[row];
  }

  int length(int row) {
    return offsets[row + 1] - offsets[row];
  }

  String string(int row) {
    return new String(data, offsets[row], length(row), StandardCharsets.UTF_8);
  }

  static StringColumn constant(byte[] value, int count) {
    Builder builder = new Builder(count, value.length * count);
    for (int i = 0; i < count; i++) {
      builder.append(value, 0, value.length);
    }
    return builder.build();
  }

  @Override
  StringColumn gather(int[] indexes, int count) {
    long total = 0;
    for (int i = 0; i < count; i++) {
      total += indexes[i] < 0 ? 0 : length(indexes[i]);
    }
    Builder builder = new Builder(count, Math.toIntExact(total));
    for (int i = 0; i < count; i++) {
      int index = indexes[i];
      if (index < 0) {
        builder.appendNull();
      } else {
        builder.append(data, offsets[index], length(index));
      }
    }
    StringColumn result = builder.build();
    result.nulls = gatherNulls(nulls, indexes, count);
    return result;
  }

  @Override
  StringColumn nullsLike(int count) {
    return new StringColumn(new byte[0], new int[count + 1], allNulls(count));
  }

  @Override
  void copyRow(int from, Column target, int to) {
    throw new UnsupportedOperationException("strings are merged with a Builder");
  }

  /** Appends rows in order; the arrays grow as needed. */
  static final class Builder {
    private byte[] data;
    private final int[] offsets;
    private boolean[] nulls;
    private int rows;
    private int length;

    Builder(int rowCount, int expectedBytes) {
      this.data = new byte[Math.max(16, expectedBytes)];
      this.offsets = new int[rowCount + 1];
    }

    void append(byte[] source, int from, int count) {
      ensure(count);
      System.arraycopy(source, from, data, length, count);
      length += count;
      offsets[++rows] = length;
    }

    /** Appends bytes to the current (unfinished) row; {@link #finishRow} ends it. */
    void appendPart(byte[] source, int from, int count) {
      ensure(count);
      System.arraycopy(source, from, data, length, count);
      length += count;
    }

    void finishRow() {
      offsets[++rows] = length;
    }

    void append(String value) {
      byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
      append(bytes, 0, bytes.length);
    }

    void appendNull() {
      if (nulls == null) {
        nulls = new boolean[offsets.length - 1];
      }
      nulls[rows] = true;
      offsets[++rows] = length;
    }

    private void ensure(int more) {
      if (length + more > data.length) {
        data = Arrays.copyOf(data, Math.max(data.length * 2, Math.addExact(length, more)));
      }
    }

    StringColumn build() {
      return new StringColumn(data, offsets, nulls);
    }
  }
}
