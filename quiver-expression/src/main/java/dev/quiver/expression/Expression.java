package dev.quiver.expression;

import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * An expression typed against a schema: column references (by name and by ordinal), literals with
 * their exact types, function calls, casts, and the boolean nodes filters are made of (comparisons,
 * BETWEEN, IN, IS NULL, LIKE, starts_with, AND/OR/NOT, constants). Immutable and thread-safe;
 * {@code toString()} prints it as SQL. A filter (every boolean node, columns and literals inside
 * them) reads back through {@link Expressions#parse} to an equal expression, but for {@link KeySet}, which
 * only the engine makes while a query runs (a join's build keys pushed into its probe side's scan).
 *
 * <p>Scan filters evaluate the boolean nodes over columns and literals; {@link Call} and {@link Cast}
 * are the model's room for arithmetic, CASE and functions, which the engine evaluates.
 */
public sealed interface Expression
    permits ColumnReference, Literal, Call, Cast, Comparison, Between, InList, IsNull, Like, StartsWith, And, Or,
    Not, Constant, KeySet {

  /** The names of the columns this expression reads, in first-use order. */
  Set<String> columns();

  /** The type of the expression's value ({@link ArrowType.Bool} for conditions). */
  ArrowType type();
}
