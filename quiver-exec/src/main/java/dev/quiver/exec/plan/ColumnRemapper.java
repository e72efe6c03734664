package dev.quiver.exec.plan;

import dev.quiver.expression.And;
import dev.quiver.expression.Between;
import dev.quiver.expression.Call;
import dev.quiver.expression.Cast;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Comparison;
import dev.quiver.expression.Constant;
import dev.quiver.expression.Expression;
import dev.quiver.expression.InList;
import dev.quiver.expression.IsNull;
import dev.quiver.expression.Like;
import dev.quiver.expression.Literal;
import dev.quiver.expression.Not;
import dev.quiver.expression.Or;
import dev.quiver.expression.StartsWith;
import java.util.function.IntUnaryOperator;

/** Rewrites the column ordinals of an expression (when the columns of its input move). */
public final class ColumnRemapper {
  private ColumnRemapper() {}

  /** {@code expression} with every column ordinal {@code o} replaced by {@code mapping(o)}. */
  public static Expression remap(Expression expression, IntUnaryOperator mapping) {
    if (expression == null) {
      return null;
    }
    if (expression instanceof ColumnReference column) {
      return column(column, mapping);
    }
    if (expression instanceof Literal || expression instanceof Constant) {
      return expression;
    }
    if (expression instanceof Call call) {
      return new Call(call.function(), call.arguments().stream().map(argument -> remap(argument, mapping)).toList(),
          call.type());
    }
    if (expression instanceof Cast cast) {
      return new Cast(remap(cast.operand(), mapping), cast.type());
    }
    if (expression instanceof Comparison comparison) {
      return new Comparison(column(comparison.column(), mapping), comparison.operator(), comparison.literal());
    }
    if (expression instanceof Between between) {
      return new Between(column(between.column(), mapping), between.low(), between.high(), between.negated());
    }
    if (expression instanceof InList in) {
      return new InList(column(in.column(), mapping), in.values(), in.negated());
    }
    if (expression instanceof IsNull isNull) {
      return new IsNull(column(isNull.column(), mapping), isNull.negated());
    }
    if (expression instanceof Like like) {
      return new Like(column(like.column(), mapping), like.pattern(), like.escape(), like.negated());
    }
    if (expression instanceof StartsWith startsWith) {
      return new StartsWith(column(startsWith.column(), mapping), startsWith.prefix());
    }
    if (expression instanceof And and) {
      return new And(and.operands().stream().map(operand -> remap(operand, mapping)).toList());
    }
    if (expression instanceof Or or) {
      return new Or(or.operands().stream().map(operand -> remap(operand, mapping)).toList());
    }
    if (expression instanceof Not not) {
      return new Not(remap(not.operand(), mapping));
    }
    throw new IllegalArgumentException("cannot remap " + expression);
  }

  private static ColumnReference column(ColumnReference column, IntUnaryOperator mapping) {
    return new ColumnReference(column.name(), mapping.applyAsInt(column.ordinal()), column.type());
  }
}
