package dev.quiver.spark.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.table.ManifestSchemas;
import dev.quiver.format.table.TableManifest;
import dev.quiver.format.table.TableManifests;
import dev.quiver.spark.types.SparkSchemas;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SQL database and the Spark connector write one table format: the schema JSON the database
 * writes without Spark is Spark's own, byte for byte, and a table committed the database's way is a
 * committed table to the connector.
 */
class SharedFormatTest {
  private static final Schema COLUMNS = new Schema(List.of(
      Field.nullable("flag", ArrowType.Bool.INSTANCE),
      Field.nullable("tiny", new ArrowType.Int(8, true)),
      Field.nullable("small", new ArrowType.Int(16, true)),
      Field.notNullable("id", new ArrowType.Int(32, true)),
      Field.nullable("big", new ArrowType.Int(64, true)),
      Field.nullable("real", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      Field.nullable("double", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("amount", new ArrowType.Decimal(12, 2, 128)),
      Field.nullable("name \"q\"", ArrowType.Utf8.INSTANCE),
      Field.nullable("bytes", ArrowType.Binary.INSTANCE),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("local", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
      Field.nullable("instant", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"))));

  @TempDir
  Path table;

  @Test
  void theDatabasesSchemaJsonIsSparks() {
    StructType spark = SparkSchemas.toSpark(COLUMNS);
    assertThat(ManifestSchemas.toJson(COLUMNS)).isEqualTo(spark.json());
    assertThat(ManifestSchemas.fromJson(spark.json())).isEqualTo(COLUMNS);
  }

  @Test
  void aTableCommittedByTheDatabaseIsACommittedTableToSpark() throws Exception {
    TableManifest first = new TableManifest(1, "sql-1", ManifestSchemas.toJson(COLUMNS),
        "{\"type\":\"struct\",\"fields\":[]}", List.of(), List.of());
    assertThat(TableManifests.publish(table, first)).isTrue();
    TableListing listing = TableFiles.resolve(List.of(table.toString()));
    assertThat(listing.fromManifest()).isTrue();
    assertThat(listing.schema()).isEqualTo(SparkSchemas.toSpark(COLUMNS));
    assertThat(ManifestStore.latest(table).orElseThrow().shared()).isEqualTo(first);
  }
}
