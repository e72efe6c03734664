package dev.quiver.io.parquet;

import dev.quiver.common.QuiverException;
import dev.quiver.common.arrow.UnreadableColumns;
import dev.quiver.io.ColumnNames;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * Maps flat Arrow schemas to Parquet schemas and back.
 *
 * <table>
 *   <caption>Arrow and Parquet types</caption>
 *   <tr><th>Arrow</th><th>Parquet written</th><th>Parquet read</th></tr>
 *   <tr><td>int8, int16, int32</td><td>INT32 INT(8/16/32, signed)</td><td>the same; int16, int32 also
 *       INT32 INT(8/16, unsigned)</td></tr>
 *   <tr><td>int64</td><td>INT64</td><td>INT64, INT64 INT(64, signed), INT32 INT(32, unsigned)</td></tr>
 *   <tr><td>decimal128(20, 0)</td><td>(as decimals below)</td><td>also INT64 INT(64, unsigned)</td></tr>
 *   <tr><td>time64(microseconds)</td><td>INT64 TIME(MICROS, isAdjustedToUTC = false)</td>
 *       <td>INT32 TIME(MILLIS), INT64 TIME(MICROS), not adjusted to UTC</td></tr>
 *   <tr><td>time64(nanoseconds)</td><td>INT64 TIME(NANOS, isAdjustedToUTC = false)</td>
 *       <td>the same</td></tr>
 *   <tr><td>float32, float64</td><td>FLOAT, DOUBLE</td><td>the same</td></tr>
 *   <tr><td>bool</td><td>BOOLEAN</td><td>the same</td></tr>
 *   <tr><td>utf8</td><td>BINARY STRING</td><td>BINARY STRING, ENUM or JSON</td></tr>
 *   <tr><td>binary</td><td>BINARY</td><td>BINARY, BINARY BSON, FIXED_LEN_BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY UUID</td></tr>
 *   <tr><td>date32</td><td>INT32 DATE</td><td>the same</td></tr>
 *   <tr><td>timestamp(unit, zone)</td><td>INT64 TIMESTAMP(unit, isAdjustedToUTC = zone present); seconds are
 *       written as milliseconds; any zone reads back as "UTC"</td>
 *       <td>INT64 TIMESTAMP(MILLIS/MICROS/NANOS)</td></tr>
 *   <tr><td>decimal128(p, s)</td><td>INT64 DECIMAL for p &le; 18, else FIXED_LEN_BYTE_ARRAY DECIMAL</td>
 *       <td>INT32, INT64, BINARY or FIXED_LEN_BYTE_ARRAY DECIMAL with p &le; 38</td></tr>
 * </table>
 *
 * Nullable fields are OPTIONAL, non-nullable REQUIRED (and back). Anything else read (nested or
 * repeated fields, TIME adjusted to UTC, INT96, FLOAT16, INTERVAL) is a placeholder column
 * ({@link UnreadableColumns}) whose reading is a {@link QuiverException} USER error naming the file,
 * the column and its type; written, a USER error naming the column.
 */
public final class ParquetSchemaMapping {
  /** The Arrow type Parquet TIME(MILLIS/MICROS) columns read as: DuckDB's TIME, microseconds since midnight. */
  public static final ArrowType TIME = new ArrowType.Time(TimeUnit.MICROSECOND, 64);
  /** The Arrow type Parquet TIME(NANOS) columns read as: DuckDB's TIME_NS, nanoseconds since midnight. */
  public static final ArrowType TIME_NANOS = new ArrowType.Time(TimeUnit.NANOSECOND, 64);
  /** The Arrow type Parquet UINT_64 columns read as: every value exact. */
  public static final ArrowType UINT64 = new ArrowType.Decimal(20, 0, 128);

  /** The name of the Parquet message (root group) this writer gives its files. */
  public static final String MESSAGE_NAME = "quiver";

  private ParquetSchemaMapping() {}

  /** The Parquet schema a file written from {@code schema} gets. */
  public static MessageType toParquet(Schema schema) {
    Types.MessageTypeBuilder message = Types.buildMessage();
    for (Field field : schema.getFields()) {
      message.addField(toParquet(field));
    }
    return message.named(MESSAGE_NAME);
  }

