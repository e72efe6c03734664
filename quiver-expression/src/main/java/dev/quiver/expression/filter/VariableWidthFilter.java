package dev.quiver.expression.filter;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/** A test on utf8 or binary values: copies as many bytes of each value as the test needs, then tests them. */
abstract class VariableWidthFilter implements ValueFilter {
  /** Whether rows pass when the test fails (NULL rows never pass). */
  protected final boolean negated;

  VariableWidthFilter(boolean negated) {
    this.negated = negated;
  }

  /** How many leading bytes of a value of {@code length} bytes decide the test, or -1 when it fails unread. */
  abstract int bytesNeeded(int length);

  /** Whether a value of {@code length} bytes, of which {@code value[0, read)} was read, passes (before negation). */
  abstract boolean passes(byte[] value, int read, int length);

  @Override
  public int filter(FieldVector vector, int offset, int[] rows, int count, int[] out, Scratch scratch) {
    int[] candidates = scratch.candidates(count);
    int valid = Rows.nonNull(vector, offset, rows, count, candidates);
    long offsets = vector.getOffsetBuffer().memoryAddress();
    ArrowBuf data = vector.getDataBuffer();
    int passed = 0;
    for (int j = 0; j < valid; j++) {
      int index = offset + candidates[j];
      int start = MemoryUtil.getInt(offsets + index * 4L);
      int length = MemoryUtil.getInt(offsets + index * 4L + 4) - start;
      int read = bytesNeeded(length);
      boolean passes = false;
      if (read >= 0) {
        byte[] value = scratch.value(read);
        data.getBytes(start, value, 0, read);
        passes = passes(value, read, length);
      }
      if (passes != negated) {
        out[passed++] = candidates[j];
      }
    }
    return passed;
  }
}
