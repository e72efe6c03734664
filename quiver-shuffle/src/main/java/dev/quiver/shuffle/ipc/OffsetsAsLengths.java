package dev.quiver.shuffle.ipc;

import dev.quiver.common.QuiverException;
import dev.quiver.common.memory.Allocators;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Comet 1.2.0's offsets-as-lengths transform of an offsets buffer holding {@code n} values of width
 * {@code W}: lengths {@code len[0] = off[0]}, {@code len[i] = off[i] - off[i-1]}, stored as W byte
 * planes (byte p of {@code len[i]} at {@code p*n + i}). Decoding gathers the planes and prefix-sums.
 * Arithmetic wraps like the unsigned integers of the writer; the checks after decoding catch lies.
 */
public final class OffsetsAsLengths {
  private OffsetsAsLengths() {}

  /**
   * A new buffer (owned by the caller) holding the offsets encoded in {@code planes}.
   *
   * @throws QuiverException CORRUPT when the buffer is not a whole number of values
   */
  public static ArrowBuf decode(ArrowBuf planes, int width, BufferAllocator allocator, String name) {
    long bytes = planes.capacity();
    if (bytes % width != 0) {
      throw QuiverException.corrupt(
          name + ": offsets buffer of " + bytes + " bytes is not a whole number of " + width + "-byte values");
    }
    int count = (int) (bytes / width);
    ArrowBuf offsets = Allocators.exactBuffer(allocator, bytes);
    // both buffers hold count * width bytes: read and write memory directly
    long from = planes.memoryAddress();
    long to = offsets.memoryAddress();
    if (width == 4) {
      int running = 0;
      for (int i = 0; i < count; i++) {
        int length = (MemoryUtil.getByte(from + i) & 0xFF)
            | (MemoryUtil.getByte(from + count + i) & 0xFF) << 8
            | (MemoryUtil.getByte(from + 2L * count + i) & 0xFF) << 16
            | (MemoryUtil.getByte(from + 3L * count + i) & 0xFF) << 24;
        running = i == 0 ? length : running + length;
        MemoryUtil.putInt(to + 4L * i, running);
      }
    } else {
      long running = 0;
      for (int i = 0; i < count; i++) {
        long length = 0;
        for (int plane = 7; plane >= 0; plane--) {
          length = (length << 8) | (MemoryUtil.getByte(from + (long) plane * count + i) & 0xFF);
        }
        running = i == 0 ? length : running + length;
        MemoryUtil.putLong(to + 8L * i, running);
      }
    }
    return offsets;
  }

  /**
   * Encodes, in place, the {@code bytes / width} offsets at {@code array[start, start+bytes)} as
   * byte-planed lengths. {@code scratch} must hold at least {@code bytes} bytes.
   */
  public static void encode(byte[] array, int start, int bytes, int width, byte[] scratch) {
    int count = bytes / width;
    long previous = 0;
    for (int i = 0; i < count; i++) {
      long offset = 0;
      int at = start + i * width;
      for (int b = width - 1; b >= 0; b--) {
        offset = (offset << 8) | (array[at + b] & 0xFF);
      }
      long length = i == 0 ? offset : offset - previous;
      previous = offset;
      for (int plane = 0; plane < width; plane++) {
        scratch[plane * count + i] = (byte) (length >>> (8 * plane));
      }
    }
    System.arraycopy(scratch, 0, array, start, count * width);
  }
}
