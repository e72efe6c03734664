package dev.quiver.scan.execution;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Hands out the indices of a scan's splits so that concurrent threads read different parts of the file.
 * Neighbouring splits share chunks, and a chunk is decoded once for all its splits (the first split to
 * need it decodes, the others wait for it): threads taking splits in one global order keep meeting in the
 * same chunk, and one waits while the other decodes. Here the splits are cut into {@link #REGIONS_PER_THREAD}
 * regions of consecutive splits per thread; a thread claims a whole region and takes its splits in order,
 * front first, then claims the next unclaimed region. When every region is claimed, a thread with nothing
 * left takes splits from the back of the region with the most left, away from its owner's front. One
 * thread takes every split in order. Thread-safe; each index is handed out once.
 */
final class SplitRegions {
  /** Regions per thread: enough to even out the threads' ends, few enough to keep a thread's reads together. */
  static final int REGIONS_PER_THREAD = 2;

  private final int splits;
  private final int regionSize;
  private final int regionCount;
  /** Per region, its untaken indices {@code [front, back)}: front in the high 32 bits, back in the low. */
  private final AtomicLongArray bounds;
  private final AtomicInteger claimed = new AtomicInteger();
  private final AtomicInteger taken = new AtomicInteger();
  /** The region each thread took its last split from, by thread id. */
  private final Map<Long, Integer> current = new ConcurrentHashMap<>();

  SplitRegions(int splits, int threads) {
    if (splits < 0 || threads < 1) {
      throw new IllegalArgumentException(splits + " splits, " + threads + " threads");
    }
    this.splits = splits;
    int regions = threads == 1 ? 1 : Math.max(1, Math.min(splits, threads * REGIONS_PER_THREAD));
    this.regionSize = splits == 0 ? 1 : (splits + regions - 1) / regions;
    this.regionCount = splits == 0 ? 0 : (splits + regionSize - 1) / regionSize;
    this.bounds = new AtomicLongArray(regionCount);
    for (int region = 0; region < regionCount; region++) {
      int front = region * regionSize;
      int back = Math.min(splits, front + regionSize);
      bounds.set(region, ((long) front << 32) | back);
    }
  }

  /** How many regions the splits were cut into. */
  int regions() {
    return regionCount;
  }

  /** Indices handed out so far. */
  int taken() {
    return Math.min(taken.get(), splits);
  }

  /** The next index for the calling thread, or -1 when every index was handed out. */
  int next() {
    long thread = Thread.currentThread().getId();
    Integer mine = current.get(thread);
    if (mine != null) {
      int index = takeFront(mine);
      if (index >= 0) {
        return handedOut(index);
      }
    }
    for (int region = claimed.getAndIncrement(); region < regionCount; region = claimed.getAndIncrement()) {
      int index = takeFront(region);
      if (index >= 0) {
        current.put(thread, region);
        return handedOut(index);
      }
    }
    while (true) {
      int fullest = -1;
      int most = 0;
      for (int region = 0; region < regionCount; region++) {
        long value = bounds.get(region);
        int left = (int) value - (int) (value >>> 32);
        if (left > most) {
          most = left;
          fullest = region;
        }
      }
      if (fullest < 0) {
        current.remove(thread);
        return -1;
      }
      int index = takeBack(fullest);
      if (index >= 0) {
        current.remove(thread);
        return handedOut(index);
      }
    }
  }

  private int handedOut(int index) {
    taken.incrementAndGet();
    return index;
  }

  private int takeFront(int region) {
    return take(region, true);
  }

  private int takeBack(int region) {
    return take(region, false);
  }

  /** Takes the front (or back) untaken index of a region, or -1 when it has none left. */
  private int take(int region, boolean fromFront) {
    while (true) {
      long value = bounds.get(region);
      int front = (int) (value >>> 32);
      int back = (int) value;
      if (front >= back) {
        return -1;
      }
      long next = fromFront ? ((long) (front + 1) << 32) | back : ((long) front << 32) | (back - 1);
      if (bounds.compareAndSet(region, value, next)) {
        return fromFront ? front : back - 1;
      }
    }
  }
}
