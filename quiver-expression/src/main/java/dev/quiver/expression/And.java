package dev.quiver.expression;

import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code a AND b AND ...}: FALSE if any operand is FALSE, else NULL if any is NULL, else TRUE.
 *
 * @param operands two or more expressions
 */
public record And(List<Expression> operands) implements Expression {
  public And {
    operands = Junction.check(operands, "AND");
  }

  @Override
  public Set<String> columns() {
    return Junction.columns(operands);
  }

  @Override
  public String toString() {
    return Junction.text(operands, " AND ");
  }

  @Override
  public ArrowType type() {
    return ArrowType.Bool.INSTANCE;
  }
}
