package dev.quiver.bench.scan.parquet;

import dev.quiver.bench.run.Outcome;
import dev.quiver.bench.scan.DataFiles;
import dev.quiver.bench.scan.DecodeCheck;
import dev.quiver.bench.scan.ScanArm;
import dev.quiver.bench.scan.ScanQuery;
import dev.quiver.bench.scan.query.WindowConsumer;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.io.parquet.ParquetArrowReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * parquet-java in the scan suite: {@link ParquetArrowReader} (parquet-java's column API straight
 * into Arrow vectors) reading only the query's columns; with N threads, N readers of the same file
 * each take every N-th row group. The queries run as the same plain code as Quiver's, on each batch.
 */
public final class ParquetArm implements ScanArm {
  static final int BATCH_ROWS = 65_536;

  private final DataFiles files;
  private final int threads;

  public ParquetArm(DataFiles files, int threads) {
    this.files = files;
    this.threads = threads;
  }

  @Override
  public Outcome run(ScanQuery query, BufferAllocator allocator, boolean verify) throws Exception {
    if (query.decodesAll()) {
      DecodeCheck[] check = new DecodeCheck[1];
      try (ParquetArrowReader reader = ParquetArrowReader.open(files.parquet(), allocator, BATCH_ROWS)) {
        check[0] = new DecodeCheck(reader.schema(), verify);
      }
      readAll(null, allocator, part -> check[0]::add);
      return check[0].outcome(java.util.Map.of());
    }
    List<WindowConsumer> consumers = new ArrayList<>();
    for (int part = 0; part < threads; part++) {
      consumers.add(query.newConsumer());
    }
    readAll(query.columns(), allocator, part -> batch -> {
      FieldVector[] vectors = new FieldVector[query.columns().size()];
      for (int i = 0; i < vectors.length; i++) {
        vectors[i] = batch.getVector(query.columns().get(i));
      }
      consumers.get(part).acceptBatch(vectors, batch.getRowCount());
    });
    return Outcome.of(query.answer(consumers));
  }

  /** A task per reader (part). */
  private interface PartTasks {
    Consumer<VectorSchemaRoot> of(int part);
  }

  private void readAll(List<String> columns, BufferAllocator allocator, PartTasks tasks) throws IOException {
    if (threads == 1) {
      readPart(columns, allocator, 0, tasks.of(0));
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Void>> futures = new ArrayList<>();
      for (int part = 0; part < threads; part++) {
        int index = part;
        futures.add(pool.submit(() -> {
          readPart(columns, allocator, index, tasks.of(index));
          return null;
        }));
      }
      for (Future<Void> future : futures) {
        future.get();
      }
    } catch (ExecutionException failure) {
      if (failure.getCause() instanceof IOException) {
        throw (IOException) failure.getCause();
      }
      if (failure.getCause() instanceof RuntimeException) {
        throw (RuntimeException) failure.getCause();
      }
      throw new QuiverException(ErrorCode.INTERNAL, "parquet read failed: " + failure.getCause(), failure.getCause());
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted");
    } finally {
      pool.shutdownNow();
    }
  }

  /** Reads row groups {@code part}, {@code part + threads}, ... of the file. */
  private void readPart(List<String> columns, BufferAllocator allocator, int part, Consumer<VectorSchemaRoot> task)
      throws IOException {
    try (ParquetArrowReader reader = ParquetArrowReader.open(files.parquet(), allocator, BATCH_ROWS,
        ParquetArrowReader.defaultOptions(), columns)) {
      int rowGroups = reader.rowGroups().size();
      for (int group = 0; group < rowGroups; group++) {
        if (group % threads != part) {
          reader.skipRowGroup();
          continue;
        }
        long rows = reader.rowGroups().get(group).getRowCount();
        while (rows > 0) {
          try (VectorSchemaRoot batch = reader.next()) {
            task.accept(batch);
            rows -= batch.getRowCount();
          }
        }
      }
    }
  }
}
