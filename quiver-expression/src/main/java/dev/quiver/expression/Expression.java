package dev.quiver.expression;

import java.util.Set;

/**
 * A boolean filter expression, typed against a schema. Immutable and thread-safe; {@link #toString()}
 * prints it back as SQL that {@link Expressions#parse} reads to an equal expression.
 */
public sealed interface Expression
    permits Comparison, Between, InList, IsNull, Like, StartsWith, And, Or, Not, Constant {

  /** The names of the columns this expression reads, in first-use order. */
  Set<String> columns();
}
