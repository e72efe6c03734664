package dev.quiver.format.file;

import dev.quiver.common.QuiverException;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** The column types {@code .qvr} files store today. List and struct columns come later. */
final class SupportedTypes {
  private SupportedTypes() {}

  static void require(Field field) {
    ArrowType type = field.getType();
    boolean supported;
    switch (type.getTypeID()) {
      case Int: {
        ArrowType.Int integer = (ArrowType.Int) type;
        int width = integer.getBitWidth();
        supported = integer.getIsSigned() && (width == 8 || width == 16 || width == 32 || width == 64);
        break;
      }
      case FloatingPoint:
        supported = ((ArrowType.FloatingPoint) type)
            .getPrecision() != org.apache.arrow.vector.types.FloatingPointPrecision.HALF;
        break;
      case Bool:
      case Utf8:
      case Binary:
      case Timestamp:
        supported = true;
        break;
      case Date:
        supported = ((ArrowType.Date) type).getUnit() == org.apache.arrow.vector.types.DateUnit.DAY;
        break;
      case Decimal:
        supported = ((ArrowType.Decimal) type).getBitWidth() == 128;
        break;
      default:
        supported = false;
    }
    if (!supported || field.getDictionary() != null) {
      throw QuiverException.user("column " + field.getName() + " has type " + type
          + (field.getDictionary() != null ? " (dictionary-encoded)" : "")
          + ", which .qvr files do not store yet (int8-64, float32/64, bool, utf8, binary, date32, timestamp, decimal128)");
    }
  }
}
