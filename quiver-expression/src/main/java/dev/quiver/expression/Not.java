package dev.quiver.expression;

import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code NOT operand}: TRUE where the operand is FALSE, NULL where it is NULL.
 *
 * @param operand the negated expression
 */
public record Not(Expression operand) implements Expression {
  public Not {
    Objects.requireNonNull(operand, "operand");
  }

  @Override
  public Set<String> columns() {
    return operand.columns();
  }

  @Override
  public String toString() {
    return "NOT (" + operand + ")";
  }

  @Override
  public ArrowType type() {
    return ArrowType.Bool.INSTANCE;
  }
}
