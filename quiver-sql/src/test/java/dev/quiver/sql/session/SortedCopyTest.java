package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.execution.QueryOptions;
import dev.quiver.format.FormatConstants;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.sql.SqlException;
import dev.quiver.sql.copy.SortOrder;
import dev.quiver.sql.copy.SortedRows;
import dev.quiver.sql.oracle.ArrowResults;
import dev.quiver.sql.oracle.DuckDbOracle;
import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.Result;
import dev.quiver.sql.oracle.ResultComparison;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingTables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sorted writes: COPY's {@code SORT_BY} and {@link SortedRows} (what {@code quiver convert --sort-by}
 * runs) give the rows in DuckDB's {@code ORDER BY} order for the same seeded rows of every type DuckDB
 * loads here (NULLs included; ties compared as multisets), with and without spilling; the
 * {@code .qvr} footer records the order; bad orders are USER errors naming the problem.
 */
class SortedCopyTest {
  private static final int ROWS = 12_000;
  private static final int BATCH_ROWS = 3_000;
  /** TestingTables' columns DuckDB's oracle loads (not binary, not a zoned timestamp). */
  private static final List<String> COLUMNS = List.of("int8", "int16", "int32", "int64", "sorted", "float32",
      "float64", "bool", "utf8", "category", "date32", "timestamp_ntz", "decimal");

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;
  private long seed;
  private Path source;
  private DuckDbOracle duckdb;

  @BeforeEach
  void writeTheSameRowsToAQvrFileAndDuckDb() throws IOException, SQLException {
    seed = Long.getLong("seed", System.nanoTime());
    System.out.println("SortedCopyTest seed " + seed + " (replay with -Dseed=" + seed + ")");
    source = directory.resolve("t.qvr");
    duckdb = DuckDbOracle.inMemory();
    Schema schema = projected(TestingTables.schema());
    duckdb.createTable("t", schema);
    try (QuiverWriter writer = QuiverWriter.create(source, schema, memory.allocator())) {
      for (int start = 0; start < ROWS; start += BATCH_ROWS) {
        try (VectorSchemaRoot batch = TestingTables.batch(memory.allocator(), start, BATCH_ROWS, seed, 10)) {
          VectorSchemaRoot columns = projected(batch);
          writer.write(columns);
          duckdb.append("t", columns);
        }
      }
    }
  }

  @AfterEach
  void closeDuckDb() throws SQLException {
    duckdb.close();
  }

  private static Schema projected(Schema schema) {
    return new Schema(COLUMNS.stream().map(schema::findField).toList());
  }

  /** The columns of COLUMNS of {@code batch}, sharing its vectors (close {@code batch}, not this). */
  private static VectorSchemaRoot projected(VectorSchemaRoot batch) {
    List<FieldVector> vectors = COLUMNS.stream().map(batch::getVector).toList();
    List<Field> fields = vectors.stream().map(FieldVector::getField).toList();
    return new VectorSchemaRoot(fields, vectors, batch.getRowCount());
  }

  private QuiverSession session(SessionOptions options) throws IOException {
    QuiverSession session = QuiverSession.open(memory.allocator(), options);
    session.register("t", source);
    return session;
  }

  private static String quoted(Path path) {
    return "'" + path.toString().replace("'", "''") + "'";
  }

  /** Every row of a {@code .qvr} file in file order, and its footer's sort order (or null). */
  private record FileRows(Result rows, String sortedBy) {}

  private FileRows read(Path path) throws IOException {
    try (QuiverFile file = QuiverFile.open(path)) {
      List<FieldVector> vectors = new ArrayList<>();
      try {
        for (int column = 0; column < file.schema().getFields().size(); column++) {
          vectors.add(file.read(column, 0, file.rowCount(), memory.allocator()));
        }
        List<Field> fields = vectors.stream().map(FieldVector::getField).toList();
        try (VectorSchemaRoot root = new VectorSchemaRoot(fields, new ArrayList<>(vectors), (int) file.rowCount())) {
          vectors.clear();
          return new FileRows(ArrowResults.of(root.getSchema(), List.of(root)),
              file.footer().metadata().get(FormatConstants.METADATA_SORTED_BY));
        }
      } finally {
        vectors.forEach(FieldVector::close);
      }
    }
  }

