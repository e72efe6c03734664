package dev.quiver.spark.write;

import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** Builds the write of a Quiver table (to be built: the manifest commit). */
public final class QuiverWriteBuilder implements WriteBuilder {
  public QuiverWriteBuilder(StructType tableSchema, Transform[] partitioning, CaseInsensitiveStringMap options,
      LogicalWriteInfo info) {}
}
