package dev.quiver.expression;

import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code a OR b OR ...}: TRUE if any operand is TRUE, else NULL if any is NULL, else FALSE.
 *
 * @param operands two or more expressions
 */
public record Or(List<Expression> operands) implements Expression {
  public Or {
    operands = Junction.check(operands, "OR");
  }

  @Override
  public Set<String> columns() {
    return Junction.columns(operands);
  }

  @Override
  public String toString() {
    return Junction.text(operands, " OR ");
  }

  @Override
  public ArrowType type() {
    return ArrowType.Bool.INSTANCE;
  }
}
