package dev.quiver.common.memory;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/** Helpers for Arrow allocators: one root per process or test, children per component. */
public final class Allocators {
  private Allocators() {}

  /** A root allocator without a limit beyond the JVM's direct memory. */
  public static RootAllocator newRoot() {
    return new RootAllocator(Long.MAX_VALUE);
  }

  /**
   * A buffer whose capacity is exactly {@code bytes}. Arrow rounds allocations up (to a power of
   * two below its chunk size); the returned view hides the slack, so capacity checks mean what they
   * say. Closing the view frees the allocation.
   */
  public static ArrowBuf exactBuffer(BufferAllocator allocator, long bytes) {
    ArrowBuf buffer = allocator.buffer(bytes);
    if (buffer.capacity() == bytes) {
      return buffer;
    }
    return buffer.slice(0, bytes);
  }

  /**
   * Closes an allocator and turns Arrow's "memory leaked" failure into a typed {@link
   * QuiverException} with code {@link ErrorCode#INTERNAL}, naming the allocator.
   */
  public static void closeChecked(BufferAllocator allocator) {
    long outstanding = allocator.getAllocatedMemory();
    try {
      allocator.close();
    } catch (IllegalStateException leak) {
      throw new QuiverException(
          ErrorCode.INTERNAL,
          "allocator '" + allocator.getName() + "' closed with " + outstanding + " bytes still allocated",
          leak);
    }
  }
}
