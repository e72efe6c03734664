package dev.quiver.exec.operator;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.VectorGather;
import dev.quiver.exec.memory.MemoryPool;
import dev.quiver.exec.memory.MemoryReservation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

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

  /**
   * The rows of {@code batch} as dense vectors that all count against the query's memory limit: for
   * an operator that keeps batches (a join's build side, a sort's runs). Vectors made elsewhere (the
   * scan's slices, which live outside the limit) are copied into the query's allocator, so keeping
   * them fails with the allocator's refusal (the operator's RESOURCE error) rather than going unseen.
   * Takes over the batch.
   */
  public VectorSchemaRoot retain(Batch batch) {
    VectorSchemaRoot dense = batch.materialize(allocator());
    java.util.List<FieldVector> vectors = new java.util.ArrayList<>(dense.getFieldVectors());
    int rows = dense.getRowCount();
    int[] all = null;
    try {
      for (int i = 0; i < vectors.size(); i++) {
        FieldVector vector = vectors.get(i);
        if (vector.getAllocator() != allocator()) {
          if (all == null) {
            all = new int[rows];
            for (int row = 0; row < rows; row++) {
              all[row] = row;
            }
          }
          FieldVector copy = VectorGather.gather(vector, all, rows, vector.getField(), allocator());
          vectors.set(i, copy);
          vector.close();
        }
      }
    } catch (RuntimeException failure) {
      dense.close();
      for (int i = 0; i < vectors.size(); i++) {
        if (vectors.get(i) != dense.getFieldVectors().get(i)) {
          vectors.get(i).close();
        }
      }
      throw failure;
    }
    return new VectorSchemaRoot(dense.getSchema().getFields(), vectors, rows);
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
          dev.quiver.common.io.ExitCleanup.register(spillDirectory); // removed if the JVM stops first
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
