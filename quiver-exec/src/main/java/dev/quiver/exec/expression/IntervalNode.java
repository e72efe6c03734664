package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import dev.quiver.common.arrow.IntervalValue;
import java.time.ZoneId;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The functions that make or take INTERVAL values (months, days, microseconds; see {@link IntervalValue}):
 * {@code timestamp - timestamp}, {@code age}, interval arithmetic, {@code timestamp ± interval} of a
 * column's intervals, and {@code epoch}/{@code date_part} of an interval. NULL where an operand is NULL; a
 * result out of range is a USER error naming the operands.
 */
final class IntervalNode extends Node {
  enum Function {
    /** {@code a - b} of two timestamps: whole days, then the microseconds under a day (both with a - b's sign). */
    DIFFERENCE,
    /** {@code age(a, b)}: years, months, days and time between the wall clocks, as PostgreSQL and DuckDB. */
    AGE,
    ADD,
    SUBTRACT,
    NEGATE,
    /** {@code interval * integer}: each part multiplied. */
    MULTIPLY,
    /** {@code timestamp + interval}: months (month ends clamp), then days (calendar days in the zone), then micros. */
    TIMESTAMP_ADD,
    /** {@code timestamp - interval}. */
    TIMESTAMP_SUBTRACT,
    /** Seconds of the span, a month counted as 30 days: DOUBLE. */
    EPOCH
  }

  private final Function function;
  private final List<Node> operands;

  IntervalNode(Function function, List<Node> operands, ArrowType type) {
    super(type);
    this.function = function;
    this.operands = operands;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    Column[] values = new Column[operands.size()];
    boolean[] nulls = null;
    for (int i = 0; i < values.length; i++) {
      values[i] = operands.get(i).evaluate(context);
      nulls = i == 0 ? (values[0].nulls == null ? null : values[0].nulls.clone())
          : Column.union(nulls, values[i].nulls, count);
    }
    return switch (function) {
      case DIFFERENCE -> difference((LongColumn) values[0], (LongColumn) values[1], nulls, count);
      case AGE -> age((LongColumn) values[0], (LongColumn) values[1], nulls, count);
      case ADD, SUBTRACT -> add((IntervalColumn) values[0], (IntervalColumn) values[1],
          function == Function.SUBTRACT, nulls, count);
      case NEGATE -> multiply((IntervalColumn) values[0], null, -1, nulls, count);
      case MULTIPLY -> multiply((IntervalColumn) values[0], (LongColumn) values[1], 0, nulls, count);
      case TIMESTAMP_ADD, TIMESTAMP_SUBTRACT -> moveTimestamps((LongColumn) values[0], (IntervalColumn) values[1],
          function == Function.TIMESTAMP_SUBTRACT, nulls, count);
      case EPOCH -> epoch((IntervalColumn) values[0], nulls, count);
    };
  }

