package dev.quiver.sql.database;

import static dev.quiver.sql.database.DatabaseTestSupport.rows;
import static dev.quiver.sql.database.DatabaseTestSupport.run;
import static dev.quiver.sql.database.DatabaseTestSupport.single;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.format.table.TableManifest;
import dev.quiver.format.table.TableManifests;
import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SessionOptions;
import dev.quiver.testing.TestingAllocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The database in a folder: kept across sessions, shared format, conflicts, compaction, VACUUM. */
class DatabaseTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private QuiverSession open(Path folder) throws Exception {
    return QuiverSession.open(memory.allocator(), SessionOptions.defaults().withThreads(2), folder);
  }

  @Test
  void tablesViewsAndSchemasOutliveTheSession() throws Exception {
    Path folder = directory.resolve("db");
    try (QuiverSession session = open(folder)) {
      run(session, "CREATE SCHEMA sales");
      run(session, "CREATE TABLE sales.orders (id BIGINT PRIMARY KEY, amount DECIMAL(12,2), day DATE)");
      run(session, "INSERT INTO sales.orders VALUES (1, 10.50, DATE '2024-02-29'), (2, NULL, NULL)");
      run(session, "CREATE VIEW big AS SELECT id FROM sales.orders WHERE amount > 10");
    }
    try (QuiverSession session = open(folder)) {
      assertThat(rows(session, "SELECT id, amount, day FROM sales.orders ORDER BY id"))
          .containsExactly("1|10.50|19782", "2|null|null");
      assertThat(rows(session, "SELECT * FROM big")).containsExactly("1");
      assertThat(session.tables()).contains("big");
    }
    TableManifest manifest = TableManifests.latest(folder.resolve("sales").resolve("orders")).orElseThrow();
    assertThat(manifest.dataSchemaJson()).as("Spark's JSON of the columns, as the connector writes it")
        .startsWith("{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"long\",\"nullable\":false");
    assertThat(manifest.files()).hasSize(1);
  }

  @Test
  void aFolderOfSomethingElseIsRefused() throws Exception {
    Path folder = directory.resolve("other");
    Files.createDirectories(folder);
    Files.writeString(folder.resolve("notes.txt"), "mine");
    QuiverException refused = catchThrowableOfType(() -> open(folder), QuiverException.class);
    assertThat(refused.errorCode()).isEqualTo(ErrorCode.USER);
    assertThat(refused.getMessage()).contains("is not a Quiver database");
    assertThat(Files.readString(folder.resolve("notes.txt"))).isEqualTo("mine");
  }

  @Test
  void anUpdateOnAStaleVersionIsAConflictAndChangesNothing() throws Exception {
    try (QuiverSession session = open(directory.resolve("db"))) {
      run(session, "CREATE TABLE t AS SELECT range AS id, 0 AS v FROM range(100)");
      Database database = session.database();
      StoredTable table = database.storedTable(null, "t").orElseThrow();
      TableManifest stale = table.latest();
      run(session, "UPDATE t SET v = 1 WHERE id < 10");
      QuiverException conflict = catchThrowableOfType(() -> new TableChanges(session.queryRunner())
          .rewrite(table, stale, "t", "(id >= 50)", from -> "SELECT id, 2 AS v FROM " + from), QuiverException.class);
      assertThat(conflict.errorCode()).isEqualTo(ErrorCode.CONFLICT);
      assertThat(rows(session, "SELECT v, count(*) FROM t GROUP BY v ORDER BY v")).containsExactly("0|90", "1|10");
      try (Stream<Path> files = Files.list(table.folder())) {
        assertThat(files.filter(file -> file.getFileName().toString().endsWith(".qvr")).count())
            .as("the loser's files are removed").isEqualTo(table.latest().files().size() + 1);
      }
    }
  }

  @Test
  void concurrentInsertsLoseNoRowAndSmallFilesAreMerged() throws Exception {
    try (QuiverSession session = open(directory.resolve("db"))) {
      run(session, "CREATE TABLE t (writer INTEGER, n INTEGER)");
      ExecutorService pool = Executors.newFixedThreadPool(3);
      List<Future<?>> writers = new ArrayList<>();
      for (int writer = 0; writer < 3; writer++) {
        int id = writer;
        writers.add(pool.submit(() -> {
          for (int n = 0; n < 20; n++) {
            run(session, "INSERT INTO t VALUES (" + id + ", " + n + ")");
          }
        }));
      }
      for (Future<?> writer : writers) {
        writer.get();
      }
      pool.shutdown();
      assertThat(single(session, "SELECT count(*) FROM t")).isEqualTo(60);
      assertThat(single(session, "SELECT count(DISTINCT writer * 100 + n) FROM t")).isEqualTo(60);
      StoredTable table = session.database().storedTable(null, "t").orElseThrow();
      assertThat(table.latest().files().size()).as("compaction keeps the file count bounded")
          .isLessThanOrEqualTo(TableChanges.SMALL_FILES + 3);
      run(session, "VACUUM");
      assertThat(table.latest().files()).hasSize(1);
      assertThat(single(session, "SELECT sum(n) FROM t")).isEqualTo(3 * 190);
    }
  }

  @Test
  void theInMemoryDatabaseIsGoneAtClose() throws Exception {
    Path root;
    try (QuiverSession session = QuiverSession.open(memory.allocator(), SessionOptions.defaults())) {
      run(session, "CREATE TABLE t AS SELECT 1 AS x");
      root = session.database().root();
      assertThat(Files.isDirectory(root)).isTrue();
      assertThat(session.databaseFolder()).isNull();
    }
    assertThat(Files.exists(root)).isFalse();
  }

  @Test
  void errorsNameWhatIsWrong() throws Exception {
    try (QuiverSession session = open(directory.resolve("db"))) {
      run(session, "CREATE TABLE orders (id INTEGER)");
      assertThat(message(session, "CREATE TABLE orders (id INTEGER)")).contains("already exists");
      assertThat(message(session, "INSERT INTO order VALUES (1)")).contains("does not exist").contains("orders");
      assertThat(message(session, "INSERT INTO orders VALUES (1, 2)")).contains("1 columns but 2 values");
      assertThat(message(session, "UPDATE orders SET nope = 1")).contains("no column nope");
      assertThat(message(session, "CREATE TABLE x (a INTEGER, a INTEGER)")).contains("twice");
      assertThat(message(session, "CREATE TABLE x (a NOSUCHTYPE)")).contains("type");
      assertThat(message(session, "DROP TABLE nothing")).contains("does not exist");
      assertThat(message(session, "DROP SCHEMA main")).contains("cannot be dropped");
    }
  }

  private static String message(QuiverSession session, String sql) {
    return catchThrowableOfType(() -> run(session, sql), QuiverException.class).getMessage();
  }
}
