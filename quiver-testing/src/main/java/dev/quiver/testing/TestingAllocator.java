package dev.quiver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit extension that gives each test a fresh root allocator and fails the test if any Arrow
 * memory is still allocated when the test ends. Register it with {@code @RegisterExtension}.
 */
public final class TestingAllocator implements BeforeEachCallback, AfterEachCallback {
  private RootAllocator root;

  /** The allocator for the running test. */
  public BufferAllocator allocator() {
    return root;
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    root = new RootAllocator(Long.MAX_VALUE);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    long outstanding = root.getAllocatedMemory();
    String report = outstanding == 0 ? "" : root.toVerboseString();
    try {
      assertThat(outstanding)
          .as("Arrow memory still allocated after %s:%n%s", context.getDisplayName(), report)
          .isZero();
    } finally {
      if (outstanding == 0) {
        root.close();
      }
      root = null;
    }
  }
}
