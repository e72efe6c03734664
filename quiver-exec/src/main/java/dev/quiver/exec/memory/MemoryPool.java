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
 */
public final class MemoryPool implements AutoCloseable {
  private final long limit;
  private final AtomicLong used = new AtomicLong();
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
    return used.get();
  }

  /** The most bytes reserved or allocated at once. */
  public long peak() {
    return peak.get();
  }

  /** A reservation for one operator instance, named in errors. */
  public MemoryReservation reservation(String operator) {
    return new MemoryReservation(this, operator);
  }

  boolean tryAdd(long bytes) {
    while (true) {
      long current = used.get();
      long next = current + bytes;
      if (bytes > 0 && next > limit) {
        return false;
      }
      if (used.compareAndSet(current, next)) {
        peak.accumulateAndGet(next, Math::max);
        return true;
      }
    }
  }

  void subtract(long bytes) {
    used.addAndGet(-bytes);
  }

  QuiverException exhausted(String operator, long bytes) {
    return new QuiverException(ErrorCode.RESOURCE,
        operator + " needs " + bytes + " more bytes but the query's memory limit of " + limit + " bytes is reached ("
            + used.get() + " in use); raise --memory-limit");
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

  /** Counts Arrow allocations in the pool, so buffers and reservations share the one limit. */
  private final class Listener implements AllocationListener {
    @Override
    public void onPreAllocation(long size) {
      if (!tryAdd(size)) {
        throw new org.apache.arrow.memory.OutOfMemoryException(
            "the query's memory limit of " + limit + " bytes is reached (" + used.get() + " in use, " + size
                + " more asked)");
      }
      subtract(size);
    }

    @Override
    public void onAllocation(long size) {
      used.addAndGet(size);
      peak.accumulateAndGet(used.get(), Math::max);
    }

    @Override
    public void onRelease(long size) {
      used.addAndGet(-size);
    }
  }
}
