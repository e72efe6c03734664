package dev.quiver.spark.read;

import dev.quiver.common.QuiverException;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Expressions;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark's V2 predicates over data columns as Quiver filter expressions (zone pruning, then exact
 * evaluation in the scan). A predicate is translated only where Quiver's answer is Spark's answer for
 * every row it keeps; it is <em>exact</em> (Spark need not evaluate it again) where the two agree on
 * every row: comparisons, IN, IS [NOT] NULL, starts/ends-with and contains, and AND/OR/NOT of those,
 * over integer, decimal, boolean, date, microsecond-timestamp and UTF8_BINARY string columns. Float
 * and double predicates are translated but not exact (Spark evaluates them again); binary columns,
 * collated strings and timestamps of other units are left to Spark.
 */
final class PredicateTranslator {
  /** A translated predicate: the Quiver expression and whether it is all Spark needs. */
  record Translation(Expression expression, boolean exact) {}

  private final Schema schema;

  PredicateTranslator(Schema schema) {
    this.schema = schema;
  }

  /** The translation, or null when the predicate (or a part of it) stays with Spark. */
  Translation translate(Predicate predicate) {
    try {
      return translateOrThrow(predicate);
    } catch (QuiverException | Unsupported notTranslated) {
      return null;
    }
  }

