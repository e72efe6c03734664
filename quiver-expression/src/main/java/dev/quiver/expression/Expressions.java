package dev.quiver.expression;

import dev.quiver.common.QuiverException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Makes expressions: {@link #parse} reads SQL text; the builders make the same nodes from Java values.
 *
 * <p>Literal Java values: {@code Long}/{@code Integer} (or {@code BigDecimal}) for integer and
 * decimal columns, {@code Double} for floats (NaN and infinities allowed), {@code Boolean},
 * {@code String} for utf8, {@code byte[]} (or String as UTF-8) for binary, {@code LocalDate} for
 * date32, {@code Instant} or {@code LocalDateTime} for timestamps (a LocalDateTime is a wall-clock
 * time in the column's zone), {@code null} for NULL. Mismatches are USER errors.
 */
public final class Expressions {
  private Expressions() {}

  /**
   * Parses a SQL boolean expression, typing literals by the columns' Arrow types.
   *
   * @throws QuiverException with {@link dev.quiver.common.ErrorCode#USER} when the text is not a valid
   *     filter on the schema; the message quotes the text and names the position and the problem
   */
  public static Expression parse(String sql, Schema schema) {
    Objects.requireNonNull(sql, "sql");
    Objects.requireNonNull(schema, "schema");
    return Parser.parse(sql, schema);
  }

  /** The column of the schema named exactly {@code name}; USER error when there is none or its type is not supported. */
  public static ColumnReference column(Schema schema, String name) {
    Field field = new ColumnResolver(schema).find(name, true);
    if (field == null) {
      throw QuiverException.user("filter: unknown column " + SqlText.identifier(name));
    }
    ColumnReference column = new ColumnReference(field.getName(), schema.getFields().indexOf(field), field.getType());
    LiteralCoercion.requireSupported(column);
    return column;
  }

  /** {@code column = literal}. */
  public static Expression equal(ColumnReference column, Object literal) {
    return compare(column, ComparisonOperator.EQUAL, literal);
  }

  /** {@code column <> literal}. */
  public static Expression notEqual(ColumnReference column, Object literal) {
    return compare(column, ComparisonOperator.NOT_EQUAL, literal);
  }

  /** {@code column < literal}. */
  public static Expression less(ColumnReference column, Object literal) {
    return compare(column, ComparisonOperator.LESS, literal);
  }

  /** {@code column <= literal}. */
  public static Expression lessOrEqual(ColumnReference column, Object literal) {
    return compare(column, ComparisonOperator.LESS_OR_EQUAL, literal);
  }

  /** {@code column > literal}. */
  public static Expression greater(ColumnReference column, Object literal) {
    return compare(column, ComparisonOperator.GREATER, literal);
  }

  /** {@code column >= literal}. */
  public static Expression greaterOrEqual(ColumnReference column, Object literal) {
    return compare(column, ComparisonOperator.GREATER_OR_EQUAL, literal);
  }

  /** {@code column <operator> literal}. */
  public static Expression compare(ColumnReference column, ComparisonOperator operator, Object literal) {
    return new Comparison(column, operator, coerce(literal, column));
  }

  /** {@code column BETWEEN low AND high}. */
  public static Expression between(ColumnReference column, Object low, Object high) {
    return new Between(column, coerce(low, column), coerce(high, column), false);
  }

  /** {@code column NOT BETWEEN low AND high}. */
  public static Expression notBetween(ColumnReference column, Object low, Object high) {
    return new Between(column, coerce(low, column), coerce(high, column), true);
  }

  /** {@code column IN (values...)}; at least one value. */
  public static Expression in(ColumnReference column, List<?> values) {
    return inList(column, values, false);
  }

  /** {@code column NOT IN (values...)}; at least one value. */
  public static Expression notIn(ColumnReference column, List<?> values) {
    return inList(column, values, true);
  }

  private static Expression inList(ColumnReference column, List<?> values, boolean negated) {
    if (values.isEmpty()) {
      throw QuiverException.user("filter: IN needs at least one value");
    }
    List<Literal> literals = new ArrayList<>();
    for (Object value : values) {
      literals.add(coerce(value, column));
    }
    return new InList(column, literals, negated);
  }

  /** {@code column IS NULL}. */
  public static Expression isNull(ColumnReference column) {
    LiteralCoercion.requireSupported(column);
    return new IsNull(column, false);
  }

  /** {@code column IS NOT NULL}. */
  public static Expression isNotNull(ColumnReference column) {
    LiteralCoercion.requireSupported(column);
    return new IsNull(column, true);
  }

  /** {@code column LIKE pattern} on a utf8 column ({@code %} any run, {@code _} one character). */
  public static Expression like(ColumnReference column, String pattern) {
    return like(column, pattern, null, false);
  }

  /** {@code column NOT LIKE pattern}. */
  public static Expression notLike(ColumnReference column, String pattern) {
    return like(column, pattern, null, true);
  }

  /** {@code column [NOT] LIKE pattern ESCAPE escape}; escape may be null. */
  public static Expression like(ColumnReference column, String pattern, Character escape, boolean negated) {
    if (!(column.type() instanceof ArrowType.Utf8)) {
      throw QuiverException
          .user("filter: LIKE needs a utf8 column; " + column + " is " + LiteralCoercion.typeName(column.type()));
    }
    return new Like(column, Objects.requireNonNull(pattern, "pattern"), escape, negated);
  }

  /** {@code starts_with(column, prefix)} on a utf8 (String prefix) or binary (byte[] prefix) column. */
  public static Expression startsWith(ColumnReference column, Object prefix) {
    if (!(column.type() instanceof ArrowType.Utf8) && !(column.type() instanceof ArrowType.Binary)) {
      throw QuiverException.user("filter: starts_with needs a utf8 or binary column; " + column + " is "
          + LiteralCoercion.typeName(column.type()));
    }
    return new StartsWith(column, coerce(prefix, column));
  }

  /** {@code operands[0] AND operands[1] ...}; one operand is returned as it is. */
  public static Expression and(Expression... operands) {
    return operands.length == 1 ? operands[0] : new And(Arrays.asList(operands));
  }

  /** {@code operands[0] OR operands[1] ...}; one operand is returned as it is. */
  public static Expression or(Expression... operands) {
    return operands.length == 1 ? operands[0] : new Or(Arrays.asList(operands));
  }

  /** {@code NOT operand}. */
  public static Expression not(Expression operand) {
    return new Not(operand);
  }

  private static Literal coerce(Object value, ColumnReference column) {
    try {
      return LiteralCoercion.coerce(value, column);
    } catch (QuiverException failure) {
      throw QuiverException.user("filter: " + failure.getMessage());
    }
  }
}
