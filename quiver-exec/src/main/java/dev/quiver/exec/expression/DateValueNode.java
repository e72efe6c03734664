package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * DuckDB's date and time value functions (see {@link Functions}): make_date, make_timestamp (of fields,
 * or of microseconds since the epoch), epoch (seconds, a double), epoch_ms (milliseconds of a date or
 * timestamp, or the timestamp of milliseconds), to_timestamp (of seconds), dayname, monthname. A date
 * is its midnight; a zoned timestamp's fields are its wall clock in its zone. NULL in, NULL out; a value
 * that is no valid date or time, or out of range, is a USER error naming it.
 */
final class DateValueNode extends Node {
  private static final byte[][] DAY_NAMES = names("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
      "Saturday");
  private static final byte[][] MONTH_NAMES = names("January", "February", "March", "April", "May", "June", "July",
      "August", "September", "October", "November", "December");

  enum Function {
    MAKE_DATE,
    MAKE_TIMESTAMP,
    MICROS_TO_TIMESTAMP,
    MILLIS_TO_TIMESTAMP,
    SECONDS_TO_TIMESTAMP,
    EPOCH,
    EPOCH_MS,
    DAYNAME,
    MONTHNAME
  }

  private final Function function;
  private final List<Node> arguments;

  DateValueNode(Function function, List<Node> arguments, ArrowType type) {
    super(type);
    this.function = function;
    this.arguments = List.copyOf(arguments);
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    Column[] values = new Column[arguments.size()];
    boolean[] nulls = evaluateAll(arguments, context, values);
    return switch (function) {
      case MAKE_DATE, MAKE_TIMESTAMP -> make(values, nulls, count);
      case MICROS_TO_TIMESTAMP, MILLIS_TO_TIMESTAMP -> fromLongs((LongColumn) values[0], nulls, count);
      case SECONDS_TO_TIMESTAMP -> fromSeconds((DoubleColumn) values[0], nulls, count);
      case EPOCH -> epoch((LongColumn) values[0], nulls, count);
      case EPOCH_MS -> epochMillis((LongColumn) values[0], nulls, count);
      case DAYNAME, MONTHNAME -> name((LongColumn) values[0], nulls, count);
    };
  }

  private LongColumn make(Column[] values, boolean[] nulls, int count) {
    long[] result = new long[count];
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      long year = ((LongColumn) values[0]).values[i];
      long month = ((LongColumn) values[1]).values[i];
      long day = ((LongColumn) values[2]).values[i];
      if (month < 1 || month > 12 || day < 1 || year < -290_000 || year > 294_000
          || day > CivilDates.daysInMonth(year, (int) month)) {
        throw QuiverException.user(function.name().toLowerCase(java.util.Locale.ROOT) + ": " + year + "-" + month
            + "-" + day + " is not a valid date");
      }
      long days = CivilDates.days(year, (int) month, (int) day);
      if (function == Function.MAKE_DATE) {
        if (days < Integer.MIN_VALUE || days > Integer.MAX_VALUE) {
          throw QuiverException.user("make_date: " + year + "-" + month + "-" + day + " is out of the DATE range");
        }
        result[i] = days;
        continue;
      }
      long hour = ((LongColumn) values[3]).values[i];
      long minute = ((LongColumn) values[4]).values[i];
      double second = ((DoubleColumn) values[5]).values[i];
      if (hour < 0 || hour > 24 || minute < 0 || minute > 59 || !(second >= 0 && second < 60)
          || (hour == 24 && (minute > 0 || second > 0))) {
        throw QuiverException.user("make_timestamp: " + hour + ":" + minute + ":" + second + " is not a valid time");
      }
      long micros = Math.round(second * Types.MICROS_PER_SECOND);
      try {
        result[i] = Math.addExact(Math.multiplyExact(days, Types.MICROS_PER_DAY),
            (hour * 60 + minute) * 60_000_000L + micros);
      } catch (ArithmeticException overflow) {
        throw QuiverException.user("make_timestamp: " + year + "-" + month + "-" + day + " is out of the TIMESTAMP "
            + "range");
      }
    }
    return new LongColumn(result, nulls);
  }

  private LongColumn fromLongs(LongColumn values, boolean[] nulls, int count) {
    long factor = function == Function.MILLIS_TO_TIMESTAMP ? 1_000L : 1L;
    long[] result = new long[count];
    for (int i = 0; i < count; i++) {
      if (nulls == null || !nulls[i]) {
        try {
          result[i] = Math.multiplyExact(values.values[i], factor);
        } catch (ArithmeticException overflow) {
          throw QuiverException.user("epoch_ms: " + values.values[i] + " milliseconds is out of the TIMESTAMP range");
        }
      }
    }
    return new LongColumn(result, nulls);
  }

  private LongColumn fromSeconds(DoubleColumn values, boolean[] nulls, int count) {
    long[] result = new long[count];
    for (int i = 0; i < count; i++) {
      if (nulls == null || !nulls[i]) {
        double micros = values.values[i] * Types.MICROS_PER_SECOND;
        if (!(Math.abs(micros) < 9.2e18)) {
          throw QuiverException.user("to_timestamp: " + values.values[i] + " seconds is out of the TIMESTAMP range");
        }
        result[i] = Math.round(micros);
      }
    }
    return new LongColumn(result, nulls);
  }

  /** Microseconds since the epoch of a date or timestamp value (a date's midnight). */
  private long micros(long value) {
    return Types.isDate(arguments.get(0).type) ? Math.multiplyExact(value, Types.MICROS_PER_DAY) : value;
  }

  private DoubleColumn epoch(LongColumn values, boolean[] nulls, int count) {
    double[] result = new double[count];
    boolean date = Types.isDate(arguments.get(0).type);
    for (int i = 0; i < count; i++) {
      long value = values.values[i];
      result[i] = date ? value * 86_400.0 : Math.floorDiv(value, Types.MICROS_PER_SECOND)
          + Math.floorMod(value, Types.MICROS_PER_SECOND) / 1e6;
    }
    return new DoubleColumn(result, nulls);
  }

  private LongColumn epochMillis(LongColumn values, boolean[] nulls, int count) {
    long[] result = new long[count];
    for (int i = 0; i < count; i++) {
      long micros = micros(values.values[i]);
      long millis = micros / 1_000L;
      long rest = micros % 1_000L;
      result[i] = rest >= 500 ? millis + 1 : rest <= -500 ? millis - 1 : millis;
    }
    return new LongColumn(result, nulls);
  }

  private StringColumn name(LongColumn values, boolean[] nulls, int count) {
    boolean timestamp = Types.isTimestamp(arguments.get(0).type);
    ZoneId zone = Types.zone(arguments.get(0).type);
    boolean utc = zone.equals(ZoneOffset.UTC);
    StringColumn.Builder builder = new StringColumn.Builder(count, count * 8);
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        builder.appendNull();
        continue;
      }
      long value = values.values[i];
      long days = timestamp ? Math.floorDiv(utc ? value : CivilDates.toWall(zone, value), Types.MICROS_PER_DAY)
          : value;
      byte[] name = function == Function.DAYNAME ? DAY_NAMES[(int) Math.floorMod(days + 4, 7)]
          : MONTH_NAMES[(int) CivilDates.civil(days)[1] - 1];
      builder.append(name, 0, name.length);
    }
    StringColumn result = builder.build();
    result.nulls = nulls;
    return result;
  }

  private static byte[][] names(String... names) {
    byte[][] bytes = new byte[names.length][];
    for (int i = 0; i < names.length; i++) {
      bytes[i] = names[i].getBytes(StandardCharsets.UTF_8);
    }
    return bytes;
  }
}
