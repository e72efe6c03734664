package dev.quiver.exec.source;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.expression.And;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Comparison;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Expression;
import dev.quiver.expression.IsNull;
import dev.quiver.expression.Literal;
import dev.quiver.expression.Or;
import dev.quiver.scan.Scan;
import dev.quiver.scan.execution.ScanResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Late materialization for a top-N over a wide {@code .qvr} scan ({@code SELECT * ... ORDER BY k LIMIT n}): before
 * the scan of every column opens, a pre-pass scans only the first sort key (and the filter's columns) and keeps the
 * {@code offset + limit} best values; the scan of every column then runs with the filter {@code AND k <= T}
 * ({@code >=} descending), T the last of those values, so the scan decodes the other columns only in the chunk
 * pieces that hold the few rows that can reach the top-N (the scan decodes a piece only when a row of it passed).
 * The top-N above still sorts and cuts; rows tied with T all pass, so the answer is one the plain plan could give.
 * When fewer than {@code offset + limit} rows have a non-NULL key before the NULLs (NULLs first), the filter is left
 * as it was. Keys: integers, dates and timestamps (one long per value).
 *
 * <p>The pre-pass itself starts narrow when the key's zone maps allow it (NULLs last): it first reads only the rows
 * with {@code k <= G} ({@code >=} descending), G the largest maximum of the fewest zones that hold {@link
 * #FIRST_GUESS_ROWS} times as many keys as the top-N keeps (then {@link #SECOND_GUESS_ROWS} times), so that on a table
 * clustered by the key it decodes a few zones instead of all; when those rows hold enough keys, every key the top-N
 * keeps is among them (any other row's key is past G), else the pre-pass reads every row.
 */
public final class TopNThresholdSource implements TableSource {
  private final QvrTableSource table;
  private final String key;
  private final boolean ascending;
  private final boolean nullsFirst;
  private final int best;
  private volatile String threshold = "not computed";
  /** The first guess's zones hold this many times the kept rows; the second's {@link #SECOND_GUESS_ROWS} times. */
  static final int FIRST_GUESS_ROWS = 16;
  static final int SECOND_GUESS_ROWS = 1024;

  /**
   * @param table the wide table
   * @param key the first sort key, a column of {@code table} of a supported type ({@link #supports})
   * @param best how many rows the top-N keeps (offset + limit), at least 1
   */
  public TopNThresholdSource(QvrTableSource table, String key, boolean ascending, boolean nullsFirst, int best) {
    if (best < 1) {
      throw new IllegalArgumentException("best " + best);
    }
    this.table = table;
    this.key = key;
    this.ascending = ascending;
    this.nullsFirst = nullsFirst;
    this.best = best;
  }

  /** Whether a key of this type can be thresholded (integers, dates, timestamps without a zone). */
  public static boolean supports(ArrowType type) {
    return type instanceof ArrowType.Int || (type instanceof ArrowType.Date date && date.getUnit() == DateUnit.DAY)
        || (type instanceof ArrowType.Timestamp timestamp && timestamp.getTimezone() == null);
  }

  @Override
  public String name() {
    return table.name() + " (top-" + best + " pre-pass on " + key + ": " + threshold + ")";
  }

  @Override
  public Schema schema() {
    return table.schema();
  }

  @Override
  public long rowCount() {
    return table.rowCount();
  }

  @Override
  public Optional<ZoneStatistics> statistics(String column) {
    return table.statistics(column);
  }

  @Override
  public java.util.OptionalLong distinctBound(String column) {
    return table.distinctBound(column);
  }

  @Override
  public boolean evaluatesFilters() {
    return true;
  }

  @Override
  public MorselSource open(List<String> columns, Expression filter, long limit, ExecutionContext context)
      throws IOException {
    Field field = table.schema().findField(key);
    int ordinal = columns.indexOf(key);
    ColumnReference column = ordinal < 0 ? null : new ColumnReference(key, ordinal, field.getType());
    Long last = ordinal < 0 ? null : lastOfBest(filter, column, context);
    if (last == null) {
      threshold = "none";
      return table.open(columns, filter, limit, context);
    }
    Expression bound = bound(column, last);
    if (nullsFirst && field.isNullable()) {
      bound = new Or(List.of(new IsNull(column, false), bound));
    }
    threshold = bound.toString();
    List<Expression> conditions = new ArrayList<>();
    if (filter != null) {
      conditions.add(filter);
    }
    conditions.add(bound);
    return table.open(columns, conditions.size() == 1 ? bound : new And(conditions), limit, context);
  }

  /** {@code column <= value} ascending, {@code column >= value} descending. */
  private Expression bound(ColumnReference column, long value) {
    return new Comparison(column, ascending ? ComparisonOperator.LESS_OR_EQUAL : ComparisonOperator.GREATER_OR_EQUAL,
        Literal.ofKey(value, column.type()));
  }

  /**
   * The last of the {@code best} key values the top-N would keep, or null when there is no such bound: from the rows
   * within a guessed bound when they hold enough (NULLs last), else from every row.
   */
  private Long lastOfBest(Expression filter, ColumnReference column, ExecutionContext context) throws IOException {
    if (!nullsFirst) {
      List<ZoneStatistics> zones = table.zones(key).orElse(null);
      Long previous = null;
      for (long factor : new long[] {FIRST_GUESS_ROWS, SECOND_GUESS_ROWS}) {
        Long guess = zones == null ? null : guess(zones, ascending, factor * best);
        if (guess == null || guess.equals(previous)) {
          continue;
        }
        previous = guess;
        Expression within = filter == null ? bound(column, guess) : new And(List.of(filter, bound(column, guess)));
        BestValues values = new BestValues(best, ascending);
        scanInto(within, values, context);
        if (values.size() >= best) {
          return values.worstOf(best);
        }
      }
    }
    BestValues values = new BestValues(best, ascending);
    long nulls = scanInto(filter, values, context);
    int needed = nullsFirst ? (int) Math.max(0, best - nulls) : best;
    if (needed == 0 || values.size() < needed) {
      return null;
    }
    return values.worstOf(needed);
  }

  /**
   * A key bound G such that the zones whose keys all lie on the kept side of it ({@code max <= G} ascending, {@code
   * min >= G} descending) hold at least {@code rows} non-NULL keys: the fewest such zones, taken in order of that
   * bound. Null when no bound does, or when a zone with keys has no whole-number minimum and maximum.
   */
  static Long guess(List<ZoneStatistics> zones, boolean ascending, long rows) {
    List<long[]> candidates = new ArrayList<>(); // {bound, keys}
    for (ZoneStatistics zone : zones) {
      long keys = zone.rowCount() - zone.nullCount();
      if (keys <= 0) {
        continue;
      }
      Object edge = ascending ? zone.maximum() : zone.minimum();
      if (zone.truncated() || !(edge instanceof Long || edge instanceof Integer || edge instanceof Short
          || edge instanceof Byte)) {
        return null;
      }
      candidates.add(new long[] {((Number) edge).longValue(), keys});
    }
    candidates.sort((a, b) -> ascending ? Long.compare(a[0], b[0]) : Long.compare(b[0], a[0]));
    long held = 0;
    for (long[] candidate : candidates) {
      held += candidate[1];
      if (held >= rows) {
        return candidate[0];
      }
    }
    return null;
  }

  /**
   * Whether the key's zones are clustered enough for a narrow pre-pass to pay when the scan reads no other column
   * (the pre-pass then reads what the scan reads): the first guess leaves out at least half of the zones that hold
   * keys (their keys all past it), NULLs last.
   */
  public static boolean clustered(QvrTableSource table, String key, boolean ascending, boolean nullsFirst, int best)
      throws IOException {
    List<ZoneStatistics> zones = table.zones(key).orElse(null);
    Long guess = nullsFirst || zones == null ? null : guess(zones, ascending, (long) FIRST_GUESS_ROWS * best);
    if (guess == null) {
      return false;
    }
    long withKeys = 0;
    long past = 0;
    for (ZoneStatistics zone : zones) {
      if (zone.rowCount() - zone.nullCount() <= 0) {
        continue;
      }
      withKeys++;
      Object edge = ascending ? zone.minimum() : zone.maximum();
      if (edge instanceof Number number && (ascending ? number.longValue() > guess : number.longValue() < guess)) {
        past++;
      }
    }
    return past * 2 >= withKeys;
  }

  /** Offers the key of every row passing {@code filter} to {@code values}; returns the rows with a NULL key. */
  private long scanInto(Expression filter, BestValues values, ExecutionContext context) throws IOException {
    Scan scan = Scan.of(new ArrayList<>(table.files())).columns(key).threads(context.threads()).ordered(false);
    if (filter != null) {
      scan.filter(filter);
    }
    long nulls = 0;
    try (ScanResult result = scan.open(context.sourceAllocator())) {
      while (result.hasNext()) {
        context.checkCancelled();
        try (VectorSchemaRoot batch = result.next()) {
          nulls += add(batch.getVector(0), batch.getRowCount(), values);
        }
      }
    }
    return nulls;
  }

  private static long add(FieldVector vector, int rows, BestValues values) {
    long nulls = 0;
    for (int row = 0; row < rows; row++) {
      if (vector.isNull(row)) {
        nulls++;
      } else if (vector instanceof BaseIntVector integers) {
        values.offer(integers.getValueAsLong(row));
      } else if (vector instanceof DateDayVector days) {
        values.offer(days.get(row));
      } else {
        values.offer(((TimeStampVector) vector).get(row));
      }
    }
    return nulls;
  }

  @Override
  public String toString() {
    return name();
  }
}
