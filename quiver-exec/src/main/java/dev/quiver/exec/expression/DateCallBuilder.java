package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import dev.quiver.expression.Call;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** Translates the date and time calls of {@link DateDiffNode}, {@link DateValueNode} and {@link DateFormatNode}. */
final class DateCallBuilder {
  private final NodeBuilder builder;

  DateCallBuilder(NodeBuilder builder) {
    this.builder = builder;
  }

  /** The node of {@code call}, or null when its function is not one of these. */
  Node build(Call call, int column) {
    String function = call.function();
    ArrowType type = call.type();
    switch (function) {
      case Functions.DATE_DIFF -> {
        CallBuilder.requireArguments(call, 3, 3);
        String part = CallBuilder.constantText(call, 0);
        if (part == null) {
          return Literals.node(null, Types.INT64);
        }
        Node start = temporal(call, 1, column);
        Node end = temporal(call, 2, column);
        if (!start.type.equals(end.type)) {
          ArrowType common = Types.isTimestamp(start.type) ? start.type : Types.isTimestamp(end.type) ? end.type
              : start.type;
          start = NodeBuilder.castTo(start, common);
          end = NodeBuilder.castTo(end, common);
        }
        return new DateDiffNode(DateDiffNode.Part.of(part, function), start, end);
      }
      case Functions.MAKE_DATE -> {
        CallBuilder.requireArguments(call, 3, 3);
        return new DateValueNode(DateValueNode.Function.MAKE_DATE, integers(call, 3, column),
            new ArrowType.Date(DateUnit.DAY));
      }
      case Functions.MAKE_TIMESTAMP -> {
        CallBuilder.requireArguments(call, 1, 6);
        if (call.arguments().size() == 1) {
          return new DateValueNode(DateValueNode.Function.MICROS_TO_TIMESTAMP, integers(call, 1, column), type);
        }
        CallBuilder.requireArguments(call, 6, 6);
        List<Node> nodes = integers(call, 5, column);
        nodes.add(NodeBuilder.castTo(argument(call, 5, column), Types.FLOAT64));
        return new DateValueNode(DateValueNode.Function.MAKE_TIMESTAMP, nodes, type);
      }
      case Functions.EPOCH -> {
        CallBuilder.requireArguments(call, 1, 1);
        return new DateValueNode(DateValueNode.Function.EPOCH, List.of(temporal(call, 0, column)), Types.FLOAT64);
      }
      case Functions.EPOCH_MS -> {
        CallBuilder.requireArguments(call, 1, 1);
        Node operand = argument(call, 0, column);
        if (Types.isInt(operand.type) || operand.kind == Kind.DECIMAL) {
          return new DateValueNode(DateValueNode.Function.MILLIS_TO_TIMESTAMP, integers(call, 1, column), type);
        }
        return new DateValueNode(DateValueNode.Function.EPOCH_MS, List.of(temporal(call, 0, column)), Types.INT64);
      }
      case Functions.TO_TIMESTAMP -> {
        CallBuilder.requireArguments(call, 1, 1);
        return new DateValueNode(DateValueNode.Function.SECONDS_TO_TIMESTAMP,
            List.of(NodeBuilder.castTo(argument(call, 0, column), Types.FLOAT64)), type);
      }
      case Functions.DAYNAME, Functions.MONTHNAME -> {
        CallBuilder.requireArguments(call, 1, 1);
        return new DateValueNode(function.equals(Functions.DAYNAME) ? DateValueNode.Function.DAYNAME
            : DateValueNode.Function.MONTHNAME, List.of(temporal(call, 0, column)), Types.UTF8);
      }
      case Functions.STRFTIME -> {
        CallBuilder.requireArguments(call, 2, 2);
        String format = CallBuilder.constantText(call, 1);
        if (format == null) {
          return Literals.node(null, Types.UTF8);
        }
        return new DateFormatNode(DateFormatNode.Function.STRFTIME, temporal(call, 0, column),
            DateFormat.compile(format, function), Types.UTF8);
      }
      case Functions.STRPTIME, Functions.TRY_STRPTIME -> {
        CallBuilder.requireArguments(call, 2, 2);
        String format = CallBuilder.constantText(call, 1);
        if (format == null) {
          return Literals.node(null, type);
        }
        Node text = argument(call, 0, column);
        text = text.kind == Kind.NULL ? NodeBuilder.castTo(text, Types.UTF8) : NodeBuilder.requireText(text, function);
        return new DateFormatNode(function.equals(Functions.STRPTIME) ? DateFormatNode.Function.STRPTIME
            : DateFormatNode.Function.TRY_STRPTIME, text, DateFormat.compile(format, function), type);
      }
      default -> {
        return null;
      }
    }
  }

  private Node argument(Call call, int index, int column) {
    return builder.child(call.arguments().get(index), column);
  }

  /** Arguments 0 to {@code count - 1} as int64 nodes. */
  private List<Node> integers(Call call, int count, int column) {
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Node node = argument(call, i, column);
      if (!Types.isInt(node.type) && node.kind != Kind.NULL && node.kind != Kind.DECIMAL) {
        throw QuiverException.user(call.function() + " needs integers, not " + Types.name(node.type));
      }
      nodes.add(Types.INT64.equals(node.type) ? node : NodeBuilder.castTo(node, Types.INT64));
    }
    return nodes;
  }

  private Node temporal(Call call, int index, int column) {
    Node node = argument(call, index, column);
    if (node.kind == Kind.NULL) {
      return NodeBuilder.castTo(node, new ArrowType.Date(DateUnit.DAY));
    }
    if (!Types.isDate(node.type) && !Types.isTimestamp(node.type)) {
      throw QuiverException.user(call.function() + " needs a DATE or TIMESTAMP, not " + Types.name(node.type));
    }
    return node;
  }
}
