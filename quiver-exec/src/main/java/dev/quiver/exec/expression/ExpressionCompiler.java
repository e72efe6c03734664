package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import dev.quiver.expression.And;
import dev.quiver.expression.Between;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Comparison;
import dev.quiver.expression.Constant;
import dev.quiver.expression.Expression;
import dev.quiver.expression.InList;
import dev.quiver.expression.IsNull;
import dev.quiver.expression.Like;
import dev.quiver.expression.Not;
import dev.quiver.expression.Or;
import dev.quiver.expression.StartsWith;
import dev.quiver.expression.filter.FilterEvaluator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Compiles expressions of the model ({@code dev.quiver.expression}) against an input schema into trees
 * of type-specialized vectorized nodes: each node evaluates a whole batch into a dense array per type
 * (long, double, scaled-long or wide decimal, UTF-8 bytes with offsets, booleans, with a null mask) in
 * one tight loop per type. Column references are by ordinal into the input. Selection vectors are
 * honoured (only the selected rows are read); a sub-tree over one dictionary-encoded column is
 * evaluated once per dictionary value. Sub-trees of literals are folded at compile time.
 *
 * <p>Semantics (the contract with the SQL translation): three-valued logic; NULL in, NULL out (except
 * the IS tests, COALESCE and CASE); integers exact (overflow of the result type is a USER error;
 * division truncates toward zero; the remainder has the sign of the dividend); decimals exact at the
 * call's result precision and scale, rounded half up (away from zero) where the scale drops, a result
 * past the precision a USER error; a zero divisor (integer, decimal or float) on a non-NULL row a USER
 * error; floats compared with NaN equal to itself and above everything, -0.0 = 0.0; strings compared
 * by unsigned UTF-8 bytes. AND and OR evaluate later operands only on undecided rows, CASE each value
 * only on the rows its condition takes and COALESCE each argument only on rows still NULL, so a row a
 * branch does not take never raises that branch's error. See {@link Functions} for each call.
 */
public final class ExpressionCompiler {
  private ExpressionCompiler() {}

  /** Compiles an expression over rows of {@code input}; errors in the expression are USER errors. */
  public static CompiledExpression compile(Expression expression, Schema input) {
    Objects.requireNonNull(expression, "expression");
    Node root = new NodeBuilder(input).root(expression);
    return new CompiledNodeExpression(root, expression.toString());
  }

  /**
   * Compiles expressions evaluated together over rows of {@code input} (a projection): columns read
   * once per batch for all, and a call or cast occurring more than once evaluated once.
   */
  public static CompiledProjection compileAll(List<Expression> expressions, Schema input) {
    NodeBuilder builder = new NodeBuilder(input, expressions);
    CompiledNodeExpression[] compiled = new CompiledNodeExpression[expressions.size()];
    for (int i = 0; i < compiled.length; i++) {
      Expression expression = Objects.requireNonNull(expressions.get(i), "expression");
      compiled[i] = new CompiledNodeExpression(builder.root(expression), expression.toString());
    }
    return new CompiledProjection(compiled);
  }

  /**
   * Compiles a condition (a boolean expression, or NULL) into the rows where it is TRUE. A conjunction
   * of the model's filter nodes over columns and literals runs on the scan's kernels.
   */
  public static CompiledPredicate compilePredicate(Expression condition, Schema input) {
    Objects.requireNonNull(condition, "condition");
    Node root = new NodeBuilder(input).root(condition);
    if (root.kind == Kind.NULL) {
      root = new CastNode(root, Types.BOOL);
    }
    if (root.kind != Kind.BOOL) {
      throw QuiverException.user("a condition must be a BOOLEAN, not " + Types.name(root.type) + ": " + condition);
    }
    CompiledNodePredicate nodes = new CompiledNodePredicate(root, condition.toString());
    Map<String, Integer> ordinals = new HashMap<>();
    if (kernelsApply(condition, input, ordinals)) {
      try {
        return new ScanKernelPredicate(new FilterEvaluator(condition), ordinals, nodes);
      } catch (QuiverException notForKernels) {
        return nodes;
      }
    }
    return nodes;
  }

  /** Whether the scan's kernels evaluate the condition: filter nodes only, columns named uniquely. */
  private static boolean kernelsApply(Expression condition, Schema input, Map<String, Integer> ordinals) {
    if (condition instanceof And and) {
      return and.operands().stream().allMatch(operand -> kernelsApply(operand, input, ordinals));
    }
    if (condition instanceof Or or) {
      return or.operands().stream().allMatch(operand -> kernelsApply(operand, input, ordinals));
    }
    if (condition instanceof Not not) {
      return kernelsApply(not.operand(), input, ordinals);
    }
    if (condition instanceof Constant) {
      return true;
    }
    ColumnReference column;
    if (condition instanceof Comparison comparison) {
      column = comparison.column();
    } else if (condition instanceof Between between) {
      column = between.column();
    } else if (condition instanceof InList in) {
      column = in.column();
    } else if (condition instanceof IsNull isNull) {
      column = isNull.column();
    } else if (condition instanceof Like like) {
      column = like.column();
    } else if (condition instanceof StartsWith startsWith) {
      column = startsWith.column();
    } else {
      return false;
    }
    if (column.ordinal() >= input.getFields().size()
        || !input.getFields().get(column.ordinal()).getType().equals(column.type())
        || (column.type() instanceof ArrowType.Timestamp timestamp && timestamp.getTimezone() != null)) {
      return false;
    }
    Integer previous = ordinals.putIfAbsent(column.name(), column.ordinal());
    return previous == null || previous == column.ordinal();
  }
}
