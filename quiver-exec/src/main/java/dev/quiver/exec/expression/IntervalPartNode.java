package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import dev.quiver.common.arrow.IntervalValue;

/**
 * {@code EXTRACT(part FROM interval)} / {@code date_part(part, interval)}, as DuckDB reads an interval's
 * parts: years and months from its months (year = months / 12, month = months % 12), days as stored, and
 * the clock from its microseconds (hour = micros / 1 h, minute and second within the hour and minute;
 * millisecond and microsecond count the seconds of the minute too). Every part keeps the interval's sign.
 */
final class IntervalPartNode extends Node {
  private final DateFunctionNode.Unit unit;
  private final Node operand;

  IntervalPartNode(DateFunctionNode.Unit unit, Node operand) {
    super(Types.INT64);
    this.unit = unit;
    this.operand = operand;
    switch (unit) {
      case DOW, DOY, WEEK, ISODOW, ISOYEAR -> throw QuiverException.user("EXTRACT: an INTERVAL has no "
          + unit.name().toLowerCase(java.util.Locale.ROOT) + " (it is not a date)");
      default -> {
        // every other part is one of the interval's
      }
    }
  }

  @Override
  Column evaluate(EvaluationContext context) {
    IntervalColumn values = (IntervalColumn) operand.evaluate(context);
    int count = context.count;
    long[] result = new long[count];
    for (int i = 0; i < count; i++) {
      result[i] = part(values.months[i], values.days[i], values.micros[i]);
    }
    return new LongColumn(result, values.nulls == null ? null : values.nulls.clone());
  }

  private long part(int months, int days, long micros) {
    long ofMinute = micros % IntervalValue.MICROS_PER_MINUTE;
    return switch (unit) {
      case YEAR -> months / 12;
      case QUARTER -> months % 12 / 3 + 1;
      case MONTH -> months % 12;
      case DAY -> days;
      case HOUR -> micros / IntervalValue.MICROS_PER_HOUR;
      case MINUTE -> micros % IntervalValue.MICROS_PER_HOUR / IntervalValue.MICROS_PER_MINUTE;
      case SECOND -> ofMinute / IntervalValue.MICROS_PER_SECOND;
      case MILLISECOND -> ofMinute / 1000;
      case MICROSECOND -> ofMinute;
      case DECADE -> months / 12 / 10;
      case CENTURY -> months / 12 / 100;
      case MILLENNIUM -> months / 12 / 1000;
      case EPOCH -> (long) Math.floor(IntervalValue.epochSeconds(months, days, micros));
      default -> throw new IllegalStateException("not an interval part: " + unit);
    };
  }
}
