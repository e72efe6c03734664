package dev.quiver.expression;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The SQL meaning of an expression on one row, written plainly and apart from the engine: values
 * compared as exact numbers (BigDecimal), exact seconds, code points, with three-valued logic.
 * Returns TRUE, FALSE or null (NULL).
 */
public final class ReferenceEvaluator {
  private ReferenceEvaluator() {}

  /** The result on the row whose cells {@code cells} gives (see {@link TestColumns} for cell types). */
  public static Boolean evaluate(Expression expression, Function<String, Object> cells) {
    if (expression instanceof Constant constant) {
      return constant.value();
    }
    if (expression instanceof Not not) {
      return negate(evaluate(not.operand(), cells));
    }
    if (expression instanceof And and) {
      boolean sawNull = false;
      for (Expression operand : and.operands()) {
        Boolean value = evaluate(operand, cells);
        if (Boolean.FALSE.equals(value)) {
          return false;
        }
        sawNull |= value == null;
      }
      return sawNull ? null : true;
    }
    if (expression instanceof Or or) {
      boolean sawNull = false;
      for (Expression operand : or.operands()) {
        Boolean value = evaluate(operand, cells);
        if (Boolean.TRUE.equals(value)) {
          return true;
        }
        sawNull |= value == null;
      }
      return sawNull ? null : false;
    }
    if (expression instanceof IsNull isNull) {
      return (cells.apply(isNull.column().name()) == null) != isNull.negated();
    }
    if (expression instanceof Comparison comparison) {
      Object cell = cells.apply(comparison.column().name());
      return compare(cell, comparison.operator(), comparison.literal(), comparison.column().type());
    }
    if (expression instanceof Between between) {
      Object cell = cells.apply(between.column().name());
      ArrowType type = between.column().type();
      Boolean inside = and(compare(cell, ComparisonOperator.GREATER_OR_EQUAL, between.low(), type),
          compare(cell, ComparisonOperator.LESS_OR_EQUAL, between.high(), type));
      return between.negated() ? negate(inside) : inside;
    }
    if (expression instanceof InList in) {
      Object cell = cells.apply(in.column().name());
      Boolean found = false;
      for (Literal value : in.values()) {
        Boolean equal = compare(cell, ComparisonOperator.EQUAL, value, in.column().type());
        if (Boolean.TRUE.equals(equal)) {
          found = true;
          break;
        }
        if (equal == null) {
          found = null;
        }
      }
      return in.negated() ? negate(found) : found;
    }
    if (expression instanceof Like like) {
      Object cell = cells.apply(like.column().name());
      if (cell == null) {
        return null;
      }
      return likeRegex(like.pattern(), like.escape()).matcher((String) cell).matches() != like.negated();
    }
    StartsWith startsWith = (StartsWith) expression;
    Object cell = cells.apply(startsWith.column().name());
    if (cell == null || startsWith.prefix().isNull()) {
      return null;
    }
    byte[] value = bytes(cell);
    byte[] prefix = bytes(startsWith.prefix().value());
    return value.length >= prefix.length && Arrays.equals(value, 0, prefix.length, prefix, 0, prefix.length);
  }

  private static Boolean negate(Boolean value) {
    return value == null ? null : !value;
  }

  private static Boolean and(Boolean left, Boolean right) {
    if (Boolean.FALSE.equals(left) || Boolean.FALSE.equals(right)) {
      return false;
    }
    return left == null || right == null ? null : true;
  }

  private static Boolean compare(Object cell, ComparisonOperator operator, Literal literal, ArrowType type) {
    if (cell == null || literal.isNull()) {
      return null;
    }
    int comparison = compare(cell, literal.value(), type);
    return switch (operator) {
      case EQUAL -> comparison == 0;
      case NOT_EQUAL -> comparison != 0;
      case LESS -> comparison < 0;
      case LESS_OR_EQUAL -> comparison <= 0;
      case GREATER -> comparison > 0;
      case GREATER_OR_EQUAL -> comparison >= 0;
    };
  }

  private static int compare(Object cell, Object literal, ArrowType type) {
    switch (type.getTypeID()) {
      case Int:
        return BigDecimal.valueOf((Long) cell).compareTo((BigDecimal) literal);
      case Decimal:
        return ((BigDecimal) cell).compareTo((BigDecimal) literal);
      case FloatingPoint: {
        boolean single = ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.SINGLE;
        double value = literal instanceof Double number ? number
            : single ? Float.parseFloat(literal.toString()) : Double.parseDouble(literal.toString());
        if (single) {
          value = (float) value;
        }
        return compareFloats((Double) cell, value);
      }
      case Bool:
        return Boolean.compare((Boolean) cell, (Boolean) literal);
      case Utf8:
      case Binary:
        return Arrays.compareUnsigned(bytes(cell), bytes(literal));
      case Date:
        return BigDecimal.valueOf((Long) cell).multiply(BigDecimal.valueOf(86_400))
            .compareTo(seconds(literal, ZoneOffset.UTC));
      default: {
        ArrowType.Timestamp timestamp = (ArrowType.Timestamp) type;
        ZoneId zone = timestamp.getTimezone() == null ? ZoneOffset.UTC : ZoneId.of(timestamp.getTimezone());
        int digits = switch (timestamp.getUnit()) {
          case SECOND -> 0;
          case MILLISECOND -> 3;
          case MICROSECOND -> 6;
          case NANOSECOND -> 9;
        };
        return BigDecimal.valueOf((Long) cell).movePointLeft(digits).compareTo(seconds(literal, zone));
      }
    }
  }

  /** SQL float order: NaN equals NaN and is above everything; -0.0 equals 0.0. */
  public static int compareFloats(double left, double right) {
    if (Double.isNaN(left) || Double.isNaN(right)) {
      return Boolean.compare(Double.isNaN(left), Double.isNaN(right));
    }
    return left < right ? -1 : left > right ? 1 : 0;
  }

  /** Exact seconds since the epoch of a date or timestamp literal; wall-clock values read in {@code zone}. */
  private static BigDecimal seconds(Object literal, ZoneId zone) {
    Instant instant;
    if (literal instanceof LocalDate date) {
      instant = date.atStartOfDay(zone).toInstant();
    } else if (literal instanceof LocalDateTime dateTime) {
      instant = dateTime.atZone(zone).toInstant();
    } else {
      instant = (Instant) literal;
    }
    return BigDecimal.valueOf(instant.getEpochSecond()).add(BigDecimal.valueOf(instant.getNano(), 9));
  }

  private static byte[] bytes(Object value) {
    return value instanceof String text ? text.getBytes(StandardCharsets.UTF_8) : (byte[]) value;
  }

  /** LIKE as a regular expression over code points. */
  public static Pattern likeRegex(String pattern, Character escape) {
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < pattern.length();) {
      int codePoint = pattern.codePointAt(i);
      i += Character.charCount(codePoint);
      if (escape != null && codePoint == escape) {
        codePoint = pattern.codePointAt(i);
        i += Character.charCount(codePoint);
        regex.append(Pattern.quote(new String(Character.toChars(codePoint))));
      } else if (codePoint == '%') {
        regex.append(".*");
      } else if (codePoint == '_') {
        regex.append('.');
      } else {
        regex.append(Pattern.quote(new String(Character.toChars(codePoint))));
      }
    }
    return Pattern.compile(regex.toString(), Pattern.DOTALL);
  }
}
