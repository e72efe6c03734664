package dev.quiver.sql.catalog;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.source.TableSource;
import dev.quiver.expression.Expression;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * {@code range(...)} and {@code generate_series(...)} as DuckDB has them: one column named after the
 * function. Of integers, {@code (stop)}, {@code (start, stop)} or {@code (start, stop, step)}, BIGINT,
 * made batch by batch as the scan asks (no size limit); {@code range} stops before {@code stop},
 * {@code generate_series} includes it, and the one-argument forms start at 0. Of dates or timestamps,
 * {@code (start, stop, INTERVAL ...)}, TIMESTAMP, each value the previous plus the interval (as DuckDB
 * adds it, so a month step from January 31 goes on from February's last day); at most {@value
 * #MAX_TEMPORAL_ROWS} of those. A NULL argument makes no rows; a zero step is a USER error.
 */
final class SeriesTable implements TableSource {
  /** Values per morsel (a thread's share of the work). */
  static final int MORSEL_ROWS = 1 << 20;
  /** Values per batch. */
  static final int BATCH_ROWS = 1 << 16;
  /** The most values a series of dates or timestamps makes (they are computed when the query is planned). */
  static final int MAX_TEMPORAL_ROWS = 10_000_000;

  private final String name;
  private final String column;
  private final long start;
  private final long step;
  private final long count;
  /** The values of a temporal series (microseconds), or null for an integer one. */
  private final long[] temporal;

  private SeriesTable(String name, String column, long start, long step, long count, long[] temporal) {
    this.name = name;
    this.column = column;
    this.start = start;
    this.step = step;
    this.count = count;
    this.temporal = temporal;
  }

  static SeriesTable of(String function, String text, List<Object> arguments, Map<String, Object> named) {
    if (!named.isEmpty()) {
      throw QuiverException.user(function + " takes no named arguments, not " + named.keySet());
    }
    boolean inclusive = function.equals("generate_series");
    if (arguments.isEmpty() || arguments.size() > 3) {
      throw QuiverException.user(function + " takes (stop), (start, stop) or (start, stop, step), not "
          + arguments.size() + " arguments");
    }
    if (arguments.contains(null)) {
      return new SeriesTable(text, function, 0, 1, 0, arguments.get(0) instanceof TableFunctions.Typed ? new long[0]
          : null);
    }
    if (arguments.get(0) instanceof TableFunctions.Typed) {
      return temporal(function, text, arguments, inclusive);
    }
    long[] values = new long[arguments.size()];
    for (int i = 0; i < values.length; i++) {
      if (!(arguments.get(i) instanceof Long value)) {
        throw QuiverException.user(function + ": argument " + (i + 1) + " must be an integer (or start and stop"
            + " dates or timestamps with an INTERVAL step), not " + arguments.get(i));
      }
      values[i] = value;
    }
    long first = values.length == 1 ? 0 : values[0];
    long stop = values.length == 1 ? values[0] : values[1];
    long step = values.length == 3 ? values[2] : 1;
    if (step == 0) {
      throw QuiverException.user(function + ": the step must not be zero");
    }
    BigInteger span = BigInteger.valueOf(stop).subtract(BigInteger.valueOf(first));
    BigInteger stepBig = BigInteger.valueOf(step);
    BigInteger rows;
    if (span.signum() != 0 && span.signum() != stepBig.signum()) {
      rows = BigInteger.ZERO;
    } else if (inclusive) {
      rows = span.divide(stepBig).add(BigInteger.ONE);
    } else {
      BigInteger[] divided = span.divideAndRemainder(stepBig);
      rows = divided[0].add(divided[1].signum() == 0 ? BigInteger.ZERO : BigInteger.ONE);
    }
    if (rows.bitLength() > 62) {
      throw QuiverException.user(function + " would make " + rows + " rows, more than a table can hold");
    }
    return new SeriesTable(text, function, first, step, rows.longValueExact(), null);
  }

  private static SeriesTable temporal(String function, String text, List<Object> arguments, boolean inclusive) {
    if (arguments.size() != 3 || !(arguments.get(1) instanceof TableFunctions.Typed stopValue)
        || !(arguments.get(2) instanceof TableFunctions.Typed stepValue) || !stepValue.type().equals("interval")) {
      throw QuiverException.user(function + " of dates or timestamps takes (start, stop, INTERVAL step)");
    }
    LocalDateTime current = dateTime(function, (TableFunctions.Typed) arguments.get(0));
    LocalDateTime stop = dateTime(function, stopValue);
    long[] interval = interval(function, stepValue.text());
    LocalDateTime probe = add(current, interval);
    if (!probe.isAfter(current) && !probe.isBefore(current)) {
      throw QuiverException.user(function + ": the step must not be zero");
    }
    boolean ascending = probe.isAfter(current);
    List<Long> values = new ArrayList<>();
    while (ascending ? (inclusive ? !current.isAfter(stop) : current.isBefore(stop))
        : (inclusive ? !current.isBefore(stop) : current.isAfter(stop))) {
      if (values.size() == MAX_TEMPORAL_ROWS) {
        throw QuiverException.user(function + " would make more than " + MAX_TEMPORAL_ROWS
            + " dates or timestamps; use a larger step or an integer series");
      }
      values.add(ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), current));
      current = add(current, interval);
    }
    long[] micros = values.stream().mapToLong(Long::longValue).toArray();
    return new SeriesTable(text, function, 0, 1, micros.length, micros);
  }

  private static LocalDateTime add(LocalDateTime value, long[] interval) {
    return value.plusMonths(interval[0]).plusDays(interval[1]).plus(interval[2], ChronoUnit.MICROS);
  }

  private static LocalDateTime dateTime(String function, TableFunctions.Typed value) {
    String text = value.text().trim();
    try {
      if (value.type().equals("date")) {
        return LocalDate.parse(text).atStartOfDay();
      }
      if (value.type().equals("timestamp")) {
        return text.length() <= 10 ? LocalDate.parse(text).atStartOfDay()
            : LocalDateTime.parse(text.replace(' ', 'T'));
      }
    } catch (DateTimeParseException malformed) {
      throw QuiverException.user(function + ": '" + text + "' is not a " + value.type().toUpperCase(Locale.ROOT));
    }
    throw QuiverException.user(function + ": start and stop must be dates or timestamps, not an interval");
  }

  /** An interval's text ({@code 1 day}, {@code 2 hours 30 minutes}, {@code 1 month}) as months, days, microseconds. */
  static long[] interval(String function, String text) {
    String[] words = text.trim().toLowerCase(Locale.ROOT).split("\\s+");
    long[] interval = new long[3];
    if (words.length % 2 != 0) {
      throw QuiverException.user(function + ": '" + text.trim() + "' is not an interval (say '1 day', '6 hours')");
    }
    for (int i = 0; i < words.length; i += 2) {
      long amount;
      try {
        amount = Long.parseLong(words[i]);
      } catch (NumberFormatException notInteger) {
        throw QuiverException.user(function + ": '" + text.trim() + "' is not an interval of whole units");
      }
      String unit = words[i + 1].endsWith("s") ? words[i + 1].substring(0, words[i + 1].length() - 1)
          : words[i + 1];
      switch (unit) {
        case "year" -> interval[0] += 12 * amount;
        case "month" -> interval[0] += amount;
        case "week" -> interval[1] += 7 * amount;
        case "day" -> interval[1] += amount;
        case "hour" -> interval[2] += amount * 3_600_000_000L;
        case "minute" -> interval[2] += amount * 60_000_000L;
        case "second" -> interval[2] += amount * 1_000_000L;
        case "millisecond" -> interval[2] += amount * 1_000L;
        case "microsecond" -> interval[2] += amount;
        default -> throw QuiverException.user(function + ": unknown interval unit '" + words[i + 1] + "'");
      }
    }
    return interval;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Schema schema() {
    ArrowType type = temporal == null ? new ArrowType.Int(64, true) : new ArrowType.Timestamp(TimeUnit.MICROSECOND,
        null);
    return new Schema(List.of(Field.notNullable(column, type)));
  }

  @Override
  public long rowCount() {
    return count;
  }

  @Override
  public MorselSource open(List<String> columns, Expression filter, long limit, ExecutionContext context) {
    OperatorMetrics metrics = new OperatorMetrics("Series", name);
    long total = limit >= 0 ? Math.min(limit, count) : count;
    AtomicLong taken = new AtomicLong();
    return new MorselSource() {
      @Override
      public Morsel next(ExecutionContext unused) {
        long first = taken.getAndAdd(MORSEL_ROWS);
        if (first >= total) {
          return null;
        }
        long end = Math.min(total, first + MORSEL_ROWS);
        return new Morsel() {
          private long position = first;

          @Override
          public Batch next() {
            if (position >= end) {
              return null;
            }
            int rows = (int) Math.min(BATCH_ROWS, end - position);
            Batch batch = Batch.of(batch(columns, position, rows, context));
            position += rows;
            metrics.output(rows);
            return batch;
          }
        };
      }

      @Override
      public double progress() {
        return total == 0 ? 1 : Math.min(1, taken.get() / (double) total);
      }

      @Override
      public OperatorMetrics metrics() {
        return metrics;
      }
    };
  }

  private VectorSchemaRoot batch(List<String> columns, long first, int rows, ExecutionContext context) {
    List<FieldVector> vectors = new ArrayList<>(columns.size());
    for (int i = 0; i < columns.size(); i++) {
      Field field = schema().getFields().get(0);
      if (temporal == null) {
        BigIntVector values = new BigIntVector(field, context.allocator());
        values.allocateNew(rows);
        long value = start + first * step;
        for (int row = 0; row < rows; row++) {
          values.set(row, value);
          value += step;
        }
        values.setValueCount(rows);
        vectors.add(values);
      } else {
        TimeStampMicroVector values = new TimeStampMicroVector(field, context.allocator());
        values.allocateNew(rows);
        for (int row = 0; row < rows; row++) {
          values.set(row, temporal[(int) first + row]);
        }
        values.setValueCount(rows);
        vectors.add(values);
      }
    }
    List<Field> fields = vectors.stream().map(FieldVector::getField).toList();
    return new VectorSchemaRoot(fields, vectors, rows);
  }
}
