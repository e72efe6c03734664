package dev.quiver.spark;

import dev.quiver.spark.files.TableFiles;
import dev.quiver.spark.options.QuiverOptions;
import dev.quiver.spark.read.QuiverScanBuilder;
import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A Quiver table: the files at a path, read by split ({@link QuiverScanBuilder}). It reports no write
 * capability on purpose: Spark 4.1.3 then sends every save mode to the V1
 * {@link QuiverDataSource#createRelation}, which writes through {@code write.QuiverWriteProvider}
 * (a table reporting BATCH_WRITE would have errorifexists and ignore refused).
 */
public final class QuiverTable implements SupportsRead {
  private final StructType schema;
  private final Transform[] partitioning;
  private final CaseInsensitiveStringMap options;

  QuiverTable(StructType schema, Transform[] partitioning, CaseInsensitiveStringMap options) {
    this.schema = schema;
    this.partitioning = partitioning.clone();
    this.options = options;
  }

  @Override
  public String name() {
    return "quiver " + String.join(",", QuiverOptions.paths(options));
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
    // no BATCH_WRITE: Spark 4.1.3 then sends every save mode (errorifexists and ignore included) to
    // the V1 QuiverDataSource.createRelation, which writes through write.QuiverWriteProvider
    return EnumSet.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
    CaseInsensitiveStringMap merged = QuiverTable.merge(options, scanOptions);
    return new QuiverScanBuilder(TableFiles.resolve(QuiverOptions.paths(merged)), schema, merged);
  }

  static CaseInsensitiveStringMap merge(CaseInsensitiveStringMap base, CaseInsensitiveStringMap extra) {
    java.util.Map<String, String> all = new java.util.HashMap<>(base.asCaseSensitiveMap());
    all.putAll(extra.asCaseSensitiveMap());
    return new CaseInsensitiveStringMap(all);
  }
}
