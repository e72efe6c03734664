package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.FormatConstants;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quiver convert --sort-by}: on seeded rows of every type (about 10% NULLs) each column as a
 * key, ascending and descending, orders the rows by it (checked with a comparator written here: NULLs
 * last, UTF-8 by code point, -0.0 equal to 0.0, NaN above every number) and keeps every row (by the
 * unique id column); a sort spilling under --memory-limit from 128 KiB to 12 MiB writes the same file
 * rows as one in memory, and one too small for any row is a one-line RESOURCE error; the footer records
 * the order and inspect prints it; bad orders are one-line USER errors; a failing convert leaves no
 * file.
 */
class ConvertSortTest {
  private static final int ROWS = 20_000;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;
  private long seed;
  private Path input;
  private TestTables.Snapshot rows;

  @BeforeEach
  void writeInput() throws IOException {
    seed = Long.getLong("seed", System.nanoTime());
    System.out.println("ConvertSortTest seed " + seed + " (replay with -Dseed=" + seed + ")");
    input = directory.resolve("in.arrow");
    try (VectorSchemaRoot root = TestTables.allTypes(memory.allocator(), ROWS, seed, true)) {
      TestTables.writeArrowFile(root, input);
      rows = TestTables.snapshot(root);
    }
  }

  private CommandRunner.Outcome convert(String... arguments) {
    List<String> command = new ArrayList<>(List.of("convert"));
    command.addAll(List.of(arguments));
    return CommandRunner.run(memory.allocator(), command.toArray(new String[0]));
  }

  @Test
  void everyColumnAsTheKeyOrdersTheRowsAndKeepsEveryRow() throws IOException {
    List<String> columns = rows.schema().getFields().stream().map(field -> field.getName()).toList();
    for (String column : columns) {
      for (boolean descending : new boolean[] {false, true}) {
        Path out = directory.resolve("by-" + column + (descending ? "-desc" : "") + ".qvr");
        CommandRunner.Outcome outcome = convert("--sort-by", column + (descending ? " DESC" : ""),
            input.toString(), out.toString());
        assertThat(outcome.exitCode()).as(outcome.err()).isZero();
        assertThat(outcome.err()).contains("sorted by " + column + (descending ? " DESC" : " ASC") + " NULLS LAST");
        TestTables.Snapshot written = TestTables.read(out, memory.allocator());
        assertSameRows(written, "--sort-by " + column);
        List<Object> keys = written.columns().get(columns.indexOf(column));
        for (int row = 1; row < keys.size(); row++) {
          int order = compare(keys.get(row - 1), keys.get(row), descending);
          assertThat(order).as("seed %d, %s%s: rows %d and %d (%s, %s)", seed, column, descending ? " DESC" : "",
              row - 1, row, keys.get(row - 1), keys.get(row)).isLessThanOrEqualTo(0);
        }
        try (QuiverFile file = QuiverFile.open(out)) {
          assertThat(file.footer().metadata().get(FormatConstants.METADATA_SORTED_BY))
              .isEqualTo(column + (descending ? " DESC" : " ASC") + " NULLS LAST");
        }
        Files.delete(out);
      }
    }
  }

