package dev.quiver.expression.filter;

import dev.quiver.common.QuiverException;
import dev.quiver.expression.And;
import dev.quiver.expression.Between;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Comparison;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Constant;
import dev.quiver.expression.Expression;
import dev.quiver.expression.InList;
import dev.quiver.expression.IsNull;
import dev.quiver.expression.KeySet;
import dev.quiver.expression.Like;
import dev.quiver.expression.LikePattern;
import dev.quiver.expression.Literal;
import dev.quiver.expression.Not;
import dev.quiver.expression.Or;
import dev.quiver.expression.StartsWith;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Binds an expression for evaluation: pushes NOT down to the leaves (De Morgan; negated leaves keep
 * NULL as NULL), turns literals into raw bounds of the column's values, flattens nested ANDs and folds
 * constants.
 */
final class PredicateCompiler {
  private PredicateCompiler() {}

  static Predicate compile(Expression expression) {
    return compile(expression, false);
  }

  private static Predicate compile(Expression expression, boolean negated) {
    if (expression instanceof Not not) {
      return compile(not.operand(), !negated);
    }
    if (expression instanceof And and) {
      return negated ? or(and.operands(), true) : and(and.operands(), false);
    }
    if (expression instanceof Or or) {
      return negated ? and(or.operands(), true) : or(or.operands(), false);
    }
    if (expression instanceof Constant constant) {
      return constant.value() == null || constant.value() == negated ? ConstantPredicate.NONE : ConstantPredicate.ALL;
    }
    if (expression instanceof Comparison comparison) {
      return comparison(comparison, negated);
    }
    if (expression instanceof Between between) {
      return between(between, negated);
    }
    if (expression instanceof InList in) {
      return in(in, negated);
    }
    if (expression instanceof KeySet set) {
      return leaf(set.column(), new KeySetFilter(set, negated), expression, negated);
    }
    if (expression instanceof IsNull isNull) {
      return leaf(isNull.column(), new NullFilter(isNull.negated() != negated), expression, negated);
    }
    if (expression instanceof Like like) {
      LikePattern pattern = LikePattern.compile(like.pattern(), like.escape());
      return leaf(like.column(), new PatternFilter(pattern, like.negated() != negated), expression, negated);
    }
    if (expression instanceof ColumnReference column && column.type() instanceof ArrowType.Bool) {
      return comparison(new Comparison(column, ComparisonOperator.EQUAL, new Literal(true, column.type())),
          negated);
    }
    if (expression instanceof Literal literal && (literal.isNull() || literal.value() instanceof Boolean)) {
      return compile(new Constant((Boolean) literal.value()), negated);
    }
    if (!(expression instanceof StartsWith startsWith)) {
      throw QuiverException.user("filter: " + expression + " is not a condition a scan filter evaluates (filters"
          + " compare columns with constants; casts, arithmetic and functions are evaluated by the engine)");
    }
    if (startsWith.prefix().isNull()) {
      return ConstantPredicate.NONE;
    }
    return leaf(startsWith.column(), new PatternFilter(LikePattern.prefix(bytes(startsWith.prefix())), negated),
        expression, negated);
  }

  private static Predicate and(List<Expression> operands, boolean negated) {
    List<Predicate> compiled = new ArrayList<>();
    for (Expression operand : operands) {
      Predicate predicate = compile(operand, negated);
      if (predicate == ConstantPredicate.NONE) {
        return ConstantPredicate.NONE;
      }
      if (predicate instanceof AndPredicate nested) {
        compiled.addAll(nested.operands());
      } else if (predicate != ConstantPredicate.ALL) {
        compiled.add(predicate);
      }
    }
    return compiled.isEmpty() ? ConstantPredicate.ALL
        : compiled.size() == 1 ? compiled.get(0) : new AndPredicate(compiled);
  }

  private static Predicate or(List<Expression> operands, boolean negated) {
    List<Predicate> compiled = new ArrayList<>();
    for (Expression operand : operands) {
      Predicate predicate = compile(operand, negated);
      if (predicate == ConstantPredicate.ALL) {
        return ConstantPredicate.ALL;
      }
      if (predicate instanceof OrPredicate nested) {
        compiled.addAll(nested.operands());
      } else if (predicate != ConstantPredicate.NONE) {
        compiled.add(predicate);
      }
    }
    return compiled.isEmpty() ? ConstantPredicate.NONE
        : compiled.size() == 1 ? compiled.get(0) : new OrPredicate(compiled);
  }

  private static Predicate comparison(Comparison comparison, boolean negated) {
    if (comparison.literal().isNull()) {
      return ConstantPredicate.NONE;
    }
    ColumnReference column = comparison.column();
    ValueFilter test;
    if (isBytes(column.type())) {
      test = BytesFilter.comparison(comparison.operator(), bytes(comparison.literal()), negated);
    } else {
      test = raw(column.type(), RawCondition.comparison(comparison.operator(),
          RawBound.of(comparison.literal(), column.type()), negated));
    }
    return leaf(column, test, comparison, negated);
  }

  private static Predicate between(Between between, boolean negated) {
    ColumnReference column = between.column();
    if (between.low().isNull() || between.high().isNull()) {
      // x BETWEEN a AND b is x >= a AND x <= b; a NULL end makes its half NULL
      Expression expanded = new And(List.of(
          new Comparison(column, ComparisonOperator.GREATER_OR_EQUAL, between.low()),
          new Comparison(column, ComparisonOperator.LESS_OR_EQUAL, between.high())));
      return compile(expanded, negated != between.negated());
    }
    boolean flipped = negated != between.negated();
    ValueFilter test = isBytes(column.type())
        ? BytesFilter.between(bytes(between.low()), bytes(between.high()), flipped)
        : raw(column.type(), RawCondition.between(RawBound.of(between.low(), column.type()),
            RawBound.of(between.high(), column.type()), flipped));
    return leaf(column, test, between, negated);
  }

  private static Predicate in(InList in, boolean negated) {
    ColumnReference column = in.column();
    boolean flipped = negated != in.negated();
    List<Literal> values = in.values().stream().filter(value -> !value.isNull()).toList();
    if (values.isEmpty() || (flipped && values.size() < in.values().size())) {
      // IN (NULL...) is never TRUE; NOT IN with a NULL is never TRUE
      return ConstantPredicate.NONE;
    }
    ValueFilter test = isBytes(column.type())
        ? BytesFilter.in(values.stream().map(PredicateCompiler::bytes).toList(), flipped)
        : raw(column.type(),
            RawCondition.in(values.stream().map(value -> RawBound.of(value, column.type())).toList(), flipped));
    return leaf(column, test, in, negated);
  }

  private static ValueFilter raw(ArrowType type, RawCondition condition) {
    KeyType keyType = KeyType.of(type);
    return keyType != null ? new KeyFilter(keyType, type, condition)
        : new WideDecimalFilter((ArrowType.Decimal) type, condition);
  }

  private static LeafPredicate leaf(ColumnReference column, ValueFilter test, Expression source, boolean negated) {
    return new LeafPredicate(column.name(), test, negated ? "NOT (" + source + ")" : source.toString());
  }

  private static boolean isBytes(ArrowType type) {
    return type instanceof ArrowType.Utf8 || type instanceof ArrowType.Binary;
  }

  private static byte[] bytes(Literal literal) {
    return literal.value() instanceof String text ? text.getBytes(StandardCharsets.UTF_8) : (byte[]) literal.value();
  }
}
