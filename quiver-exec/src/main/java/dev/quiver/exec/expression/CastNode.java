package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import dev.quiver.common.arrow.IntervalValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code CAST(operand AS type)}: between numbers (integers range-checked; floats to integers rounded
 * half to even (as DuckDB and PostgreSQL do), decimals half away from zero; to decimals rounded half up at the scale, precision-checked),
 * booleans (0/1, non-zero is TRUE), strings both ways ({@link TextCasts}), dates and timestamps (a date
 * is midnight in the timestamp's zone; a timestamp's date is its wall-clock date; a zoned timestamp to one without
 * a zone is its wall clock in its zone, the other way the instant of that wall clock in the target's zone; between
 * zones the instant is kept). A value that does not
 * fit, or text that is not a value, is a USER error naming it. NULL stays NULL.
 */
final class CastNode extends Node {
  private final Node operand;

  CastNode(Node operand, ArrowType type) {
    super(type);
    this.operand = operand;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    return cast(operand.evaluate(context), operand.type, type);
  }

  static Column cast(Column input, ArrowType from, ArrowType to) {
    if (from.equals(to)) {
      return input;
    }
    if (from instanceof ArrowType.Null) {
      return nulls(to, input.size);
    }
    return switch (Kind.of(to)) {
      case BOOL -> toBool(input);
      case LONG -> Types.isInt(to) ? toInteger(input, from, to)
          : Types.isDate(to) ? toDate(input, from, to)
              : Types.isTime(to) ? toTime(input, from, to) : toTimestamp(input, from, to);
      case DOUBLE -> toDouble(input, from, to);
      case DECIMAL -> toDecimal(input, from, to);
      case STRING -> toText(input, from);
      case INTERVAL -> throw QuiverException.user("cannot cast " + Types.name(from) + " to INTERVAL");
      case NULL -> nulls(to, input.size);
    };
  }

  /** A column of the type's kind, every row NULL. */
  static Column nulls(ArrowType type, int count) {
    boolean[] all = Column.allNulls(count);
    return switch (Kind.of(type)) {
      case BOOL, NULL -> new BoolColumn(new boolean[count], all);
      case LONG -> new LongColumn(new long[count], all);
      case DOUBLE -> new DoubleColumn(new double[count], all);
      case DECIMAL -> new DecimalColumn(Types.scale(type), new long[count], all);
      case STRING -> new StringColumn(new byte[0], new int[count + 1], all);
      case INTERVAL -> IntervalColumn.allocate(count, all);
    };
  }

  private static boolean live(Column column, int row) {
    return !column.isNull(row);
  }

  private static BoolColumn toBool(Column input) {
    int count = input.size;
    boolean[] values = new boolean[count];
    if (input instanceof LongColumn longs) {
      for (int i = 0; i < count; i++) {
        values[i] = longs.values[i] != 0;
      }
    } else if (input instanceof DoubleColumn doubles) {
      for (int i = 0; i < count; i++) {
        values[i] = doubles.values[i] != 0;
      }
    } else if (input instanceof DecimalColumn decimals) {
      for (int i = 0; i < count; i++) {
        values[i] = decimals.big(i).signum() != 0;
      }
    } else if (input instanceof StringColumn strings) {
      for (int i = 0; i < count; i++) {
        values[i] = live(strings, i) && TextCasts.parseBoolean(strings.string(i));
      }
    } else {
      return (BoolColumn) input;
    }
    return new BoolColumn(values, input.nulls);
  }

