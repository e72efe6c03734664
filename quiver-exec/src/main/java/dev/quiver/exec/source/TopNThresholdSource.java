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
 */
public final class TopNThresholdSource implements TableSource {
  private final QvrTableSource table;
  private final String key;
  private final boolean ascending;
  private final boolean nullsFirst;
  private final int best;
  private volatile String threshold = "not computed";

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
    Long last = ordinal < 0 ? null : lastOfBest(filter, context);
    if (last == null) {
      threshold = "none";
      return table.open(columns, filter, limit, context);
    }
    ColumnReference column = new ColumnReference(key, ordinal, field.getType());
    Expression bound = new Comparison(column, ascending ? ComparisonOperator.LESS_OR_EQUAL
        : ComparisonOperator.GREATER_OR_EQUAL, Literal.ofKey(last, field.getType()));
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

  /** The last of the {@code best} key values the top-N would keep, or null when there is no such bound. */
  private Long lastOfBest(Expression filter, ExecutionContext context) throws IOException {
    Scan scan = Scan.of(new ArrayList<>(table.files())).columns(key).threads(context.threads()).ordered(false);
    if (filter != null) {
      scan.filter(filter);
    }
    BestValues values = new BestValues(best, ascending);
    long nulls = 0;
    try (ScanResult result = scan.open(context.sourceAllocator())) {
      while (result.hasNext()) {
        context.checkCancelled();
        try (VectorSchemaRoot batch = result.next()) {
          nulls += add(batch.getVector(0), batch.getRowCount(), values);
        }
      }
    }
    int needed = nullsFirst ? (int) Math.max(0, best - nulls) : best;
    if (needed == 0 || values.size() < needed) {
      return null;
    }
    return values.worstOf(needed);
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
