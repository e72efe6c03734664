package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import dev.quiver.expression.Call;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Literal;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/** Translates the string functions of {@link TextFunctionNode}, {@link RegexExtractNode} and {@link HashNode}. */
final class TextCallBuilder {
  private final NodeBuilder builder;

  TextCallBuilder(NodeBuilder builder) {
    this.builder = builder;
  }

  /** The node of {@code call}, or null when its function is not one of these. */
  Node build(Call call, int column) {
    String function = call.function();
    switch (function) {
      case Functions.SPLIT_PART -> {
        CallBuilder.requireArguments(call, 3, 3);
        return node(TextFunctionNode.Function.SPLIT_PART, List.of(text(call, 0, column), text(call, 1, column),
            integer(call, 2, column)), Types.UTF8);
      }
      case Functions.CONCAT_WS -> {
        CallBuilder.requireArguments(call, 1, Integer.MAX_VALUE);
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < call.arguments().size(); i++) {
          nodes.add(NodeBuilder.castTo(argument(call, i, column), Types.UTF8));
        }
        return new TextFunctionNode(TextFunctionNode.Function.CONCAT_WS, nodes, Types.UTF8);
      }
      case Functions.LPAD, Functions.RPAD -> {
        CallBuilder.requireArguments(call, 3, 3);
        return node(function.equals(Functions.LPAD) ? TextFunctionNode.Function.LPAD : TextFunctionNode.Function.RPAD,
            List.of(text(call, 0, column), integer(call, 1, column), text(call, 2, column)), Types.UTF8);
      }
      case Functions.LEFT, Functions.RIGHT, Functions.REPEAT -> {
        CallBuilder.requireArguments(call, 2, 2);
        return node(TextFunctionNode.Function.valueOf(function.toUpperCase(java.util.Locale.ROOT)),
            List.of(text(call, 0, column), integer(call, 1, column)), Types.UTF8);
      }
      case Functions.CHR -> {
        CallBuilder.requireArguments(call, 1, 1);
        return node(TextFunctionNode.Function.CHR, List.of(integer(call, 0, column)), Types.UTF8);
      }
      case Functions.REVERSE, Functions.MD5 -> {
        CallBuilder.requireArguments(call, 1, 1);
        return node(TextFunctionNode.Function.valueOf(function.toUpperCase(java.util.Locale.ROOT)),
            List.of(text(call, 0, column)), Types.UTF8);
      }
      case Functions.STARTS_WITH, Functions.CONTAINS -> {
        CallBuilder.requireArguments(call, 2, 2);
        return node(TextFunctionNode.Function.valueOf(function.toUpperCase(java.util.Locale.ROOT)),
            List.of(text(call, 0, column), text(call, 1, column)), Types.BOOL);
      }
      case Functions.TRIM_CHARACTERS, Functions.LTRIM_CHARACTERS, Functions.RTRIM_CHARACTERS -> {
        CallBuilder.requireArguments(call, 2, 2);
        return node(TextFunctionNode.Function.valueOf(function.toUpperCase(java.util.Locale.ROOT)),
            List.of(text(call, 0, column), text(call, 1, column)), Types.UTF8);
      }
      case Functions.REGEXP_EXTRACT -> {
        CallBuilder.requireArguments(call, 2, 3);
        String pattern = CallBuilder.constantText(call, 1);
        Long group = call.arguments().size() > 2 ? constantInteger(call, 2) : Long.valueOf(0);
        if (pattern == null || group == null) {
          return Literals.node(null, Types.UTF8);
        }
        return RegexExtractNode.extract(text(call, 0, column), pattern, group);
      }
      case Functions.REGEXP_FULL_MATCH -> {
        CallBuilder.requireArguments(call, 2, 2);
        String pattern = CallBuilder.constantText(call, 1);
        if (pattern == null) {
          return Literals.node(null, Types.BOOL);
        }
        return RegexExtractNode.fullMatch(text(call, 0, column), pattern);
      }
      case Functions.HASH -> {
        CallBuilder.requireArguments(call, 1, Integer.MAX_VALUE);
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < call.arguments().size(); i++) {
          nodes.add(argument(call, i, column));
        }
        return new HashNode(nodes);
      }
      default -> {
        return null;
      }
    }
  }

  /** A node over its arguments, or a NULL constant when one argument is the NULL literal. */
  private static Node node(TextFunctionNode.Function function, List<Node> arguments,
      org.apache.arrow.vector.types.pojo.ArrowType type) {
    return new TextFunctionNode(function, arguments, type);
  }

  private Node argument(Call call, int index, int column) {
    return builder.child(call.arguments().get(index), column);
  }

  private Node text(Call call, int index, int column) {
    Node node = argument(call, index, column);
    if (node.kind == Kind.NULL) {
      return NodeBuilder.castTo(node, Types.UTF8);
    }
    return NodeBuilder.requireText(node, call.function());
  }

  private Node integer(Call call, int index, int column) {
    Node node = argument(call, index, column);
    if (Types.isInt(node.type)) {
      return node;
    }
    if (node.kind == Kind.NULL || node.kind == Kind.DECIMAL) {
      return NodeBuilder.castTo(node, Types.INT64);
    }
    throw QuiverException.user(call.function() + " needs an integer, not " + Types.name(node.type));
  }

  private static Long constantInteger(Call call, int index) {
    Expression argument = call.arguments().get(index);
    if (argument instanceof Literal literal && literal.isNull()) {
      return null;
    }
    if (argument instanceof Literal literal && literal.value() instanceof BigDecimal number) {
      return number.longValueExact();
    }
    if (argument instanceof Literal literal && literal.value() instanceof Number number) {
      return number.longValue();
    }
    throw QuiverException.user(call.function() + ": argument " + (index + 1) + " must be an integer constant, not "
        + argument);
  }
}
