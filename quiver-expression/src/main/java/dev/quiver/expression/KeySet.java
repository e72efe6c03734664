package dev.quiver.expression;

import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code column IN (a set of keys made while the query runs)}: the keys of a hash join's build side, pushed
 * into the scan of its probe side (a runtime join filter). A NULL value is never a member. Made by the engine
 * at run time, never written by a user: it prints as SQL-like text but does not read back through {@link
 * Expressions#parse}. The column is an integer or a date (its keys are its values: days for a date).
 *
 * @param column the column tested
 * @param members the keys
 * @param origin what made the keys, for EXPLAIN ANALYZE and errors (such as "the build side of a join")
 */
public record KeySet(ColumnReference column, KeyMembers members, String origin) implements Expression {
  public KeySet {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(members, "members");
    Objects.requireNonNull(origin, "origin");
    if (!supports(column.type())) {
      throw new IllegalArgumentException("a key set tests integers and dates, not " + column.type());
    }
  }

  /** Whether a column of {@code type} can be tested: integers and dates (in days). */
  public static boolean supports(ArrowType type) {
    return type instanceof ArrowType.Int
        || (type instanceof ArrowType.Date date && date.getUnit() == org.apache.arrow.vector.types.DateUnit.DAY);
  }

  @Override
  public Set<String> columns() {
    return Set.of(column.name());
  }

  @Override
  public String toString() {
    return column + " IN (" + members + " of " + origin + ")";
  }

  @Override
  public ArrowType type() {
    return ArrowType.Bool.INSTANCE;
  }
}
