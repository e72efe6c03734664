package dev.quiver.expression;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** What AND and OR share: operand checks, columns, text. */
final class Junction {
  private Junction() {}

  static List<Expression> check(List<Expression> operands, String name) {
    List<Expression> copy = List.copyOf(operands);
    if (copy.size() < 2) {
      throw new IllegalArgumentException(name + " needs at least two operands");
    }
    return copy;
  }

  static Set<String> columns(List<Expression> operands) {
    Set<String> columns = new LinkedHashSet<>();
    for (Expression operand : operands) {
      columns.addAll(operand.columns());
    }
    return Collections.unmodifiableSet(columns);
  }

  /** Operands joined, each AND or OR operand in parentheses. */
  static String text(List<Expression> operands, String separator) {
    return operands.stream()
        .map(operand -> operand instanceof And || operand instanceof Or ? "(" + operand + ")" : operand.toString())
        .collect(Collectors.joining(separator));
  }
}
