package dev.quiver.exec.keys;

import dev.quiver.common.QuiverException;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * How a column's values are read and packed as a key: the physical kinds the engine hashes,
 * compares and aggregates. Dates are 32-bit integers, timestamps 64-bit ones, Utf8 and Binary bytes.
 */
public enum KeyKind {
  BOOL(1),
  INT8(1),
  INT16(1),
  INT32(1),
  INT64(1),
  FLOAT32(1),
  FLOAT64(1),
  /** A 128-bit decimal: two slots, the low then the high 64 bits of the unscaled value. */
  DECIMAL(2),
  /**
   * An interval (Arrow MONTH_DAY_NANO): two slots of its raw 16 bytes, so equal keys are equal months,
   * days and nanoseconds (as the intervals that {@code timestamp - timestamp} makes always are).
   */
  INTERVAL(2),
  /** Utf8 or Binary: one slot holding the length, the bytes in the row's byte run. */
  BYTES(1);

  private final int slots;

  KeyKind(int slots) {
    this.slots = slots;
  }

  /** How many 64-bit slots one value takes in a packed row key. */
  public int slots() {
    return slots;
  }

  /** Bytes of one value in an Arrow fixed-width vector (0 for BYTES, BOOL is bit-packed). */
  public int width() {
    return switch (this) {
      case BOOL, BYTES -> 0;
      case INT8 -> 1;
      case INT16 -> 2;
      case INT32, FLOAT32 -> 4;
      case INT64, FLOAT64 -> 8;
      case DECIMAL, INTERVAL -> 16;
    };
  }

  /** The kind of a column type; a USER error for a type the engine does not hash or aggregate. */
  public static KeyKind of(ArrowType type) {
    switch (type.getTypeID()) {
      case Bool:
        return BOOL;
      case Int: {
        ArrowType.Int integer = (ArrowType.Int) type;
        if (integer.getIsSigned()) {
          switch (integer.getBitWidth()) {
            case 8:
              return INT8;
            case 16:
              return INT16;
            case 32:
              return INT32;
            case 64:
              return INT64;
            default:
              break;
          }
        }
        break;
      }
      case FloatingPoint:
        FloatingPointPrecision precision = ((ArrowType.FloatingPoint) type).getPrecision();
        if (precision == FloatingPointPrecision.SINGLE) {
          return FLOAT32;
        }
        if (precision == FloatingPointPrecision.DOUBLE) {
          return FLOAT64;
        }
        break;
      case Decimal:
        if (((ArrowType.Decimal) type).getBitWidth() == 128) {
          return DECIMAL;
        }
        break;
      case Utf8:
      case Binary:
        return BYTES;
      case Date:
        if (((ArrowType.Date) type).getUnit() == org.apache.arrow.vector.types.DateUnit.DAY) {
          return INT32;
        }
        break;
      case Timestamp:
        return INT64;
      case Time:
        return ((ArrowType.Time) type).getBitWidth() == 32 ? INT32 : INT64;
      case Interval:
        if (((ArrowType.Interval) type).getUnit() == org.apache.arrow.vector.types.IntervalUnit.MONTH_DAY_NANO) {
          return INTERVAL;
        }
        break;
      default:
        break;
    }
    throw QuiverException.user("the engine cannot hash, compare or aggregate values of type " + type);
  }
}
