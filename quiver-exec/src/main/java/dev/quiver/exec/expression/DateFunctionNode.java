package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * EXTRACT (fields of a date, or of a timestamp's wall clock in its zone; {@code epoch} is seconds since
 * 1970-01-01T00:00Z), {@code date_add_days} and {@code date_add_months} (month ends clamp: 2024-01-31 +
 * 1 month = 2024-02-29) on dates and timestamps. A date past the DATE range is a USER error.
 */
final class DateFunctionNode extends Node {
  enum Function {
    EXTRACT,
    ADD_DAYS,
    ADD_MONTHS
  }

  /** The fields EXTRACT knows. */
  enum Unit {
    YEAR,
    QUARTER,
    MONTH,
    DAY,
    DOW,
    DOY,
    HOUR,
    MINUTE,
    SECOND,
    EPOCH,
    WEEK,
    ISODOW,
    ISOYEAR,
    MILLISECOND,
    MICROSECOND,
    DECADE,
    CENTURY,
    MILLENNIUM;

    static Unit of(String name) {
      try {
        return valueOf(name.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException unknown) {
        throw QuiverException.user("EXTRACT: unknown unit " + TextCasts.quote(name)
            + " (known: year, quarter, month, day, dow, doy, hour, minute, second, epoch, week, isodow, isoyear, "
            + "millisecond, microsecond, decade, century, millennium)");
      }
    }
  }

  private final Function function;
  private final Unit unit;
  private final Node operand;
  private final Node amount;

  DateFunctionNode(Function function, Unit unit, Node operand, Node amount, ArrowType type) {
    super(type);
    this.function = function;
    this.unit = unit;
    this.operand = operand;
    this.amount = amount;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    LongColumn values = (LongColumn) operand.evaluate(context);
    boolean timestamp = Types.isTimestamp(operand.type);
    ZoneId zone = Types.zone(operand.type);
    boolean utc = zone.equals(ZoneOffset.UTC);
    int count = context.count;
    long[] result = new long[count];
    if (function == Function.EXTRACT) {
      for (int i = 0; i < count; i++) {
        if (!values.isNull(i)) {
          long value = values.values[i];
          result[i] = timestamp ? extractTimestamp(value, utc ? value : CivilDates.toWall(zone, value))
              : extractDate(value, 0);
        }
      }
      return new LongColumn(result, values.nulls);
    }
    LongColumn amounts = (LongColumn) amount.evaluate(context);
    boolean[] nulls = Column.union(values.nulls, amounts.nulls, count);
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      long value = values.values[i];
      long n = amounts.values[i];
      try {
        if (!timestamp) {
          result[i] = checkDate(function == Function.ADD_DAYS ? Math.addExact(value, n)
              : CivilDates.addMonths(value, n), value, n);
        } else {
          long wall = utc ? value : CivilDates.toWall(zone, value);
          long days = Math.floorDiv(wall, Types.MICROS_PER_DAY);
          long time = Math.floorMod(wall, Types.MICROS_PER_DAY);
          long moved = function == Function.ADD_DAYS ? Math.addExact(days, n) : CivilDates.addMonths(days, n);
          long movedWall = Math.addExact(Math.multiplyExact(checkDate(moved, value, n), Types.MICROS_PER_DAY), time);
          result[i] = utc ? movedWall : CivilDates.fromWall(zone, movedWall);
        }
      } catch (ArithmeticException overflow) {
        throw outOfRange(value, n);
      }
    }
    return new LongColumn(result, nulls);
  }

  private long checkDate(long days, long value, long n) {
    if (days < Integer.MIN_VALUE || days > Integer.MAX_VALUE) {
      throw outOfRange(value, n);
    }
    return days;
  }

  private QuiverException outOfRange(long value, long n) {
    return QuiverException.user("date out of range: " + (function == Function.ADD_DAYS ? "date_add_days("
        : "date_add_months(") + value + ", " + n + ")");
  }

  private long extractTimestamp(long instant, long wall) {
    long days = Math.floorDiv(wall, Types.MICROS_PER_DAY);
    long micros = Math.floorMod(wall, Types.MICROS_PER_DAY);
    return switch (unit) {
      case EPOCH -> Math.floorDiv(instant, Types.MICROS_PER_SECOND);
      default -> extractDate(days, micros);
    };
  }

  private long extractDate(long days, long micros) {
    return switch (unit) {
      case YEAR -> CivilDates.civil(days)[0];
      case QUARTER -> (CivilDates.civil(days)[1] - 1) / 3 + 1;
      case MONTH -> CivilDates.civil(days)[1];
      case DAY -> CivilDates.civil(days)[2];
      case DOW -> Math.floorMod(days + 4, 7);
      case DOY -> days - CivilDates.days(CivilDates.civil(days)[0], 1, 1) + 1;
      case HOUR -> micros / 3_600_000_000L;
      case MINUTE -> micros / 60_000_000L % 60;
      case SECOND -> micros / Types.MICROS_PER_SECOND % 60;
      case EPOCH -> Math.multiplyExact(days, 86_400L);
      case WEEK -> isoWeek(days);
      case ISODOW -> Math.floorMod(days + 3, 7) + 1;
      case ISOYEAR -> CivilDates.civil(days - Math.floorMod(days + 3, 7) + 3)[0];
      case MILLISECOND -> micros / 1_000L % 60_000L;
      case MICROSECOND -> micros % 60_000_000L;
      case DECADE -> Math.floorDiv(CivilDates.civil(days)[0], 10);
      case CENTURY -> ordinal(CivilDates.civil(days)[0], 100);
      case MILLENNIUM -> ordinal(CivilDates.civil(days)[0], 1000);
    };
  }

  /** The ISO 8601 week of a day: weeks start on Monday; week 1 holds the year's first Thursday. */
  private static long isoWeek(long days) {
    long thursday = days - Math.floorMod(days + 3, 7) + 3;
    long year = CivilDates.civil(thursday)[0];
    return (thursday - CivilDates.days(year, 1, 1)) / 7 + 1;
  }

  /** The century (span 100) or millennium (1000) of a year, counted from 1: 2000 is in the 20th century. */
  private static long ordinal(long year, long span) {
    return year > 0 ? (year - 1) / span + 1 : -((-year) / span + 1);
  }
}
