package dev.quiver.common.memory;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
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
