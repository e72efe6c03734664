package dev.quiver.format.table;

import dev.quiver.common.QuiverException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A manifest's schemas: Spark's JSON of a struct ({@code {"type":"struct","fields":[{"name":"id",
 * "type":"long","nullable":true,"metadata":{}}]}}), written and read here without Spark, so the SQL
 * database and the Spark connector share tables. The types and their Arrow forms (the ones a
 * {@code .qvr} file stores and Spark reads):
 *
 * <pre>
 * boolean   Bool                 byte/short/integer/long   Int(8/16/32/64, signed)
 * float     FloatingPoint(SINGLE) double                   FloatingPoint(DOUBLE)
 * decimal(p,s)  Decimal(p, s, 128)   string  Utf8           binary  Binary
 * date      Date(DAY)            timestamp_ntz  Timestamp(MICROSECOND, no zone)
 * timestamp Timestamp(MICROSECOND, UTC): an instant (Quiver's TIMESTAMPTZ)
 * </pre>
 *
 * A field's Arrow metadata (string values) is its {@code metadata} object: the SQL database keeps a
 * column's DEFAULT and key constraints there ({@code quiver.default}, {@code quiver.key}).
 */
public final class ManifestSchemas {
  private static final Pattern DECIMAL = Pattern.compile("decimal\\((\\d+),\\s*(\\d+)\\)");

  private ManifestSchemas() {}

  /** The JSON of {@code schema}; a USER error naming a column whose type a table cannot store. */
  public static String toJson(Schema schema) {
    StringBuilder json = new StringBuilder("{\"type\":\"struct\",\"fields\":[");
    for (int i = 0; i < schema.getFields().size(); i++) {
      Field field = schema.getFields().get(i);
      if (i > 0) {
        json.append(',');
      }
      json.append("{\"name\":").append(Json.quote(field.getName())).append(",\"type\":\"")
          .append(typeName(field)).append("\",\"nullable\":").append(field.isNullable())
          .append(",\"metadata\":{");
      Map<String, String> metadata = field.getMetadata() == null ? Map.of()
          : new java.util.TreeMap<>(field.getMetadata());
      int entry = 0;
      for (Map.Entry<String, String> item : metadata.entrySet()) {
        json.append(entry++ > 0 ? "," : "").append(Json.quote(item.getKey())).append(':')
            .append(Json.quote(item.getValue()));
      }
      json.append("}}");
    }
    return json.append("]}").toString();
  }

  /** The Arrow schema of a manifest's JSON; IllegalArgumentException when it is not a struct of known types. */
  public static Schema fromJson(String json) {
    List<Field> fields = new ArrayList<>();
    for (Map<?, ?> field : fields(json)) {
      Object name = field.get("name");
      Object type = field.get("type");
      if (!(name instanceof String columnName) || !(type instanceof String typeName)) {
        throw new IllegalArgumentException("a field without a name or a simple type: " + field);
      }
      boolean nullable = !Boolean.FALSE.equals(field.get("nullable"));
      ArrowType arrow = arrowType(typeName);
      Map<String, String> metadata = new java.util.LinkedHashMap<>();
      if (field.get("metadata") instanceof Map<?, ?> values) {
        for (Map.Entry<?, ?> item : values.entrySet()) {
          if (item.getValue() instanceof String value) {
            metadata.put(String.valueOf(item.getKey()), value);
          }
        }
      }
      fields.add(new Field(columnName, new org.apache.arrow.vector.types.pojo.FieldType(nullable, arrow, null,
          metadata.isEmpty() ? null : metadata), List.of()));
    }
    return new Schema(fields);
  }

  /** Checks that {@code json} is a struct's JSON (its field types are the reader's business). */
  static void checkStruct(String json) {
    fields(json);
  }

  /** Whether {@code type} can be a column of a table. */
  public static boolean storable(ArrowType type) {
    try {
      typeName(Field.nullable("c", type));
      return true;
    } catch (QuiverException notStorable) {
      return false;
    }
  }

  private static List<Map<?, ?>> fields(String json) {
    Object parsed = Json.parse(json);
    if (!(parsed instanceof Map<?, ?> struct) || !"struct".equals(struct.get("type"))
        || !(struct.get("fields") instanceof List<?> fields)) {
      throw new IllegalArgumentException("not a struct: " + json);
    }
    List<Map<?, ?>> result = new ArrayList<>();
    for (Object field : fields) {
      if (!(field instanceof Map<?, ?> map)) {
        throw new IllegalArgumentException("a field that is not an object: " + field);
      }
      result.add(map);
    }
    return result;
  }

  private static String typeName(Field field) {
    ArrowType type = field.getType();
    switch (type.getTypeID()) {
      case Bool:
        return "boolean";
      case Int: {
        ArrowType.Int integer = (ArrowType.Int) type;
        if (integer.getIsSigned()) {
          switch (integer.getBitWidth()) {
            case 8:
              return "byte";
            case 16:
              return "short";
            case 32:
              return "integer";
            case 64:
              return "long";
            default:
              break;
          }
        }
        break;
      }
      case FloatingPoint: {
        FloatingPointPrecision precision = ((ArrowType.FloatingPoint) type).getPrecision();
        if (precision == FloatingPointPrecision.SINGLE) {
          return "float";
        }
        if (precision == FloatingPointPrecision.DOUBLE) {
          return "double";
        }
        break;
      }
      case Decimal: {
        ArrowType.Decimal decimal = (ArrowType.Decimal) type;
        if (decimal.getBitWidth() == 128 && decimal.getPrecision() <= 38) {
          return "decimal(" + decimal.getPrecision() + "," + decimal.getScale() + ")";
        }
        break;
      }
      case Utf8:
        return "string";
      case Binary:
        return "binary";
      case Date:
        if (((ArrowType.Date) type).getUnit() == DateUnit.DAY) {
          return "date";
        }
        break;
      case Timestamp: {
        ArrowType.Timestamp timestamp = (ArrowType.Timestamp) type;
        if (timestamp.getUnit() == TimeUnit.MICROSECOND) {
          return timestamp.getTimezone() == null ? "timestamp_ntz" : "timestamp";
        }
        break;
      }
      default:
        break;
    }
    throw QuiverException.user("column " + field.getName() + " has type " + type
        + ", which a table cannot store yet (BOOLEAN, TINYINT to BIGINT, REAL, DOUBLE, DECIMAL(p ≤ 38), VARCHAR,"
        + " BLOB, DATE, TIMESTAMP and TIMESTAMPTZ can)");
  }

  private static ArrowType arrowType(String name) {
    String type = name.toLowerCase(Locale.ROOT);
    Matcher decimal = DECIMAL.matcher(type);
    if (decimal.matches()) {
      return new ArrowType.Decimal(Integer.parseInt(decimal.group(1)), Integer.parseInt(decimal.group(2)), 128);
    }
    return switch (type) {
      case "boolean" -> ArrowType.Bool.INSTANCE;
      case "byte" -> new ArrowType.Int(8, true);
      case "short" -> new ArrowType.Int(16, true);
      case "integer" -> new ArrowType.Int(32, true);
      case "long" -> new ArrowType.Int(64, true);
      case "float" -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case "double" -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case "string" -> ArrowType.Utf8.INSTANCE;
      case "binary" -> ArrowType.Binary.INSTANCE;
      case "date" -> new ArrowType.Date(DateUnit.DAY);
      case "timestamp_ntz" -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
      case "timestamp" -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
      default -> throw new IllegalArgumentException("a column type tables do not store: " + name);
    };
  }
}