  private IntervalColumn difference(LongColumn a, LongColumn b, boolean[] nulls, int count) {
    IntervalColumn result = IntervalColumn.allocate(count, nulls);
    ArrowType operandType = operands.get(0).type;
    if (((ArrowType.Timestamp) operandType).getTimezone() != null
        && !Types.zone(operandType).normalized().equals(java.time.ZoneOffset.UTC)) {
      zonedDifference(a, b, Types.zone(operandType), result, nulls, count);
      return result;
    }
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      long micros;
      try {
        micros = Math.subtractExact(a.values[i], b.values[i]);
      } catch (ArithmeticException overflow) {
        throw outOfRange(a.values[i], b.values[i]);
      }
      result.days[i] = (int) (micros / IntervalValue.MICROS_PER_DAY); // |days| < 2^64 / 8.64e10 < 2^31
      result.micros[i] = micros % IntervalValue.MICROS_PER_DAY;
    }
    return result;
  }

  /**
   * {@code a - b} of instants in a zone with daylight-saving changes, as DuckDB: the calendar days in the zone
   * from the earlier to the later (as many as fit), then the exact time left; negated when a is earlier.
   */
  private void zonedDifference(LongColumn a, LongColumn b, ZoneId zone, IntervalColumn result, boolean[] nulls,
      int count) {
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      boolean negative = a.values[i] < b.values[i];
      long end = negative ? b.values[i] : a.values[i];
      long start = negative ? a.values[i] : b.values[i];
      try {
        long wallStart = CivilDates.toWall(zone, start);
        long days = Math.max(0, Math.floorDiv(Math.subtractExact(CivilDates.toWall(zone, end), wallStart),
            IntervalValue.MICROS_PER_DAY));
        long reached = CivilDates.fromWall(zone, wallStart + days * IntervalValue.MICROS_PER_DAY);
        while (reached > end && days > 0) {
          days--;
          reached = CivilDates.fromWall(zone, wallStart + days * IntervalValue.MICROS_PER_DAY);
        }
        long rest = end - reached;
        result.days[i] = (int) (negative ? -days : days);
        result.micros[i] = negative ? -rest : rest;
      } catch (ArithmeticException | java.time.DateTimeException overflow) {
        throw outOfRange(a.values[i], b.values[i]);
      }
    }
  }

  private IntervalColumn age(LongColumn a, LongColumn b, boolean[] nulls, int count) {
    ArrowType operandType = operands.get(0).type;
    ZoneId zone = Types.isTimestamp(operandType) && ((ArrowType.Timestamp) operandType).getTimezone() != null
        ? Types.zone(operandType) : null;
    IntervalColumn result = IntervalColumn.allocate(count, nulls);
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      long first = zone == null ? a.values[i] : CivilDates.toWall(zone, a.values[i]);
      long second = zone == null ? b.values[i] : CivilDates.toWall(zone, b.values[i]);
      boolean negative = first < second;
      long later = negative ? second : first;
      long earlier = negative ? first : second;
      long laterDay = Math.floorDiv(later, IntervalValue.MICROS_PER_DAY);
      long earlierDay = Math.floorDiv(earlier, IntervalValue.MICROS_PER_DAY);
      long[] laterDate = CivilDates.civil(laterDay);
      long[] earlierDate = CivilDates.civil(earlierDay);
      long time = Math.floorMod(later, IntervalValue.MICROS_PER_DAY)
          - Math.floorMod(earlier, IntervalValue.MICROS_PER_DAY);
      long days = laterDate[2] - earlierDate[2];
      long months = laterDate[1] - earlierDate[1];
      long years = laterDate[0] - earlierDate[0];
      if (time < 0) {
        time += IntervalValue.MICROS_PER_DAY;
        days--;
      }
      if (days < 0) {
        // borrow the length of the earlier timestamp's month, as PostgreSQL and DuckDB
        days += CivilDates.daysInMonth(earlierDate[0], (int) earlierDate[1]);
        months--;
      }
      if (months < 0) {
        months += 12;
        years--;
      }
      long totalMonths = years * 12 + months; // < 2^31: timestamps span under 300,000 years
      int sign = negative ? -1 : 1;
      result.months[i] = (int) (sign * totalMonths);
      result.days[i] = (int) (sign * days);
      result.micros[i] = sign * time;
    }
    return result;
  }

  private IntervalColumn add(IntervalColumn a, IntervalColumn b, boolean subtract, boolean[] nulls, int count) {
    IntervalColumn result = IntervalColumn.allocate(count, nulls);
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      try {
        if (subtract) {
          result.months[i] = Math.subtractExact(a.months[i], b.months[i]);
          result.days[i] = Math.subtractExact(a.days[i], b.days[i]);
          result.micros[i] = Math.subtractExact(a.micros[i], b.micros[i]);
        } else {
          result.months[i] = Math.addExact(a.months[i], b.months[i]);
          result.days[i] = Math.addExact(a.days[i], b.days[i]);
          result.micros[i] = Math.addExact(a.micros[i], b.micros[i]);
        }
      } catch (ArithmeticException overflow) {
        throw QuiverException.user("interval out of range: " + text(a, i) + (subtract ? " - " : " + ") + text(b, i));
      }
    }
    return result;
  }

  /** Each part times {@code factors[i]} (or {@code factor} when factors is null). */
  private IntervalColumn multiply(IntervalColumn a, LongColumn factors, long factor, boolean[] nulls, int count) {
    IntervalColumn result = IntervalColumn.allocate(count, nulls);
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      long by = factors == null ? factor : factors.values[i];
      try {
        result.months[i] = Math.toIntExact(Math.multiplyExact(a.months[i], by));
        result.days[i] = Math.toIntExact(Math.multiplyExact(a.days[i], by));
        result.micros[i] = Math.multiplyExact(a.micros[i], by);
      } catch (ArithmeticException overflow) {
        throw QuiverException.user("interval out of range: " + (factors == null ? "-(" + text(a, i) + ")"
            : text(a, i) + " * " + by));
      }
    }
    return result;
  }

  private LongColumn moveTimestamps(LongColumn timestamps, IntervalColumn intervals, boolean subtract,
      boolean[] nulls, int count) {
    ZoneId zone = ((ArrowType.Timestamp) type).getTimezone() == null ? null : Types.zone(type);
    long[] result = new long[count];
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      long value = timestamps.values[i];
      long months = intervals.months[i];
      long days = intervals.days[i];
      long micros = intervals.micros[i];
      try {
        if (subtract) {
          months = -months;
          days = -days;
          micros = Math.negateExact(micros);
        }
        long wall = zone == null ? value : CivilDates.toWall(zone, value);
        if (months != 0 || days != 0) {
          long day = Math.floorDiv(wall, IntervalValue.MICROS_PER_DAY);
          long time = Math.floorMod(wall, IntervalValue.MICROS_PER_DAY);
          long moved = Math.addExact(CivilDates.addMonths(day, months), days);
          wall = Math.addExact(Math.multiplyExact(moved, IntervalValue.MICROS_PER_DAY), time);
        }
        long instant = zone == null ? wall : CivilDates.fromWall(zone, wall);
        result[i] = Math.addExact(instant, micros);
      } catch (ArithmeticException | java.time.DateTimeException overflow) {
        throw QuiverException.user("timestamp out of range: " + TextCasts.formatTimestamp(value, type)
            + (subtract ? " - " : " + ") + "INTERVAL '" + text(intervals, i) + "'");
      }
    }
    return new LongColumn(result, nulls);
  }

  private static DoubleColumn epoch(IntervalColumn a, boolean[] nulls, int count) {
    double[] result = new double[count];
    for (int i = 0; i < count; i++) {
      result[i] = IntervalValue.epochSeconds(a.months[i], a.days[i], a.micros[i]);
    }
    return new DoubleColumn(result, nulls);
  }

  private static String text(IntervalColumn column, int row) {
    return IntervalValue.text(column.months[row], column.days[row], column.micros[row]);
  }

  private QuiverException outOfRange(long a, long b) {
    ArrowType operandType = operands.get(0).type;
    return QuiverException.user("interval out of range: " + TextCasts.formatTimestamp(a, operandType) + " - "
        + TextCasts.formatTimestamp(b, operandType));
  }

  @Override
  public String toString() {
    return function.name().toLowerCase(java.util.Locale.ROOT) + operands;
  }
}
