package dev.quiver.spark.write;

import dev.quiver.common.QuiverException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The DataSource V2 writer behind {@code format("quiver").save(path)}; internal, used by
 * {@link QuiverSave} as {@code format(QuiverWriteProvider.class.getName())}.
 *
 * <p>Why a second provider: Spark 4.1.3's {@code DataFrameWriter.save} rejects the errorifexists and
 * ignore modes (UNSUPPORTED_DATA_SOURCE_SAVE_MODE) for a path-based {@link TableProvider} whose table
 * supports BATCH_WRITE, and falls back to the V1 {@code CreatableRelationProvider} only when it does
 * not. So the {@code quiver} table does not report BATCH_WRITE, every save reaches
 * {@link QuiverSave#createRelation} (all four modes), and that runs the real write here: append, or
 * overwrite through {@code SupportsTruncate}.
 */
public final class QuiverWriteProvider implements TableProvider {
  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    throw QuiverException.user(QuiverWriteProvider.class.getName() + " only writes; read with format(\"quiver\")");
  }

  @Override
  public boolean supportsExternalMetadata() {
    return true;
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
    return new WritableTable(schema, partitioning, new CaseInsensitiveStringMap(properties));
  }

  /** The table a save writes: the DataFrame's schema and partitionBy columns at the path. */
  private static final class WritableTable implements SupportsWrite {
    private final StructType schema;
    private final Transform[] partitioning;
    private final CaseInsensitiveStringMap options;

    WritableTable(StructType schema, Transform[] partitioning, CaseInsensitiveStringMap options) {
      this.schema = schema;
      this.partitioning = partitioning.clone();
      this.options = options;
    }

    @Override
    public String name() {
      return "quiver write " + options.getOrDefault("path", "");
    }

    @Override
    public StructType schema() {
      return schema;
    }

    @Override
    public Transform[] partitioning() {
      return partitioning.clone();
    }

    @Override
    public Set<TableCapability> capabilities() {
      return EnumSet.of(TableCapability.BATCH_WRITE, TableCapability.TRUNCATE);
    }

    @Override
    public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
      return new QuiverWriteBuilder(schema, partitioning, options, info);
    }
  }
}
