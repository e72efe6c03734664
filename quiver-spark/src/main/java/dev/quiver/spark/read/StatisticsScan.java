package dev.quiver.spark.read;

import java.io.IOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructType;

/** The scan of an aggregate answered from statistics: one partition of one row, no file read. */
final class StatisticsScan implements Scan, Batch {
  private final StatisticsAnswer answer;
  private final StructType schema;

  StatisticsScan(StatisticsAnswer answer, StructType schema) {
    this.answer = answer;
    this.schema = schema;
  }

  @Override
  public StructType readSchema() {
    return schema;
  }

  @Override
  public String description() {
    return answer.description();
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    return new InputPartition[] {new Row(answer.row())};
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new RowReaderFactory();
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return ReadMetrics.supported();
  }

  @Override
  public CustomTaskMetric[] reportDriverMetrics() {
    ReadMetrics metrics = new ReadMetrics();
    CustomTaskMetric[] values = metrics.values(null);
    for (int m = 0; m < values.length; m++) {
      if (values[m].name().equals("quiverSegmentsRead")) {
        long segments = answer.segmentsRead();
        values[m] = new CustomTaskMetric() {
          @Override
          public String name() {
            return "quiverSegmentsRead";
          }

          @Override
          public long value() {
            return segments;
          }
        };
      }
    }
    return values;
  }

  /** The answer row, sent to the task. */
  record Row(InternalRow row) implements InputPartition {
    private static final long serialVersionUID = 1L;
  }

  private static final class RowReaderFactory implements PartitionReaderFactory {
    private static final long serialVersionUID = 1L;

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
      InternalRow row = ((Row) partition).row();
      return new PartitionReader<>() {
        private boolean done;

        @Override
        public boolean next() {
          if (done) {
            return false;
          }
          done = true;
          return true;
        }

        @Override
        public InternalRow get() {
          return row;
        }

        @Override
        public void close() throws IOException {
          // nothing held
        }
      };
    }
  }
}
