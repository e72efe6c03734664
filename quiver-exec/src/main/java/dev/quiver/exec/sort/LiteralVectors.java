package dev.quiver.exec.sort;

import dev.quiver.common.QuiverException;
import dev.quiver.expression.Literal;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** Literal values written into Arrow vectors (the VALUES rows). */
final class LiteralVectors {
  private LiteralVectors() {}

  /** A vector of {@code field}'s type holding column {@code column} of {@code rows}. */
  static FieldVector vector(Field field, List<List<Literal>> rows, int column, BufferAllocator allocator) {
    FieldVector vector = field.createVector(allocator);
    try {
      if (vector instanceof NullVector) {
        vector.setValueCount(rows.size());
        return vector;
      }
      vector.setInitialCapacity(Math.max(1, rows.size()));
      vector.allocateNew();
      for (int row = 0; row < rows.size(); row++) {
        Object value = rows.get(row).get(column).value();
        if (value != null) {
          set(vector, field, row, value);
        }
      }
      vector.setValueCount(rows.size());
      return vector;
    } catch (RuntimeException failure) {
      vector.close();
      throw failure;
    }
  }

  private static void set(FieldVector vector, Field field, int row, Object value) {
    if (vector instanceof BitVector bits) {
      bits.setSafe(row, (Boolean) value ? 1 : 0);
    } else if (vector instanceof TimeStampVector timestamp) {
      timestamp.setSafe(row, timestamp(value, (ArrowType.Timestamp) field.getType(), field));
    } else if (vector instanceof TimeMicroVector time && value instanceof java.time.LocalTime timeOfDay) {
      time.setSafe(row, timeOfDay.toNanoOfDay() / 1_000L);
    } else if (vector instanceof TimeNanoVector time && value instanceof java.time.LocalTime timeOfDay) {
      time.setSafe(row, timeOfDay.toNanoOfDay());
    } else if (vector instanceof DateDayVector date) {
      date.setSafe(row, Math.toIntExact(((LocalDate) value).toEpochDay()));
    } else if (vector instanceof DateMilliVector date) {
      date.setSafe(row, ((LocalDate) value).toEpochDay() * 86_400_000L);
    } else if (vector instanceof BaseIntVector integer) {
      integer.setWithPossibleTruncate(row, exact(value, field).longValueExact());
    } else if (vector instanceof Float4Vector single) {
      single.setSafe(row, (float) number(value));
    } else if (vector instanceof Float8Vector number) {
      number.setSafe(row, number(value));
    } else if (vector instanceof DecimalVector decimal) {
      int scale = ((ArrowType.Decimal) field.getType()).getScale();
      decimal.setSafe(row, exact(value, field).setScale(scale, RoundingMode.UNNECESSARY));
    } else if (vector instanceof BaseVariableWidthVector variable) {
      byte[] bytes = value instanceof String text ? text.getBytes(StandardCharsets.UTF_8) : (byte[]) value;
      variable.setSafe(row, bytes);
    } else {
      throw QuiverException.user("VALUES cannot hold a column of type " + field.getType());
    }
  }

  private static BigDecimal exact(Object value, Field field) {
    if (value instanceof BigDecimal decimal) {
      return decimal;
    }
    if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return BigDecimal.valueOf(((Number) value).longValue());
    }
    throw QuiverException.user("the value " + value + " does not fit column " + field.getName() + " of type "
        + field.getType());
  }

  private static double number(Object value) {
    return value instanceof Double number ? number : ((Number) value).doubleValue();
  }

  /** The stored value of a timestamp: a wall-clock time in the column's zone (or as UTC), an instant as is. */
  private static long timestamp(Object value, ArrowType.Timestamp type, Field field) {
    Instant instant;
    if (value instanceof Instant exact) {
      instant = exact;
    } else if (value instanceof LocalDateTime wallClock) {
      ZoneId zone = type.getTimezone() == null ? ZoneOffset.UTC : ZoneId.of(type.getTimezone());
      instant = wallClock.atZone(zone).toInstant();
    } else if (value instanceof LocalDate date) {
      instant = date.atStartOfDay(ZoneOffset.UTC).toInstant();
    } else {
      throw QuiverException.user("the value " + value + " does not fit column " + field.getName());
    }
    long seconds = instant.getEpochSecond();
    long nanos = instant.getNano();
    return switch (type.getUnit()) {
      case SECOND -> seconds;
      case MILLISECOND -> Math.addExact(Math.multiplyExact(seconds, 1_000L), nanos / 1_000_000);
      case MICROSECOND -> Math.addExact(Math.multiplyExact(seconds, 1_000_000L), nanos / 1_000);
      case NANOSECOND -> Math.addExact(Math.multiplyExact(seconds, 1_000_000_000L), nanos);
    };
  }
}
