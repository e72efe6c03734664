package dev.quiver.expression.filter;

/** Working arrays of one evaluation call (one thread), grown on demand. */
final class Scratch {
  private int[] candidates = new int[0];
  private long[] keys = new long[0];
  private long[] highKeys = new long[0];
  private byte[] value = new byte[64];

  int[] candidates(int size) {
    if (candidates.length < size) {
      candidates = new int[size];
    }
    return candidates;
  }

  long[] keys(int size) {
    if (keys.length < size) {
      keys = new long[size];
    }
    return keys;
  }

  long[] highKeys(int size) {
    if (highKeys.length < size) {
      highKeys = new long[size];
    }
    return highKeys;
  }

  /** A byte array of at least {@code size} bytes; its content is not kept. */
  byte[] value(int size) {
    if (value.length < size) {
      value = new byte[Math.max(size, value.length * 2)];
    }
    return value;
  }
}
