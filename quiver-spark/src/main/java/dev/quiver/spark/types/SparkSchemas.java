package dev.quiver.spark.types;

import dev.quiver.common.QuiverException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The one mapping between a {@code .qvr} file's Arrow schema and Spark's types, both ways.
 *
 * <table>
 * <caption>Types</caption>
 * <tr><th>.qvr (Arrow)</th><th>Spark</th></tr>
 * <tr><td>int8 / int16 / int32 / int64</td><td>byte / short / int / long</td></tr>
 * <tr><td>float32 / float64</td><td>float / double</td></tr>
 * <tr><td>bool</td><td>boolean</td></tr>
 * <tr><td>utf8 / binary</td><td>string / binary</td></tr>
 * <tr><td>date32 (days)</td><td>date</td></tr>
 * <tr><td>timestamp, any unit, with a time zone</td><td>timestamp (written as microseconds, UTC)</td></tr>
 * <tr><td>timestamp, any unit, no time zone</td><td>timestamp_ntz (written as microseconds)</td></tr>
 * <tr><td>decimal128(p, s)</td><td>decimal(p, s)</td></tr>
 * </table>
 *
 * Anything else is a USER error naming the column and its type.
 */
public final class SparkSchemas {
  private SparkSchemas() {}

  /** The Spark schema of a file's Arrow schema. */
  public static StructType toSpark(Schema schema) {
    List<StructField> fields = new ArrayList<>();
    for (Field field : schema.getFields()) {
      fields.add(new StructField(field.getName(), toSpark(field), field.isNullable(), Metadata.empty()));
    }
    return new StructType(fields.toArray(StructField[]::new));
  }

  /** The Spark type of one Arrow field. */
  public static DataType toSpark(Field field) {
    ArrowType type = field.getType();
    switch (type.getTypeID()) {
      case Int: {
        ArrowType.Int integer = (ArrowType.Int) type;
        if (integer.getIsSigned()) {
          switch (integer.getBitWidth()) {
            case 8:
              return DataTypes.ByteType;
            case 16:
              return DataTypes.ShortType;
            case 32:
              return DataTypes.IntegerType;
            case 64:
              return DataTypes.LongType;
            default:
              break;
          }
        }
        break;
      }
      case FloatingPoint: {
        FloatingPointPrecision precision = ((ArrowType.FloatingPoint) type).getPrecision();
        if (precision == FloatingPointPrecision.SINGLE) {
          return DataTypes.FloatType;
        }
        if (precision == FloatingPointPrecision.DOUBLE) {
          return DataTypes.DoubleType;
        }
        break;
      }
      case Bool:
        return DataTypes.BooleanType;
      case Utf8:
        return DataTypes.StringType;
      case Binary:
        return DataTypes.BinaryType;
      case Date:
        if (((ArrowType.Date) type).getUnit() == DateUnit.DAY) {
          return DataTypes.DateType;
        }
        break;
      case Timestamp:
        return ((ArrowType.Timestamp) type).getTimezone() == null ? DataTypes.TimestampNTZType
            : DataTypes.TimestampType;
      case Decimal: {
        ArrowType.Decimal decimal = (ArrowType.Decimal) type;
        if (decimal.getBitWidth() == 128 && decimal.getPrecision() <= DecimalType.MAX_PRECISION()) {
          return DataTypes.createDecimalType(decimal.getPrecision(), decimal.getScale());
        }
        break;
      }
      default:
        break;
    }
    throw QuiverException
        .user("column " + field.getName() + " has type " + type + ", which Spark cannot read from .qvr");
  }

  /** The Arrow schema a Spark schema is written as. */
  public static Schema toArrow(StructType schema) {
    List<Field> fields = new ArrayList<>();
    for (StructField field : schema.fields()) {
      fields.add(new Field(field.name(), new FieldType(field.nullable(), toArrow(field.name(), field.dataType()), null),
          null));
    }
    return new Schema(fields);
  }

  /** The Arrow type one Spark column is written as; a USER error for a type .qvr does not store. */
  public static ArrowType toArrow(String column, DataType type) {
    if (type.equals(DataTypes.ByteType)) {
      return new ArrowType.Int(8, true);
    } else if (type.equals(DataTypes.ShortType)) {
      return new ArrowType.Int(16, true);
    } else if (type.equals(DataTypes.IntegerType)) {
      return new ArrowType.Int(32, true);
    } else if (type.equals(DataTypes.LongType)) {
      return new ArrowType.Int(64, true);
    } else if (type.equals(DataTypes.FloatType)) {
      return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
    } else if (type.equals(DataTypes.DoubleType)) {
      return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    } else if (type.equals(DataTypes.BooleanType)) {
      return ArrowType.Bool.INSTANCE;
    } else if (type instanceof org.apache.spark.sql.types.StringType) {
      return ArrowType.Utf8.INSTANCE;
    } else if (type.equals(DataTypes.BinaryType)) {
      return ArrowType.Binary.INSTANCE;
    } else if (type.equals(DataTypes.DateType)) {
      return new ArrowType.Date(DateUnit.DAY);
    } else if (type.equals(DataTypes.TimestampType)) {
      return new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
    } else if (type.equals(DataTypes.TimestampNTZType)) {
      return new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
    } else if (type instanceof DecimalType decimal) {
      return new ArrowType.Decimal(decimal.precision(), decimal.scale(), 128);
    }
    throw QuiverException.user("column " + column + " has Spark type " + type.simpleString()
        + ", which .qvr files do not store (byte, short, int, long, float, double, boolean, string, binary, date,"
        + " timestamp, timestamp_ntz, decimal)");
  }
}