  /**
   * The input is one 20,000-row Arrow batch (about 5 MiB once held), larger than the sort's share of
   * every limit tried: the sort takes it in slices, spills, and writes the rows of the in-memory sort
   * in the same order, under limits from 128 KiB (hundreds of runs, several merge passes) to 12 MiB.
   */
  @Test
  void aSortThatSpillsWritesTheSameRowsAsOneInMemory() throws IOException {
    Path inMemory = directory.resolve("memory.qvr");
    CommandRunner.Outcome whole = convert("--sort-by", "category DESC, int32, id", input.toString(),
        inMemory.toString());
    assertThat(whole.exitCode()).as(whole.err()).isZero();
    assertThat(whole.err()).doesNotContain("spilled");
    TestTables.Snapshot expected = TestTables.read(inMemory, memory.allocator());
    for (String limit : List.of("128k", "1m", "6m", "8m", "10m", "12m")) {
      Path spilled = directory.resolve("spilled-" + limit + ".qvr");
      Path spillDirectory = Files.createDirectory(directory.resolve("spill-" + limit));
      CommandRunner.Outcome small = convert("--sort-by", "category DESC, int32, id", "--memory-limit", limit,
          "--spill-dir", spillDirectory.toString(), "--batch-rows", "500", input.toString(), spilled.toString());
      assertThat(small.exitCode()).as("--memory-limit %s: %s", limit, small.err()).isZero();
      assertThat(small.err()).as(limit).containsPattern("\\(\\d+ sorted runs spilled\\)");
      TestTables.Snapshot actual = TestTables.read(spilled, memory.allocator());
      assertSameRows(actual, "spilled under " + limit);
      assertThat(actual.columns()).as("%s: a tie-free order: the same rows in the same order", limit)
          .isEqualTo(expected.columns());
      try (Stream<Path> files = Files.list(spillDirectory)) {
        assertThat(files).as("spill files removed").isEmpty();
      }
      CommandRunner.Outcome inspect = CommandRunner.run(memory.allocator(), "inspect", spilled.toString());
      assertThat(inspect.exitCode()).as(inspect.err()).isZero();
      assertThat(inspect.out())
          .contains("sorted by category DESC NULLS LAST, int32 ASC NULLS LAST, id ASC NULLS LAST");
      Files.delete(spilled);
    }
  }

  /** A limit that cannot hold even one row's vectors fails with a one-line RESOURCE error and leaves nothing. */
  @Test
  void aLimitTooSmallForAnyRowIsAResourceError() throws IOException {
    Path out = directory.resolve("tiny.qvr");
    Path spillDirectory = Files.createDirectory(directory.resolve("spill"));
    CommandRunner.Outcome tiny = convert("--sort-by", "category DESC, int32, id", "--memory-limit", "1k",
        "--spill-dir", spillDirectory.toString(), input.toString(), out.toString());
    assertThat(tiny.exitCode()).as(tiny.err()).isEqualTo(ErrorReporter.RESOURCE);
    assertThat(tiny.errorLines()).as(tiny.err()).singleElement().asString().startsWith("quiver: Sort")
        .contains("memory limit of 1024 bytes").contains("raise --memory-limit");
    assertThat(out).doesNotExist();
    try (Stream<Path> files = Files.list(spillDirectory)) {
      assertThat(files).as("spill files removed").isEmpty();
    }
  }

  @Test
  void parquetAndCsvOutputAreSortedToo() throws IOException {
    Path out = directory.resolve("sorted.parquet");
    CommandRunner.Outcome outcome = convert("--sort-by", "int64 DESC", input.toString(), out.toString());
    assertThat(outcome.exitCode()).as(outcome.err()).isZero();
    TestTables.Snapshot written = TestTables.read(out, memory.allocator());
    List<Object> keys = written.columns().get(3);
    for (int row = 1; row < keys.size(); row++) {
      assertThat(compare(keys.get(row - 1), keys.get(row), true)).as("row %d", row).isLessThanOrEqualTo(0);
    }
    assertThat(written.rowCount()).isEqualTo(ROWS);
  }

