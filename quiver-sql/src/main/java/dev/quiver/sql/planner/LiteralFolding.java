package dev.quiver.sql.planner;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;

/**
 * Folds the constant expressions queries usually hold without compiling anything: exact numbers
 * added, subtracted and multiplied, a date plus or minus a day, month or year interval (a month
 * added to the 31st gives the month's last day, as Calcite and the engine do), and casts of exact
 * numbers to exact types they fit without rounding. A result too large for its type is not folded
 * at all (the engine raises the overflow when it evaluates the expression; Calcite's executor would
 * wrap an integer around). Anything else (a cast that rounds, other functions) is left to Calcite's
 * executor: {@link #fold} returns null.
 */
final class LiteralFolding {
  private static final long MILLIS_PER_DAY = 86_400_000L;

  /** The value of an expression whose exact result does not fit its type. */
  private static final Object OVERFLOW = new Object();

  private LiteralFolding() {}

  /**
   * The literal {@code expression} folds to, of exactly its type; {@code expression} itself when its
   * result overflows (it stays for the engine to evaluate and fail); null when not folded here.
   */
  static RexNode fold(RexBuilder rexBuilder, RexNode expression) {
    Object value = value(expression);
    if (value == OVERFLOW) {
      return expression;
    }
    if (value == null) {
      return null;
    }
    RelDataType type = expression.getType();
    if (value instanceof LocalDate date) {
      return type.getSqlTypeName() == SqlTypeName.DATE
          ? rexBuilder.makeLiteral(DateString.fromDaysSinceEpoch((int) date.toEpochDay()), type, false) : null;
    }
    if (!(value instanceof BigDecimal number)) {
      return null;
    }
    Object fitted = fitted(number, type);
    if (fitted == OVERFLOW) {
      return expression;
    }
    return fitted == null ? null : rexBuilder.makeLiteral(fitted, type, false);
  }

  /** A value as a LocalDate, an exact BigDecimal, an {@link Interval} or {@link #OVERFLOW}; null when not foldable here. */
  private static Object value(RexNode node) {
    if (node instanceof RexLiteral literal) {
      return literalValue(literal);
    }
    if (!(node instanceof RexCall call)) {
      return null;
    }
    List<RexNode> operands = call.getOperands();
    switch (call.getKind()) {
      case CAST: {
        Object operand = value(operands.get(0));
        return operand instanceof BigDecimal number ? fitted(number, call.getType()) : operand == OVERFLOW ? OVERFLOW
            : null;
      }
      case PLUS:
      case MINUS:
      case TIMES: {
        if (operands.size() != 2) {
          return null;
        }
        Object left = value(operands.get(0));
        Object right = value(operands.get(1));
        if (left == OVERFLOW || right == OVERFLOW) {
          return OVERFLOW;
        }
        if (left instanceof BigDecimal a && right instanceof BigDecimal b) {
          BigDecimal result = switch (call.getKind()) {
            case PLUS -> a.add(b);
            case MINUS -> a.subtract(b);
            default -> a.multiply(b);
          };
          return fitted(result, call.getType());
        }
        if (call.getKind() != SqlKind.TIMES && left instanceof LocalDate date && right instanceof Interval interval) {
          return interval.addTo(date, call.getKind() == SqlKind.MINUS);
        }
        return null;
      }
      default:
        return null;
    }
  }

  /** An interval literal: months, or whole days. */
  private record Interval(long months, long days) {
    LocalDate addTo(LocalDate date, boolean subtract) {
      long sign = subtract ? -1 : 1;
      return months != 0 ? date.plusMonths(sign * months) : date.plusDays(sign * days);
    }
  }

  private static Object literalValue(RexLiteral literal) {
    SqlTypeName type = literal.getType().getSqlTypeName();
    if (literal.isNull()) {
      return null;
    }
    if (type == SqlTypeName.DATE) {
      DateString date = literal.getValueAs(DateString.class);
      return date == null ? null : LocalDate.ofEpochDay(date.getDaysSinceEpoch());
    }
    if (SqlTypeFamily.EXACT_NUMERIC.contains(literal.getType())) {
      return literal.getValueAs(BigDecimal.class);
    }
    if (SqlTypeFamily.INTERVAL_YEAR_MONTH.contains(literal.getType())) {
      BigDecimal months = literal.getValueAs(BigDecimal.class);
      return months == null ? null : new Interval(months.longValueExact(), 0);
    }
    if (SqlTypeFamily.INTERVAL_DAY_TIME.contains(literal.getType())) {
      BigDecimal millis = literal.getValueAs(BigDecimal.class);
      if (millis == null || millis.remainder(BigDecimal.valueOf(MILLIS_PER_DAY)).signum() != 0) {
        return null;
      }
      return new Interval(0, millis.longValueExact() / MILLIS_PER_DAY);
    }
    return null;
  }

  /** {@code value} as a value of the exact numeric {@code type}, null when it would round, or {@link #OVERFLOW}. */
  private static Object fitted(BigDecimal value, RelDataType type) {
    SqlTypeName name = type.getSqlTypeName();
    long low;
    long high;
    switch (name) {
      case TINYINT -> {
        low = Byte.MIN_VALUE;
        high = Byte.MAX_VALUE;
      }
      case SMALLINT -> {
        low = Short.MIN_VALUE;
        high = Short.MAX_VALUE;
      }
      case INTEGER -> {
        low = Integer.MIN_VALUE;
        high = Integer.MAX_VALUE;
      }
      case BIGINT -> {
        low = Long.MIN_VALUE;
        high = Long.MAX_VALUE;
      }
      case DECIMAL -> {
        if (value.scale() > type.getScale()) {
          BigDecimal stripped = value.stripTrailingZeros();
          if (stripped.scale() > type.getScale()) {
            return null;
          }
        }
        BigDecimal scaled = value.setScale(type.getScale());
        return scaled.precision() - scaled.scale() <= type.getPrecision() - type.getScale() ? scaled : OVERFLOW;
      }
      default -> {
        return null;
      }
    }
    if (value.stripTrailingZeros().scale() > 0) {
      return null;
    }
    BigDecimal whole = value.setScale(0);
    return whole.compareTo(BigDecimal.valueOf(low)) >= 0 && whole.compareTo(BigDecimal.valueOf(high)) <= 0 ? whole
        : OVERFLOW;
  }
}
