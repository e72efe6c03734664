package dev.quiver.exec.operator;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.memory.MemoryPool;
import dev.quiver.exec.memory.MemoryReservation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;

/**
 * What every operator of one query shares: the memory pool and its allocator, the thread count, the
 * folder spills go to, the batch size operators aim for, and the cancellation flag. Thread-safe.
 */
public final class ExecutionContext {
  /** Rows an operator aims to put in one output batch. */
  public static final int DEFAULT_BATCH_ROWS = 8192;

  private final MemoryPool memory;
  private final int threads;
  private final Path spillRoot;
  private final int batchRows;
  private final AtomicInteger spillFiles = new AtomicInteger();
  private volatile Path spillDirectory;
  private volatile String cancelled;

  public ExecutionContext(MemoryPool memory, int threads, Path spillRoot, int batchRows) {
    if (threads < 1) {
      throw QuiverException.user("threads must be at least 1, not " + threads);
    }
    this.memory = memory;
    this.threads = threads;
    this.spillRoot = spillRoot;
    this.batchRows = batchRows;
  }

  public MemoryPool memory() {
    return memory;
  }

  /** The query's Arrow allocator (its buffers count against the memory limit). */
  public BufferAllocator allocator() {
    return memory.allocator();
  }

  /** The allocator table sources decode into (see {@link MemoryPool#sourceAllocator}). */
  public BufferAllocator sourceAllocator() {
    return memory.sourceAllocator();
  }

  /** A reservation for one operator instance (named in a RESOURCE error). */
  public MemoryReservation reservation(String operator) {
    return memory.reservation(operator);
  }

  public int threads() {
    return threads;
  }

  public int batchRows() {
    return batchRows;
  }

  /** A new file to spill to, in the query's own spill folder (removed with the query). */
  public Path newSpillFile(String operator) throws IOException {
    Path directory = spillDirectory;
    if (directory == null) {
      synchronized (this) {
        if (spillDirectory == null) {
          Files.createDirectories(spillRoot);
          spillDirectory = Files.createTempDirectory(spillRoot, "quiver-spill-");
        }
        directory = spillDirectory;
      }
    }
    return directory.resolve(operator.replaceAll("[^A-Za-z0-9]", "") + "-" + spillFiles.incrementAndGet() + ".spill");
  }

  /** The spill folder if one was made (the executor removes it when the query ends). */
  public Path spillDirectory() {
    return spillDirectory;
  }

  /** Asks every thread of the query to stop at its next batch. */
  public void cancel(String reason) {
    if (cancelled == null) {
      cancelled = reason;
    }
  }

  public boolean isCancelled() {
    return cancelled != null;
  }

  /** Throws CANCELLED if the query was cancelled; operators call it between batches. */
  public void checkCancelled() {
    String reason = cancelled;
    if (reason != null) {
      throw new QuiverException(ErrorCode.CANCELLED, "the query was cancelled: " + reason);
    }
  }
}
