package dev.quiver.exec.memory;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The memory of one query: every byte an operator holds (Arrow buffers from {@link #allocator()}
 * and the heap arrays of hash tables, sort keys and the like, through {@link MemoryReservation}s)
 * counts against one limit. Operators reserve before they grow; a reservation that does not fit is
 * refused ({@link MemoryReservation#tryGrow}) so the operator can spill, or fails with a RESOURCE
 * error naming the operator ({@link MemoryReservation#grow}). Thread-safe.
 *
 * <p>The Arrow bytes in use are the allocator's own count ({@link BufferAllocator#getAllocatedMemory}),
 * not a tally of allocation events: a buffer transferred out of the allocator (a result batch handed
 * to the caller) stops counting at once, and one transferred in starts counting, which an {@link
 * AllocationListener} never hears of (Arrow tells it of allocations and final releases only).
 */
public final class MemoryPool implements AutoCloseable {
  private final long limit;
  /** Bytes held through reservations (Arrow bytes are the allocator's own count). */
  private final AtomicLong reserved = new AtomicLong();
  private final AtomicLong peak = new AtomicLong();
  private final BufferAllocator allocator;
  private final BufferAllocator sourceAllocator;

  /**
   * A pool of {@code limit} bytes whose Arrow allocator is a child of {@code parent}.
   *
   * @param name the allocator's name (the query's)
   */
  public MemoryPool(BufferAllocator parent, String name, long limit) {
    if (limit <= 0) {
      throw QuiverException.user("the memory limit must be positive, not " + limit);
    }
    this.limit = limit;
    this.allocator = parent.newChildAllocator(name, new Listener(), 0, limit);
    this.sourceAllocator = parent.newChildAllocator(name + "-sources", 0, Long.MAX_VALUE);
  }

  /**
   * The allocator table sources decode into (the scan's shared chunk decodes and the slices it hands
   * out): outside the limit, because a scan's working set is bounded by its own design (a window of
   * splits, chunks freed when their last split is done), not by what operators keep. An operator
   * that keeps batches reserves for them.
   */
  public BufferAllocator sourceAllocator() {
    return sourceAllocator;
  }

  /** The allocator every operator of the query allocates its Arrow buffers from. */
  public BufferAllocator allocator() {
    return allocator;
  }

  public long limit() {
    return limit;
  }

  /** Bytes reserved or allocated right now. */
  public long used() {
    return reserved.get() + allocator.getAllocatedMemory();
  }

  /** The most bytes reserved or allocated at once. */
  public long peak() {
    return peak.get();
  }

  /** A reservation for one operator instance, named in errors. */
  public MemoryReservation reservation(String operator) {
    return new MemoryReservation(this, operator);
  }

  /** Reserves {@code bytes} if they fit under the limit beside what is allocated and reserved. */
  boolean tryAdd(long bytes) {
    while (true) {
      long current = reserved.get();
      long next = current + bytes;
      if (bytes > 0 && next + allocator.getAllocatedMemory() > limit) {
        return false;
      }
      if (reserved.compareAndSet(current, next)) {
        peak.accumulateAndGet(next + allocator.getAllocatedMemory(), Math::max);
        return true;
      }
    }
  }

  void subtract(long bytes) {
    reserved.addAndGet(-bytes);
  }

  QuiverException exhausted(String operator, long bytes) {
    return new QuiverException(ErrorCode.RESOURCE,
        operator + " needs " + bytes + " more bytes but the query's memory limit of " + limit + " bytes is reached ("
            + used() + " in use); raise --memory-limit");
  }

  /** Closes the allocator (a leak is an INTERNAL error naming it). */
  @Override
  public void close() {
    try {
      dev.quiver.common.memory.Allocators.closeChecked(allocator);
    } finally {
      dev.quiver.common.memory.Allocators.closeChecked(sourceAllocator);
    }
  }

  /** Refuses Arrow allocations past the limit (reservations and buffers share it) and tracks the peak. */
  private final class Listener implements AllocationListener {
    @Override
    public void onPreAllocation(long size) {
      long inUse = used();
      if (inUse + size > limit) {
        throw new org.apache.arrow.memory.OutOfMemoryException(
            "the query's memory limit of " + limit + " bytes is reached (" + inUse + " in use, " + size
                + " more asked)");
      }
    }

    @Override
    public void onAllocation(long size) {
      peak.accumulateAndGet(used(), Math::max);
    }
  }
}