  private static LongColumn toInteger(Column input, ArrowType from, ArrowType to) {
    int count = input.size;
    long[] values = new long[count];
    int bits = Types.bitWidth(to);
    long minimum = Types.intMinimum(bits);
    long maximum = Types.intMaximum(bits);
    if (input instanceof LongColumn longs) {
      if (!Types.isInt(from)) {
        throw Errors.badCast("a " + Types.name(from), to);
      }
      for (int i = 0; i < count; i++) {
        long value = longs.values[i];
        if ((value < minimum || value > maximum) && live(longs, i)) {
          throw Errors.badCast(Long.toString(value), to);
        }
        values[i] = live(longs, i) ? value : 0;
      }
    } else if (input instanceof BoolColumn bools) {
      for (int i = 0; i < count; i++) {
        values[i] = bools.values[i] ? 1 : 0;
      }
    } else if (input instanceof DoubleColumn doubles) {
      for (int i = 0; i < count; i++) {
        double value = doubles.values[i];
        // half to even, as DuckDB and PostgreSQL round a float to an integer (rint)
        long rounded = (long) Math.rint(value);
        if (!(value >= -0x1p63 && value < 0x1p63 && rounded >= minimum && rounded <= maximum) && live(doubles, i)) {
          throw Errors.badCast(TextCasts.formatDouble(value, false), to);
        }
        values[i] = live(doubles, i) ? rounded : 0;
      }
    } else if (input instanceof DecimalColumn decimals) {
      for (int i = 0; i < count; i++) {
        values[i] = live(decimals, i) ? integer(decimals.decimal(i), minimum, maximum, to) : 0;
      }
    } else {
      StringColumn strings = (StringColumn) input;
      for (int i = 0; i < count; i++) {
        if (live(strings, i)) {
          long value = TextCasts.parseInteger(strings.string(i), to);
          if (value < minimum || value > maximum) {
            throw Errors.badCast(TextCasts.quote(strings.string(i)), to);
          }
          values[i] = value;
        }
      }
    }
    return new LongColumn(values, input.nulls);
  }

  private static long integer(BigDecimal value, long minimum, long maximum, ArrowType to) {
    BigDecimal rounded = value.setScale(0, RoundingMode.HALF_UP);
    if (rounded.compareTo(BigDecimal.valueOf(minimum)) < 0 || rounded.compareTo(BigDecimal.valueOf(maximum)) > 0) {
      throw Errors.badCast(value.toPlainString(), to);
    }
    return rounded.longValue();
  }

  private static LongColumn toDate(Column input, ArrowType from, ArrowType to) {
    int count = input.size;
    long[] values = new long[count];
    if (input instanceof StringColumn strings) {
      for (int i = 0; i < count; i++) {
        values[i] = live(strings, i) ? TextCasts.parseDate(strings.string(i)) : 0;
      }
    } else if (input instanceof LongColumn longs && Types.isTimestamp(from)) {
      ZoneId zone = Types.zone(from);
      boolean utc = zone.equals(ZoneOffset.UTC);
      for (int i = 0; i < count; i++) {
        long wall = utc ? longs.values[i] : CivilDates.toWall(zone, longs.values[i]);
        values[i] = live(longs, i) ? Math.floorDiv(wall, Types.MICROS_PER_DAY) : 0;
      }
    } else {
      throw Errors.badCast("a " + Types.name(from), to);
    }
    return new LongColumn(values, input.nulls);
  }

  /** Text, a timestamp's wall clock or a TIME of another unit as TIME (in {@code to}'s unit since midnight). */
  private static LongColumn toTime(Column input, ArrowType from, ArrowType to) {
    int count = input.size;
    long[] values = new long[count];
    long perMicro = 1_000L / Types.nanosPerTimeUnit(to);
    if (input instanceof StringColumn strings) {
      for (int i = 0; i < count; i++) {
        values[i] = live(strings, i) ? TextCasts.parseTime(strings.string(i), to) : 0;
      }
    } else if (input instanceof LongColumn longs && Types.isTimestamp(from)) {
      ZoneId zone = Types.zone(from);
      boolean utc = zone.equals(ZoneOffset.UTC);
      for (int i = 0; i < count; i++) {
        long wall = utc || !live(longs, i) ? longs.values[i] : CivilDates.toWall(zone, longs.values[i]);
        values[i] = Math.floorMod(wall, Types.MICROS_PER_DAY) * perMicro;
      }
    } else if (input instanceof LongColumn longs && Types.isTime(from)) {
      // TIME_NS to TIME rounds to the nearest microsecond (half up, as DuckDB), TIME to TIME_NS multiplies
      long fromNanos = Types.nanosPerTimeUnit(from);
      long toNanos = Types.nanosPerTimeUnit(to);
      for (int i = 0; i < count; i++) {
        values[i] = Math.floorDiv(longs.values[i] * fromNanos + toNanos / 2, toNanos);
      }
    } else {
      throw Errors.badCast("a " + Types.name(from), to);
    }
    return new LongColumn(values, input.nulls);
  }

