package dev.quiver.expression;

import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A column an expression reads: its name, its position in the schema the expression was bound
 * against, and its Arrow type, as the schema declared them. The scan finds columns by name (files of
 * one table may order them differently); operators find them by ordinal.
 *
 * @param name the column name, exactly as in the schema
 * @param ordinal the column's position in the schema it was bound against
 * @param type the column's Arrow type
 */
public record ColumnReference(String name, int ordinal, ArrowType type) implements Expression {
  public ColumnReference {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    if (ordinal < 0) {
      throw new IllegalArgumentException("column " + name + " has ordinal " + ordinal);
    }
  }

  @Override
  public Set<String> columns() {
    return Set.of(name);
  }

  /** The name as an SQL identifier, double-quoted when it is not a plain identifier. */
  @Override
  public String toString() {
    return SqlText.identifier(name);
  }
}
