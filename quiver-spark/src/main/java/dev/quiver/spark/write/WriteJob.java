package dev.quiver.spark.write;

import dev.quiver.spark.files.Schemas;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * What one write job writes, shipped to every task: the table folder, the job's id (in every file
 * name it writes), the rows' schema and which of its columns become partition folders.
 *
 * @param root the table folder (absolute)
 * @param jobId a random UUID naming this job's files
 * @param inputSchema the schema of the rows Spark hands the writers
 * @param partitionOrdinals positions in {@code inputSchema} of the partition columns, in folder order
 * @param options the write options
 */
record WriteJob(String root, String jobId, StructType inputSchema, List<Integer> partitionOrdinals,
    WriteOptions options) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Names of files written by any Quiver Spark job: never adopted as plain files of a folder. */
  static final Pattern JOB_FILE_NAME = Pattern.compile(
      "^\\.?part-\\d{5,}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-\\d+(\\.c\\d{3,})?\\.qvr$");

  public WriteJob {
    partitionOrdinals = List.copyOf(partitionOrdinals);
  }

  /** The table folder. */
  public Path rootPath() {
    return Path.of(root);
  }

  /** Positions of the data columns (all but the partition columns) in {@code inputSchema}, in order. */
  public List<Integer> dataOrdinals() {
    List<Integer> ordinals = new ArrayList<>();
    for (int i = 0; i < inputSchema.fields().length; i++) {
      if (!partitionOrdinals.contains(i)) {
        ordinals.add(i);
      }
    }
    return ordinals;
  }

  /** The columns stored in the files (nullable, as a table stores them). */
  public StructType dataSchema() {
    return Schemas.nullable(select(dataOrdinals()));
  }

  /** The partition columns with their types, in folder order. */
  public StructType partitionSchema() {
    return Schemas.nullable(select(partitionOrdinals));
  }

  /** The file name of a task attempt's {@code counter}-th file (counter negative: unpartitioned, no counter). */
  public String fileName(int partitionId, long taskId, int counter) {
    String base = String.format(java.util.Locale.ROOT, "part-%05d-%s-%d", partitionId, jobId, taskId);
    return counter < 0 ? base + ".qvr" : String.format(java.util.Locale.ROOT, "%s.c%03d.qvr", base, counter);
  }

  private StructType select(List<Integer> ordinals) {
    StructField[] fields = inputSchema.fields();
    StructType schema = new StructType();
    for (int ordinal : ordinals) {
      schema = schema.add(fields[ordinal]);
    }
    return schema;
  }
}
