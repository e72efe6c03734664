package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import dev.quiver.expression.Call;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Expression;
import dev.quiver.expression.LikePattern;
import dev.quiver.expression.Literal;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** Translates the {@link Functions} calls into nodes, casting arguments to the kinds the nodes take. */
final class CallBuilder {
  private static final ArrowType WIDEST_INTEGER_DECIMAL = new ArrowType.Decimal(19, 0, 128);

  private final NodeBuilder builder;

  CallBuilder(NodeBuilder builder) {
    this.builder = builder;
  }

  Node build(Call call, int column) {
    String function = call.function();
    List<Expression> arguments = call.arguments();
    ArrowType type = call.type();
    ComparisonOperator comparison = comparison(function);
    if (comparison != null) {
      requireArguments(call, 2, 2);
      Node[] operands = promote(argument(call, 0, column), argument(call, 1, column), function);
      return new ComparisonNode(comparison, operands[0], operands[1]);
    }
    Operator operator = Operator.of(function);
    if (operator != null) {
      requireArguments(call, 2, 2);
      return arithmetic(operator, argument(call, 0, column), argument(call, 1, column), type);
    }
    Node text = new TextCallBuilder(builder).build(call, column);
    if (text != null) {
      return text;
    }
    Node interval = intervalCall(call, column);
    if (interval != null) {
      return interval;
    }
    Node temporal = new DateCallBuilder(builder).build(call, column);
    if (temporal != null) {
      return temporal;
    }
    switch (function) {
      case Functions.LIKE -> {
        requireArguments(call, 2, 3);
        String escape = arguments.size() > 2 ? constantText(call, 2) : null;
        if (arguments.size() > 2 && escape == null) {
          return Literals.node(null, Types.BOOL);
        }
        if (escape != null && escape.codePointCount(0, escape.length()) != 1) {
          throw QuiverException.user("LIKE: the escape must be one character, not " + TextCasts.quote(escape));
        }
        Character escapeCharacter = escape == null ? null : escape.charAt(0);
        if (!(arguments.get(1) instanceof Literal)) {
          return new DynamicLikeNode(text(call, 0, column, "LIKE"), text(call, 1, column, "LIKE"), escapeCharacter);
        }
        String pattern = constantText(call, 1);
        if (pattern == null) {
          return Literals.node(null, Types.BOOL);
        }
        return new LikeNode(NodeBuilder.requireText(argument(call, 0, column), "LIKE"),
            LikePattern.compile(pattern, escapeCharacter));
      }
      case Functions.IN -> {
        requireArguments(call, 2, Integer.MAX_VALUE);
        Node value = argument(call, 0, column);
        List<LiteralNode> constants = new ArrayList<>();
        for (int i = 1; i < arguments.size(); i++) {
          Node constant = promote(value, argument(call, i, column), function)[1];
          if (!(constant instanceof LiteralNode literal)) {
            throw QuiverException.user("IN: the values must be constants, not " + arguments.get(i));
          }
          constants.add(literal);
        }
        return new InNode(promote(value, constants.get(0), function)[0], constants);
      }
      case Functions.IS_NULL, Functions.IS_NOT_NULL -> {
        requireArguments(call, 1, 1);
        return new TestNode(argument(call, 0, column),
            function.equals(Functions.IS_NULL) ? TestNode.Test.IS_NULL : TestNode.Test.IS_NOT_NULL);
      }
      case Functions.IS_TRUE, Functions.IS_FALSE, Functions.IS_NOT_TRUE, Functions.IS_NOT_FALSE -> {
        requireArguments(call, 1, 1);
        return new TestNode(NodeBuilder.requireBoolean(argument(call, 0, column), function),
            TestNode.Test.valueOf(function.toUpperCase(java.util.Locale.ROOT)));
      }
      case Functions.IS_DISTINCT_FROM, Functions.IS_NOT_DISTINCT_FROM -> {
        requireArguments(call, 2, 2);
        Node[] operands = promote(argument(call, 0, column), argument(call, 1, column), function);
        return new DistinctNode(operands[0], operands[1], function.equals(Functions.IS_DISTINCT_FROM));
      }
      case Functions.NEGATE, Functions.ABS, Functions.FLOOR, Functions.CEIL -> {
        requireArguments(call, 1, 1);
        Node operand = numericOperand(argument(call, 0, column), type);
        return new MathFunctionNode(MathFunctionNode.Function.valueOf(function.toUpperCase(java.util.Locale.ROOT)),
            operand, 0, type);
      }
      case Functions.ROUND -> {
        requireArguments(call, 1, 2);
        int digits = arguments.size() > 1 ? (int) constantInteger(call, 1) : 0;
        return new MathFunctionNode(MathFunctionNode.Function.ROUND, numericOperand(argument(call, 0, column), type),
            digits, type);
      }
      case Functions.TRY_CAST -> {
        requireArguments(call, 1, 1);
        return new TryCastNode(argument(call, 0, column), type);
      }
      case Functions.CASE -> {
        if (arguments.size() < 3 || arguments.size() % 2 == 0) {
          throw QuiverException.user("CASE needs pairs of condition and value and an ELSE: " + call);
        }
        List<Node> conditions = new ArrayList<>();
        List<Node> values = new ArrayList<>();
        for (int i = 0; i + 1 < arguments.size(); i += 2) {
          conditions.add(NodeBuilder.requireBoolean(argument(call, i, column), "CASE WHEN"));
          values.add(NodeBuilder.castTo(argument(call, i + 1, column), type));
        }
        Node otherwise = NodeBuilder.castTo(argument(call, arguments.size() - 1, column), type);
        return new CaseNode(conditions, values, otherwise, type);
      }
      case Functions.COALESCE -> {
        requireArguments(call, 1, Integer.MAX_VALUE);
        List<Node> values = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
          values.add(NodeBuilder.castTo(argument(call, i, column), type));
        }
        return new CoalesceNode(values, type);
      }
      case Functions.NULLIF -> {
        requireArguments(call, 2, 2);
        Node value = NodeBuilder.castTo(argument(call, 0, column), type);
        Node[] operands = promote(value, argument(call, 1, column), function);
        return new NullIfNode(value, NodeBuilder.castTo(operands[1], operands[0].type), type);
      }
      case Functions.EXTRACT -> {
        requireArguments(call, 2, 2);
        String unit = constantText(call, 0);
        if (unit == null) {
          throw QuiverException.user("EXTRACT needs a unit");
        }
        return new DateFunctionNode(DateFunctionNode.Function.EXTRACT, DateFunctionNode.Unit.of(unit),
            temporal(argument(call, 1, column), function), null, Types.INT64);
      }
      case Functions.DATE_ADD_DAYS, Functions.DATE_ADD_MONTHS -> {
        // (EXTRACT of an INTERVAL is built by intervalCall)
        requireArguments(call, 2, 2);
        Node date = temporal(argument(call, 0, column), function);
        return new DateFunctionNode(function.equals(Functions.DATE_ADD_DAYS) ? DateFunctionNode.Function.ADD_DAYS
            : DateFunctionNode.Function.ADD_MONTHS, null, date, integer(argument(call, 1, column), function),
            date.type);
      }
      case Functions.TIMESTAMP_ADD_MICROS -> {
        requireArguments(call, 2, 2);
        Node timestamp = argument(call, 0, column);
        if (!Types.isTimestamp(timestamp.type)) {
          timestamp = NodeBuilder.castTo(temporal(timestamp, function), type);
        }
        return new TimestampAddNode(timestamp, integer(argument(call, 1, column), function), timestamp.type);
      }
      case Functions.SUBSTRING -> {
        requireArguments(call, 2, 3);
        List<Node> nodes = new ArrayList<>();
        nodes.add(NodeBuilder.requireText(argument(call, 0, column), function));
        for (int i = 1; i < arguments.size(); i++) {
          nodes.add(integer(argument(call, i, column), function));
        }
        return new StringFunctionNode(StringFunctionNode.Function.SUBSTRING, nodes, Types.UTF8);
      }
      case Functions.CONCAT -> {
        requireArguments(call, 1, Integer.MAX_VALUE);
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
          nodes.add(NodeBuilder.castTo(argument(call, i, column), Types.UTF8));
        }
        return new StringFunctionNode(StringFunctionNode.Function.CONCAT, nodes, Types.UTF8);
      }
      case Functions.UPPER, Functions.LOWER, Functions.TRIM, Functions.LTRIM, Functions.RTRIM,
          Functions.CHAR_LENGTH -> {
        requireArguments(call, 1, 1);
        StringFunctionNode.Function kind = StringFunctionNode.Function.valueOf(
            function.toUpperCase(java.util.Locale.ROOT));
        return new StringFunctionNode(kind, List.of(NodeBuilder.requireText(argument(call, 0, column), function)),
            kind == StringFunctionNode.Function.CHAR_LENGTH ? Types.INT64 : Types.UTF8);
      }
      case Functions.STRPOS -> {
        requireArguments(call, 2, 2);
        return new StringFunctionNode(StringFunctionNode.Function.STRPOS, List.of(text(call, 0, column, function),
            text(call, 1, column, function)), Types.INT64);
      }
      case Functions.REPLACE -> {
        requireArguments(call, 3, 3);
        return new StringFunctionNode(StringFunctionNode.Function.REPLACE, List.of(text(call, 0, column, function),
            text(call, 1, column, function), text(call, 2, column, function)), Types.UTF8);
      }
      case Functions.REGEXP_REPLACE -> {
        requireArguments(call, 3, 4);
        String pattern = constantText(call, 1);
        String replacement = constantText(call, 2);
        String options = arguments.size() > 3 ? constantText(call, 3) : "";
        if (pattern == null || replacement == null || options == null) {
          return Literals.node(null, Types.UTF8);
        }
        return RegexNode.replace(text(call, 0, column, function), pattern, replacement, options);
      }
      case Functions.REGEXP_MATCHES -> {
        requireArguments(call, 2, 3);
        String options = arguments.size() > 2 ? constantText(call, 2) : "";
        if (!(arguments.get(1) instanceof Literal) && options != null) {
          return RegexNode.matchesEach(text(call, 0, column, function), text(call, 1, column, function), options);
        }
        String pattern = constantText(call, 1);
        if (pattern == null || options == null) {
          return Literals.node(null, Types.BOOL);
        }
        return RegexNode.matches(text(call, 0, column, function), pattern, options);
      }
      case Functions.DATE_TRUNC -> {
        requireArguments(call, 2, 2);
        String unit = constantText(call, 0);
        if (unit == null) {
          return Literals.node(null, type);
        }
        return new DateTruncNode(DateTruncNode.Unit.of(unit), temporal(argument(call, 1, column), function), type);
      }
      case Functions.GREATEST, Functions.LEAST -> {
        requireArguments(call, 1, Integer.MAX_VALUE);
        List<Node> values = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
          values.add(NodeBuilder.castTo(argument(call, i, column), type));
        }
        return new ExtremeNode(values, function.equals(Functions.GREATEST), type);
      }
      default -> throw QuiverException.user("unknown function " + function + " in " + call);
    }
  }

  private Node text(Call call, int index, int column, String function) {
    return NodeBuilder.requireText(argument(call, index, column), function);
  }

  private Node argument(Call call, int index, int column) {
    return builder.child(call.arguments().get(index), column);
  }

  /** A USER error unless {@code call} has from {@code minimum} to {@code maximum} arguments. */
  static void requireArguments(Call call, int minimum, int maximum) {
    int count = call.arguments().size();
    if (count < minimum || count > maximum) {
      throw QuiverException.user(call.function() + " takes " + (minimum == maximum ? minimum + ""
          : maximum == Integer.MAX_VALUE ? "at least " + minimum : minimum + " to " + maximum)
          + " arguments, not " + count + ": " + call);
    }
  }

  /** Argument {@code index} of {@code call}, which must be a string literal (null for a NULL one). */
  static String constantText(Call call, int index) {
    Expression argument = call.arguments().get(index);
    if (!(argument instanceof Literal literal) || !(literal.isNull() || literal.value() instanceof String)) {
      throw QuiverException.user(call.function() + ": argument " + (index + 1) + " must be a string constant, not "
          + argument);
    }
    return (String) literal.value();
  }

  private static long constantInteger(Call call, int index) {
    Expression argument = call.arguments().get(index);
    if (argument instanceof Literal literal && literal.value() instanceof BigDecimal number) {
      return number.longValueExact();
    }
    if (argument instanceof Literal literal && literal.value() instanceof Number number) {
      return number.longValue();
    }
    throw QuiverException.user(call.function() + ": argument " + (index + 1) + " must be an integer constant, not "
        + argument);
  }

  private static ComparisonOperator comparison(String function) {
    return switch (function) {
      case Functions.EQUAL -> ComparisonOperator.EQUAL;
      case Functions.NOT_EQUAL -> ComparisonOperator.NOT_EQUAL;
      case Functions.LESS_THAN -> ComparisonOperator.LESS;
      case Functions.LESS_THAN_OR_EQUAL -> ComparisonOperator.LESS_OR_EQUAL;
      case Functions.GREATER_THAN -> ComparisonOperator.GREATER;
      case Functions.GREATER_THAN_OR_EQUAL -> ComparisonOperator.GREATER_OR_EQUAL;
      default -> null;
    };
  }

  /** Two operands brought to one kind: ints to decimals or floats, dates to timestamps, text to temporals. */
  static Node[] promote(Node left, Node right, String what) {
    if (left.kind == Kind.NULL && right.kind == Kind.NULL) {
      return new Node[] {NodeBuilder.castTo(left, Types.BOOL), NodeBuilder.castTo(right, Types.BOOL)};
    }
    if (left.kind == Kind.NULL) {
      return new Node[] {NodeBuilder.castTo(left, right.type), right};
    }
    if (right.kind == Kind.NULL) {
      return new Node[] {left, NodeBuilder.castTo(right, left.type)};
    }
    ArrowType common = common(left.type, right.type);
    if (common == null) {
      throw QuiverException.user(what + ": cannot compare " + Types.name(left.type) + " with "
          + Types.name(right.type));
    }
    return new Node[] {castFor(left, common), castFor(right, common)};
  }

  private static Node castFor(Node node, ArrowType common) {
    if (node.kind == Kind.DECIMAL && common instanceof ArrowType.Decimal) {
      return node;
    }
    if (node.kind == Kind.LONG && Types.isInt(node.type) && Types.isInt(common)) {
      return node;
    }
    return NodeBuilder.castTo(node, common);
  }

  private static ArrowType common(ArrowType left, ArrowType right) {
    Kind a = Kind.of(left);
    Kind b = Kind.of(right);
    if (Types.isInt(left) && Types.isInt(right)) {
      return Types.INT64;
    }
    if (a == Kind.DECIMAL && b == Kind.DECIMAL) {
      return left;
    }
    if (a == Kind.DOUBLE || b == Kind.DOUBLE) {
      return numeric(a) && numeric(b) ? Types.FLOAT64 : null;
    }
    if ((a == Kind.DECIMAL && Types.isInt(right)) || (b == Kind.DECIMAL && Types.isInt(left))) {
      return WIDEST_INTEGER_DECIMAL;
    }
    if (a == Kind.LONG && b == Kind.LONG) {
      if (left.equals(right)) {
        return left;
      }
      if (Types.isTimestamp(left) && (Types.isDate(right) || Types.isTimestamp(right))) {
        return left;
      }
      if (Types.isTime(left) && Types.isTime(right)) {
        // TIME with TIME_NS: the finer unit holds both exactly
        return Types.nanosPerTimeUnit(left) < Types.nanosPerTimeUnit(right) ? left : right;
      }
      return Types.isTimestamp(right) && Types.isDate(left) ? right : null;
    }
    if (a == Kind.STRING && b == Kind.LONG && !Types.isInt(right)) {
      return right;
    }
    if (b == Kind.STRING && a == Kind.LONG && !Types.isInt(left)) {
      return left;
    }
    return a == b ? left : null;
  }

  private static boolean numeric(Kind kind) {
    return kind == Kind.LONG || kind == Kind.DOUBLE || kind == Kind.DECIMAL;
  }

  /** The calls that make or take INTERVAL values ({@link IntervalNode}), or null for any other call. */
  private Node intervalCall(Call call, int column) {
    String function = call.function();
    ArrowType type = call.type();
    switch (function) {
      case Functions.TIMESTAMP_DIFFERENCE, Functions.AGE -> {
        requireArguments(call, 2, 2);
        Node[] operands = promote(timestampOperand(argument(call, 0, column), function),
            timestampOperand(argument(call, 1, column), function), function);
        return new IntervalNode(function.equals(Functions.AGE) ? IntervalNode.Function.AGE
            : IntervalNode.Function.DIFFERENCE, List.of(operands[0], operands[1]), Types.INTERVAL);
      }
      case Functions.TIMESTAMP_ADD_INTERVAL, Functions.TIMESTAMP_SUBTRACT_INTERVAL -> {
        requireArguments(call, 2, 2);
        Node timestamp = NodeBuilder.castTo(timestampOperand(argument(call, 0, column), function), type);
        return new IntervalNode(function.equals(Functions.TIMESTAMP_ADD_INTERVAL) ? IntervalNode.Function.TIMESTAMP_ADD
            : IntervalNode.Function.TIMESTAMP_SUBTRACT,
            List.of(timestamp,
                intervalOperand(argument(call, 1, column), function)),
            type);
      }
      case Functions.EPOCH, Functions.EXTRACT, Functions.NEGATE -> {
        Node operand = argument(call, call.arguments().size() - 1, column);
        if (operand.kind != Kind.INTERVAL) {
          return null;
        }
        if (function.equals(Functions.NEGATE)) {
          return new IntervalNode(IntervalNode.Function.NEGATE, List.of(operand), Types.INTERVAL);
        }
        if (function.equals(Functions.EPOCH)) {
          return new IntervalNode(IntervalNode.Function.EPOCH, List.of(operand), Types.FLOAT64);
        }
        String unit = constantText(call, 0);
        if (unit == null) {
          throw QuiverException.user("EXTRACT needs a unit");
        }
        return new IntervalPartNode(DateFunctionNode.Unit.of(unit), operand);
      }
      default -> {
        return null;
      }
    }
  }

  private static Node timestampOperand(Node node, String function) {
    if (node.kind == Kind.NULL) {
      return NodeBuilder.castTo(node, Types.TIMESTAMP);
    }
    if (Types.isDate(node.type)) {
      return NodeBuilder.castTo(node, Types.TIMESTAMP);
    }
    if (!Types.isTimestamp(node.type)) {
      throw QuiverException.user(function + " needs a DATE or TIMESTAMP, not " + Types.name(node.type));
    }
    return node;
  }

  private static Node intervalOperand(Node node, String function) {
    if (node.kind == Kind.NULL) {
      return NodeBuilder.castTo(node, Types.INTERVAL);
    }
    if (node.kind != Kind.INTERVAL) {
      throw QuiverException.user(function + " needs an INTERVAL, not " + Types.name(node.type));
    }
    return node;
  }

  /** {@code interval ± interval}, {@code interval * integer} (either side). */
  private static Node intervalArithmetic(Operator operator, Node left, Node right) {
    switch (operator.symbol) {
      case Functions.ADD, Functions.SUBTRACT -> {
        return new IntervalNode(operator.symbol.equals(Functions.ADD) ? IntervalNode.Function.ADD
            : IntervalNode.Function.SUBTRACT,
            List.of(intervalOperand(left, operator.symbol),
                intervalOperand(right, operator.symbol)),
            Types.INTERVAL);
      }
      case Functions.MULTIPLY -> {
        boolean intervalFirst = left.kind == Kind.INTERVAL;
        Node interval = intervalFirst ? left : right;
        Node factor = intervalFirst ? right : left;
        if (!Types.isInt(factor.type) && factor.kind != Kind.NULL) {
          throw QuiverException.user("INTERVAL * " + Types.name(factor.type)
              + ": an interval can be multiplied by an integer only");
        }
        return new IntervalNode(IntervalNode.Function.MULTIPLY, List.of(interval,
            NodeBuilder.castTo(factor, Types.INT64)), Types.INTERVAL);
      }
      default -> throw QuiverException.user("arithmetic " + operator.symbol + " does not apply to an INTERVAL");
    }
  }

  private static Node arithmetic(Operator operator, Node left, Node right, ArrowType type) {
    if (Kind.of(type) == Kind.INTERVAL) {
      return intervalArithmetic(operator, left, right);
    }
    switch (Kind.of(type)) {
      case LONG -> {
        if (!Types.isInt(type)) {
          throw QuiverException.user("arithmetic " + operator.symbol + " with a " + Types.name(type)
              + " result: use date_add_days / date_add_months");
        }
        return new ArithmeticNode(operator, integerOperand(left, type), integerOperand(right, type), type);
      }
      case DOUBLE -> {
        return new ArithmeticNode(operator, NodeBuilder.castTo(left, type), NodeBuilder.castTo(right, type), type);
      }
      case DECIMAL -> {
        return new DecimalArithmeticNode(operator, decimalOperand(left, type), decimalOperand(right, type), type);
      }
      default -> throw QuiverException.user("arithmetic " + operator.symbol + " does not make a "
          + Types.name(type));
    }
  }

  private static Node integerOperand(Node node, ArrowType type) {
    return Types.isInt(node.type) ? node : NodeBuilder.castTo(node, type);
  }

  private static Node decimalOperand(Node node, ArrowType type) {
    if (node.kind == Kind.DECIMAL) {
      return node;
    }
    return NodeBuilder.castTo(node, Types.isInt(node.type) ? WIDEST_INTEGER_DECIMAL : type);
  }

  private static Node numericOperand(Node node, ArrowType type) {
    if (node.kind == Kind.DECIMAL && Kind.of(type) == Kind.DECIMAL) {
      return node;
    }
    if (Types.isInt(node.type) && Types.isInt(type)) {
      return node;
    }
    return NodeBuilder.castTo(node, type);
  }

  private static Node temporal(Node node, String function) {
    if (node.kind == Kind.NULL) {
      return NodeBuilder.castTo(node, new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY));
    }
    if (!Types.isDate(node.type) && !Types.isTimestamp(node.type)) {
      throw QuiverException.user(function + " needs a DATE or TIMESTAMP, not " + Types.name(node.type));
    }
    return node;
  }

  private static Node integer(Node node, String function) {
    if (Types.isInt(node.type)) {
      return node;
    }
    if (node.kind == Kind.NULL || node.kind == Kind.DECIMAL) {
      return NodeBuilder.castTo(node, Types.INT64);
    }
    throw QuiverException.user(function + " needs an integer, not " + Types.name(node.type));
  }
}
