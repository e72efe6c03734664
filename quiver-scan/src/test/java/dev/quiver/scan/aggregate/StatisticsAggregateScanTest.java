package dev.quiver.scan.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.batch.Batch;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Expressions;
import dev.quiver.format.testing.ScanTables;
import dev.quiver.scan.plan.Split;
import dev.quiver.testing.TestingAllocator;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongPredicate;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The states of {@link StatisticsAggregateScan} (statistics part plus every scanned split) merged
 * equal the aggregates computed here straight from {@link ScanTables}' row functions, for filters
 * that select whole zones (a range of the sorted {@code id}), parts of zones ({@code flag}), a
 * dictionary column and none, over a folder of two files; without a filter no split is scanned and
 * whole files come from their footers.
 */
class StatisticsAggregateScanTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private static final long FIRST_ROWS = 9_000;
  private static final long SECOND_ROWS = 5_500;

  private static final List<StatisticsCall> CALLS = List.of(new StatisticsCall(StatisticsCall.Function.COUNT_ROWS,
      null), new StatisticsCall(StatisticsCall.Function.COUNT, "flag"),
      new StatisticsCall(StatisticsCall.Function.MIN, "id"), new StatisticsCall(StatisticsCall.Function.MAX, "id"),
      new StatisticsCall(StatisticsCall.Function.SUM, "id"), new StatisticsCall(StatisticsCall.Function.MIN, "flag"),
      new StatisticsCall(StatisticsCall.Function.MAX, "flag"), new StatisticsCall(StatisticsCall.Function.SUM, "flag"),
      new StatisticsCall(StatisticsCall.Function.COUNT, "mode"), new StatisticsCall(StatisticsCall.Function.COUNT,
          "text"));

  @Test
  void mergedStatesEqualTheRowsComputedDirectly() throws Exception {
    List<Path> files = write();
    record Case(String filter, LongPredicate rows) {}
    List<Case> cases = List.of(new Case(null, row -> true),
        new Case("id >= 3000 AND id < 30000", row -> ScanTables.id(row) >= 3000 && ScanTables.id(row) < 30000),
        new Case("id < 0", row -> false),
        new Case("flag > 2", row -> ScanTables.flag(row) != null && ScanTables.flag(row) > 2),
        new Case("mode = 'mode-3'", row -> "mode-3".equals(ScanTables.mode(row))),
        new Case("id > 20000 OR flag IS NULL", row -> ScanTables.id(row) > 20000 || ScanTables.flag(row) == null));
    for (Case test : cases) {
      Expression filter = test.filter() == null ? null
          : Expressions.parse(test.filter(), ScanTables.SCHEMA);
      List<Object> actual;
      StatisticsAggregatePlan plan;
      try (StatisticsAggregateScan scan = StatisticsAggregateScan.open(files, CALLS, filter, memory.allocator(), 2)) {
        plan = scan.plan();
        List<List<Object>> states = new ArrayList<>();
        try (Batch part = scan.statisticsPart(memory.allocator())) {
          states.add(row(part));
        }
        for (Split split = scan.next(); split != null; split = scan.next()) {
          try (Batch part = scan.run(split, memory.allocator())) {
            states.add(row(part));
          }
        }
        actual = merge(states);
        if (test.filter() == null) {
          assertThat(scan.splitCount()).isZero();
          assertThat(scan.scanMetrics().has("segments.requested")).isTrue();
          assertThat(scan.scanMetrics().get("segments.requested")).isZero();
        }
      }
      assertThat(actual).as(test.filter() + " (" + plan.describe() + ")").isEqualTo(expected(test.rows()));
      if (test.filter() == null) {
        assertThat(plan.filesFromFooter()).isEqualTo(2);
      }
      if (test.filter() != null && test.filter().startsWith("id >=")) {
        assertThat(plan.zonesFromStatistics()).as(plan.describe()).isPositive();
        assertThat(plan.zonesScanned()).as(plan.describe()).isPositive();
        assertThat(plan.zonesPruned()).as(plan.describe()).isPositive();
      }
    }
  }

  @Test
  void unsupportedCallsAreRefused() {
    assertThat(StatisticsAggregateScan.supports(List.of(new StatisticsCall(StatisticsCall.Function.MIN, "text")),
        ScanTables.SCHEMA)).isFalse();
    assertThat(StatisticsAggregateScan.supports(List.of(new StatisticsCall(StatisticsCall.Function.SUM, "nothing")),
        ScanTables.SCHEMA)).isFalse();
    assertThat(StatisticsAggregateScan.supports(CALLS, ScanTables.SCHEMA)).isTrue();
  }

  private List<Path> write() throws Exception {
    Path folder = Files.createDirectories(directory.resolve("table"));
    Path first = ScanTables.write(folder.resolve("a.qvr"), 0, FIRST_ROWS, 8 * 1024, memory.allocator());
    Path second = ScanTables.write(folder.resolve("b.qvr"), FIRST_ROWS, SECOND_ROWS, 8 * 1024,
        memory.allocator());
    return List.of(first, second);
  }

  private static List<Object> row(Batch batch) {
    assertThat(batch.rowCount()).isEqualTo(1);
    List<Object> values = new ArrayList<>();
    for (int c = 0; c < batch.columnCount(); c++) {
      FieldVector vector = batch.vector(c);
      Object value = vector.getObject(0);
      values.add(value instanceof Number number && !(value instanceof BigDecimal) ? (Object) number.longValue()
          : value);
    }
    return values;
  }

  /** The states merged as an engine would: counts and sums added, minimums and maximums compared. */
  private static List<Object> merge(List<List<Object>> states) {
    List<Object> merged = new ArrayList<>();
    for (int c = 0; c < CALLS.size(); c++) {
      Object total = null;
      for (List<Object> state : states) {
        Object value = state.get(c);
        if (value == null) {
          continue;
        }
        switch (CALLS.get(c).function()) {
          case COUNT_ROWS, COUNT -> total = (total == null ? 0L : (Long) total) + (Long) value;
          case SUM -> total = total == null ? value : ((BigDecimal) total).add((BigDecimal) value);
          case MIN -> total = total == null || (Long) value < (Long) total ? value : total;
          default -> total = total == null || (Long) value > (Long) total ? value : total;
        }
      }
      merged.add(total);
    }
    return merged;
  }

  private static List<Object> expected(LongPredicate selected) {
    long rows = 0;
    long flags = 0;
    long modes = 0;
    long texts = 0;
    Long minimumId = null;
    Long maximumId = null;
    BigDecimal sumId = null;
    Long minimumFlag = null;
    Long maximumFlag = null;
    BigDecimal sumFlag = null;
    for (long row = 0; row < FIRST_ROWS + SECOND_ROWS; row++) {
      if (!selected.test(row)) {
        continue;
      }
      rows++;
      long id = ScanTables.id(row);
      minimumId = minimumId == null ? id : Math.min(minimumId, id);
      maximumId = maximumId == null ? id : Math.max(maximumId, id);
      sumId = (sumId == null ? BigDecimal.ZERO : sumId).add(BigDecimal.valueOf(id));
      Integer flag = ScanTables.flag(row);
      if (flag != null) {
        flags++;
        minimumFlag = minimumFlag == null ? flag : Math.min(minimumFlag, flag);
        maximumFlag = maximumFlag == null ? flag : Math.max(maximumFlag, flag);
        sumFlag = (sumFlag == null ? BigDecimal.ZERO : sumFlag).add(BigDecimal.valueOf(flag));
      }
      modes += Objects.isNull(ScanTables.mode(row)) ? 0 : 1;
      texts += Objects.isNull(ScanTables.text(row)) ? 0 : 1;
    }
    List<Object> values = new ArrayList<>();
    values.add(rows);
    values.add(flags);
    values.add(minimumId);
    values.add(maximumId);
    values.add(sumId);
    values.add(minimumFlag);
    values.add(maximumFlag);
    values.add(sumFlag);
    values.add(modes);
    values.add(texts);
    return values;
  }
}