  /** Thrown inside the translation for a predicate left to Spark. */
  private static final class Unsupported extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unsupported() {
      super(null, null, false, false);
    }
  }

  private Translation translateOrThrow(Predicate predicate) {
    org.apache.spark.sql.connector.expressions.Expression[] children = predicate.children();
    switch (predicate.name()) {
      case "AND", "OR": {
        Translation left = translateOrThrow((Predicate) children[0]);
        Translation right = translateOrThrow((Predicate) children[1]);
        Expression joined = predicate.name().equals("AND") ? Expressions.and(left.expression(), right.expression())
            : Expressions.or(left.expression(), right.expression());
        return new Translation(joined, left.exact() && right.exact());
      }
      case "NOT": {
        Translation operand = translateOrThrow((Predicate) children[0]);
        return new Translation(Expressions.not(operand.expression()), operand.exact());
      }
      case "IS_NULL", "IS_NOT_NULL": {
        ColumnReference column = column(children[0]);
        exactness(column);
        return new Translation(predicate.name().equals("IS_NULL") ? Expressions.isNull(column)
            : Expressions.isNotNull(column), true);
      }
      case "=", "<>", "<", "<=", ">", ">=", "<=>":
        return comparison(predicate.name(), children);
      case "IN": {
        ColumnReference column = column(children[0]);
        boolean exact = exactness(column);
        List<Object> values = new ArrayList<>();
        for (int i = 1; i < children.length; i++) {
          Object value = literal(children[i], column);
          if (value == null) {
            throw new Unsupported();
          }
          values.add(value);
        }
        return new Translation(Expressions.in(column, values), exact);
      }
      case "STARTS_WITH", "ENDS_WITH", "CONTAINS": {
        ColumnReference column = column(children[0]);
        if (!(column.type() instanceof ArrowType.Utf8)) {
          throw new Unsupported();
        }
        Object value = literal(children[1], column);
        if (!(value instanceof String text)) {
          throw new Unsupported();
        }
        Expression expression = switch (predicate.name()) {
          case "STARTS_WITH" -> Expressions.startsWith(column, text);
          case "ENDS_WITH" -> Expressions.like(column, "%" + escapeLike(text), '\\', false);
          default -> Expressions.like(column, "%" + escapeLike(text) + "%", '\\', false);
        };
        return new Translation(expression, true);
      }
      default:
        throw new Unsupported();
    }
  }

  private Translation comparison(String name, org.apache.spark.sql.connector.expressions.Expression[] children) {
    boolean columnFirst = children[0] instanceof NamedReference;
    ColumnReference column = column(columnFirst ? children[0] : children[1]);
    boolean exact = exactness(column);
    Object value = literal(columnFirst ? children[1] : children[0], column);
    if (name.equals("<=>")) {
      if (value == null) {
        return new Translation(Expressions.isNull(column), exact);
      }
      // null-safe equality with a non-null value is FALSE (never NULL) on a null row
      return new Translation(Expressions.and(Expressions.isNotNull(column),
          Expressions.compare(column, ComparisonOperator.EQUAL, value)), exact);
    }
    if (value == null) {
      throw new Unsupported();
    }
    ComparisonOperator operator = switch (name) {
      case "=" -> ComparisonOperator.EQUAL;
      case "<>" -> ComparisonOperator.NOT_EQUAL;
      case "<" -> columnFirst ? ComparisonOperator.LESS : ComparisonOperator.GREATER;
      case "<=" -> columnFirst ? ComparisonOperator.LESS_OR_EQUAL : ComparisonOperator.GREATER_OR_EQUAL;
      case ">" -> columnFirst ? ComparisonOperator.GREATER : ComparisonOperator.LESS;
      default -> columnFirst ? ComparisonOperator.GREATER_OR_EQUAL : ComparisonOperator.LESS_OR_EQUAL;
    };
    return new Translation(Expressions.compare(column, operator, value), exact);
  }

  private ColumnReference column(org.apache.spark.sql.connector.expressions.Expression expression) {
    if (!(expression instanceof NamedReference reference) || reference.fieldNames().length != 1) {
      throw new Unsupported();
    }
    String name = reference.fieldNames()[0];
    Field field = null;
    for (Field candidate : schema.getFields()) {
      if (candidate.getName().equals(name)) {
        field = candidate;
      }
    }
    if (field == null) {
      throw new Unsupported();
    }
    return Expressions.column(schema, name);
  }

  /** Whether Quiver decides the column's predicates exactly as Spark; Unsupported when it may not. */
  private static boolean exactness(ColumnReference column) {
    ArrowType type = column.type();
    return switch (type.getTypeID()) {
      case Int, Decimal, Bool, Date, Utf8 -> true;
      case FloatingPoint -> false;
      case Timestamp -> {
        if (((ArrowType.Timestamp) type).getUnit() != TimeUnit.MICROSECOND) {
          throw new Unsupported();
        }
        yield true;
      }
      default -> throw new Unsupported();
    };
  }

  /** A Spark literal as the Java value Quiver's filters take for {@code column}, null for SQL NULL. */
  private static Object literal(org.apache.spark.sql.connector.expressions.Expression expression,
      ColumnReference column) {
    if (!(expression instanceof Literal<?> literal)) {
      throw new Unsupported();
    }
    Object value = literal.value();
    if (value == null) {
      return null;
    }
    DataType type = literal.dataType();
    if (type.equals(DataTypes.ByteType) || type.equals(DataTypes.ShortType) || type.equals(DataTypes.IntegerType)
        || type.equals(DataTypes.LongType)) {
      return ((Number) value).longValue();
    } else if (type.equals(DataTypes.FloatType) || type.equals(DataTypes.DoubleType)) {
      return ((Number) value).doubleValue();
    } else if (type instanceof DecimalType) {
      return ((Decimal) value).toJavaBigDecimal();
    } else if (type.equals(DataTypes.BooleanType)) {
      return value;
    } else if (type.equals(DataTypes.StringType)) {
      return ((UTF8String) value).toString();
    } else if (type.equals(DataTypes.DateType)) {
      return LocalDate.ofEpochDay((Integer) value);
    } else if (type.equals(DataTypes.TimestampType)) {
      if (((ArrowType.Timestamp) column.type()).getTimezone() == null) {
        throw new Unsupported();
      }
      return Instant.EPOCH.plus((Long) value, ChronoUnit.MICROS);
    } else if (type.equals(DataTypes.TimestampNTZType)) {
      if (((ArrowType.Timestamp) column.type()).getTimezone() != null) {
        throw new Unsupported();
      }
      return LocalDateTime.ofEpochSecond(Math.floorDiv((Long) value, 1_000_000L),
          (int) Math.floorMod((Long) value, 1_000_000L) * 1000, ZoneOffset.UTC);
    }
    throw new Unsupported();
  }

  private static String escapeLike(String text) {
    StringBuilder escaped = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%' || c == '_' || c == '\\') {
        escaped.append('\\');
      }
      escaped.append(c);
    }
    return escaped.toString();
  }
}
