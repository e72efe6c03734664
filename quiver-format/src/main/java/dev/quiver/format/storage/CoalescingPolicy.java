package dev.quiver.format.storage;

import dev.quiver.common.QuiverException;

/**
 * When nearby segments are read together: two segments merge when the gap between them is at most
 * {@code maximumGapBytes} and the merged read stays within {@code maximumReadBytes}.
 */
public record CoalescingPolicy(long maximumGapBytes, long maximumReadBytes) {
  /** Gaps up to 64 KiB, reads up to 8 MiB: right for local disks and page caches. */
  public static final CoalescingPolicy DEFAULT = new CoalescingPolicy(64 * 1024, 8 * 1024 * 1024);
  /** Every segment read on its own. */
  public static final CoalescingPolicy NONE = new CoalescingPolicy(0, 0);

  public CoalescingPolicy {
    if (maximumGapBytes < 0 || maximumReadBytes < 0 || maximumReadBytes > Integer.MAX_VALUE) {
      throw QuiverException.user("coalescing gap " + maximumGapBytes + " and maximum read " + maximumReadBytes
          + " must be ≥ 0 (maximum read < 2 GiB)");
    }
  }
}
