package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code date_trunc(unit, d)}: a date or timestamp cut down to the start of its unit (millennium and
 * century as DuckDB counts them, from years divisible by 1000 and 100: 2013 is in the century of 2000;
 * decade, year, quarter, month, week (ISO: the Monday), day, hour, minute, second,
 * millisecond, microsecond), as a timestamp: a date's midnight, a timestamp's wall clock in its zone.
 * NULL in, NULL out.
 */
final class DateTruncNode extends Node {
  /** The units date_trunc knows, coarsest first. */
  enum Unit {
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

    static Unit of(String name) {
      String key = name.strip().toUpperCase(Locale.ROOT);
      if (key.endsWith("S") && !key.equals("S")) {
        key = key.substring(0, key.length() - 1);
      }
      try {
        return valueOf(key);
      } catch (IllegalArgumentException unknown) {
        throw QuiverException.user("date_trunc: unknown unit " + TextCasts.quote(name) + " (known: millennium, "
            + "century, decade, year, quarter, month, week, day, hour, minute, second, millisecond, microsecond)");
      }
    }
  }

  private final Unit unit;
  private final Node operand;

  DateTruncNode(Unit unit, Node operand, ArrowType type) {
    super(type);
    this.unit = unit;
    this.operand = operand;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    LongColumn values = (LongColumn) operand.evaluate(context);
    boolean timestamp = Types.isTimestamp(operand.type);
    ZoneId zone = timestamp ? Types.zone(operand.type) : ZoneOffset.UTC;
    boolean utc = zone.equals(ZoneOffset.UTC);
    int count = context.count;
    long[] result = new long[count];
    for (int i = 0; i < count; i++) {
      if (values.isNull(i)) {
        continue;
      }
      long value = values.values[i];
      try {
        long wall = timestamp ? (utc ? value : CivilDates.toWall(zone, value))
            : Math.multiplyExact(value, Types.MICROS_PER_DAY);
        long truncated = truncate(wall);
        result[i] = utc ? truncated : CivilDates.fromWall(zone, truncated);
      } catch (ArithmeticException overflow) {
        throw QuiverException.user("date_trunc: " + value + " is out of the TIMESTAMP range");
      }
    }
    return new LongColumn(result, values.nulls);
  }

  private long truncate(long wall) {
    long days = Math.floorDiv(wall, Types.MICROS_PER_DAY);
    long micros = Math.floorMod(wall, Types.MICROS_PER_DAY);
    return switch (unit) {
      case MICROSECOND -> wall;
      case MILLISECOND -> wall - Math.floorMod(wall, 1_000L);
      case SECOND -> wall - Math.floorMod(wall, Types.MICROS_PER_SECOND);
      case MINUTE -> wall - Math.floorMod(wall, 60 * Types.MICROS_PER_SECOND);
      case HOUR -> wall - Math.floorMod(wall, 3_600 * Types.MICROS_PER_SECOND);
      case DAY -> wall - micros;
      case WEEK -> (days - Math.floorMod(days + 3, 7)) * Types.MICROS_PER_DAY;
      default -> startOfYearOrMonth(days) * Types.MICROS_PER_DAY;
    };
  }

  private long startOfYearOrMonth(long days) {
    long[] civil = CivilDates.civil(days);
    long year = civil[0];
    int month = (int) civil[1];
    return switch (unit) {
      case MONTH -> CivilDates.days(year, month, 1);
      case QUARTER -> CivilDates.days(year, (month - 1) / 3 * 3 + 1, 1);
      case YEAR -> CivilDates.days(year, 1, 1);
      case DECADE -> CivilDates.days(Math.floorDiv(year, 10) * 10, 1, 1);
      case CENTURY -> CivilDates.days(Math.floorDiv(year, 100) * 100, 1, 1);
      case MILLENNIUM -> CivilDates.days(Math.floorDiv(year, 1000) * 1000, 1, 1);
      default -> throw new IllegalStateException(unit.toString());
    };
  }
}