  private static LongColumn toTimestamp(Column input, ArrowType from, ArrowType to) {
    int count = input.size;
    long[] values = new long[count];
    if (input instanceof StringColumn strings) {
      for (int i = 0; i < count; i++) {
        values[i] = live(strings, i) ? TextCasts.parseTimestamp(strings.string(i), to) : 0;
      }
    } else if (input instanceof LongColumn longs && Types.isTimestamp(from)) {
      boolean fromZoned = ((ArrowType.Timestamp) from).getTimezone() != null;
      boolean toZoned = ((ArrowType.Timestamp) to).getTimezone() != null;
      ZoneId zone = Types.zone(fromZoned ? from : to);
      if (fromZoned == toZoned || zone.equals(ZoneOffset.UTC)) {
        // the same instant; only the zone it is shown in changes
        return longs;
      }
      // TIMESTAMPTZ to TIMESTAMP: the wall clock in the zone; TIMESTAMP to TIMESTAMPTZ: that wall clock's instant
      for (int i = 0; i < count; i++) {
        long value = longs.values[i];
        values[i] = !live(longs, i) ? 0 : fromZoned ? CivilDates.toWall(zone, value) : CivilDates.fromWall(zone, value);
      }
    } else if (input instanceof LongColumn longs && Types.isDate(from)) {
      ZoneId zone = Types.zone(to);
      boolean utc = zone.equals(ZoneOffset.UTC);
      for (int i = 0; i < count; i++) {
        long wall = longs.values[i] * Types.MICROS_PER_DAY;
        values[i] = utc || !live(longs, i) ? wall : CivilDates.fromWall(zone, wall);
      }
    } else {
      throw Errors.badCast("a " + Types.name(from), to);
    }
    return new LongColumn(values, input.nulls);
  }

  private static DoubleColumn toDouble(Column input, ArrowType from, ArrowType to) {
    int count = input.size;
    double[] values = new double[count];
    boolean single = Types.isSingle(to);
    if (input instanceof LongColumn longs) {
      if (!Types.isInt(from)) {
        throw Errors.badCast("a " + Types.name(from), to);
      }
      for (int i = 0; i < count; i++) {
        values[i] = single ? (float) longs.values[i] : (double) longs.values[i];
      }
    } else if (input instanceof DoubleColumn doubles) {
      for (int i = 0; i < count; i++) {
        values[i] = single ? (float) doubles.values[i] : doubles.values[i];
      }
    } else if (input instanceof BoolColumn bools) {
      for (int i = 0; i < count; i++) {
        values[i] = bools.values[i] ? 1 : 0;
      }
    } else if (input instanceof DecimalColumn decimals) {
      long divisor = Types.powerOfTenOrMinusOne(decimals.scale);
      for (int i = 0; i < count; i++) {
        long unscaled = decimals.isWide() ? 0 : decimals.values[i];
        boolean exact = !decimals.isWide() && divisor > 0 && Math.abs(unscaled) < (1L << 53);
        double value = exact ? unscaled / (double) divisor : decimals.decimal(i).doubleValue();
        values[i] = single ? (exact ? (float) value : decimals.decimal(i).floatValue()) : value;
      }
    } else {
      StringColumn strings = (StringColumn) input;
      for (int i = 0; i < count; i++) {
        if (live(strings, i)) {
          double value = TextCasts.parseDouble(strings.string(i), to);
          values[i] = single ? Float.parseFloat(Double.toString(value)) : value;
        }
      }
    }
    return new DoubleColumn(values, input.nulls);
  }

