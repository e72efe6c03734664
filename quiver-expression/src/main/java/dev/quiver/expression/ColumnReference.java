package dev.quiver.expression;

import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A column an expression reads: its name and its Arrow type, as the schema declared them.
 *
 * @param name the column name, exactly as in the schema
 * @param type the column's Arrow type
 */
public record ColumnReference(String name, ArrowType type) {
  public ColumnReference {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
  }

  /** The name as an SQL identifier, double-quoted when it is not a plain identifier. */
  @Override
  public String toString() {
    return SqlText.identifier(name);
  }
}
