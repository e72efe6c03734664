package dev.quiver.expression.filter;

import dev.quiver.expression.Literal;
import dev.quiver.expression.LiteralCoercion;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Where a literal falls among a column's raw stored values (integers, dates in days, timestamps in
 * their unit, decimals unscaled, floats and booleans by {@link FloatKeys sortable key}): the largest
 * raw value not above it, and whether it equals that value. Comparisons then need no rounding.
 *
 * @param floor the largest raw value {@code <=} the literal (possibly outside any type's range)
 * @param exact whether the literal equals {@code floor}
 */
record RawBound(BigInteger floor, boolean exact) {
  /** Beyond every 128-bit value: literals farther out are clamped here, keeping their side. */
  private static final BigInteger FAR = BigInteger.ONE.shiftLeft(130);
  private static final BigDecimal FAR_DECIMAL = new BigDecimal(FAR);
  private static final BigInteger SECONDS_PER_DAY = BigInteger.valueOf(86_400);

  /** The bound of a non-null literal against a column of {@code type}. */
  static RawBound of(Literal literal, ArrowType type) {
    Object value = literal.value();
    return switch (type.getTypeID()) {
      case Int -> floorOf((BigDecimal) value);
      case Decimal -> floorOf(unscaled((BigDecimal) value, ((ArrowType.Decimal) type).getScale()));
      case FloatingPoint -> exact(FloatKeys.key(floatValue(value, (ArrowType.FloatingPoint) type)));
      case Bool -> exact((Boolean) value ? 1 : 0);
      case Date -> days(value);
      case Timestamp -> timestamp(value, (ArrowType.Timestamp) type);
      case Time -> time((LocalTime) value, (ArrowType.Time) type);
      default -> throw new IllegalStateException("no raw values for " + type);
    };
  }

  private static RawBound exact(long value) {
    return new RawBound(BigInteger.valueOf(value), true);
  }

  /** The literal rounded to the column's float precision (nearest), as a double. */
  static double floatValue(Object value, ArrowType.FloatingPoint type) {
    boolean single = type.getPrecision() == org.apache.arrow.vector.types.FloatingPointPrecision.SINGLE;
    if (value instanceof Double number) {
      return single ? (double) (float) number.doubleValue() : number;
    }
    String text = ((BigDecimal) value).toString();
    return single ? (double) Float.parseFloat(text) : Double.parseDouble(text);
  }

  /** The literal in units of the column's scale; literals far beyond any 128-bit value are clamped first. */
  private static BigDecimal unscaled(BigDecimal value, int scale) {
    if (value.abs().compareTo(FAR_DECIMAL) > 0) {
      return value.signum() > 0 ? FAR_DECIMAL.add(BigDecimal.ONE) : FAR_DECIMAL.negate().subtract(BigDecimal.ONE);
    }
    return value.movePointRight(scale);
  }

  /** The floor of an exact number, clamped far outside the 128-bit range. */
  static RawBound floorOf(BigDecimal value) {
    if (value.compareTo(FAR_DECIMAL) > 0) {
      return new RawBound(FAR, false);
    }
    if (value.compareTo(FAR_DECIMAL.negate()) < 0) {
      return new RawBound(FAR.negate(), false);
    }
    if (value.signum() == 0) {
      return new RawBound(BigInteger.ZERO, true);
    }
    if (value.precision() - value.scale() <= 0) {
      // 0 < |value| < 1: do not divide by a huge power of ten
      return new RawBound(value.signum() < 0 ? BigInteger.ONE.negate() : BigInteger.ZERO, false);
    }
    BigInteger floor = value.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
    return new RawBound(floor, value.compareTo(new BigDecimal(floor)) == 0);
  }

  private static RawBound days(Object value) {
    if (value instanceof LocalDate date) {
      return exact(date.toEpochDay());
    }
    Instant instant = value instanceof Instant moment ? moment : ((LocalDateTime) value).toInstant(ZoneOffset.UTC);
    BigInteger seconds = BigInteger.valueOf(instant.getEpochSecond());
    BigInteger[] division = seconds.divideAndRemainder(SECONDS_PER_DAY);
    BigInteger days = division[1].signum() < 0 ? division[0].subtract(BigInteger.ONE) : division[0];
    return new RawBound(days, division[1].signum() == 0 && instant.getNano() == 0);
  }

  private static RawBound timestamp(Object value, ArrowType.Timestamp type) {
    ZoneId zone = LiteralCoercion.zoneOf(type);
    Instant instant;
    if (value instanceof Instant moment) {
      instant = moment;
    } else if (value instanceof LocalDate date) {
      instant = date.atStartOfDay(zone).toInstant();
    } else {
      instant = ((LocalDateTime) value).atZone(zone).toInstant();
    }
    long perSecond;
    long nanosPerUnit;
    switch (type.getUnit()) {
      case SECOND -> {
        perSecond = 1;
        nanosPerUnit = 1_000_000_000;
      }
      case MILLISECOND -> {
        perSecond = 1_000;
        nanosPerUnit = 1_000_000;
      }
      case MICROSECOND -> {
        perSecond = 1_000_000;
        nanosPerUnit = 1_000;
      }
      default -> {
        perSecond = 1_000_000_000;
        nanosPerUnit = 1;
      }
    }
    BigInteger units = BigInteger.valueOf(instant.getEpochSecond()).multiply(BigInteger.valueOf(perSecond))
        .add(BigInteger.valueOf(instant.getNano() / nanosPerUnit));
    return new RawBound(units, instant.getNano() % nanosPerUnit == 0);
  }

  /** A time of day in the column's unit since midnight (floored). */
  private static RawBound time(LocalTime value, ArrowType.Time type) {
    long nanosPerUnit = switch (type.getUnit()) {
      case SECOND -> 1_000_000_000L;
      case MILLISECOND -> 1_000_000L;
      case MICROSECOND -> 1_000L;
      case NANOSECOND -> 1L;
    };
    long nanos = value.toNanoOfDay();
    return new RawBound(BigInteger.valueOf(nanos / nanosPerUnit), nanos % nanosPerUnit == 0);
  }
}
