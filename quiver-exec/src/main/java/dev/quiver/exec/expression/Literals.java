package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import dev.quiver.common.arrow.IntervalValue;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Literal;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Literals as constant nodes, and the exact comparison of a column with a literal: a literal the
 * column's values cannot equal exactly ({@code int_column < 2.5}, {@code int8_column > 1000},
 * {@code date_column < TIMESTAMP '1994-01-01 10:00'}, {@code decimal(15,2)_column = 0.055}) becomes
 * an equivalent bound on the column's own values, or a constant truth (NULL on NULL rows).
 */
final class Literals {
  private static final BigDecimal MICROS_PER_DAY = BigDecimal.valueOf(Types.MICROS_PER_DAY);

  private Literals() {}

  /** The constant node of a literal (its value converted to its type's kind). */
  static LiteralNode node(Literal literal) {
    return node(literal.value(), literal.type());
  }

  static LiteralNode node(Object value, ArrowType type) {
    if (value == null) {
      return new LiteralNode(CastNode.nulls(type, 1), type);
    }
    Column column = switch (Kind.of(type)) {
      case BOOL -> new BoolColumn(new boolean[] {(Boolean) value}, null);
      case LONG -> new LongColumn(new long[] {longValue(value, type)}, null);
      case DOUBLE -> new DoubleColumn(new double[] {doubleValue(value, type)}, null);
      case DECIMAL -> decimal(decimalValue(value), type);
      case STRING -> StringColumn.constant(((String) value).getBytes(StandardCharsets.UTF_8), 1);
      case INTERVAL -> interval(value);
      case NULL -> CastNode.nulls(type, 1);
    };
    return new LiteralNode(column, nodeType(value, type));
  }

  private static Column interval(Object value) {
    if (!(value instanceof IntervalValue interval)) {
      throw QuiverException.user("literal " + value + " is not an interval");
    }
    return new IntervalColumn(new int[] {interval.months()}, new int[] {interval.days()},
        new long[] {interval.micros()}, null);
  }

  private static Column decimal(BigDecimal value, ArrowType type) {
    int scale = Math.max(Types.scale(type), value.scale());
    return DecimalColumn.of(scale, new BigInteger[] {value.setScale(scale, RoundingMode.UNNECESSARY).unscaledValue()},
        null);
  }

  /** The type of a literal's node: a decimal literal with more digits after the point keeps them. */
  static ArrowType nodeType(Object value, ArrowType type) {
    if (value instanceof BigDecimal decimal && type instanceof ArrowType.Decimal declared
        && decimal.scale() > declared.getScale()) {
      int scale = decimal.scale();
      int precision = Math.max(declared.getPrecision() - declared.getScale(), decimal.precision() - scale) + scale;
      return new ArrowType.Decimal(Math.min(precision, 76), scale, 128);
    }
    return type;
  }

  private static BigDecimal decimalValue(Object value) {
    if (value instanceof BigDecimal decimal) {
      return decimal;
    }
    if (value instanceof Number number) {
      return new BigDecimal(number.toString());
    }
    throw QuiverException.user("literal " + value + " is not a number");
  }

  private static double doubleValue(Object value, ArrowType type) {
    if (value instanceof Double number) {
      return Types.isSingle(type) ? (float) (double) number : number;
    }
    BigDecimal decimal = decimalValue(value);
    return Types.isSingle(type) ? decimal.floatValue() : decimal.doubleValue();
  }

  /** The exact value of a literal in a LONG-kind type's domain (ints, days, microseconds; TIME in its unit). */
  private static BigDecimal exact(Object value, ArrowType type) {
    if (Types.isDate(type)) {
      if (value instanceof LocalDate date) {
        return BigDecimal.valueOf(date.toEpochDay());
      }
      // floor, ceiling and integrality survive a quotient floored at 40 digits (a day is 8.64e16 nanos)
      return micros(value, type).divide(MICROS_PER_DAY, 40, RoundingMode.FLOOR);
    }
    if (Types.isTimestamp(type)) {
      return micros(value, type);
    }
    if (Types.isTime(type) && value instanceof LocalTime time) {
      return BigDecimal.valueOf(time.toNanoOfDay()).divide(BigDecimal.valueOf(Types.nanosPerTimeUnit(type)));
    }
    return decimalValue(value);
  }

  /** Microseconds (possibly fractional, as a BigInteger of nanos / 1000 would lose) of a temporal value. */
  private static BigDecimal micros(Object value, ArrowType type) {
    if (value instanceof Instant instant) {
      return BigDecimal.valueOf(instant.getEpochSecond()).multiply(BigDecimal.valueOf(Types.MICROS_PER_SECOND))
          .add(BigDecimal.valueOf(instant.getNano(), 3));
    }
    LocalDateTime local = value instanceof LocalDate date ? date.atStartOfDay() : (LocalDateTime) value;
    if (Types.isTimestamp(type) && ((ArrowType.Timestamp) type).getTimezone() != null) {
      return micros(local.atZone(Types.zone(type)).toInstant(), type);
    }
    return micros(local.toInstant(ZoneOffset.UTC), type);
  }

