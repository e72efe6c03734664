package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.FormatConstants;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quiver generate tpch --sorted} at scale 0.01: lineitem and orders hold the same rows as
 * without {@code --sorted} (as multisets), ordered by (l_shipdate, l_orderkey, l_linenumber) and
 * (o_orderdate, o_orderkey), recorded in the footer; the other tables are written as generated.
 */
class GenerateTpchSortedTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void sortedTablesHoldTheSameRowsInDateOrder() throws IOException {
    Path plain = directory.resolve("plain");
    Path sorted = directory.resolve("sorted");
    CommandRunner.Outcome unsorted = CommandRunner.run(memory.allocator(), "generate", "tpch", "--scale", "0.01",
        "--out", plain.toString(), "--tables", "lineitem,orders,nation", "--threads", "2");
    assertThat(unsorted.exitCode()).as(unsorted.err()).isZero();
    CommandRunner.Outcome outcome = CommandRunner.run(memory.allocator(), "generate", "tpch", "--scale", "0.01",
        "--out", sorted.toString(), "--tables", "lineitem,orders,nation", "--threads", "2", "--sorted");
    assertThat(outcome.exitCode()).as(outcome.err()).isZero();
    assertThat(outcome.err()).contains("sorted by l_shipdate ASC NULLS LAST, l_orderkey ASC NULLS LAST, "
        + "l_linenumber ASC NULLS LAST");
    assertSortedCopy(plain.resolve("lineitem.qvr"), sorted.resolve("lineitem.qvr"),
        List.of("l_shipdate", "l_orderkey", "l_linenumber"));
    assertSortedCopy(plain.resolve("orders.qvr"), sorted.resolve("orders.qvr"), List.of("o_orderdate", "o_orderkey"));
    assertThat(TestTables.read(sorted.resolve("nation.qvr"), memory.allocator()).columns())
        .as("nation as generated")
        .isEqualTo(TestTables.read(plain.resolve("nation.qvr"), memory.allocator()).columns());
    try (QuiverFile nation = QuiverFile.open(sorted.resolve("nation.qvr"))) {
      assertThat(nation.footer().metadata()).doesNotContainKey(FormatConstants.METADATA_SORTED_BY);
    }
  }

  /** {@code sorted} holds {@code plain}'s rows ordered by {@code keys} (a total order), recorded in its footer. */
  private void assertSortedCopy(Path plain, Path sorted, List<String> keys) throws IOException {
    List<List<Object>> expected = rows(TestTables.read(plain, memory.allocator()));
    TestTables.Snapshot snapshot = TestTables.read(sorted, memory.allocator());
    List<List<Object>> actual = rows(snapshot);
    List<Integer> ordinals = keys.stream().map(key -> snapshot.schema().getFields().indexOf(
        snapshot.schema().findField(key))).toList();
    Comparator<List<Object>> order = null;
    for (int ordinal : ordinals) {
      @SuppressWarnings({"unchecked", "rawtypes"})
      Comparator<List<Object>> key = Comparator.comparing(row -> (Comparable) row.get(ordinal));
      order = order == null ? key : order.thenComparing(key);
    }
    expected.sort(order);
    assertThat(actual).as(sorted + ": the generator's rows sorted by " + keys).isEqualTo(expected);
    try (QuiverFile file = QuiverFile.open(sorted)) {
      assertThat(file.footer().metadata().get(FormatConstants.METADATA_SORTED_BY))
          .isEqualTo(String.join(", ", keys.stream().map(key -> key + " ASC NULLS LAST").toList()));
    }
  }

  private static List<List<Object>> rows(TestTables.Snapshot snapshot) {
    List<List<Object>> rows = new ArrayList<>();
    for (int row = 0; row < snapshot.rowCount(); row++) {
      List<Object> values = new ArrayList<>();
      for (List<Object> column : snapshot.columns()) {
        values.add(column.get(row));
      }
      rows.add(values);
    }
    return rows;
  }
}
