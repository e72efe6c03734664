package dev.quiver.spark.write;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * What a committed task attempt tells the driver: the files it moved into place.
 *
 * @param partitionId the Spark partition
 * @param taskId the Spark task attempt id (unique in the application; in the file names)
 * @param files the attempt's files, in the order written
 */
record TaskCommit(int partitionId, long taskId, List<WrittenFile> files) implements WriterCommitMessage {
  private static final long serialVersionUID = 1L;

  public TaskCommit {
    files = List.copyOf(files);
  }

  /**
   * One file a task wrote.
   *
   * @param path relative to the table folder, '/'-separated
   * @param length bytes
   * @param rows rows in the file
   */
  public record WrittenFile(String path, long length, long rows) implements Serializable {
    private static final long serialVersionUID = 1L;
  }
}
