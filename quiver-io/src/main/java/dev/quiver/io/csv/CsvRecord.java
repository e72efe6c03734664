package dev.quiver.io.csv;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One record read by {@link CsvRecordReader}: its fields, whether each was quoted, and the line it
 * starts on. Reused from record to record.
 *
 * <p>A field is null when it is unquoted and either {@code \N} or empty; a quoted {@code "\N"} or
 * {@code ""} is a string.
 */
final class CsvRecord {
  private final List<String> values = new ArrayList<>();
  private boolean[] quoted = new boolean[16];
  private long line;

  void clear(long startLine) {
    values.clear();
    line = startLine;
  }

  void add(String value, boolean wasQuoted) {
    int index = values.size();
    if (index == quoted.length) {
      quoted = Arrays.copyOf(quoted, index * 2);
    }
    quoted[index] = wasQuoted;
    values.add(value);
  }

  /** The line (1-based) the record starts on. */
  long line() {
    return line;
  }

  int size() {
    return values.size();
  }

  String value(int index) {
    return values.get(index);
  }

  boolean isQuoted(int index) {
    return quoted[index];
  }

  /** Whether field {@code index} is null: unquoted and {@code \N} or empty. */
  boolean isNull(int index) {
    if (quoted[index]) {
      return false;
    }
    String value = values.get(index);
    return value.isEmpty() || value.equals(CsvFormat.NULL_TEXT);
  }

  /** All values, for tests and messages. */
  List<String> values() {
    return List.copyOf(values);
  }
}
