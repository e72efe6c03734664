package dev.quiver.exec.aggregate;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorMetrics;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The spill files of one table's spills at one partitioning level: one file per hash partition
 * (opened when first written), each a sequence of chunks. Not thread-safe.
 */
final class SpillPartitions implements AutoCloseable {
  static final int BITS = 4;
  static final int COUNT = 1 << BITS;
  /** Past this many levels a partition that still does not fit fails with RESOURCE. */
  static final int MAX_LEVEL = 6;

  private final ExecutionContext context;
  private final OperatorMetrics metrics;
  final int level;
  private final Path[] files = new Path[COUNT];
  private final DataOutputStream[] streams = new DataOutputStream[COUNT];

  SpillPartitions(ExecutionContext context, OperatorMetrics metrics, int level) {
    if (level > MAX_LEVEL) {
      throw new QuiverException(ErrorCode.RESOURCE, "HashAggregate cannot fit one partition of its groups in the"
          + " query's memory limit of " + context.memory().limit() + " bytes even after " + MAX_LEVEL
          + " rounds of partitioning (one group holds too much); raise --memory-limit");
    }
    this.context = context;
    this.metrics = metrics;
    this.level = level;
  }

  DataOutputStream stream(int partition) {
    if (streams[partition] == null) {
      try {
        files[partition] = context.newSpillFile("HashAggregate");
        streams[partition] = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(files[partition]),
            8192));
      } catch (IOException failure) {
        throw new QuiverException(ErrorCode.IO, "HashAggregate cannot write a spill file: " + failure.getMessage(),
            failure);
      }
    }
    return streams[partition];
  }

  /** Closes the streams (counting the bytes written) and returns file per partition (null: none). */
  Path[] finish() {
    for (int p = 0; p < COUNT; p++) {
      if (streams[p] != null) {
        try {
          streams[p].close();
          metrics.spilledBytes.add(Files.size(files[p]));
        } catch (IOException failure) {
          throw new UncheckedIOException(failure);
        } finally {
          streams[p] = null;
        }
      }
    }
    return files.clone();
  }

  /** Closes the streams and deletes the files (after a failure or a cancel). */
  @Override
  public void close() {
    for (int p = 0; p < COUNT; p++) {
      try {
        if (streams[p] != null) {
          streams[p].close();
        }
      } catch (IOException ignored) {
        // the file is deleted next; nothing more to save
      }
      streams[p] = null;
      delete(files[p]);
    }
  }

  static void delete(Path file) {
    if (file != null) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException ignored) {
        // the executor removes the spill folder with the query
      }
    }
  }

  /** Per partition, the files of every spill set (for reading a partition back). */
  static List<List<Path>> byPartition(List<Path[]> sets) {
    List<List<Path>> partitions = new ArrayList<>();
    for (int p = 0; p < COUNT; p++) {
      List<Path> files = new ArrayList<>();
      for (Path[] set : sets) {
        if (set[p] != null) {
          files.add(set[p]);
        }
      }
      partitions.add(files);
    }
    return partitions;
  }
}
