package dev.quiver.format.encoding;

import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * How a column's values are laid out in memory, which is all an encoding needs to know: logical
 * types with the same layout (int32 and date32; int64 and timestamps) share a physical type.
 */
enum PhysicalType {
  BOOLEAN(EncodingFormat.TYPE_BOOLEAN, 0, "bool"),
  INT8(EncodingFormat.TYPE_INT8, 1, "int8"),
  INT16(EncodingFormat.TYPE_INT16, 2, "int16"),
  INT32(EncodingFormat.TYPE_INT32, 4, "int32"),
  INT64(EncodingFormat.TYPE_INT64, 8, "int64"),
  FLOAT32(EncodingFormat.TYPE_FLOAT32, 4, "float32"),
  FLOAT64(EncodingFormat.TYPE_FLOAT64, 8, "float64"),
  DECIMAL128(EncodingFormat.TYPE_DECIMAL128, 16, "decimal128"),
  BINARY(EncodingFormat.TYPE_BINARY, 0, "binary"),
  BYTES(EncodingFormat.TYPE_BYTES, 1, "bytes");

  /** The id written in segments. */
  final int id;
  /** Bytes per value for fixed-width types; 0 for bitmaps and binary. */
  final int width;
  /** The name used in messages. */
  final String label;

  PhysicalType(int id, int width, String label) {
    this.id = id;
    this.width = width;
    this.label = label;
  }

  boolean isInteger() {
    return this == INT8 || this == INT16 || this == INT32 || this == INT64;
  }

  boolean isFloat() {
    return this == FLOAT32 || this == FLOAT64;
  }

  /** Integers and floats: the types held in a {@link LongColumn}. */
  boolean isLongLike() {
    return isInteger() || isFloat();
  }

  /** Types whose values are {@link #width} bytes each. */
  boolean isFixedWidth() {
    return width > 0;
  }

  /** The type with this id, or null for an unknown id. */
  static PhysicalType fromId(int id) {
    for (PhysicalType type : values()) {
      if (type.id == id) {
        return type;
      }
    }
    return null;
  }

  /** The physical type of an Arrow type, or null when this package does not support it. */
  static PhysicalType of(ArrowType type) {
    switch (type.getTypeID()) {
      case Int: {
        ArrowType.Int integer = (ArrowType.Int) type;
        if (!integer.getIsSigned()) {
          return null;
        }
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
            return null;
        }
      }
      case FloatingPoint: {
        FloatingPointPrecision precision = ((ArrowType.FloatingPoint) type).getPrecision();
        return precision == FloatingPointPrecision.SINGLE ? FLOAT32
            : precision == FloatingPointPrecision.DOUBLE ? FLOAT64 : null;
      }
      case Bool:
        return BOOLEAN;
      case Utf8:
      case Binary:
        return BINARY;
      case Date:
        return ((ArrowType.Date) type).getUnit() == DateUnit.DAY ? INT32 : null;
      case Timestamp:
        return INT64;
      case Decimal:
        return ((ArrowType.Decimal) type).getBitWidth() == 128 ? DECIMAL128 : null;
      default:
        return null;
    }
  }
}
