package dev.quiver.expression;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A constant of an expression, already coerced to the column it is compared with. The value is one
 * of: {@code null} (SQL NULL), {@link Boolean}, {@link BigDecimal} (every finite number, exactly as
 * written), {@link Double} (only NaN and the infinities, for float columns), {@link String} (utf8),
 * {@code byte[]} (binary), {@link LocalDate}, {@link LocalDateTime} (a wall-clock time),
 * {@link Instant} (a time with an offset) or {@link LocalTime} (a time of day).
 *
 * @param value the value, or null for NULL
 * @param type the literal's exact type: the type of the column it was coerced to, or
 *     {@link ArrowType.Null} for a NULL of no type yet
 */
public record Literal(Object value, ArrowType type) implements Expression {
  /** The SQL NULL, of no type yet. */
  public static final Literal NULL = new Literal(null, ArrowType.Null.INSTANCE);

  /**
   * The literal of a column value given as its long key: an integer, a date in days, or a timestamp without a
   * zone in its unit (as a scan reads them).
   */
  public static Literal ofKey(long value, ArrowType type) {
    if (type instanceof ArrowType.Date) {
      return new Literal(LocalDate.ofEpochDay(value), type);
    }
    if (type instanceof ArrowType.Timestamp timestamp) {
      long perSecond = switch (timestamp.getUnit()) {
        case SECOND -> 1;
        case MILLISECOND -> 1_000;
        case MICROSECOND -> 1_000_000;
        case NANOSECOND -> 1_000_000_000;
      };
      long seconds = Math.floorDiv(value, perSecond);
      long nanos = Math.floorMod(value, perSecond) * (1_000_000_000 / perSecond);
      return new Literal(LocalDateTime.ofEpochSecond(seconds, (int) nanos, java.time.ZoneOffset.UTC), type);
    }
    return new Literal(BigDecimal.valueOf(value), type);
  }

  public Literal {
    Objects.requireNonNull(type, "type");
  }

  @Override
  public Set<String> columns() {
    return Set.of();
  }

  /** Whether this is the SQL NULL. */
  public boolean isNull() {
    return value == null;
  }

  @Override
  public boolean equals(Object other) {
    if (!(other instanceof Literal literal)) {
      return false;
    }
    if (!type.equals(literal.type)) {
      return false;
    }
    if (value instanceof byte[] bytes && literal.value instanceof byte[] otherBytes) {
      return Arrays.equals(bytes, otherBytes);
    }
    return Objects.equals(value, literal.value);
  }

  @Override
  public int hashCode() {
    return 31 * type.hashCode() + (value instanceof byte[] bytes ? Arrays.hashCode(bytes) : Objects.hashCode(value));
  }

  /** The literal in SQL syntax. */
  @Override
  public String toString() {
    if (value == null) {
      return "NULL";
    }
    if (value instanceof Boolean flag) {
      return flag ? "TRUE" : "FALSE";
    }
    if (value instanceof BigDecimal number) {
      return number.toString();
    }
    if (value instanceof Double number) {
      return SqlText.string(Double.isNaN(number) ? "NaN" : number > 0 ? "Infinity" : "-Infinity");
    }
    if (value instanceof String text) {
      return SqlText.string(text);
    }
    if (value instanceof byte[] bytes) {
      return SqlText.binary(bytes);
    }
    if (value instanceof LocalDate date) {
      return "DATE " + SqlText.string(date.toString());
    }
    if (value instanceof LocalTime time) {
      return "TIME " + SqlText.string(TemporalText.formatTime(time));
    }
    return "TIMESTAMP " + SqlText.string(TemporalText.format(value));
  }
}
