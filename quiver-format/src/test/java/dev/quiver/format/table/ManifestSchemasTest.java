package dev.quiver.format.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/** The shared table format's schemas (Spark's JSON, without Spark) and its manifest text. */
class ManifestSchemasTest {
  private static final Schema EVERY_TYPE = new Schema(List.of(
      Field.nullable("flag", ArrowType.Bool.INSTANCE),
      Field.nullable("tiny", new ArrowType.Int(8, true)),
      Field.nullable("small", new ArrowType.Int(16, true)),
      Field.notNullable("id", new ArrowType.Int(32, true)),
      Field.nullable("big", new ArrowType.Int(64, true)),
      Field.nullable("real", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      Field.nullable("double", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("amount", new ArrowType.Decimal(38, 4, 128)),
      Field.nullable("name \"quoted\"\tand tab", ArrowType.Utf8.INSTANCE),
      Field.nullable("bytes", ArrowType.Binary.INSTANCE),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("local", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
      Field.nullable("instant", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
      new Field("with_default", new FieldType(true, ArrowType.Utf8.INSTANCE, null,
          Map.of("quiver.default", "'none'", "quiver.key", "unique(with_default)")), List.of())));

  @Test
  void everyStorableTypeRoundTrips() {
    String json = ManifestSchemas.toJson(EVERY_TYPE);
    assertThat(json).startsWith("{\"type\":\"struct\",\"fields\":[{\"name\":\"flag\",\"type\":\"boolean\","
        + "\"nullable\":true,\"metadata\":{}}")
        .contains("{\"name\":\"id\",\"type\":\"integer\",\"nullable\":false,\"metadata\":{}}")
        .contains("\"type\":\"decimal(38,4)\"").contains("\"type\":\"timestamp_ntz\"")
        .contains("\"name\":\"name \\\"quoted\\\"\\tand tab\"");
    assertThat(ManifestSchemas.fromJson(json)).isEqualTo(EVERY_TYPE);
  }

  @Test
  void sparksOwnJsonReads() {
    // as Spark 4.1's StructType.json() writes it (spaces and field order as Spark's)
    String spark = "{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"long\",\"nullable\":true,"
        + "\"metadata\":{}},{\"name\":\"price\",\"type\":\"decimal(10,2)\",\"nullable\":true,\"metadata\":{}},"
        + "{\"name\":\"at\",\"type\":\"timestamp\",\"nullable\":true,\"metadata\":{\"comment\":\"when\"}}]}";
    Schema schema = ManifestSchemas.fromJson(spark);
    assertThat(schema.getFields()).extracting(Field::getName).containsExactly("id", "price", "at");
    assertThat(schema.getFields().get(1).getType()).isEqualTo(new ArrowType.Decimal(10, 2, 128));
    assertThat(schema.getFields().get(2).getMetadata()).containsEntry("comment", "when");
  }

  @Test
  void aTypeATableCannotStoreIsAUserError() {
    Schema time = new Schema(List.of(Field.nullable("t", new ArrowType.Time(TimeUnit.MICROSECOND, 64))));
    assertThatThrownBy(() -> ManifestSchemas.toJson(time)).isInstanceOf(QuiverException.class)
        .hasMessageContaining("column t").hasMessageContaining("cannot store");
    assertThat(ManifestSchemas.storable(ArrowType.Utf8.INSTANCE)).isTrue();
  }

  @Test
  void aManifestWithBrokenSchemaJsonIsCorrupt() {
    TableManifest manifest = new TableManifest(2, "job", ManifestSchemas.toJson(EVERY_TYPE),
        "{\"type\":\"struct\",\"fields\":[]}", List.of(new TableManifest.Entry("part-1.qvr", 10)), List.of());
    assertThat(TableManifest.parse("m", manifest.toBytes())).isEqualTo(manifest);
    TableManifest broken = new TableManifest(2, "job", "{\"type\":\"struct\",\"fields\":[}", "{}", List.of(),
        List.of());
    assertThatThrownBy(() -> TableManifest.parse("m", broken.toBytes()))
        .isInstanceOf(QuiverException.class)
        .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.CORRUPT))
        .hasMessageStartingWith("manifest m: line 4 is malformed");
  }
}
