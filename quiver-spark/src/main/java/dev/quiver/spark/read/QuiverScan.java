package dev.quiver.spark.read;

import dev.quiver.expression.Expression;
import dev.quiver.scan.plan.ScanSpec;
import dev.quiver.spark.files.DataFile;
import java.util.List;
import java.util.OptionalLong;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.types.StructType;

/**
 * The scan of a Quiver table as Spark runs it: input partitions planned once (Spark may ask twice) from
 * the footers of the files partition pruning kept, read as columnar batches; statistics from the same
 * footers; EXPLAIN shows the pushed filter, the split count and the partitions.
 */
final class QuiverScan implements Scan, Batch, SupportsReportStatistics {
  /** What the builder decided. */
  record Request(List<String> roots, List<DataFile> files, int tableFiles, StructType dataSchema,
      List<String> columns, Expression filter, List<String> pushedPredicates, List<String> partitionPredicates,
      int[] partitionOrdinals, StructType outputSchema, long limit, long maximumBytes, int parallelism) {}

  private final Request request;
  private ScanPartitioner.Planned planned;

  QuiverScan(Request request) {
    this.request = request;
  }

  @Override
  public StructType readSchema() {
    return request.outputSchema();
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  private synchronized ScanPartitioner.Planned planned() {
    if (planned == null) {
      planned = ScanPartitioner.plan(request.files(), request.dataSchema(), request.columns(), request.filter(),
          request.partitionOrdinals(), request.maximumBytes(), request.parallelism(), request.limit());
    }
    return planned;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    return planned().partitions().toArray(InputPartition[]::new);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    String filter = request.filter() == null ? null : request.filter().toString();
    return new QuiverReaderFactory(new ScanSpec(request.columns(), filter), request.outputSchema(), request.limit());
  }

  @Override
  public Statistics estimateStatistics() {
    ScanPartitioner.Planned plan = planned();
    long rows = plan.rowsScanned();
    long bytes = plan.bytes();
    return new Statistics() {
      @Override
      public OptionalLong sizeInBytes() {
        return OptionalLong.of(Math.max(1, bytes));
      }

      @Override
      public OptionalLong numRows() {
        return OptionalLong.of(rows);
      }
    };
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return ReadMetrics.supported();
  }

  @Override
  public String description() {
    ScanPartitioner.Planned plan = planned();
    StringBuilder text = new StringBuilder("QuiverScan ").append(request.roots());
    text.append(" Columns: ").append(request.columns());
    text.append(", PushedFilters: ").append(request.pushedPredicates());
    if (request.filter() != null) {
      text.append(", QuiverFilter: ").append(request.filter());
    }
    if (!request.partitionPredicates().isEmpty()) {
      text.append(", PartitionFilters: ").append(request.partitionPredicates());
    }
    text.append(", Files: ").append(request.files().size()).append('/').append(request.tableFiles());
    text.append(", Splits: ").append(plan.splits());
    text.append(", ZonesPruned: ").append(plan.zonesPruned());
    text.append(", Partitions: ").append(plan.partitions().size());
    if (request.limit() >= 0) {
      text.append(", Limit: ").append(request.limit());
    }
    return text.toString();
  }

  @Override
  public String toString() {
    return description();
  }
}