  private static DecimalColumn toDecimal(Column input, ArrowType from, ArrowType to) {
    int count = input.size;
    int scale = Types.scale(to);
    BigInteger limit = Types.bigPowerOfTen(Types.precision(to));
    if (input instanceof DecimalColumn decimals && !decimals.isWide() && decimals.scale <= scale
        && Types.precision(to) <= 18) {
      // widening the scale: multiply, then check the precision, as longs
      long factor = Types.powerOfTen(scale - decimals.scale);
      long bound = Types.powerOfTen(Types.precision(to));
      long[] values = new long[count];
      for (int i = 0; i < count; i++) {
        long value = live(decimals, i) ? decimals.values[i] : 0;
        long scaled = value * factor;
        if (Math.abs(value) > bound / factor || Math.abs(scaled) >= bound) {
          throw Errors.decimalOverflow(decimals.decimal(i), to);
        }
        values[i] = scaled;
      }
      return new DecimalColumn(scale, values, input.nulls);
    }
    if (input instanceof LongColumn longs && Types.isInt(from)) {
      DecimalColumn fast = integersToDecimal(longs, scale, Types.precision(to));
      if (fast != null) {
        return fast;
      }
    }
    BigInteger[] values = new BigInteger[count];
    for (int i = 0; i < count; i++) {
      if (!live(input, i)) {
        values[i] = BigInteger.ZERO;
        continue;
      }
      BigDecimal value = decimal(input, i, from, to).setScale(scale, RoundingMode.HALF_UP);
      if (value.unscaledValue().abs().compareTo(limit) >= 0) {
        throw Errors.decimalOverflow(value, to);
      }
      values[i] = value.unscaledValue();
    }
    return DecimalColumn.of(scale, values, input.nulls == null ? null : input.nulls.clone());
  }

  /** Integers as decimals with scaled longs, or null when one does not fit (the exact path decides). */
  private static DecimalColumn integersToDecimal(LongColumn longs, int scale, int precision) {
    long factor = Types.powerOfTenOrMinusOne(scale);
    long bound = Types.powerOfTenOrMinusOne(precision);
    if (factor < 0) {
      return null;
    }
    long[] values = new long[longs.size];
    try {
      for (int i = 0; i < values.length; i++) {
        long value = Math.multiplyExact(longs.values[i], factor);
        if (bound > 0 && (value >= bound || value <= -bound)) {
          return null;
        }
        values[i] = value;
      }
    } catch (ArithmeticException tooLarge) {
      return null;
    }
    return new DecimalColumn(scale, values, longs.nulls);
  }

  private static BigDecimal decimal(Column input, int row, ArrowType from, ArrowType to) {
    if (input instanceof DecimalColumn decimals) {
      return decimals.decimal(row);
    }
    if (input instanceof LongColumn longs) {
      if (!Types.isInt(from)) {
        throw Errors.badCast("a " + Types.name(from), to);
      }
      return BigDecimal.valueOf(longs.values[row]);
    }
    if (input instanceof BoolColumn bools) {
      return bools.values[row] ? BigDecimal.ONE : BigDecimal.ZERO;
    }
    if (input instanceof DoubleColumn doubles) {
      double value = doubles.values[row];
      if (Double.isNaN(value) || Double.isInfinite(value)) {
        throw Errors.badCast(TextCasts.formatDouble(value, false), to);
      }
      return new BigDecimal(value);
    }
    return TextCasts.parseDecimal(((StringColumn) input).string(row), to);
  }

  private static StringColumn toText(Column input, ArrowType from) {
    int count = input.size;
    StringColumn.Builder builder = new StringColumn.Builder(count, count * 8);
    for (int i = 0; i < count; i++) {
      if (!live(input, i)) {
        builder.appendNull();
        continue;
      }
      builder.append(text(input, i, from));
    }
    return builder.build();
  }

  private static String text(Column input, int row, ArrowType from) {
    if (input instanceof BoolColumn bools) {
      return bools.values[row] ? "true" : "false";
    }
    if (input instanceof LongColumn longs) {
      long value = longs.values[row];
      return Types.isDate(from) ? TextCasts.formatDate(value)
          : Types.isTimestamp(from) ? TextCasts.formatTimestamp(value, from)
              : Types.isTime(from)
                  ? dev.quiver.common.arrow.TimestampText.formatTimeNanos(value * Types.nanosPerTimeUnit(from))
                  : Long.toString(value);
    }
    if (input instanceof DoubleColumn doubles) {
      return TextCasts.formatDouble(doubles.values[row], Types.isSingle(from));
    }
    if (input instanceof IntervalColumn intervals) {
      return IntervalValue.text(intervals.months[row], intervals.days[row], intervals.micros[row]);
    }
    return ((DecimalColumn) input).decimal(row).toPlainString();
  }
}
