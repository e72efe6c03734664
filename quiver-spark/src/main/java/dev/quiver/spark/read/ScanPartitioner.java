package dev.quiver.spark.read;

import dev.quiver.common.QuiverException;
import dev.quiver.expression.Expression;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.scan.plan.ChunkPiece;
import dev.quiver.scan.plan.ScanPlan;
import dev.quiver.scan.plan.Split;
import dev.quiver.scan.plan.SplitFile;
import dev.quiver.scan.plan.SplitPlanner;
import dev.quiver.scan.plan.SplitStrategy;
import dev.quiver.spark.files.DataFile;
import dev.quiver.spark.types.SparkSchemas;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.StructType;

/**
 * Plans a scan into Spark input partitions on the driver, from footers only: each file's splits (zone
 * pruning included), each split's bytes (the touched columns' segments, prorated by rows), then splits
 * packed in file order into partitions of about the target size, consecutive splits of one file
 * becoming one {@link FileRange}. The target follows Spark's own rule for files: at most the
 * partition size, at least 4 MiB, and otherwise the scan's bytes spread over the cores.
 */
final class ScanPartitioner {
  /** Spark's {@code spark.sql.files.openCostInBytes} default: the smallest partition target. */
  static final long MINIMUM_TARGET = 4L << 20;

  /** The planned partitions and what planning saw. */
  record Planned(List<QuiverInputPartition> partitions, int splits, long zonesPruned, long rowsScanned,
      long bytes) {}

  private ScanPartitioner() {}

  /**
   * @param files the files to read (partition pruning done)
   * @param partitionOrdinals per output partition column, its index in a file's partition values
   * @param limit rows needed at most (-1 for all): without a filter, planning stops once enough rows are planned
   */
  static Planned plan(List<DataFile> files, StructType dataSchema, List<String> columns, Expression filter,
      int[] partitionOrdinals, long maximumBytes, int parallelism, long limit) {
    List<FileRange> pieces = new ArrayList<>();
    int splitCount = 0;
    long zonesPruned = 0;
    long rows = 0;
    long total = 0;
    for (DataFile dataFile : files) {
      if (limit >= 0 && filter == null && rows >= limit) {
        break;
      }
      try (QuiverFile file = QuiverFile.open(Path.of(dataFile.path()))) {
        StructType fileSchema = SparkSchemas.toSpark(file.schema()).asNullable();
        if (!fileSchema.equals(dataSchema.asNullable())) {
          throw QuiverException.user(dataFile.path() + " has columns " + fileSchema.simpleString()
              + ", unlike the table's " + dataSchema.asNullable().simpleString());
        }
        ScanPlan plan = SplitPlanner.plan(List.of(file), columns, filter, SplitStrategy.DEFAULT, null, null);
        zonesPruned += plan.zonesPruned();
        List<String> values = new ArrayList<>();
        for (int ordinal : partitionOrdinals) {
          values.add(dataFile.partitionValues().get(ordinal));
        }
        SplitFile splitFile = plan.files().isEmpty() ? SplitFile.of(file) : plan.files().get(0);
        for (Split split : plan.splits()) {
          long bytes = bytes(file, plan, split);
          pieces.add(new FileRange(splitFile, split.start(), split.end(), List.of(split), values, bytes));
          splitCount++;
          rows += split.rowsScanned();
          total += bytes;
          if (limit >= 0 && filter == null && rows >= limit) {
            break;
          }
        }
      } catch (IOException failure) {
        throw new UncheckedIOException("planning the scan of " + dataFile.path(), failure);
      }
    }
    long target = Math.min(maximumBytes, Math.max(MINIMUM_TARGET, total / Math.max(1, parallelism)));
    return new Planned(pack(pieces, target), splitCount, zonesPruned, rows, total);
  }

  /** Splits packed in order into partitions of about {@code target} bytes; neighbours of one file merge. */
  static List<QuiverInputPartition> pack(List<FileRange> splits, long target) {
    List<QuiverInputPartition> partitions = new ArrayList<>();
    List<FileRange> current = new ArrayList<>();
    long currentBytes = 0;
    for (FileRange split : splits) {
      if (!current.isEmpty() && currentBytes + split.bytes() > target) {
        partitions.add(new QuiverInputPartition(partitions.size(), current));
        current = new ArrayList<>();
        currentBytes = 0;
      }
      FileRange last = current.isEmpty() ? null : current.get(current.size() - 1);
      if (last != null && last.file().equals(split.file()) && last.end() == split.start()) {
        List<Split> merged = new ArrayList<>(last.splits());
        merged.addAll(split.splits());
        current.set(current.size() - 1, new FileRange(last.file(), last.start(), split.end(), merged,
            last.partitionValues(), last.bytes() + split.bytes()));
      } else {
        current.add(split);
      }
      currentBytes += split.bytes();
    }
    if (!current.isEmpty()) {
      partitions.add(new QuiverInputPartition(partitions.size(), current));
    }
    return partitions;
  }

  /** The bytes of the split's chunk pieces: each segment's length times the share of its rows the piece covers. */
  private static long bytes(QuiverFile file, ScanPlan plan, Split split) {
    double bytes = 0;
    for (List<ChunkPiece> column : plan.pieces(split)) {
      for (ChunkPiece piece : column) {
        long segmentRows = Math.max(1, piece.data().rowCount());
        bytes += (double) file.segmentBytes(piece.data()) * piece.rowCount() / segmentRows;
        if (piece.dictionary() != null) {
          bytes += file.segmentBytes(piece.dictionary()) * (double) piece.rowCount() / segmentRows;
        }
      }
    }
    return Math.max(1, Math.round(bytes));
  }
}