  /** A random order of one to three distinct columns, with random directions and NULL placements. */
  private static String randomOrder(Random random) {
    List<String> columns = new ArrayList<>(COLUMNS);
    java.util.Collections.shuffle(columns, random);
    int count = 1 + random.nextInt(3);
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String key = "\"" + columns.get(i) + "\"";
      int direction = random.nextInt(3);
      key += direction == 0 ? "" : direction == 1 ? " ASC" : " DESC";
      int nulls = random.nextInt(3);
      key += nulls == 0 ? "" : nulls == 1 ? " NULLS FIRST" : " NULLS LAST";
      keys.add(key);
    }
    return String.join(", ", keys);
  }

  private static OrderSpec spec(SortOrder order) {
    return new OrderSpec(order.keys().stream().map(key -> COLUMNS.indexOf(key.column())).toList(), false);
  }

  @Test
  void everyColumnAloneSortsAsDuckDbsOrderByInBothDirections() throws IOException, SQLException {
    try (QuiverSession session = session(SessionOptions.defaults().withThreads(2))) {
      for (String column : COLUMNS) {
        for (String direction : List.of("", " DESC")) {
          String order = "\"" + column + "\"" + direction;
          Path out = directory.resolve("by-" + column + (direction.isEmpty() ? "" : "-desc") + ".qvr");
          CopyTest.run(session, "COPY t TO " + quoted(out) + " (SORT_BY '" + order.replace("'", "''") + "')");
          FileRows written = read(out);
          Result expected = duckdb.run("SELECT * FROM t ORDER BY " + order);
          ResultComparison.assertSameAnswer("SORT_BY " + order + " (seed " + seed + ")", expected, written.rows(),
              spec(SortOrder.parse(order)), null);
          assertThat(written.sortedBy()).isEqualTo(column + (direction.isEmpty() ? " ASC" : " DESC") + " NULLS LAST");
        }
      }
    }
  }

  @Test
  void randomMultiColumnOrdersSortAsDuckDbs() throws IOException, SQLException {
    Random random = new Random(seed);
    try (QuiverSession session = session(SessionOptions.defaults().withThreads(2))) {
      for (int trial = 0; trial < 6; trial++) {
        String order = randomOrder(random);
        Path out = directory.resolve("random-" + trial + ".qvr");
        CopyTest.run(session, "COPY t TO " + quoted(out) + " (SORT_BY '" + order + "')");
        FileRows written = read(out);
        Result expected = duckdb.run("SELECT * FROM t ORDER BY " + order);
        ResultComparison.assertSameAnswer("SORT_BY " + order + " (seed " + seed + ")", expected, written.rows(),
            spec(SortOrder.parse(order)), null);
        assertThat(written.sortedBy()).isEqualTo(SortOrder.parse(order).text());
      }
    }
  }

  @Test
  void aSortThatMustSpillGivesTheSameRows() throws IOException, SQLException {
    String order = "category DESC, int32 NULLS FIRST, \"sorted\"";
    SortOrder sortOrder = SortOrder.parse(order);
    QueryOptions options = QueryOptions.defaults().withMemoryLimit(4 << 20).withBatchRows(1024)
        .withSpillDirectory(directory);
    Schema schema = projected(TestingTables.schema());
    Iterator<Integer> starts = java.util.stream.IntStream.iterate(0, start -> start < ROWS, start -> start + 500)
        .boxed().iterator();
    Result actual;
    long spills;
    try (SortedRows sorted = SortedRows.start(() -> {
      if (!starts.hasNext()) {
        return null;
      }
      int start = starts.next();
      VectorSchemaRoot batch = TestingTables.batch(memory.allocator(), start, 500, seed, 10);
      List<FieldVector> kept = new ArrayList<>();
      for (FieldVector vector : batch.getFieldVectors()) {
        if (COLUMNS.contains(vector.getName())) {
          kept.add(vector);
        } else {
          vector.close();
        }
      }
      kept.sort(java.util.Comparator.comparingInt(vector -> COLUMNS.indexOf(vector.getName())));
      return new VectorSchemaRoot(kept.stream().map(FieldVector::getField).toList(), kept, batch.getRowCount());
    }, schema, sortOrder, options, memory.allocator())) {
      ArrowResults.Collector collector = new ArrowResults.Collector(schema);
      for (VectorSchemaRoot batch = sorted.next(); batch != null; batch = sorted.next()) {
        try (VectorSchemaRoot rows = batch) {
          collector.add(rows);
        }
      }
      actual = collector.result();
      spills = sorted.spills();
    }
    assertThat(spills).as("sorted runs spilled under a 4 MiB limit").isGreaterThan(1);
    Result expected = duckdb.run("SELECT * FROM t ORDER BY " + order);
    ResultComparison.assertSameAnswer("spilled sort (seed " + seed + ")", expected, actual, spec(sortOrder), null);
    try (var files = Files.list(directory)) {
      assertThat(files.map(path -> path.getFileName().toString())).as("spill files removed")
          .containsExactly("t.qvr");
    }
  }

  @Test
  void copyOfAnOrderedQueryRecordsItsOrderAndALimitedOneDoesNot() throws IOException, SQLException {
    try (QuiverSession session = session(SessionOptions.defaults().withThreads(2))) {
      Path ordered = directory.resolve("ordered.qvr");
      String order = "int16 DESC, utf8";
      CopyTest.run(session, "COPY (SELECT * FROM t ORDER BY " + order + ") TO " + quoted(ordered));
      FileRows written = read(ordered);
      ResultComparison.assertSameAnswer("ORDER BY " + order + " (seed " + seed + ")",
          duckdb.run("SELECT * FROM t ORDER BY " + order), written.rows(),
          spec(SortOrder.parse(order)), null);
      assertThat(written.sortedBy()).as("Quiver's SQL puts NULLs last in both directions, as DuckDB")
          .isEqualTo("int16 DESC NULLS LAST, utf8 ASC NULLS LAST");
      Path limited = directory.resolve("limited.qvr");
      CopyTest.run(session, "COPY (SELECT * FROM t ORDER BY int16 LIMIT 10) TO " + quoted(limited));
      assertThat(read(limited).sortedBy()).isNull();
      Path unordered = directory.resolve("unordered.qvr");
      CopyTest.run(session, "COPY t TO " + quoted(unordered));
      assertThat(read(unordered).sortedBy()).isNull();
      Path csv = directory.resolve("sorted.csv");
      CopyTest.run(session, "COPY t TO " + quoted(csv) + " (SORT_BY 'int64 DESC')");
      Result csvRows = CopyTest.run(session, "SELECT int64 FROM " + quoted(csv));
      Result expected = duckdb.run("SELECT int64 FROM t ORDER BY int64 DESC");
      assertThat(csvRows.rows()).as("CSV output in SORT_BY order").isEqualTo(expected.rows());
    }
  }

  @Test
  void aBadSortOrderIsAUserErrorNamingIt() throws IOException {
    Path out = directory.resolve("bad.qvr");
    try (QuiverSession session = session(SessionOptions.defaults().withThreads(1))) {
      assertThatThrownBy(() -> CopyTest.run(session, "COPY t TO " + quoted(out) + " (SORT_BY 'nope DESC')"))
          .isInstanceOfSatisfying(QuiverException.class,
              failure -> assertThat(failure.errorCode()).isEqualTo(ErrorCode.USER))
          .hasMessageContaining("unknown sort column 'nope'").hasMessageContaining("int8, int16, int32");
      assertThatThrownBy(() -> CopyTest.run(session, "COPY t TO " + quoted(out) + " (SORT_BY '')"))
          .isInstanceOf(SqlException.class).hasMessageContaining("empty");
      assertThatThrownBy(() -> CopyTest.run(session, "COPY t TO " + quoted(out) + " (SORT_BY int8)"))
          .isInstanceOf(SqlException.class).hasMessageContaining("SORT_BY takes the columns in quotes");
      assertThatThrownBy(() -> CopyTest.run(session, "COPY t TO " + quoted(out) + " (SORT_BY 'int8 sideways')"))
          .isInstanceOf(SqlException.class).hasMessageContaining("unexpected 'sideways'");
    }
    assertThat(Files.exists(out)).isFalse();
  }

  @Test
  void theCanonicalTextParsesBackToTheSameOrder() {
    SortOrder order = SortOrder.parse("a, \"b c\" desc nulls first, \"say \"\"hi\"\"\" NULLS LAST, \"desc\"");
    assertThat(order.text())
        .isEqualTo(
            "a ASC NULLS LAST, \"b c\" DESC NULLS FIRST, \"say \"\"hi\"\"\" ASC NULLS LAST, \"desc\" ASC NULLS LAST");
    assertThat(SortOrder.parse(order.text())).isEqualTo(order);
    assertThatThrownBy(() -> SortOrder.parse("a,,b")).hasMessageContaining("empty key");
    assertThatThrownBy(() -> SortOrder.parse(" ")).hasMessageContaining("empty");
    assertThatThrownBy(() -> SortOrder.parse("a NULLS")).hasMessageContaining("NULLS takes FIRST or LAST");
  }
}
