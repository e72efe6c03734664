package dev.quiver.spark.read;

import dev.quiver.scan.plan.ScanSpec;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Makes the columnar reader of a partition (sent to executors): the columns and filter every split
 * runs, the Spark schema of the output, and the per-task row limit.
 *
 * @param spec columns (data columns only) and the filter as SQL text
 * @param outputSchema the data columns, then the partition columns
 * @param limit rows per task at most, or -1
 */
record QuiverReaderFactory(ScanSpec spec, StructType outputSchema, long limit) implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    throw new UnsupportedOperationException("the quiver source reads columnar batches only");
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    return new QuiverPartitionReader(spec, outputSchema, limit, (QuiverInputPartition) partition);
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return true;
  }
}
