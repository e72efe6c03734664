package dev.quiver.spark.write;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;

/** Ships a {@link WriteJob} to the executors and opens one {@link QuiverDataWriter} per task attempt. */
final class QuiverDataWriterFactory implements DataWriterFactory {
  private static final long serialVersionUID = 1L;

  private final WriteJob job;

  QuiverDataWriterFactory(WriteJob job) {
    this.job = job;
  }

  @Override
  public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
    return new QuiverDataWriter(job, partitionId, taskId);
  }
}
