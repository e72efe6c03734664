package dev.quiver.exec.memory;

/**
 * What one operator instance holds outside the buffers it allocates: hash tables, key arrays, the
 * batches it keeps. Grow before holding more; shrink or close when it is freed. Not thread-safe (one
 * per operator instance per thread).
 */
public final class MemoryReservation implements AutoCloseable {
  private final MemoryPool pool;
  private final String operator;
  private long bytes;
  private long peak;

  MemoryReservation(MemoryPool pool, String operator) {
    this.pool = pool;
    this.operator = operator;
  }

  /** Reserves {@code more} bytes if they fit under the limit; false (nothing reserved) if not. */
  public boolean tryGrow(long more) {
    if (more <= 0) {
      return true;
    }
    if (!pool.tryAdd(more)) {
      return false;
    }
    bytes += more;
    peak = Math.max(peak, bytes);
    return true;
  }

  /** Reserves {@code more} bytes or fails with a RESOURCE error naming the operator. */
  public void grow(long more) {
    if (!tryGrow(more)) {
      throw pool.exhausted(operator, more);
    }
  }

  /** Sets the reservation to exactly {@code total} bytes (growing fails as {@link #grow} does). */
  public void resize(long total) {
    if (total > bytes) {
      grow(total - bytes);
    } else {
      shrink(bytes - total);
    }
  }

  /** Gives back {@code fewer} bytes (at most what is held). */
  public void shrink(long fewer) {
    long released = Math.min(fewer, bytes);
    bytes -= released;
    pool.subtract(released);
  }

  public long bytes() {
    return bytes;
  }

  public long peak() {
    return peak;
  }

  public String operator() {
    return operator;
  }

  @Override
  public void close() {
    shrink(bytes);
  }
}
