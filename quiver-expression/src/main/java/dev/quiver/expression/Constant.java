package dev.quiver.expression;

import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code TRUE}, {@code FALSE} or {@code NULL} as a whole condition.
 *
 * @param value the value, or null for NULL
 */
public record Constant(Boolean value) implements Expression {
  @Override
  public Set<String> columns() {
    return Set.of();
  }

  @Override
  public String toString() {
    return value == null ? "NULL" : value ? "TRUE" : "FALSE";
  }

  @Override
  public ArrowType type() {
    return ArrowType.Bool.INSTANCE;
  }
}
