package dev.quiver.sql.planner;

import dev.quiver.common.arrow.IntervalValue;
import dev.quiver.exec.expression.Functions;
import dev.quiver.expression.Call;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Literal;
import java.math.BigDecimal;
import java.util.List;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.sql.type.SqlTypeFamily;

/**
 * INTERVAL values in engine calls: literals (Calcite's months or milliseconds to months, days and
 * microseconds as DuckDB splits them), {@code timestamp - timestamp}, {@code age}, and a timestamp moved by
 * an interval that is not a constant. Every SQL interval type is one Arrow MONTH_DAY_NANO type.
 */
final class IntervalCalls {
  static final ArrowType INTERVAL = new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO);
  static final ArrowType TIMESTAMP = new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
  private static final long MILLIS_PER_DAY = 86_400_000L;

  private IntervalCalls() {}

  /**
   * An interval literal: a year-month one is months; a day-time one starting at DAY is whole days and the
   * rest in microseconds ({@code INTERVAL '1 2' DAY TO HOUR} = 1 day 02:00:00), one starting at HOUR or
   * below is all microseconds ({@code INTERVAL 25 HOUR} = 25:00:00), as DuckDB keeps them.
   */
  static Literal literal(RexLiteral literal) {
    if (literal.isNull()) {
      return new Literal(null, INTERVAL);
    }
    BigDecimal amount = literal.getValueAs(BigDecimal.class);
    if (literal.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH) {
      return new Literal(new IntervalValue(amount.intValueExact(), 0, 0), INTERVAL);
    }
    long millis = amount.longValueExact();
    TimeUnitRange range = literal.getType().getIntervalQualifier() == null ? null
        : literal.getType().getIntervalQualifier().timeUnitRange;
    boolean fromDays = range == null || range.startUnit == org.apache.calcite.avatica.util.TimeUnit.DAY;
    int days = fromDays ? Math.toIntExact(millis / MILLIS_PER_DAY) : 0;
    long micros = Math.multiplyExact(fromDays ? millis % MILLIS_PER_DAY : millis, 1000L);
    return new Literal(new IntervalValue(0, days, micros), INTERVAL);
  }

  /** A constant interval expression ({@code 3 * INTERVAL '1' HOUR}) as one literal; null when not constant. */
  static Literal constant(org.apache.calcite.rex.RexCall call) {
    BigDecimal amount = EngineFolding.intervalAmount(call);
    if (amount == null || call.getType().getIntervalQualifier() == null) {
      return null;
    }
    RexLiteral literal = (RexLiteral) new org.apache.calcite.rex.RexBuilder(
        new org.apache.calcite.sql.type.SqlTypeFactoryImpl(org.apache.calcite.rel.type.RelDataTypeSystem.DEFAULT))
        .makeIntervalLiteral(amount, call.getType().getIntervalQualifier());
    return literal(literal);
  }

  /** {@code a - b} of two timestamps: an INTERVAL of days and the microseconds under a day. */
  static Expression difference(Expression a, Expression b) {
    return new Call(Functions.TIMESTAMP_DIFFERENCE, List.of(a, b), INTERVAL);
  }

  /** {@code age(a, b)}: the years, months, days and time from b to a. */
  static Expression age(Expression a, Expression b) {
    return new Call(Functions.AGE, List.of(a, b), INTERVAL);
  }

  /** A timestamp moved forward (or back) by an interval that is not a constant, of the result type. */
  static Expression move(Expression timestamp, Expression interval, boolean subtract, ArrowType type) {
    return new Call(subtract ? Functions.TIMESTAMP_SUBTRACT_INTERVAL : Functions.TIMESTAMP_ADD_INTERVAL,
        List.of(timestamp, interval), type);
  }
}
