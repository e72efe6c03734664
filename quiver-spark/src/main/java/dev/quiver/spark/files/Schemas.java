package dev.quiver.spark.files;

import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** Schema comparisons of tables: columns agree when names and types agree in order; nullability aside. */
public final class Schemas {
  private Schemas() {}

  /** Whether {@code a} and {@code b} have the same column names and types, in order (nullability ignored). */
  public static boolean sameColumns(StructType a, StructType b) {
    StructField[] left = a.fields();
    StructField[] right = b.fields();
    if (left.length != right.length) {
      return false;
    }
    for (int i = 0; i < left.length; i++) {
      if (!left[i].name().equals(right[i].name()) || !left[i].dataType().equals(right[i].dataType())) {
        return false;
      }
    }
    return true;
  }

  /** {@code schema} with every column nullable and no metadata: what a table stores. */
  public static StructType nullable(StructType schema) {
    StructField[] fields = schema.fields();
    StructField[] copies = new StructField[fields.length];
    for (int i = 0; i < fields.length; i++) {
      copies[i] = new StructField(fields[i].name(), fields[i].dataType(), true, Metadata.empty());
    }
    return new StructType(copies);
  }
}
