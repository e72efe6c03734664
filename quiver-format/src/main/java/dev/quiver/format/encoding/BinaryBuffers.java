package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Decoded binary values as Arrow holds them, both buffers owned: {@code rows + 1} int32 offsets
 * starting at 0, non-decreasing, the last equal to the data's capacity.
 */
record BinaryBuffers(ArrowBuf offsets, ArrowBuf data) implements AutoCloseable {
  int length(int row) {
    return offsets.getInt(4L * row + 4) - offsets.getInt(4L * row);
  }

  @Override
  public void close() {
    offsets.close();
    data.close();
  }
}
