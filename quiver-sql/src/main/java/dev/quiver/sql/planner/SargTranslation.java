package dev.quiver.sql.planner;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import dev.quiver.exec.expression.Functions;
import dev.quiver.expression.And;
import dev.quiver.expression.Between;
import dev.quiver.expression.Call;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Comparison;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Constant;
import dev.quiver.expression.Expression;
import dev.quiver.expression.InList;
import dev.quiver.expression.IsNull;
import dev.quiver.expression.Literal;
import dev.quiver.expression.Or;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.util.Sarg;

/**
 * {@code SEARCH(x, Sarg[...])}, Calcite's form of IN, BETWEEN and ranges, as the model's nodes: all
 * points {@code IN} (one point {@code =}), the complement of points {@code NOT IN}, a closed range
 * BETWEEN, other ranges comparisons, several ranges OR-ed; {@code x} a column gives pushable nodes,
 * any other expression calls.
 */
final class SargTranslation {
  private SargTranslation() {}

  static Expression translate(RexTranslator translator, RexCall search) {
    if (org.apache.calcite.sql.type.SqlTypeName.INTERVAL_TYPES.contains(
        search.getOperands().get(0).getType().getSqlTypeName())) {
      // an interval's bounds are Calcite amounts (months or milliseconds): the plain comparisons carry their types
      return translator.translate(org.apache.calcite.rex.RexUtil.expandSearch(new org.apache.calcite.rex.RexBuilder(
          new org.apache.calcite.sql.type.SqlTypeFactoryImpl(org.apache.calcite.rel.type.RelDataTypeSystem.DEFAULT)),
          null, search));
    }
    RexLiteral sargLiteral = (RexLiteral) search.getOperands().get(1);
    Sarg<?> sarg = sargLiteral.getValueAs(Sarg.class);
    List<Object> endpoints = new ArrayList<>();
    for (Range<?> range : sarg.rangeSet.asRanges()) {
      if (range.hasLowerBound()) {
        endpoints.add(range.lowerEndpoint());
      }
      if (range.hasUpperBound()) {
        endpoints.add(range.upperEndpoint());
      }
    }
    Expression operand = translator.translate(RexTranslator.withoutIntegerWidening(search.getOperands().get(0),
        endpoints));
    ArrowType type = operand.type();
    Expression test;
    if (sarg.isAll()) {
      test = new Constant(true);
    } else if (sarg.isNone()) {
      test = new Constant(false);
    } else if (sarg.isPoints()) {
      test = points(operand, values(sarg, type, false), false);
    } else if (sarg.isComplementedPoints()) {
      test = points(operand, values(sarg, type, true), true);
    } else {
      List<Expression> ranges = new ArrayList<>();
      for (Range<?> range : sarg.rangeSet.asRanges()) {
        ranges.add(range(operand, range, type));
      }
      test = ranges.size() == 1 ? ranges.get(0) : new Or(ranges);
    }
    return withNulls(operand, test, sarg.nullAs);
  }

  /**
   * The condition for every row: {@code test} answers for the non-NULL values of {@code operand}; a
   * NULL one gives what the Sarg's {@code nullAs} says: TRUE ({@code x IS NULL OR test}), FALSE ({@code
   * x IS NOT NULL AND test}) or UNKNOWN (NULL: what a comparison gives anyway, but not a constant test).
   */
  private static Expression withNulls(Expression operand, Expression test, RexUnknownAs nullAs) {
    switch (nullAs) {
      case TRUE:
        return test instanceof Constant constant && Boolean.TRUE.equals(constant.value()) ? test
            : new Or(List.of(isNull(operand, false), test));
      case FALSE:
        return test instanceof Constant constant && Boolean.FALSE.equals(constant.value()) ? test
            : new And(List.of(isNull(operand, true), test));
      default:
        if (test instanceof Constant constant && constant.value() != null) {
          // TRUE or FALSE for the values, NULL for a NULL: x IS NOT NULL OR NULL, x IS NULL AND NULL
          return constant.value() ? new Or(List.of(isNull(operand, true), new Constant(null)))
              : new And(List.of(isNull(operand, false), new Constant(null)));
        }
        return test;
    }
  }

  private static Expression isNull(Expression operand, boolean negated) {
    return operand instanceof ColumnReference column ? new IsNull(column, negated)
        : new Call(negated ? Functions.IS_NOT_NULL : Functions.IS_NULL, List.of(operand), ArrowType.Bool.INSTANCE);
  }

  private static List<Literal> values(Sarg<?> sarg, ArrowType type, boolean complemented) {
    List<Literal> values = new ArrayList<>();
    for (Range<?> range : (complemented ? sarg.rangeSet.complement() : sarg.rangeSet).asRanges()) {
      values.add(new Literal(LiteralValues.of(range.lowerEndpoint(), type), type));
    }
    return values;
  }

  private static Expression points(Expression operand, List<Literal> values, boolean negated) {
    if (operand instanceof ColumnReference column) {
      if (values.size() == 1) {
        return new Comparison(column, negated ? ComparisonOperator.NOT_EQUAL : ComparisonOperator.EQUAL,
            values.get(0));
      }
      return new InList(column, values, negated);
    }
    List<Expression> arguments = new ArrayList<>();
    arguments.add(operand);
    arguments.addAll(values);
    Expression in = new Call(Functions.IN, arguments, ArrowType.Bool.INSTANCE);
    return negated ? new dev.quiver.expression.Not(in) : in;
  }

  private static Expression range(Expression operand, Range<?> range, ArrowType type) {
    Literal low = range.hasLowerBound() ? new Literal(LiteralValues.of(range.lowerEndpoint(), type), type) : null;
    Literal high = range.hasUpperBound() ? new Literal(LiteralValues.of(range.upperEndpoint(), type), type) : null;
    if (low != null && high != null && low.equals(high)) {
      return compare(operand, ComparisonOperator.EQUAL, low);
    }
    boolean closedLow = low != null && range.lowerBoundType() == BoundType.CLOSED;
    boolean closedHigh = high != null && range.upperBoundType() == BoundType.CLOSED;
    if (low != null && high != null && closedLow && closedHigh && operand instanceof ColumnReference column) {
      return new Between(column, low, high, false);
    }
    List<Expression> bounds = new ArrayList<>();
    if (low != null) {
      bounds.add(compare(operand, closedLow ? ComparisonOperator.GREATER_OR_EQUAL : ComparisonOperator.GREATER, low));
    }
    if (high != null) {
      bounds.add(compare(operand, closedHigh ? ComparisonOperator.LESS_OR_EQUAL : ComparisonOperator.LESS, high));
    }
    return bounds.size() == 1 ? bounds.get(0) : new And(bounds);
  }

  private static Expression compare(Expression operand, ComparisonOperator operator, Literal literal) {
    if (operand instanceof ColumnReference column) {
      return new Comparison(column, operator, literal);
    }
    String function = switch (operator) {
      case EQUAL -> Functions.EQUAL;
      case NOT_EQUAL -> Functions.NOT_EQUAL;
      case LESS -> Functions.LESS_THAN;
      case LESS_OR_EQUAL -> Functions.LESS_THAN_OR_EQUAL;
      case GREATER -> Functions.GREATER_THAN;
      case GREATER_OR_EQUAL -> Functions.GREATER_THAN_OR_EQUAL;
    };
    return new Call(function, List.of(operand, literal), ArrowType.Bool.INSTANCE);
  }
}
