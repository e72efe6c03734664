package dev.quiver.cli;

import dev.quiver.cli.synthetic.SyntheticTable;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.format.file.QuiverWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Writes a {@link SyntheticTable} as {@code DIR/<name>.qvr}: batches are made on {@code threads}
 * threads (at most two per thread ahead of the writer, so memory stays a few batches) and written in
 * order, so the file is the same whatever the thread count. The file appears atomically (the
 * writer's own commit); a progress bar on standard error; one summary line at the end.
 */
final class SyntheticTableWriter {
  private SyntheticTableWriter() {}

  static Path write(SyntheticTable table, Path directory, int threads, BufferAllocator allocator,
      PrintWriter standardError, String command) throws IOException {
    if (Files.exists(directory) && !Files.isDirectory(directory)) {
      throw QuiverException.user(directory + " is a file, not a directory");
    }
    Files.createDirectories(directory);
    Path target = directory.resolve(table.name() + ".qvr");
    long started = System.nanoTime();
    Progress progress = new Progress(standardError, command, 0, Progress.standardErrorIsTerminal());
    ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, command);
      thread.setDaemon(true);
      return thread;
    });
    Deque<Future<VectorSchemaRoot>> pending = new ArrayDeque<>();
    QuiverWriter writer = QuiverWriter.create(target, table.schema(), allocator);
    boolean committed = false;
    try {
      int next = 0;
      while (next < table.batchCount() || !pending.isEmpty()) {
        while (next < table.batchCount() && pending.size() < 2 * threads) {
          int index = next++;
          pending.add(pool.submit(() -> table.batch(index, allocator)));
        }
        try (VectorSchemaRoot batch = take(pending.removeFirst())) {
          writer.write(batch);
        }
        progress.updateBar(writer.rowCount(), table.rowCount());
      }
      writer.close();
      committed = true;
    } finally {
      progress.finish();
      pool.shutdownNow();
      for (Future<VectorSchemaRoot> future : pending) {
        closeQuietly(future);
      }
      if (!committed) {
        writer.abort();
      }
    }
    long elapsed = System.nanoTime() - started;
    standardError.println(command + ": " + target + ": " + NumberText.grouped(table.rowCount()) + " rows, "
        + table.schema().getFields().size() + " columns, " + NumberText.bytes(Files.size(target)) + "; "
        + NumberText.seconds(elapsed) + ", " + NumberText.rowsPerSecond(table.rowCount(), elapsed) + " rows/s, "
        + threads + " threads");
    standardError.flush();
    return target;
  }

  private static VectorSchemaRoot take(Future<VectorSchemaRoot> future) throws IOException {
    try {
      return future.get();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while generating data");
    } catch (ExecutionException failure) {
      Throwable cause = failure.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      throw new QuiverException(ErrorCode.INTERNAL, "generating a batch failed: " + cause, cause);
    }
  }

  private static void closeQuietly(Future<VectorSchemaRoot> future) {
    try {
      future.get().close();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | RuntimeException ignored) {
      // the batch failed or was never made: nothing to free
    }
  }
}
