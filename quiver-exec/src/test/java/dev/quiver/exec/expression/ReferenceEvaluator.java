package dev.quiver.exec.expression;

import dev.quiver.expression.And;
import dev.quiver.expression.Between;
import dev.quiver.expression.Call;
import dev.quiver.expression.Cast;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Comparison;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Constant;
import dev.quiver.expression.Expression;
import dev.quiver.expression.InList;
import dev.quiver.expression.IsNull;
import dev.quiver.expression.Like;
import dev.quiver.expression.Literal;
import dev.quiver.expression.Not;
import dev.quiver.expression.Or;
import dev.quiver.expression.StartsWith;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A slow, obviously-correct evaluator of one row at a time over boxed values (Long for ints and dates,
 * Double, BigDecimal, String, Boolean, null), with SQL's semantics as the compiler documents them.
 * Errors are {@link Failure}. Covers the expressions {@link RandomExpressionTest} generates.
 */
final class ReferenceEvaluator {
  /** A row the expression fails on (overflow, division by zero, a bad cast). */
  static final class Failure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Failure(String message) {
      super(message);
    }
  }

  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  private ReferenceEvaluator() {}

  static Object evaluate(Expression expression, Object[] row) {
    if (expression instanceof ColumnReference column) {
      return row[column.ordinal()];
    }
    if (expression instanceof Literal literal) {
      return literal(literal);
    }
    if (expression instanceof Constant constant) {
      return constant.value();
    }
    if (expression instanceof Cast cast) {
      return cast(evaluate(cast.operand(), row), cast.operand().type(), cast.type());
    }
    if (expression instanceof Comparison comparison) {
      return compare(comparison.operator(), row[comparison.column().ordinal()], literal(comparison.literal()));
    }
    if (expression instanceof Between between) {
      Object value = row[between.column().ordinal()];
      Object low = compare(ComparisonOperator.GREATER_OR_EQUAL, value, literal(between.low()));
      Object high = compare(ComparisonOperator.LESS_OR_EQUAL, value, literal(between.high()));
      Object both = and(low, high);
      return between.negated() ? not(both) : both;
    }
    if (expression instanceof InList in) {
      Object value = row[in.column().ordinal()];
      Object any = Boolean.FALSE;
      for (Literal item : in.values()) {
        any = or(any, compare(ComparisonOperator.EQUAL, value, literal(item)));
      }
      return in.negated() ? not(any) : any;
    }
    if (expression instanceof IsNull isNull) {
      return (row[isNull.column().ordinal()] == null) != isNull.negated();
    }
    if (expression instanceof Like like) {
      Object value = row[like.column().ordinal()];
      Object match = value == null ? null : like(like.pattern(), like.escape(), (String) value);
      return like.negated() ? not(match) : match;
    }
    if (expression instanceof StartsWith startsWith) {
      Object value = row[startsWith.column().ordinal()];
      Object prefix = startsWith.prefix().value();
      return value == null || prefix == null ? null : ((String) value).startsWith((String) prefix);
    }
    if (expression instanceof And and) {
      Object result = Boolean.TRUE;
      for (Expression operand : and.operands()) {
        result = and(result, evaluate(operand, row));
        if (Boolean.FALSE.equals(result)) {
          return false;
        }
      }
      return result;
    }
    if (expression instanceof Or or) {
      Object result = Boolean.FALSE;
      for (Expression operand : or.operands()) {
        result = or(result, evaluate(operand, row));
        if (Boolean.TRUE.equals(result)) {
          return true;
        }
      }
      return result;
    }
    if (expression instanceof Not not) {
      return not(evaluate(not.operand(), row));
    }
    return call((Call) expression, row);
  }

  private static Object literal(Literal literal) {
    Object value = literal.value();
    if (value instanceof BigDecimal number && literal.type() instanceof ArrowType.Int) {
      return number.longValueExact();
    }
    if (value instanceof BigDecimal number && literal.type() instanceof ArrowType.FloatingPoint) {
      return number.doubleValue();
    }
    if (value instanceof LocalDate date) {
      return date.toEpochDay();
    }
    return value;
  }

  static Object and(Object a, Object b) {
    if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
      return false;
    }
    return a == null || b == null ? null : true;
  }

  static Object or(Object a, Object b) {
    if (Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b)) {
      return true;
    }
    return a == null || b == null ? null : false;
  }

  static Object not(Object a) {
    return a == null ? null : !(Boolean) a;
  }

  /** Compares two non-boxed-NULL values of comparable kinds: the sign, by SQL's order. */
  static int order(Object a, Object b) {
    if (a instanceof Double || b instanceof Double) {
      double x = ((Number) (a instanceof BigDecimal d ? d.doubleValue() : a)).doubleValue();
      double y = ((Number) (b instanceof BigDecimal d ? d.doubleValue() : b)).doubleValue();
      return Double.compare(x == 0 ? 0.0 : x, y == 0 ? 0.0 : y);
    }
    if (a instanceof BigDecimal || b instanceof BigDecimal) {
      return decimal(a).compareTo(decimal(b));
    }
    if (a instanceof String x) {
      return Integer.signum(Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8),
          ((String) b).getBytes(StandardCharsets.UTF_8)));
    }
    if (a instanceof Boolean x) {
      return Boolean.compare(x, (Boolean) b);
    }
    return Long.compare((Long) a, (Long) b);
  }

  private static BigDecimal decimal(Object value) {
    return value instanceof BigDecimal decimal ? decimal : BigDecimal.valueOf((Long) value);
  }

  static Object compare(ComparisonOperator operator, Object a, Object b) {
    if (a == null || b == null) {
      return null;
    }
    int sign = order(a, b);
    return switch (operator) {
      case EQUAL -> sign == 0;
      case NOT_EQUAL -> sign != 0;
      case LESS -> sign < 0;
      case LESS_OR_EQUAL -> sign <= 0;
      case GREATER -> sign > 0;
      case GREATER_OR_EQUAL -> sign >= 0;
    };
  }

  static boolean like(String pattern, Character escape, String value) {
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < pattern.length();) {
      int c = pattern.codePointAt(i);
      i += Character.charCount(c);
      if (escape != null && c == escape) {
        int next = pattern.codePointAt(i);
        i += Character.charCount(next);
        regex.append(Pattern.quote(new String(Character.toChars(next))));
      } else if (c == '%') {
        regex.append(".*");
      } else if (c == '_') {
        regex.append('.');
      } else {
        regex.append(Pattern.quote(new String(Character.toChars(c))));
      }
    }
    return Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(value).matches();
  }

  private static Object call(Call call, Object[] row) {
    List<Expression> arguments = call.arguments();
    String function = call.function();
    switch (function) {
      case Functions.CASE -> {
        for (int i = 0; i + 1 < arguments.size(); i += 2) {
          if (Boolean.TRUE.equals(evaluate(arguments.get(i), row))) {
            return coerce(evaluate(arguments.get(i + 1), row), arguments.get(i + 1).type(), call.type());
          }
        }
        Expression otherwise = arguments.get(arguments.size() - 1);
        return coerce(evaluate(otherwise, row), otherwise.type(), call.type());
      }
      case Functions.COALESCE -> {
        for (Expression argument : arguments) {
          Object value = evaluate(argument, row);
          if (value != null) {
            return coerce(value, argument.type(), call.type());
          }
        }
        return null;
      }
      default -> {}
    }
    Object[] values = new Object[arguments.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = evaluate(arguments.get(i), row);
    }
    switch (function) {
      case Functions.IS_NULL -> {
        return values[0] == null;
      }
      case Functions.IS_NOT_NULL -> {
        return values[0] != null;
      }
      case Functions.IS_TRUE -> {
        return Boolean.TRUE.equals(values[0]);
      }
      case Functions.IS_FALSE -> {
        return Boolean.FALSE.equals(values[0]);
      }
      case Functions.NULLIF -> {
        Object value = coerce(values[0], arguments.get(0).type(), call.type());
        return value != null && values[1] != null && order(values[0], values[1]) == 0 ? null : value;
      }
      case Functions.IN -> {
        Object any = Boolean.FALSE;
        for (int i = 1; i < values.length; i++) {
          any = or(any, compare(ComparisonOperator.EQUAL, values[0], values[i]));
        }
        return any;
      }
      case Functions.IS_DISTINCT_FROM -> {
        return values[0] == null || values[1] == null ? (values[0] == null) != (values[1] == null)
            : order(values[0], values[1]) != 0;
      }
      default -> {}
    }
    for (Object value : values) {
      if (value == null) {
        return null;
      }
    }
    ArrowType type = call.type();
    return switch (function) {
      case Functions.EQUAL -> compare(ComparisonOperator.EQUAL, values[0], values[1]);
      case Functions.NOT_EQUAL -> compare(ComparisonOperator.NOT_EQUAL, values[0], values[1]);
      case Functions.LESS_THAN -> compare(ComparisonOperator.LESS, values[0], values[1]);
      case Functions.LESS_THAN_OR_EQUAL -> compare(ComparisonOperator.LESS_OR_EQUAL, values[0], values[1]);
      case Functions.GREATER_THAN -> compare(ComparisonOperator.GREATER, values[0], values[1]);
      case Functions.GREATER_THAN_OR_EQUAL -> compare(ComparisonOperator.GREATER_OR_EQUAL, values[0], values[1]);
      case Functions.ADD, Functions.SUBTRACT, Functions.MULTIPLY, Functions.DIVIDE, Functions.MODULO ->
        arithmetic(function, values[0], values[1], type);
      case Functions.NEGATE -> type instanceof ArrowType.Int ? checkLong(BigInteger.valueOf((Long) values[0]).negate())
          : values[0] instanceof Double x ? -x : checkDecimal(((BigDecimal) values[0]).negate(), type);
      case Functions.ABS -> type instanceof ArrowType.Int ? checkLong(BigInteger.valueOf((Long) values[0]).abs())
          : values[0] instanceof Double x ? Math.abs(x) : checkDecimal(((BigDecimal) values[0]).abs(), type);
      case Functions.LIKE -> like((String) values[1], null, (String) values[0]);
      case Functions.SUBSTRING -> substring((String) values[0], (Long) values[1], values.length > 2 ? (Long) values[2]
          : null);
      case Functions.UPPER -> ((String) values[0]).toUpperCase(Locale.ROOT);
      case Functions.LOWER -> ((String) values[0]).toLowerCase(Locale.ROOT);
      case Functions.TRIM -> trim((String) values[0]);
      case Functions.CONCAT -> {
        StringBuilder text = new StringBuilder();
        for (Object value : values) {
          text.append((String) value);
        }
        yield text.toString();
      }
      case Functions.CHAR_LENGTH -> (long) ((String) values[0]).codePointCount(0, ((String) values[0]).length());
      case Functions.EXTRACT -> extract((String) values[0], (Long) values[1]);
      case Functions.DATE_ADD_DAYS -> checkDate(BigInteger.valueOf((Long) values[0]).add(BigInteger.valueOf(
          (Long) values[1])));
      case Functions.DATE_ADD_MONTHS -> addMonths((Long) values[0], (Long) values[1]);
      default -> throw new IllegalArgumentException("the reference does not know " + function);
    };
  }

  private static long addMonths(long days, long months) {
    try {
      return checkDate(BigInteger.valueOf(LocalDate.ofEpochDay(days).plusMonths(months).toEpochDay()));
    } catch (java.time.DateTimeException | ArithmeticException outOfRange) {
      throw new Failure("date out of range");
    }
  }

  private static Object coerce(Object value, ArrowType from, ArrowType to) {
    return value == null || from.equals(to) ? value : cast(value, from, to);
  }

  private static Object arithmetic(String function, Object a, Object b, ArrowType type) {
    if (type instanceof ArrowType.Int) {
      BigInteger x = BigInteger.valueOf((Long) a);
      BigInteger y = BigInteger.valueOf((Long) b);
      if ((function.equals(Functions.DIVIDE) || function.equals(Functions.MODULO)) && y.signum() == 0) {
        throw new Failure("division by zero");
      }
      return checkLong(switch (function) {
        case Functions.ADD -> x.add(y);
        case Functions.SUBTRACT -> x.subtract(y);
        case Functions.MULTIPLY -> x.multiply(y);
        case Functions.DIVIDE -> x.divide(y);
        default -> x.remainder(y);
      });
    }
    if (type instanceof ArrowType.FloatingPoint) {
      double x = ((Number) (a instanceof BigDecimal d ? d.doubleValue() : a)).doubleValue();
      double y = ((Number) (b instanceof BigDecimal d ? d.doubleValue() : b)).doubleValue();
      if ((function.equals(Functions.DIVIDE) || function.equals(Functions.MODULO)) && y == 0) {
        throw new Failure("division by zero");
      }
      return switch (function) {
        case Functions.ADD -> x + y;
        case Functions.SUBTRACT -> x - y;
        case Functions.MULTIPLY -> x * y;
        case Functions.DIVIDE -> x / y;
        default -> x % y;
      };
    }
    BigDecimal x = decimal(a);
    BigDecimal y = decimal(b);
    int scale = ((ArrowType.Decimal) type).getScale();
    if ((function.equals(Functions.DIVIDE) || function.equals(Functions.MODULO)) && y.signum() == 0) {
      throw new Failure("division by zero");
    }
    BigDecimal exact = switch (function) {
      case Functions.ADD -> x.add(y);
      case Functions.SUBTRACT -> x.subtract(y);
      case Functions.MULTIPLY -> x.multiply(y);
      case Functions.DIVIDE -> x.divide(y, scale, RoundingMode.HALF_UP);
      default -> x.remainder(y);
    };
    return checkDecimal(exact, type);
  }

  private static long checkLong(BigInteger value) {
    if (value.compareTo(LONG_MIN) < 0 || value.compareTo(LONG_MAX) > 0) {
      throw new Failure("integer overflow");
    }
    return value.longValue();
  }

  private static long checkDate(BigInteger days) {
    if (days.bitLength() >= 32) {
      throw new Failure("date out of range");
    }
    return days.longValue();
  }

  static BigDecimal checkDecimal(BigDecimal value, ArrowType type) {
    ArrowType.Decimal decimal = (ArrowType.Decimal) type;
    BigDecimal rounded = value.setScale(decimal.getScale(), RoundingMode.HALF_UP);
    if (rounded.unscaledValue().abs().compareTo(BigInteger.TEN.pow(decimal.getPrecision())) >= 0) {
      throw new Failure("decimal overflow");
    }
    return rounded;
  }

  private static String substring(String value, long start, Long length) {
    int[] points = value.codePoints().toArray();
    long first = Math.max(start, 1);
    long end = length == null ? Long.MAX_VALUE : start + length;
    if (length != null && length < 0) {
      throw new Failure("negative substring length");
    }
    StringBuilder text = new StringBuilder();
    for (long position = first; position < end && position <= points.length; position++) {
      text.appendCodePoint(points[(int) position - 1]);
    }
    return text.toString();
  }

  private static String trim(String value) {
    int start = 0;
    int end = value.length();
    while (start < end && value.charAt(start) == ' ') {
      start++;
    }
    while (end > start && value.charAt(end - 1) == ' ') {
      end--;
    }
    return value.substring(start, end);
  }

  private static long extract(String unit, long days) {
    LocalDate date = LocalDate.ofEpochDay(days);
    return switch (unit) {
      case "year" -> date.getYear();
      case "month" -> date.getMonthValue();
      case "day" -> date.getDayOfMonth();
      case "doy" -> date.getDayOfYear();
      case "dow" -> date.getDayOfWeek().getValue() % 7;
      case "quarter" -> (date.getMonthValue() - 1) / 3 + 1;
      default -> throw new IllegalArgumentException(unit);
    };
  }

  static Object cast(Object value, ArrowType from, ArrowType to) {
    if (value == null) {
      return null;
    }
    if (to instanceof ArrowType.Utf8) {
      if (value instanceof BigDecimal decimal) {
        return decimal.toPlainString();
      }
      if (value instanceof Boolean flag) {
        return flag.toString();
      }
      if (from instanceof ArrowType.Date) {
        return LocalDate.ofEpochDay((Long) value).toString();
      }
      return value.toString();
    }
    if (to instanceof ArrowType.Int) {
      BigDecimal number;
      if (value instanceof Double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
          throw new Failure("bad cast");
        }
        number = new BigDecimal(x);
      } else if (value instanceof String text) {
        try {
          number = new BigDecimal(text.trim());
        } catch (NumberFormatException bad) {
          throw new Failure("bad cast");
        }
      } else if (value instanceof Boolean flag) {
        number = flag ? BigDecimal.ONE : BigDecimal.ZERO;
      } else {
        number = decimal(value);
      }
      // A float rounds half to even (DuckDB, PostgreSQL: CAST(4.5 AS BIGINT) = 4); a decimal half away from zero.
      RoundingMode rounding = value instanceof Double ? RoundingMode.HALF_EVEN : RoundingMode.HALF_UP;
      BigInteger rounded = number.setScale(0, rounding).toBigInteger();
      int bits = ((ArrowType.Int) to).getBitWidth();
      if (rounded.bitLength() >= bits) {
        throw new Failure("bad cast");
      }
      return rounded.longValue();
    }
    if (to instanceof ArrowType.FloatingPoint) {
      return value instanceof BigDecimal decimal ? decimal.doubleValue() : ((Number) value).doubleValue();
    }
    if (to instanceof ArrowType.Decimal) {
      BigDecimal number = value instanceof Double x ? new BigDecimal(x) : decimal(value);
      return checkDecimal(number, to);
    }
    throw new IllegalArgumentException("the reference does not cast to " + to);
  }
}
