package dev.quiver.expression;

import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code CAST(operand AS type)}.
 *
 * @param operand the value cast
 * @param type the type cast to
 */
public record Cast(Expression operand, ArrowType type) implements Expression {
  public Cast {
    Objects.requireNonNull(operand, "operand");
    Objects.requireNonNull(type, "type");
  }

  @Override
  public Set<String> columns() {
    return operand.columns();
  }

  @Override
  public String toString() {
    return "CAST(" + operand + " AS " + LiteralCoercion.typeName(type) + ")";
  }
}