  @Test
  void aBadOrderIsAOneLineUserError() {
    Path out = directory.resolve("out.qvr");
    CommandRunner.Outcome unknown = convert("--sort-by", "int32, nope", input.toString(), out.toString());
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.errorLines()).singleElement().asString().contains("unknown sort column 'nope'")
        .contains("the columns are int8, int16, int32, int64, id");
    CommandRunner.Outcome empty = convert("--sort-by", " ", input.toString(), out.toString());
    assertThat(empty.exitCode()).isEqualTo(2);
    assertThat(empty.errorLines()).singleElement().asString().contains("sort order is empty");
    CommandRunner.Outcome word = convert("--sort-by", "int32 upward", input.toString(), out.toString());
    assertThat(word.exitCode()).isEqualTo(2);
    assertThat(word.errorLines()).singleElement().asString().contains("unexpected 'upward'");
    CommandRunner.Outcome limitAlone = convert("--memory-limit", "1m", input.toString(), out.toString());
    assertThat(limitAlone.exitCode()).isEqualTo(2);
    assertThat(limitAlone.errorLines()).singleElement().asString().contains("applies with --sort-by only");
    assertThat(out).doesNotExist();
  }

  @Test
  void aConvertFailingMidwayLeavesNoFileAndAnOldOneUntouched() throws IOException {
    StringBuilder csv = new StringBuilder("n,s\n");
    for (int row = 0; row < 50_000; row++) {
      csv.append(row == 40_000 ? "forty thousand" : Integer.toString(row)).append(",x").append(row % 7).append('\n');
    }
    Path bad = directory.resolve("bad.csv");
    Files.writeString(bad, csv, StandardCharsets.UTF_8);
    Path fresh = directory.resolve("fresh.qvr");
    Path existing = directory.resolve("existing.qvr");
    Files.writeString(existing, "an older file");
    for (Path out : List.of(fresh, existing)) {
      CommandRunner.Outcome outcome = convert("--sort-by", "s, n DESC", "--infer-rows", "100", "--batch-rows", "4096",
          bad.toString(), out.toString());
      assertThat(outcome.exitCode()).as(outcome.err()).isNotZero();
      assertThat(outcome.errorLines()).as(outcome.err()).last().asString().contains("forty thousand");
    }
    assertThat(fresh).doesNotExist();
    assertThat(Files.readString(existing)).isEqualTo("an older file");
    try (Stream<Path> files = Files.list(directory)) {
      assertThat(files.map(path -> path.getFileName().toString()))
          .containsExactlyInAnyOrder("in.arrow", "bad.csv", "existing.qvr");
    }
  }

  /** The written rows are the input's, each once (matched by the unique id column). */
  private void assertSameRows(TestTables.Snapshot written, String label) {
    int id = 4;
    assertThat(written.rowCount()).as(label).isEqualTo(ROWS);
    Map<Object, List<Object>> expected = byId(rows, id);
    Map<Object, List<Object>> actual = byId(written, id);
    assertThat(actual.keySet()).as(label).isEqualTo(expected.keySet());
    for (Map.Entry<Object, List<Object>> row : expected.entrySet()) {
      assertThat(actual.get(row.getKey())).as("%s (seed %d), id %s", label, seed, row.getKey())
          .isEqualTo(row.getValue());
    }
  }

  private static Map<Object, List<Object>> byId(TestTables.Snapshot snapshot, int id) {
    Map<Object, List<Object>> rows = new HashMap<>();
    for (int row = 0; row < snapshot.rowCount(); row++) {
      List<Object> values = new ArrayList<>();
      for (List<Object> column : snapshot.columns()) {
        values.add(column.get(row));
      }
      rows.put(snapshot.columns().get(id).get(row), values);
    }
    return rows;
  }

  /** Two key values in the expected order: NULLs last in both directions. */
  private static int compare(Object left, Object right, boolean descending) {
    if (left == null || right == null) {
      return left == null ? (right == null ? 0 : 1) : -1;
    }
    int order = compareValues(left, right);
    return descending ? -order : order;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compareValues(Object left, Object right) {
    if (left instanceof Float || left instanceof Double) {
      double a = ((Number) left).doubleValue();
      double b = ((Number) right).doubleValue();
      if (Double.isNaN(a) || Double.isNaN(b)) {
        return Boolean.compare(Double.isNaN(a), Double.isNaN(b));
      }
      return a < b ? -1 : a > b ? 1 : 0;
    }
    if (left instanceof BigDecimal a) {
      return a.compareTo((BigDecimal) right);
    }
    if (left instanceof String a) {
      return compareCodePoints(a, (String) right);
    }
    return ((Comparable) left).compareTo(right);
  }

  private static int compareCodePoints(String left, String right) {
    int[] a = left.codePoints().toArray();
    int[] b = right.codePoints().toArray();
    for (int i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i] != b[i]) {
        return Integer.compare(a[i], b[i]);
      }
    }
    return Integer.compare(a.length, b.length);
  }
}
