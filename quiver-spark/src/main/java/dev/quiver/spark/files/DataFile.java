package dev.quiver.spark.files;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * One {@code .qvr} file of a table: its path, its length when listed, and the values of the table's
 * partition columns for it (hive-style folder names, as strings in the partition schema's order; null
 * for a null value).
 *
 * @param path absolute path of the file
 * @param length bytes, as listed
 * @param partitionValues one string per partition column (null for a null value); empty when unpartitioned
 */
public record DataFile(String path, long length, List<String> partitionValues) implements Serializable {
  private static final long serialVersionUID = 1L;

  public DataFile {
    Objects.requireNonNull(path, "path");
    partitionValues = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(partitionValues));
  }
}