  private static Type toParquet(Field field) {
    Repetition repetition = field.isNullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
    ArrowType type = field.getType();
    if (field.getDictionary() == null) {
      switch (type.getTypeID()) {
        case Int: {
          ArrowType.Int integer = (ArrowType.Int) type;
          if (!integer.getIsSigned()) {
            break;
          }
          if (integer.getBitWidth() == 64) {
            return Types.primitive(PrimitiveTypeName.INT64, repetition).named(field.getName());
          }
          return Types.primitive(PrimitiveTypeName.INT32, repetition)
              .as(LogicalTypeAnnotation.intType(integer.getBitWidth(), true)).named(field.getName());
        }
        case FloatingPoint: {
          FloatingPointPrecision precision = ((ArrowType.FloatingPoint) type).getPrecision();
          if (precision == FloatingPointPrecision.HALF) {
            break;
          }
          PrimitiveTypeName name = precision == FloatingPointPrecision.SINGLE ? PrimitiveTypeName.FLOAT
              : PrimitiveTypeName.DOUBLE;
          return Types.primitive(name, repetition).named(field.getName());
        }
        case Bool:
          return Types.primitive(PrimitiveTypeName.BOOLEAN, repetition).named(field.getName());
        case Utf8:
          return Types.primitive(PrimitiveTypeName.BINARY, repetition)
              .as(LogicalTypeAnnotation.stringType()).named(field.getName());
        case Binary:
          return Types.primitive(PrimitiveTypeName.BINARY, repetition).named(field.getName());
        case Date:
          if (((ArrowType.Date) type).getUnit() != DateUnit.DAY) {
            break;
          }
          return Types.primitive(PrimitiveTypeName.INT32, repetition)
              .as(LogicalTypeAnnotation.dateType()).named(field.getName());
        case Timestamp: {
          ArrowType.Timestamp timestamp = (ArrowType.Timestamp) type;
          return Types.primitive(PrimitiveTypeName.INT64, repetition)
              .as(LogicalTypeAnnotation.timestampType(timestamp.getTimezone() != null,
                  parquetUnit(timestamp.getUnit())))
              .named(field.getName());
        }
        case Time:
          if (!type.equals(TIME) && !type.equals(TIME_NANOS)) {
            break;
          }
          return Types.primitive(PrimitiveTypeName.INT64, repetition)
              .as(LogicalTypeAnnotation.timeType(false, type.equals(TIME) ? LogicalTypeAnnotation.TimeUnit.MICROS
                  : LogicalTypeAnnotation.TimeUnit.NANOS))
              .named(field.getName());
        case Decimal: {
          ArrowType.Decimal decimal = (ArrowType.Decimal) type;
          if (decimal.getBitWidth() != 128) {
            break;
          }
          LogicalTypeAnnotation annotation = LogicalTypeAnnotation.decimalType(decimal.getScale(),
              decimal.getPrecision());
          if (decimal.getPrecision() <= 18) {
            return Types.primitive(PrimitiveTypeName.INT64, repetition).as(annotation).named(field.getName());
          }
          return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition)
              .length(decimalBytes(decimal.getPrecision())).as(annotation).named(field.getName());
        }
        default:
          break;
      }
    }
    throw QuiverException.user("column " + field.getName() + " has type " + type
        + (field.getDictionary() != null ? " (dictionary-encoded)" : "")
        + ", which Parquet output does not support (int8-64, float32/64, bool, utf8, binary, date32, time64"
        + " micro/nanoseconds, timestamp, decimal128)");
  }

  /** The fewest bytes that hold any unscaled value of {@code precision} digits in two's complement. */
  static int decimalBytes(int precision) {
    int bytes = 1;
    while (Math.pow(2, 8 * bytes - 1) < Math.pow(10, precision)) {
      bytes++;
    }
    return bytes;
  }

  private static LogicalTypeAnnotation.TimeUnit parquetUnit(TimeUnit unit) {
    switch (unit) {
      case NANOSECOND:
        return LogicalTypeAnnotation.TimeUnit.NANOS;
      case MICROSECOND:
        return LogicalTypeAnnotation.TimeUnit.MICROS;
      default:
        return LogicalTypeAnnotation.TimeUnit.MILLIS;
    }
  }

  /**
   * The Arrow schema of a Parquet file's columns. A column Quiver cannot read (nested, repeated, or of a
   * type in none of the rows above) is an {@link UnreadableColumns#placeholder}: a query that does not
   * read it works, reading it fails with a USER error naming the file, the column and its type.
   *
   * @param source the file, for error messages
   * @throws QuiverException USER when a name is used twice
   */
  public static Schema toArrow(MessageType message, String source) {
    List<Field> fields = new ArrayList<>(message.getFieldCount());
    for (Type type : message.getFields()) {
      fields.add(toArrow(type, source));
    }
    Schema schema = new Schema(fields);
    ColumnNames.requireUnique(source, schema);
    return schema;
  }

  private static Field toArrow(Type type, String source) {
    if (!type.isPrimitive()) {
      return unsupported(source, type, "a nested group (" + describe(type) + ")");
    }
    if (type.isRepetition(Repetition.REPEATED)) {
      return unsupported(source, type, "a repeated field (" + describe(type) + ")");
    }
    ArrowType arrowType = arrowType(type.asPrimitiveType());
    if (arrowType == null) {
      return unsupported(source, type, describe(type));
    }
    boolean nullable = !type.isRepetition(Repetition.REQUIRED);
    return new Field(type.getName(), new FieldType(nullable, arrowType, null), null);
  }

  /**
   * The Arrow type a Parquet column is read as, or null when Quiver cannot read it. Unsigned integers
   * read as the next wider signed type, so every value is exact: UINT_8 as int16, UINT_16 as int32,
   * UINT_32 as int64, UINT_64 as decimal128(20, 0). TIME (not adjusted to UTC) reads as time64
   * microseconds (milliseconds multiplied; DuckDB's TIME), TIME(NANOS) as time64 nanoseconds (TIME_NS).
   */
  static ArrowType arrowType(PrimitiveType type) {
    LogicalTypeAnnotation annotation = type.getLogicalTypeAnnotation();
    if (annotation instanceof DecimalLogicalTypeAnnotation) {
      DecimalLogicalTypeAnnotation decimal = (DecimalLogicalTypeAnnotation) annotation;
      if (decimal.getPrecision() > 38 || type.getPrimitiveTypeName() == PrimitiveTypeName.BOOLEAN
          || type.getPrimitiveTypeName() == PrimitiveTypeName.FLOAT
          || type.getPrimitiveTypeName() == PrimitiveTypeName.DOUBLE
          || type.getPrimitiveTypeName() == PrimitiveTypeName.INT96) {
        return null;
      }
      return new ArrowType.Decimal(decimal.getPrecision(), decimal.getScale(), 128);
    }
    switch (type.getPrimitiveTypeName()) {
      case BOOLEAN:
        if (annotation == null) {
          return ArrowType.Bool.INSTANCE;
        }
        break;
      case INT32:
        if (annotation == null) {
          return new ArrowType.Int(32, true);
        }
        if (annotation instanceof IntLogicalTypeAnnotation integer) {
          int bits = integer.getBitWidth();
          if (bits > 32) {
            break;
          }
          // An unsigned integer reads as the next wider signed type: every value fits.
          return new ArrowType.Int(integer.isSigned() ? bits : 2 * bits, true);
        }
        if (annotation instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          return new ArrowType.Date(DateUnit.DAY);
        }
        if (isLocalTime(annotation, LogicalTypeAnnotation.TimeUnit.MILLIS)) {
          return TIME;
        }
        break;
      case INT64:
        if (annotation == null || annotation.equals(LogicalTypeAnnotation.intType(64, true))) {
          return new ArrowType.Int(64, true);
        }
        if (annotation instanceof TimestampLogicalTypeAnnotation) {
          TimestampLogicalTypeAnnotation timestamp = (TimestampLogicalTypeAnnotation) annotation;
          return new ArrowType.Timestamp(arrowUnit(timestamp.getUnit()), timestamp.isAdjustedToUTC() ? "UTC" : null);
        }
        if (annotation.equals(LogicalTypeAnnotation.intType(64, false))) {
          return UINT64;
        }
        if (isLocalTime(annotation, LogicalTypeAnnotation.TimeUnit.MICROS)) {
          return TIME;
        }
        if (isLocalTime(annotation, LogicalTypeAnnotation.TimeUnit.NANOS)) {
          return TIME_NANOS;
        }
        break;
      case FLOAT:
        if (annotation == null) {
          return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
        }
        break;
      case DOUBLE:
        if (annotation == null) {
          return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
        }
        break;
      case BINARY:
        if (annotation instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
            || annotation instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
            || annotation instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
          return ArrowType.Utf8.INSTANCE;
        }
        if (annotation == null || annotation instanceof LogicalTypeAnnotation.BsonLogicalTypeAnnotation) {
          return ArrowType.Binary.INSTANCE;
        }
        break;
      case FIXED_LEN_BYTE_ARRAY:
        if (annotation == null || annotation instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation) {
          return ArrowType.Binary.INSTANCE;
        }
        break;
      default:
        break;
    }
    return null;
  }

  private static boolean isLocalTime(LogicalTypeAnnotation annotation, LogicalTypeAnnotation.TimeUnit unit) {
    return annotation instanceof TimeLogicalTypeAnnotation time && !time.isAdjustedToUTC() && time.getUnit() == unit;
  }

  private static TimeUnit arrowUnit(LogicalTypeAnnotation.TimeUnit unit) {
    switch (unit) {
      case NANOS:
        return TimeUnit.NANOSECOND;
      case MICROS:
        return TimeUnit.MICROSECOND;
      default:
        return TimeUnit.MILLISECOND;
    }
  }

  private static String describe(Type type) {
    return type.toString().replaceAll("\\s+", " ").strip();
  }

  /** The placeholder of a column Quiver cannot read, with the USER error reading it gives. */
  private static Field unsupported(String source, Type type, String what) {
    LogicalTypeAnnotation annotation = type.getLogicalTypeAnnotation();
    String fileType = annotation != null ? annotation.toString()
        : type.isPrimitive() ? type.asPrimitiveType().getPrimitiveTypeName().name() : "GROUP";
    return UnreadableColumns.placeholder(type.getName(), fileType, source + ": column " + type.getName() + " is "
        + what + ", which Quiver does not read yet (flat columns of int8-64, uint8-64, float, double, boolean,"
        + " string, binary, date, time, timestamp millis/micros/nanos, decimal up to 38 digits)");
  }
}
