package dev.quiver.spark.write;

import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * One batch write job: tasks write and rename their files ({@link QuiverDataWriter}), Spark's commit
 * coordinator lets one attempt per partition commit, and the job commit publishes the manifest
 * ({@link JobCommit}).
 */
final class QuiverBatchWrite implements BatchWrite {
  private final WriteJob job;
  private final WriteMode mode;

  QuiverBatchWrite(WriteJob job, WriteMode mode) {
    this.job = job;
    this.mode = mode;
  }

  @Override
  public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
    return new QuiverDataWriterFactory(job);
  }

  @Override
  public boolean useCommitCoordinator() {
    return true;
  }

  @Override
  public void commit(WriterCommitMessage[] messages) {
    try {
      JobCommit.commit(job, mode, messages);
    } catch (RuntimeException failure) {
      // the commit throws only before a manifest with the job's files is published (cleanup after
      // publishing never throws), so the files can go; Spark aborts too, and abort is idempotent
      JobCommit.abort(job, messages);
      throw failure;
    }
  }

  @Override
  public void abort(WriterCommitMessage[] messages) {
    JobCommit.abort(job, messages);
  }
}
