package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.QuiverException;
import dev.quiver.io.csv.CsvReadOptions;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Queries that fail while they run (a division by zero, a failed cast, a bad value deep in a file) in
 * each kind of operator: the error is the typed one, and every batch the query held is freed (the
 * {@link TestingAllocator} fails the test otherwise: a leak is what made the CLI print "allocator
 * 'ROOT' closed with N bytes still allocated" instead of the error).
 */
class RuntimeErrorLeakTest {
  private static final int ROWS = 60_000;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @BeforeEach
  void writeTables() throws IOException {
    // b = 3 on one row in seven: a / (b - 3) divides by zero from the fourth row on.
    try (Writer out = Files.newBufferedWriter(directory.resolve("t.csv"), StandardCharsets.UTF_8)) {
      out.write("a,b,s\n");
      for (int row = 0; row < ROWS; row++) {
        out.write(row + "," + (row % 7) + ",v" + (row % 100) + "\n");
      }
    }
    // The value that is not an integer comes long after the rows inference samples.
    try (Writer out = Files.newBufferedWriter(directory.resolve("late.csv"), StandardCharsets.UTF_8)) {
      out.write("a,b\n");
      for (int row = 0; row < ROWS; row++) {
        out.write((row == ROWS - 10 ? "oops" : Integer.toString(row)) + "," + row + "\n");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT * FROM t WHERE a / (b - 3) > 1",
      "SELECT a / (b - 3) FROM t",
      "SELECT s, sum(a / (b - 3)) FROM t GROUP BY s",
      "SELECT a / (b - 3) AS k, count(*) FROM t GROUP BY 1",
      "SELECT DISTINCT a / (b - 3) FROM t",
      "SELECT x.a / (y.b - 3) FROM t x JOIN t y ON x.a = y.a",
      "SELECT count(*) FROM t x JOIN (SELECT * FROM t WHERE a / (b - 3) > 0) y ON x.a = y.a",
      "SELECT count(*) FROM t x JOIN t y ON x.a = y.a AND x.a / (y.b - 3) > 0",
      "SELECT a FROM t ORDER BY a / (b - 3)",
      "SELECT a / (b - 3) FROM t ORDER BY a LIMIT 5",
      "SELECT CAST(s AS INTEGER) FROM t",
      "SELECT s, count(*) FROM t WHERE CAST(s AS INTEGER) > 0 GROUP BY s",
      "SELECT a, b FROM late",
      "SELECT sum(a) FROM late",
      "SELECT count(*) FROM late x JOIN t y ON x.b = y.a",
  })
  void aFailingQueryFreesWhatItHeld(String sql) throws IOException {
    for (int threads : new int[] {1, 2}) {
      try (QuiverSession session = QuiverSession.open(memory.allocator(),
          SessionOptions.defaults().withThreads(threads))) {
        session.catalog().csvOptions(CsvReadOptions.defaults().withInferRows(1000));
        session.register("t", directory.resolve("t.csv"));
        session.register("late", directory.resolve("late.csv"));
        assertThatThrownBy(() -> {
          try (SqlResult result = session.execute(sql)) {
            drain(result);
          }
        }).as("%s on %d threads", sql, threads).isInstanceOf(QuiverException.class)
            .satisfies(failure -> assertThat(failure.getMessage()).doesNotContain("allocator"));
      }
      assertThat(memory.allocator().getAllocatedMemory()).as("%s on %d threads", sql, threads).isZero();
    }
  }

  private static void drain(SqlResult result) {
    for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
      batch.close();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"parquet", "csv", "qvr", "arrow"})
  void aFailingCopyFreesWhatItHeldAndLeavesNoFile(String extension) throws IOException {
    Path target = directory.resolve("out." + extension);
    try (QuiverSession session = QuiverSession.open(memory.allocator(), SessionOptions.defaults())) {
      session.register("t", directory.resolve("t.csv"));
      assertThatThrownBy(() -> {
        try (SqlResult result = session.execute("COPY (SELECT a, a / (b - 3) AS q FROM t) TO '" + target + "'")) {
          drain(result);
        }
      }).isInstanceOf(QuiverException.class).hasMessageContaining("division by zero");
    }
    assertThat(memory.allocator().getAllocatedMemory()).isZero();
    try (var files = Files.list(directory)) {
      assertThat(files.map(path -> path.getFileName().toString())).containsExactlyInAnyOrder("t.csv", "late.csv");
    }
  }

  @org.junit.jupiter.api.Test
  void aBadFileInARegisteredFolderFailsOnlyTheQueriesThatReadIt() throws IOException {
    Path folder = Files.createDirectories(directory.resolve("tables"));
    Files.copy(directory.resolve("t.csv"), folder.resolve("good.csv"));
    Files.writeString(folder.resolve("broken.parquet"), "PAR1 not really", StandardCharsets.US_ASCII);
    try (QuiverSession session = QuiverSession.open(memory.allocator(), SessionOptions.defaults())) {
      session.registerDirectory(folder);
      try (SqlResult result = session.execute("SELECT count(*) FROM good")) {
        try (VectorSchemaRoot batch = result.next()) {
          assertThat(batch.getVector(0).getObject(0)).isEqualTo((long) ROWS);
        }
      }
      assertThatThrownBy(() -> drain(session.execute("SELECT * FROM broken")))
          .isInstanceOf(QuiverException.class)
          .hasMessageContaining("broken.parquet")
          .satisfies(failure -> assertThat(((QuiverException) failure).errorCode())
              .isEqualTo(dev.quiver.common.ErrorCode.CORRUPT));
    }
  }
}
