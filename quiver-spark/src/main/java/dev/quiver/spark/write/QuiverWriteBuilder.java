package dev.quiver.spark.write;

import dev.quiver.common.QuiverException;
import dev.quiver.spark.files.TableFiles;
import dev.quiver.spark.options.QuiverOptions;
import dev.quiver.spark.types.SparkSchemas;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Builds the write of a Quiver table: append by default, overwrite after {@link #truncate()} (Spark's
 * {@code mode(overwrite)}). {@link #build()} checks everything it can before a task runs — one local
 * path, identity partition columns of supported types, every data column of a type .qvr stores, an
 * append's columns equal to the table's — and fails with a USER error naming the path or column.
 */
public final class QuiverWriteBuilder implements SupportsTruncate {
  private final Transform[] partitioning;
  private final CaseInsensitiveStringMap options;
  private final LogicalWriteInfo info;
  private boolean overwrite;

  public QuiverWriteBuilder(StructType tableSchema, Transform[] partitioning, CaseInsensitiveStringMap options,
      LogicalWriteInfo info) {
    this.partitioning = partitioning.clone();
    Map<String, String> merged = new HashMap<>(options.asCaseSensitiveMap());
    merged.putAll(info.options().asCaseSensitiveMap());
    this.options = new CaseInsensitiveStringMap(merged);
    this.info = info;
  }

  @Override
  public WriteBuilder truncate() {
    overwrite = true;
    return this;
  }

  @Override
  public Write build() {
    List<String> paths = QuiverOptions.paths(options);
    if (paths.size() != 1) {
      throw QuiverException.user("a quiver write needs exactly one path, got " + paths);
    }
    Path root = TableFiles.localPath(paths.get(0));
    if (java.nio.file.Files.isRegularFile(root)) {
      throw QuiverException.user("cannot write to " + root + ": it is a file; a quiver table is a folder");
    }
    StructType schema = info.schema();
    List<Integer> partitionOrdinals = partitionOrdinals(schema);
    WriteOptions writeOptions = WriteOptions.of(options);
    WriteJob job = new WriteJob(root.toString(), UUID.randomUUID().toString(), schema, partitionOrdinals,
        writeOptions);
    if (job.dataSchema().fields().length == 0) {
      throw QuiverException.user("cannot write " + root + ": every column is a partition column; at least one must"
          + " be stored in the files");
    }
    SparkSchemas.toArrow(job.dataSchema());
    for (StructField column : job.partitionSchema().fields()) {
      PartitionValues.requireSupported(column);
    }
    WriteMode mode = overwrite ? WriteMode.OVERWRITE : writeOptions.createOnly() ? WriteMode.CREATE : WriteMode.APPEND;
    TableState state = TableState.of(root);
    if (mode == WriteMode.CREATE && state.exists()) {
      throw TableState.alreadyExists(root);
    }
    if (mode == WriteMode.APPEND) {
      state.requireAppendable(root, job);
    }
    return new QuiverWrite(job, mode);
  }

  private List<Integer> partitionOrdinals(StructType schema) {
    List<Integer> ordinals = new ArrayList<>();
    for (Transform transform : partitioning) {
      if (!"identity".equals(transform.name()) || transform.references().length != 1) {
        throw QuiverException.user("quiver partitions by columns (partitionBy), not by " + transform.describe());
      }
      NamedReference reference = transform.references()[0];
      String name = String.join(".", reference.fieldNames());
      int ordinal = find(schema, name);
      if (ordinals.contains(ordinal)) {
        throw QuiverException.user("partition column " + name + " is named twice");
      }
      ordinals.add(ordinal);
    }
    return ordinals;
  }

  private static int find(StructType schema, String name) {
    String[] names = schema.fieldNames();
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    for (int i = 0; i < names.length; i++) {
      if (names[i].equalsIgnoreCase(name)) {
        return i;
      }
    }
    throw QuiverException.user("partition column " + name + " is not a column of the data " + schema.simpleString());
  }
}
