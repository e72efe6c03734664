package dev.quiver.spark;

import dev.quiver.spark.files.TableFiles;
import dev.quiver.spark.files.TableListing;
import dev.quiver.spark.options.QuiverOptions;
import dev.quiver.spark.write.QuiverSave;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.BaseRelation;
import org.apache.spark.sql.sources.CreatableRelationProvider;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The {@code quiver} data source: {@code spark.read.format("quiver").load(path)} and
 * {@code df.write.format("quiver").save(path)} over a {@code .qvr} file, a folder of them (with or
 * without a manifest, hive-style partition folders) or a glob. Reads go through DataSource V2
 * ({@link QuiverTable}); every save mode reaches the V1 {@link CreatableRelationProvider} entry
 * ({@link QuiverSave}), which checks the mode and writes through DataSource V2 with a manifest commit.
 */
public final class QuiverDataSource implements TableProvider, DataSourceRegister, CreatableRelationProvider {
  /** The short name: {@code format("quiver")}. */
  public static final String SHORT_NAME = "quiver";

  @Override
  public String shortName() {
    return SHORT_NAME;
  }

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    return TableFiles.resolve(QuiverOptions.paths(options)).schema();
  }

  @Override
  public Transform[] inferPartitioning(CaseInsensitiveStringMap options) {
    return TableFiles.resolve(QuiverOptions.paths(options)).partitioning();
  }

  @Override
  public boolean supportsExternalMetadata() {
    return true;
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
    return new QuiverTable(schema, partitioning, new CaseInsensitiveStringMap(properties));
  }

  @Override
  public BaseRelation createRelation(SQLContext sqlContext, SaveMode mode,
      scala.collection.immutable.Map<String, String> parameters, Dataset<Row> data) {
    return QuiverSave.createRelation(sqlContext, mode, parameters, data);
  }

  /** Lists the table at the options' paths (tests and tools). */
  public static TableListing list(CaseInsensitiveStringMap options) {
    return TableFiles.resolve(QuiverOptions.paths(options));
  }
}
