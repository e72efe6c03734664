package dev.quiver.cli;

import dev.quiver.common.memory.Allocators;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The Arrow memory of one command run: a root allocator of its own (in a process) or a child of the
 * caller's allocator (in-process, in tests). Closing it checks that everything was freed: a leak is
 * a {@link dev.quiver.common.QuiverException} with code INTERNAL, so the command fails.
 */
final class CommandMemory implements AutoCloseable {
  private final BufferAllocator allocator;
  private boolean failureReported;

  private CommandMemory(BufferAllocator allocator) {
    this.allocator = allocator;
  }

  /** Memory named {@code name}: a child of {@code parent}, or a new root when {@code parent} is null. */
  static CommandMemory open(BufferAllocator parent, String name) {
    return new CommandMemory(parent == null
        ? Allocators.newRoot()
        : parent.newChildAllocator(name, 0, Long.MAX_VALUE));
  }

  BufferAllocator allocator() {
    return allocator;
  }

  /**
   * Records that the command has already reported an error of its own (and will exit with its code):
   * memory the failed work did not free is then no second error for the user (the error they need is
   * the one printed); tests still see such leaks through their own checked allocator.
   */
  void failureReported() {
    failureReported = true;
  }

  @Override
  public void close() {
    if (!failureReported) {
      Allocators.closeChecked(allocator);
      return;
    }
    try {
      Allocators.closeChecked(allocator);
    } catch (RuntimeException leakAfterTheReportedError) {
      // The reported error stands; see failureReported.
    }
  }
}
