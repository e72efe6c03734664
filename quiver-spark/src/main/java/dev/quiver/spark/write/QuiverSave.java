package dev.quiver.spark.write;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.spark.files.TableFiles;
import dev.quiver.spark.options.QuiverOptions;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.sources.BaseRelation;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Every {@code df.write.format("quiver").mode(m).save(path)}: Spark 4.1.3 sends all four modes here
 * (see {@link QuiverWriteProvider} for why), and this runs the write through DataSource V2
 * ({@link QuiverWriteProvider}). append and overwrite write at once. errorifexists (Spark's default)
 * and ignore first ask whether the table exists — a manifest, any {@code .qvr} file below the folder,
 * or the path is a file: errorifexists on an existing table is a USER error naming the path; ignore
 * leaves it as it is; otherwise the rows are written in create-only mode, so a table created by
 * someone else between the check and the commit still fails the commit (errorifexists) or is left
 * alone (ignore).
 */
public final class QuiverSave {
  /** The option Spark passes partitionBy's columns in to a V1 provider (a JSON array of names). */
  static final String PARTITION_COLUMNS = "__partition_columns";

  private QuiverSave() {}

  public static BaseRelation createRelation(SQLContext sqlContext, SaveMode mode,
      scala.collection.immutable.Map<String, String> parameters, Dataset<Row> data) {
    Map<String, String> options = new HashMap<>(scala.jdk.javaapi.CollectionConverters.asJava(parameters));
    List<String> paths = QuiverOptions.paths(new CaseInsensitiveStringMap(options));
    if (paths.size() != 1) {
      throw QuiverException.user("a quiver write needs exactly one path, got " + paths);
    }
    Path root = TableFiles.localPath(paths.get(0));
    boolean exists = TableFiles.exists(root);
    if (exists && mode == SaveMode.ErrorIfExists) {
      throw TableState.alreadyExists(root);
    }
    if (!(exists && mode == SaveMode.Ignore)) {
      try {
        write(mode, options, data, paths.get(0));
      } catch (RuntimeException failure) {
        if (mode != SaveMode.Ignore || !createdMeanwhile(failure)) {
          throw failure;
        }
      }
    }
    StructType schema = TableFiles.exists(root) ? TableFiles.resolve(paths).schema() : data.schema();
    return new SavedRelation(sqlContext, schema);
  }

  private static void write(SaveMode mode, Map<String, String> options, Dataset<Row> data, String path) {
    DataFrameWriter<Row> writer = data.write().format(QuiverWriteProvider.class.getName());
    String partitionColumns = null;
    for (Map.Entry<String, String> option : options.entrySet()) {
      String key = option.getKey();
      if (key.equalsIgnoreCase(PARTITION_COLUMNS)) {
        partitionColumns = option.getValue();
      } else if (!key.equalsIgnoreCase("path") && !key.equalsIgnoreCase("paths")) {
        writer = writer.option(key, option.getValue());
      }
    }
    if (partitionColumns != null) {
      writer = writer.partitionBy(QuiverOptions.parseJsonStrings(partitionColumns).toArray(String[]::new));
    }
    if (mode == SaveMode.Append || mode == SaveMode.Overwrite) {
      writer.mode(mode).save(path);
    } else {
      writer.mode(SaveMode.Append).option(WriteOptions.CREATE_ONLY, "true").save(path);
    }
  }

  private static boolean createdMeanwhile(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof QuiverException quiver && quiver.errorCode() == ErrorCode.USER
          && String.valueOf(quiver.getMessage()).contains("already exists")) {
        return true;
      }
    }
    return false;
  }

  /** The relation Spark asks a V1 provider for after the save: the table's schema. */
  private static final class SavedRelation extends BaseRelation {
    private final SQLContext sqlContext;
    private final StructType schema;

    SavedRelation(SQLContext sqlContext, StructType schema) {
      this.sqlContext = sqlContext;
      this.schema = schema;
    }

    @Override
    public SQLContext sqlContext() {
      return sqlContext;
    }

    @Override
    public StructType schema() {
      return schema;
    }
  }
}
