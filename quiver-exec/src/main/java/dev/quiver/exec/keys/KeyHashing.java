package dev.quiver.exec.keys;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The hash of a packed row key: its slots and its bytes mixed 64 bits at a time, then finalized so
 * every bit depends on every input bit (tables use the low bits, spill partitions the high ones).
 */
public final class KeyHashing {
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;
  private static final long SECOND = 0xC2B2AE3D27D4EB4FL;

  private KeyHashing() {}

  /** The hash of slots {@code fixed[at, at + stride)} and bytes {@code [start, end)}. */
  static long hash(long[] fixed, int at, int stride, byte[] bytes, int start, int end) {
    long hash = 0x27D4EB2F165667C5L;
    for (int slot = 0; slot < stride; slot++) {
      hash = Long.rotateLeft(hash ^ (fixed[at + slot] * MULTIPLIER), 29) * SECOND;
    }
    int position = start;
    for (; position + 8 <= end; position += 8) {
      hash = Long.rotateLeft(hash ^ ((long) LONGS.get(bytes, position) * MULTIPLIER), 29) * SECOND;
    }
    if (position < end) {
      long tail = 0;
      for (int shift = 0; position < end; position++, shift += 8) {
        tail |= (bytes[position] & 0xFFL) << shift;
      }
      hash = Long.rotateLeft(hash ^ (tail * MULTIPLIER), 29) * SECOND;
    }
    return mix(hash);
  }

  /** A finalizer with full avalanche (Stafford's variant 13). */
  public static long mix(long value) {
    long hash = value;
    hash = (hash ^ (hash >>> 30)) * 0xBF58476D1CE4E5B9L;
    hash = (hash ^ (hash >>> 27)) * 0x94D049BB133111EBL;
    return hash ^ (hash >>> 31);
  }

  /**
   * The spill partition of a hash at a partitioning level: {@code bits} bits taken from the top,
   * a different group of bits per level so a partition can be split again.
   */
  public static int partition(long hash, int level, int bits) {
    int shift = 64 - bits * (level + 1);
    return (int) ((hash >>> shift) & ((1L << bits) - 1));
  }
}