  private static long longValue(Object value, ArrowType type) {
    BigDecimal exact = exact(value, type);
    try {
      return Types.isInt(type) ? exact.longValueExact() : exact.setScale(0, RoundingMode.FLOOR).longValueExact();
    } catch (ArithmeticException tooLarge) {
      throw QuiverException.user("literal " + value + " does not fit " + Types.name(type));
    }
  }

  /** {@code column <operator> literal}, exact; the literal is of (or coerced to) the column's type. */
  static Node compare(Node column, ComparisonOperator operator, Literal literal) {
    ArrowType type = column.type;
    if (literal.isNull()) {
      return new LiteralNode(CastNode.nulls(Types.BOOL, 1), Types.BOOL);
    }
    Object value = literal.value();
    if (column.kind == Kind.LONG) {
      long minimum = Types.isInt(type) ? Types.intMinimum(Types.bitWidth(type))
          : Types.isDate(type) ? Integer.MIN_VALUE : Long.MIN_VALUE;
      long maximum = Types.isInt(type) ? Types.intMaximum(Types.bitWidth(type))
          : Types.isDate(type) ? Integer.MAX_VALUE : Long.MAX_VALUE;
      return bound(column, operator, exact(value, type), BigInteger.valueOf(minimum), BigInteger.valueOf(maximum),
          0);
    }
    if (column.kind == Kind.DECIMAL && value instanceof Number) {
      int scale = Types.scale(type);
      BigInteger limit = Types.bigPowerOfTen(Types.precision(type)).subtract(BigInteger.ONE);
      return bound(column, operator, decimalValue(value).movePointRight(scale), limit.negate(), limit, scale);
    }
    if (column.kind == Kind.STRING && !(value instanceof String)) {
      throw QuiverException.user("cannot compare " + Types.name(type) + " with " + literal);
    }
    return new ComparisonNode(operator, column, node(value, type));
  }

  /**
   * {@code column <op> v} where the column holds integers in [minimum, maximum] (unscaled at
   * {@code scale} for a decimal column) and v is exact: an integer bound, or a constant.
   */
  private static Node bound(Node column, ComparisonOperator operator, BigDecimal v, BigInteger minimum,
      BigInteger maximum, int scale) {
    boolean integral = v.signum() == 0 || v.stripTrailingZeros().scale() <= 0;
    BigInteger floor = v.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
    BigInteger ceiling = v.setScale(0, RoundingMode.CEILING).toBigIntegerExact();
    boolean inRange = integral && floor.compareTo(minimum) >= 0 && floor.compareTo(maximum) <= 0;
    return switch (operator) {
      case EQUAL -> inRange ? comparison(column, operator, floor, scale) : new ConstantUnlessNullNode(column, false);
      case NOT_EQUAL -> inRange ? comparison(column, operator, floor, scale)
          : new ConstantUnlessNullNode(column, true);
      case LESS -> atMost(column, ceiling.subtract(BigInteger.ONE), minimum, maximum, scale);
      case LESS_OR_EQUAL -> atMost(column, floor, minimum, maximum, scale);
      case GREATER -> atLeast(column, floor.add(BigInteger.ONE), minimum, maximum, scale);
      case GREATER_OR_EQUAL -> atLeast(column, ceiling, minimum, maximum, scale);
    };
  }

  private static Node atMost(Node column, BigInteger bound, BigInteger minimum, BigInteger maximum, int scale) {
    if (bound.compareTo(maximum) >= 0) {
      return new ConstantUnlessNullNode(column, true);
    }
    if (bound.compareTo(minimum) < 0) {
      return new ConstantUnlessNullNode(column, false);
    }
    return comparison(column, ComparisonOperator.LESS_OR_EQUAL, bound, scale);
  }

  private static Node atLeast(Node column, BigInteger bound, BigInteger minimum, BigInteger maximum, int scale) {
    if (bound.compareTo(minimum) <= 0) {
      return new ConstantUnlessNullNode(column, true);
    }
    if (bound.compareTo(maximum) > 0) {
      return new ConstantUnlessNullNode(column, false);
    }
    return comparison(column, ComparisonOperator.GREATER_OR_EQUAL, bound, scale);
  }

  private static Node comparison(Node column, ComparisonOperator operator, BigInteger bound, int scale) {
    Column constant = column.kind == Kind.DECIMAL ? DecimalColumn.of(scale, new BigInteger[] {bound}, null)
        : new LongColumn(new long[] {bound.longValueExact()}, null);
    return new ComparisonNode(operator, column, new LiteralNode(constant, column.type));
  }
}
