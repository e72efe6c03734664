package dev.quiver.expression;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A function applied to arguments: arithmetic ({@code +}, {@code -}, {@code *}, {@code /}), CASE and
 * named functions are calls whose result type was decided when the call was made.
 *
 * @param function the function's name, lower case ({@code "+"}, {@code "substring"}, {@code "case"})
 * @param arguments the arguments, in order
 * @param type the result type
 */
public record Call(String function, List<Expression> arguments, ArrowType type) implements Expression {
  public Call {
    Objects.requireNonNull(function, "function");
    Objects.requireNonNull(type, "type");
    arguments = List.copyOf(arguments);
  }

  @Override
  public Set<String> columns() {
    Set<String> columns = new LinkedHashSet<>();
    for (Expression argument : arguments) {
      columns.addAll(argument.columns());
    }
    return columns;
  }

  @Override
  public String toString() {
    String joined = arguments.stream().map(Expression::toString).collect(Collectors.joining(", "));
    return function.chars().allMatch(Character::isLetterOrDigit) || function.contains("_")
        ? function + "(" + joined + ")"
        : arguments.size() == 2 ? "(" + arguments.get(0) + " " + function + " " + arguments.get(1) + ")"
            : function + "(" + joined + ")";
  }
}
