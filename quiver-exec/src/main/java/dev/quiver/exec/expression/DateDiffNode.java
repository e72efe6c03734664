package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * {@code date_diff(part, start, end)} ({@link Functions#DATE_DIFF}), as DuckDB counts it: the boundaries
 * of the part crossed from start to end (negative when end is earlier). Calendar parts compare the
 * fields (2023-12-31 to 2024-01-01 is 1 year, 1 month, 1 day; decades, centuries and millennia are the
 * year divided by 10, 100, 1000); hours, minutes, seconds and milliseconds compare the instants floored
 * to the part; a week is the days between divided by 7 toward zero; microseconds are the exact
 * difference. A date is its midnight; a zoned timestamp counts in its zone's wall clock. Int64.
 */
final class DateDiffNode extends Node {
  /** The parts date_diff counts. */
  enum Part {
    MILLENNIUM,
    CENTURY,
    DECADE,
    YEAR,
    QUARTER,
    MONTH,
    WEEK,
    DAY,
    HOUR,
    MINUTE,
    SECOND,
    MILLISECOND,
    MICROSECOND;

    static Part of(String name, String function) {
      String key = name.strip().toLowerCase(Locale.ROOT);
      Part part = switch (key) {
        case "millennium", "millennia", "millenniums", "mil", "mils" -> MILLENNIUM;
        case "century", "centuries", "cent", "c" -> CENTURY;
        case "decade", "decades", "dec", "decs" -> DECADE;
        case "year", "years", "y", "yr", "yrs", "isoyear" -> YEAR;
        case "quarter", "quarters" -> QUARTER;
        case "month", "months", "mon", "mons" -> MONTH;
        case "week", "weeks", "w", "yearweek" -> WEEK;
        case "day", "days", "d", "dayofmonth", "dow", "dayofweek", "isodow", "doy", "dayofyear", "julian" -> DAY;
        case "hour", "hours", "h", "hr", "hrs" -> HOUR;
        case "minute", "minutes", "m", "min", "mins" -> MINUTE;
        case "second", "seconds", "s", "sec", "secs", "epoch" -> SECOND;
        case "millisecond", "milliseconds", "ms", "msec", "msecs", "millisecon" -> MILLISECOND;
        case "microsecond", "microseconds", "us", "usec", "usecs" -> MICROSECOND;
        default -> null;
      };
      if (part == null) {
        throw QuiverException.user(function + ": unknown date part " + TextCasts.quote(name) + " (known: millennium, "
            + "century, decade, year, quarter, month, week, day, hour, minute, second, millisecond, microsecond)");
      }
      return part;
    }
  }

  private final Part part;
  private final Node start;
  private final Node end;

  DateDiffNode(Part part, Node start, Node end) {
    super(Types.INT64);
    this.part = part;
    this.start = start;
    this.end = end;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    LongColumn starts = (LongColumn) start.evaluate(context);
    LongColumn ends = (LongColumn) end.evaluate(context);
    int count = context.count;
    boolean[] nulls = Column.union(starts.nulls, ends.nulls, count);
    long[] result = new long[count];
    boolean timestamp = Types.isTimestamp(start.type);
    ZoneId zone = Types.zone(start.type);
    boolean utc = zone.equals(ZoneOffset.UTC);
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      long a = starts.values[i];
      long b = ends.values[i];
      try {
        if (!timestamp) {
          result[i] = part.compareTo(Part.DAY) <= 0 ? days(a, b)
              : micros(Math.multiplyExact(a, Types.MICROS_PER_DAY), Math.multiplyExact(b, Types.MICROS_PER_DAY));
        } else {
          long wallA = utc ? a : CivilDates.toWall(zone, a);
          long wallB = utc ? b : CivilDates.toWall(zone, b);
          result[i] = part.compareTo(Part.DAY) <= 0 ? days(Math.floorDiv(wallA, Types.MICROS_PER_DAY),
              Math.floorDiv(wallB, Types.MICROS_PER_DAY)) : micros(wallA, wallB);
        }
      } catch (ArithmeticException overflow) {
        throw QuiverException.user("date_diff: the number of " + part.name().toLowerCase(Locale.ROOT)
            + "s does not fit a BIGINT");
      }
    }
    return new LongColumn(result, nulls);
  }

  /** The calendar parts between two days. */
  private long days(long a, long b) {
    if (part == Part.DAY) {
      return b - a;
    }
    if (part == Part.WEEK) {
      return (b - a) / 7;
    }
    long[] first = CivilDates.civil(a);
    long[] second = CivilDates.civil(b);
    return switch (part) {
      case YEAR -> second[0] - first[0];
      case QUARTER -> second[0] * 4 + (second[1] - 1) / 3 - (first[0] * 4 + (first[1] - 1) / 3);
      case MONTH -> second[0] * 12 + second[1] - (first[0] * 12 + first[1]);
      case DECADE -> second[0] / 10 - first[0] / 10;
      case CENTURY -> second[0] / 100 - first[0] / 100;
      case MILLENNIUM -> second[0] / 1000 - first[0] / 1000;
      default -> throw new IllegalStateException(part.toString());
    };
  }

  /** The time parts between two instants (wall-clock microseconds). */
  private long micros(long a, long b) {
    long unit = switch (part) {
      case HOUR -> 3_600_000_000L;
      case MINUTE -> 60_000_000L;
      case SECOND -> Types.MICROS_PER_SECOND;
      case MILLISECOND -> 1_000L;
      default -> 1L;
    };
    return unit == 1 ? Math.subtractExact(b, a) : Math.floorDiv(b, unit) - Math.floorDiv(a, unit);
  }
}
