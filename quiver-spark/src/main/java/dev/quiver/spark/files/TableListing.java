package dev.quiver.spark.files;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * What a table path resolves to: the data files to read, the schema of the data inside them, and the
 * partition columns (from hive-style folders) appended after the data columns.
 *
 * @param roots the folders (or files) the paths named
 * @param files the files to read, in a stable order
 * @param dataSchema the columns stored in the files
 * @param partitionSchema the columns from folder names (empty when unpartitioned)
 * @param fromManifest whether the files are exactly a committed manifest's
 */
public record TableListing(List<String> roots, List<DataFile> files, StructType dataSchema,
    StructType partitionSchema, boolean fromManifest) {
  public TableListing {
    roots = List.copyOf(roots);
    files = List.copyOf(files);
  }

  /** The table's schema: the data columns, then the partition columns. */
  public StructType schema() {
    List<StructField> fields = new ArrayList<>(List.of(dataSchema.fields()));
    fields.addAll(List.of(partitionSchema.fields()));
    return new StructType(fields.toArray(StructField[]::new));
  }

  /** Identity transforms of the partition columns, as Spark's {@code inferPartitioning} wants them. */
  public Transform[] partitioning() {
    Transform[] transforms = new Transform[partitionSchema.fields().length];
    for (int i = 0; i < transforms.length; i++) {
      transforms[i] = Expressions.identity(partitionSchema.fields()[i].name());
    }
    return transforms;
  }
}
