package dev.quiver.expression.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.expression.And;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Expressions;
import dev.quiver.expression.KeyMembers;
import dev.quiver.expression.KeySet;
import dev.quiver.expression.Not;
import dev.quiver.expression.TestColumns;
import dev.quiver.testing.TestingAllocator;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A join's keys as a scan filter: rows, NULLs, negation, and zone pruning by the keys' bitmap. */
class KeySetFilterTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private static KeySet keys(String column, long... values) {
    return new KeySet(Expressions.column(TestColumns.SCHEMA, column), KeyMembers.of(values, values.length),
        "a test");
  }

  private int[] select(String column, Expression filter, Object... cells) {
    try (FieldVector vector = TestColumns.vector(memory.allocator(), column, Arrays.asList(cells))) {
      int[] selection = new int[cells.length];
      int selected = new FilterEvaluator(filter).evaluate(name -> ColumnSlice.plain(vector, 0), cells.length,
          selection);
      return Arrays.copyOf(selection, selected);
    }
  }

  @Test
  void rowsWithAKeyPassAndNullsNeverDo() {
    KeySet set = keys("i32", 3, 7, 1_000_000);
    assertThat(select("i32", set, 3L, null, 4L, 7L, 1_000_000L, -3L)).containsExactly(0, 3, 4);
    assertThat(select("i32", new Not(set), 3L, null, 4L, 7L, 1_000_000L, -3L)).containsExactly(2, 5);
    KeySet wide = keys("i64", Long.MIN_VALUE + 1, 0, Long.MAX_VALUE);
    assertThat(select("i64", wide, 0L, 1L, Long.MAX_VALUE, null)).containsExactly(0, 2);
    assertThat(select("i16", keys("i16", -2, 9), -2L, 9L, 10L)).containsExactly(0, 1);
    // without a NULL the keys are tested where they lie (KeyMembers.selectAt)
    assertThat(select("i32", set, 3L, 4L, 7L, 1_000_000L, -3L)).containsExactly(0, 2, 3);
    assertThat(select("i32", new Not(set), 3L, 4L, 7L, 1_000_000L, -3L)).containsExactly(1, 4);
    assertThat(select("i64", wide, 0L, 1L, Long.MAX_VALUE, Long.MIN_VALUE)).containsExactly(0, 2);
    assertThat(select("i64", new And(List.of(wide, Expressions.greater(
        Expressions.column(TestColumns.SCHEMA, "i64"), 0))), 0L, Long.MAX_VALUE)).containsExactly(1);
  }

  @Test
  void zonesWithoutAKeyArePruned() {
    KeySet set = keys("i64", 100, 101, 500);
    assertThat(prune(set, 0L, 99L)).isEqualTo(Truth.FALSE);
    assertThat(prune(set, 102L, 499L)).isEqualTo(Truth.FALSE);
    assertThat(prune(set, 102L, 500L)).isEqualTo(Truth.UNKNOWN);
    assertThat(prune(set, 501L, 10_000L)).isEqualTo(Truth.FALSE);
    assertThat(prune(set, null, 10_000L)).isEqualTo(Truth.UNKNOWN);
    assertThat(prune(new Not(set), 500L, 500L)).isEqualTo(Truth.FALSE);
    assertThat(prune(new Not(set), 102L, 499L)).isEqualTo(Truth.UNKNOWN);
  }

  private static Truth prune(Expression filter, Long minimum, Long maximum) {
    ZoneStatistics zone = new ZoneStatistics(10, 0, minimum, maximum, false, null, false);
    return StatisticsEvaluator.evaluate(filter, column -> zone);
  }

  @Test
  void onlyIntegersAndDatesAreKeys() {
    assertThat(KeySet.supports(TestColumns.type("day"))).isTrue();
    assertThat(keys("day", 19_000).toString()).isEqualTo("day IN (1 key in [19000, 19000] of a test)");
    ColumnReference text = Expressions.column(TestColumns.SCHEMA, "text");
    assertThatThrownBy(() -> new KeySet(text, KeyMembers.of(new long[] {1}, 1), "a test"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
