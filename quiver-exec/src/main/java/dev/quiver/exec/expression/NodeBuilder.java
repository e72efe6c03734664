package dev.quiver.exec.expression;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.expression.And;
import dev.quiver.expression.Between;
import dev.quiver.expression.Call;
import dev.quiver.expression.Cast;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Comparison;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Constant;
import dev.quiver.expression.Expression;
import dev.quiver.expression.InList;
import dev.quiver.expression.IsNull;
import dev.quiver.expression.Like;
import dev.quiver.expression.LikePattern;
import dev.quiver.expression.Literal;
import dev.quiver.expression.Not;
import dev.quiver.expression.Or;
import dev.quiver.expression.StartsWith;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Turns an expression into a tree of nodes: every model node and call, with sub-trees of literals
 * folded to constants at compile time (unless evaluating them fails: that error belongs to the rows
 * that reach it), and maximal sub-trees over one column wrapped to be evaluated per dictionary value.
 */
final class NodeBuilder {
  private final Schema schema;
  private final CallBuilder calls = new CallBuilder(this);
  /** How often each call or cast occurs in the expressions compiled together (empty: nothing shared). */
  private final Map<Expression, Integer> occurrences = new HashMap<>();
  private final Map<List<Object>, Node> sharedNodes = new HashMap<>();

  NodeBuilder(Schema schema) {
    this.schema = schema;
  }

  /** A builder for expressions compiled together: a call or cast occurring more than once is built once and shared. */
  NodeBuilder(Schema schema, List<Expression> together) {
    this(schema);
    together.forEach(this::count);
  }

  private void count(Expression expression) {
    if (expression instanceof Call call) {
      occurrences.merge(call, 1, Integer::sum);
      call.arguments().forEach(this::count);
    } else if (expression instanceof Cast cast) {
      occurrences.merge(cast, 1, Integer::sum);
      count(cast.operand());
    } else if (expression instanceof And and) {
      and.operands().forEach(this::count);
    } else if (expression instanceof Or or) {
      or.operands().forEach(this::count);
    } else if (expression instanceof Not not) {
      count(not.operand());
    }
  }

  /** The node of a whole expression. */
  Node root(Expression expression) {
    return build(expression, -1);
  }

  /**
   * @param enclosingColumn the one column the enclosing sub-tree reads (already wrapped), or -1
   */
  Node build(Expression expression, int enclosingColumn) {
    if (occurrences.getOrDefault(expression, 0) < 2) {
      return buildOnce(expression, enclosingColumn);
    }
    List<Object> key = List.of(expression, enclosingColumn);
    Node node = sharedNodes.get(key);
    if (node == null) {
      Node built = buildOnce(expression, enclosingColumn);
      node = built.isConstant() ? built : new SharedNode(built);
      sharedNodes.put(key, node);
    }
    return node;
  }

  private Node buildOnce(Expression expression, int enclosingColumn) {
    Set<Integer> ordinals = ordinals(expression);
    if (ordinals.isEmpty()) {
      return fold(translate(expression, enclosingColumn));
    }
    if (ordinals.size() == 1 && !(expression instanceof ColumnReference)) {
      int ordinal = ordinals.iterator().next();
      if (ordinal != enclosingColumn) {
        Node inner = translate(expression, ordinal);
        return new DictionaryNode(inner, ordinal, schema.getFields().get(ordinal).getType(),
            schema.getFields().size());
      }
    }
    return translate(expression, enclosingColumn);
  }

  /** Builds a child of a node being built (keeps the enclosing single column). */
  Node child(Expression expression, int enclosingColumn) {
    return build(expression, enclosingColumn);
  }

