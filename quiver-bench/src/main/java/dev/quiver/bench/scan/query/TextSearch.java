package dev.quiver.bench.scan.query;

import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Finds the rows of a string window that contain a needle ({@code LIKE '%needle%'}): for plain
 * string vectors the window's bytes are searched in one pass (copied once into a reused array and
 * searched with {@link String#indexOf(String, int)} over a Latin-1 view, which the JVM compiles to
 * vector instructions), and each hit is mapped to its row through the offsets; a row with a hit is
 * counted once and the search resumes at the next row. Other vector classes go value by value.
 */
public final class TextSearch {
  /** Called for each matching row (its index in the vector). */
  public interface RowAction {
    void matched(int index);
  }

  private final byte[] needle;
  private final String needleText;
  private byte[] buffer = new byte[1 << 20];

  public TextSearch(byte[] needle) {
    if (needle.length == 0) {
      throw new IllegalArgumentException("the needle is empty");
    }
    this.needle = needle.clone();
    this.needleText = new String(needle, StandardCharsets.ISO_8859_1);
  }

  /** Calls {@code action} for every row in {@code [offset, offset + length)} whose value contains the needle. */
  public void search(FieldVector vector, int offset, int length, RowAction action) {
    if (!(vector instanceof BaseVariableWidthVector)) {
      for (int row = offset; row < offset + length; row++) {
        if (containsSlowly(ArrowValues.bytes(vector, row))) {
          action.matched(row);
        }
      }
      return;
    }
    if (length == 0) {
      return;
    }
    ArrowBuf offsets = vector.getOffsetBuffer();
    int first = offsets.getInt((long) offset * 4);
    int end = offsets.getInt((long) (offset + length) * 4);
    int size = end - first;
    if (buffer.length < size) {
      buffer = new byte[Math.max(size, buffer.length * 2)];
    }
    vector.getDataBuffer().getBytes(first, buffer, 0, size);
    String text = new String(buffer, 0, size, StandardCharsets.ISO_8859_1);
    int row = offset;
    int from = 0;
    while (true) {
      int hit = text.indexOf(needleText, from);
      if (hit < 0) {
        return;
      }
      while (offsets.getInt((long) (row + 1) * 4) - first <= hit) {
        row++;
      }
      int rowEnd = offsets.getInt((long) (row + 1) * 4) - first;
      if (hit + needle.length <= rowEnd) {
        action.matched(row);
        from = rowEnd;
        row++;
        if (row >= offset + length) {
          return;
        }
      } else {
        from = hit + 1;
      }
    }
  }

  private boolean containsSlowly(byte[] value) {
    outer:
    for (int i = 0; i + needle.length <= value.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (value[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}
