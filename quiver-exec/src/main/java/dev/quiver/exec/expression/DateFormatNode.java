package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code strftime(x, format)}, {@code strptime(text, format)} and {@code try_strptime(text, format)}
 * ({@link Functions}) with a constant {@link DateFormat}: a date or timestamp (its wall clock in its zone)
 * as text, or text as a timestamp. Text that does not match the format is a USER error naming the text
 * and the format (try_strptime: NULL). NULL in, NULL out.
 */
final class DateFormatNode extends Node {
  enum Function {
    STRFTIME,
    STRPTIME,
    TRY_STRPTIME
  }

  private final Function function;
  private final Node operand;
  private final DateFormat format;

  DateFormatNode(Function function, Node operand, DateFormat format, ArrowType type) {
    super(type);
    this.function = function;
    this.operand = operand;
    this.format = format;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    Column values = operand.evaluate(context);
    if (function == Function.STRFTIME) {
      return format((LongColumn) values, count);
    }
    StringColumn texts = (StringColumn) values;
    long[] result = new long[count];
    boolean[] nulls = Column.union(texts.nulls, null, count);
    String name = function == Function.STRPTIME ? "strptime" : "try_strptime";
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      String text = texts.string(i);
      long wall = format.parse(text, name);
      if (wall == Long.MIN_VALUE) {
        if (function == Function.STRPTIME) {
          throw QuiverException.user("strptime: the text " + TextCasts.quote(text) + " does not match the format "
              + TextCasts.quote(format.text()));
        }
        if (nulls == null) {
          nulls = new boolean[count];
        }
        nulls[i] = true;
        continue;
      }
      result[i] = wall;
    }
    return new LongColumn(result, nulls);
  }

  private StringColumn format(LongColumn values, int count) {
    boolean timestamp = Types.isTimestamp(operand.type);
    ZoneId zone = Types.zone(operand.type);
    boolean zoned = timestamp && ((ArrowType.Timestamp) operand.type).getTimezone() != null;
    StringColumn.Builder builder = new StringColumn.Builder(count, count * 16);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      if (values.isNull(i)) {
        builder.appendNull();
        continue;
      }
      long value = values.values[i];
      long wall = !timestamp ? value * Types.MICROS_PER_DAY : zone.equals(ZoneOffset.UTC) ? value
          : CivilDates.toWall(zone, value);
      String offset = "+00";
      String zoneName = "";
      if (zoned) {
        long seconds = (wall - value) / Types.MICROS_PER_SECOND;
        offset = offset(seconds);
        zoneName = zone.getId();
      }
      text.setLength(0);
      format.format(wall, offset, zoneName, text);
      builder.append(text.toString());
    }
    StringColumn result = builder.build();
    result.nulls = values.nulls;
    return result;
  }

  /** An offset as DuckDB prints it: {@code +02}, {@code -05:30}. */
  private static String offset(long seconds) {
    long minutes = Math.abs(seconds) / 60;
    String text = (seconds < 0 ? "-" : "+") + (minutes / 60 < 10 ? "0" : "") + minutes / 60;
    return minutes % 60 == 0 ? text : text + ":" + (minutes % 60 < 10 ? "0" : "") + minutes % 60;
  }
}
