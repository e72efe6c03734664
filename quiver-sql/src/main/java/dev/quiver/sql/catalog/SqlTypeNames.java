package dev.quiver.sql.catalog;

import dev.quiver.common.arrow.UnreadableColumns;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The SQL name of a column's type as DuckDB spells it: {@code INTEGER}, {@code BIGINT},
 * {@code VARCHAR}, {@code DECIMAL(15,2)}, {@code DOUBLE}, {@code DATE}, {@code TIMESTAMP},
 * {@code TIMESTAMP WITH TIME ZONE}, {@code BOOLEAN}. What DESCRIBE, SUMMARIZE,
 * {@code information_schema} and the command line's tables print.
 */
public final class SqlTypeNames {
  private SqlTypeNames() {}

  /** The SQL type name of {@code field}. */
  public static String of(Field field) {
    if (UnreadableColumns.isUnreadable(field)) {
      return UnreadableColumns.fileType(field) + " (not readable)";
    }
    ArrowType type = field.getType();
    return switch (type.getTypeID()) {
      case List, LargeList, FixedSizeList -> of(field.getChildren().get(0)) + "[]";
      case Struct -> field.getChildren().stream().map(child -> child.getName() + " " + of(child))
          .collect(Collectors.joining(", ", "STRUCT(", ")"));
      case Map -> {
        Field entries = field.getChildren().get(0);
        yield "MAP(" + of(entries.getChildren().get(0)) + ", " + of(entries.getChildren().get(1)) + ")";
      }
      default -> of(type);
    };
  }

  /** The SQL type name of {@code type} (nested types without their children's types). */
  public static String of(ArrowType type) {
    switch (type.getTypeID()) {
      case Int: {
        ArrowType.Int integer = (ArrowType.Int) type;
        String name = switch (integer.getBitWidth()) {
          case 8 -> "TINYINT";
          case 16 -> "SMALLINT";
          case 32 -> "INTEGER";
          default -> "BIGINT";
        };
        if (integer.getIsSigned()) {
          return name;
        }
        return "U" + (name.equals("INTEGER") ? "INTEGER" : name);
      }
      case FloatingPoint:
        return ((ArrowType.FloatingPoint) type)
            .getPrecision() == org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE
                ? "DOUBLE"
                : "FLOAT";
      case Bool:
        return "BOOLEAN";
      case Utf8:
      case LargeUtf8:
      case Utf8View:
        return "VARCHAR";
      case Binary:
      case LargeBinary:
      case FixedSizeBinary:
      case BinaryView:
        return "BLOB";
      case Date:
        return ((ArrowType.Date) type).getUnit() == DateUnit.DAY ? "DATE" : "TIMESTAMP_MS";
      case Time:
        return ((ArrowType.Time) type).getUnit() == TimeUnit.NANOSECOND ? "TIME_NS" : "TIME";
      case Timestamp: {
        ArrowType.Timestamp timestamp = (ArrowType.Timestamp) type;
        if (timestamp.getTimezone() != null) {
          return "TIMESTAMP WITH TIME ZONE";
        }
        return switch (timestamp.getUnit()) {
          case SECOND -> "TIMESTAMP_S";
          case NANOSECOND -> "TIMESTAMP_NS";
          default -> unitless(timestamp.getUnit());
        };
      }
      case Decimal: {
        ArrowType.Decimal decimal = (ArrowType.Decimal) type;
        return "DECIMAL(" + decimal.getPrecision() + "," + decimal.getScale() + ")";
      }
      case Interval:
      case Duration:
        return "INTERVAL";
      case Null:
        return "\"NULL\"";
      case List:
      case LargeList:
      case FixedSizeList:
        return "LIST";
      case Struct:
        return "STRUCT";
      case Map:
        return "MAP";
      default:
        return type.getTypeID().name().toUpperCase(java.util.Locale.ROOT);
    }
  }

  /** Milliseconds and microseconds are both DuckDB's TIMESTAMP (a Parquet millisecond column reads as one). */
  private static String unitless(TimeUnit unit) {
    return "TIMESTAMP";
  }

  /** Whether values of {@code type} are numbers (integers, floating point, decimals). */
  public static boolean isNumber(ArrowType type) {
    return type instanceof ArrowType.Int || type instanceof ArrowType.FloatingPoint
        || type instanceof ArrowType.Decimal;
  }
}
