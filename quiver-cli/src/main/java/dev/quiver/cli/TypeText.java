package dev.quiver.cli;

import java.util.Locale;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** Short type names for people: {@code int64}, {@code utf8}, {@code decimal128(15,2)}, {@code timestamp(us, UTC)}. */
final class TypeText {
  private TypeText() {}

  /** The type of {@code field}, with {@code not null} when it is not nullable. */
  static String of(Field field) {
    return of(field.getType()) + (field.isNullable() ? "" : " not null");
  }

  static String of(ArrowType type) {
    switch (type.getTypeID()) {
      case Int: {
        ArrowType.Int integer = (ArrowType.Int) type;
        return (integer.getIsSigned() ? "int" : "uint") + integer.getBitWidth();
      }
      case FloatingPoint:
        switch (((ArrowType.FloatingPoint) type).getPrecision()) {
          case HALF:
            return "float16";
          case SINGLE:
            return "float32";
          default:
            return "float64";
        }
      case Bool:
        return "bool";
      case Utf8:
        return "utf8";
      case Binary:
        return "binary";
      case Date:
        return ((ArrowType.Date) type).getUnit() == DateUnit.DAY ? "date32" : "date64";
      case Timestamp: {
        ArrowType.Timestamp timestamp = (ArrowType.Timestamp) type;
        return "timestamp(" + unit(timestamp.getUnit())
            + (timestamp.getTimezone() == null ? "" : ", " + timestamp.getTimezone()) + ")";
      }
      case Decimal: {
        ArrowType.Decimal decimal = (ArrowType.Decimal) type;
        return "decimal" + decimal.getBitWidth() + "(" + decimal.getPrecision() + "," + decimal.getScale() + ")";
      }
      default:
        return type.toString().toLowerCase(Locale.ROOT);
    }
  }

  private static String unit(TimeUnit unit) {
    switch (unit) {
      case SECOND:
        return "s";
      case MILLISECOND:
        return "ms";
      case MICROSECOND:
        return "us";
      default:
        return "ns";
    }
  }
}