  private Node translate(Expression expression, int column) {
    if (expression instanceof ColumnReference reference) {
      if (reference.ordinal() >= schema.getFields().size()) {
        throw QuiverException.user("column " + reference.name() + " has ordinal " + reference.ordinal()
            + " but the input has " + schema.getFields().size() + " columns");
      }
      return new ColumnNode(reference.ordinal(), reference.type());
    }
    if (expression instanceof Literal literal) {
      return Literals.node(literal);
    }
    if (expression instanceof Cast cast) {
      Node operand = child(cast.operand(), column);
      return operand.type.equals(cast.type()) ? operand : new CastNode(operand, cast.type());
    }
    if (expression instanceof Comparison comparison) {
      return Literals.compare(child(comparison.column(), column), comparison.operator(), comparison.literal());
    }
    if (expression instanceof Between between) {
      Node operand = child(between.column(), column);
      Node range = new JunctionNode(List.of(
          Literals.compare(operand, ComparisonOperator.GREATER_OR_EQUAL, between.low()),
          Literals.compare(operand, ComparisonOperator.LESS_OR_EQUAL, between.high())), true);
      return between.negated() ? new NotNode(range) : range;
    }
    if (expression instanceof InList in) {
      Node operand = child(in.column(), column);
      List<Node> equalities = new ArrayList<>();
      for (Literal value : in.values()) {
        equalities.add(Literals.compare(operand, ComparisonOperator.EQUAL, value));
      }
      Node any = equalities.size() == 1 ? equalities.get(0) : new JunctionNode(equalities, false);
      return in.negated() ? new NotNode(any) : any;
    }
    if (expression instanceof IsNull isNull) {
      return new TestNode(child(isNull.column(), column),
          isNull.negated() ? TestNode.Test.IS_NOT_NULL : TestNode.Test.IS_NULL);
    }
    if (expression instanceof Like like) {
      Node match = new LikeNode(requireText(child(like.column(), column), "LIKE"),
          LikePattern.compile(like.pattern(), like.escape()));
      return like.negated() ? new NotNode(match) : match;
    }
    if (expression instanceof StartsWith startsWith) {
      if (startsWith.prefix().isNull()) {
        return Literals.node(null, Types.BOOL);
      }
      Object prefix = startsWith.prefix().value();
      byte[] bytes = prefix instanceof byte[] raw ? raw : ((String) prefix).getBytes(StandardCharsets.UTF_8);
      return new LikeNode(requireText(child(startsWith.column(), column), "starts_with"), LikePattern.prefix(bytes));
    }
    if (expression instanceof And and) {
      return new JunctionNode(children(and.operands(), column), true);
    }
    if (expression instanceof Or or) {
      return new JunctionNode(children(or.operands(), column), false);
    }
    if (expression instanceof Not not) {
      return new NotNode(requireBoolean(child(not.operand(), column), "NOT"));
    }
    if (expression instanceof Constant constant) {
      return Literals.node(constant.value(), Types.BOOL);
    }
    return calls.build((Call) expression, column);
  }

  private List<Node> children(List<Expression> operands, int column) {
    List<Node> nodes = new ArrayList<>();
    for (Expression operand : operands) {
      nodes.add(requireBoolean(child(operand, column), "AND/OR"));
    }
    return nodes;
  }

  static Node requireText(Node node, String what) {
    if (node.kind != Kind.STRING && node.kind != Kind.NULL) {
      throw QuiverException.user(what + " needs a VARCHAR, not " + Types.name(node.type));
    }
    return node.kind == Kind.NULL ? new CastNode(node, Types.UTF8) : node;
  }

  static Node requireBoolean(Node node, String what) {
    if (node.kind == Kind.NULL) {
      return new CastNode(node, Types.BOOL);
    }
    if (node.kind != Kind.BOOL) {
      throw QuiverException.user(what + " needs a condition, not " + Types.name(node.type));
    }
    return node;
  }

  /** A node that reads no column, evaluated now (unless that fails with a USER error). */
  static Node fold(Node node) {
    if (node.isConstant()) {
      return node;
    }
    try {
      return new LiteralNode(node.evaluate(EvaluationContext.empty(1)), node.type);
    } catch (QuiverException failure) {
      if (failure.errorCode() != ErrorCode.USER) {
        throw failure;
      }
      return node;
    }
  }

  /** The ordinals of the columns an expression reads. */
  static Set<Integer> ordinals(Expression expression) {
    Set<Integer> result = new TreeSet<>();
    collect(expression, result);
    return result;
  }

  private static void collect(Expression expression, Set<Integer> result) {
    if (expression instanceof ColumnReference reference) {
      result.add(reference.ordinal());
    } else if (expression instanceof Call call) {
      call.arguments().forEach(argument -> collect(argument, result));
    } else if (expression instanceof Cast cast) {
      collect(cast.operand(), result);
    } else if (expression instanceof Comparison comparison) {
      result.add(comparison.column().ordinal());
    } else if (expression instanceof Between between) {
      result.add(between.column().ordinal());
    } else if (expression instanceof InList in) {
      result.add(in.column().ordinal());
    } else if (expression instanceof IsNull isNull) {
      result.add(isNull.column().ordinal());
    } else if (expression instanceof Like like) {
      result.add(like.column().ordinal());
    } else if (expression instanceof StartsWith startsWith) {
      result.add(startsWith.column().ordinal());
    } else if (expression instanceof And and) {
      and.operands().forEach(operand -> collect(operand, result));
    } else if (expression instanceof Or or) {
      or.operands().forEach(operand -> collect(operand, result));
    } else if (expression instanceof Not not) {
      collect(not.operand(), result);
    }
  }

  /** Casts a node to a type (nothing when it has it); a cast of a constant is folded. */
  static Node castTo(Node node, ArrowType type) {
    if (node.type.equals(type)) {
      return node;
    }
    Node cast = new CastNode(node, type);
    return node.isConstant() ? fold(cast) : cast;
  }
}
