package dev.quiver.sql.database;

import static dev.quiver.sql.database.DatabaseTestSupport.rows;
import static dev.quiver.sql.database.DatabaseTestSupport.run;
import static dev.quiver.sql.database.DatabaseTestSupport.single;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.table.TableManifests;
import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SessionOptions;
import dev.quiver.testing.TestingAllocator;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * kill -9 in the middle of INSERT, UPDATE and DELETE (a child JVM, {@link CrashingWriter}, killed at a
 * seeded random moment while it writes): the table afterwards is exactly the one of the last statement
 * that committed or of the one after it (if it committed in the instant before the kill), never half
 * of a statement; every row reads; VACUUM removes the dead writer's unlisted files.
 */
class CrashSafetyTest {
  static final int ROWS = 20_000;
  static final int DELETED_PER_STATEMENT = 700;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @ParameterizedTest
  @ValueSource(strings = {"insert", "update", "delete"})
  void aKilledWriterLeavesTheLastCommittedVersion(String mode) throws Exception {
    long seed = System.nanoTime();
    System.out.println("CrashSafetyTest " + mode + " seed " + seed);
    Random random = new Random(seed);
    Path folder = directory.resolve("db");
    try (QuiverSession session = open(folder)) {
      run(session, "CREATE TABLE t AS SELECT range AS id, 0 AS v, repeat('x', 50) AS pad FROM range(" + ROWS + ")");
    }
    Process child = start(folder, mode);
    AtomicInteger committed = new AtomicInteger();
    Thread reader = new Thread(() -> {
      try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(),
          StandardCharsets.UTF_8))) {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          if (line.startsWith("committed ")) {
            committed.set(Integer.parseInt(line.substring("committed ".length())));
          }
        }
      } catch (java.io.IOException closed) {
        // the child is gone
      }
    });
    reader.start();
    int before = 2 + random.nextInt(4);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (committed.get() < before && child.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(child.isAlive()).as("the child runs (seed " + seed + ")").isTrue();
    Thread.sleep(random.nextInt(150));
    int printed = committed.get();
    child.destroyForcibly();
    assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
    reader.join(10_000);
    int last = Math.max(printed, committed.get());
    try (QuiverSession session = open(folder)) {
      long count = single(session, "SELECT count(*) FROM t");
      List<String> values = rows(session, "SELECT DISTINCT v FROM t ORDER BY v");
      String state = mode + ", seed " + seed + ", last printed " + last + ": " + count + " rows, v " + values;
      switch (mode) {
        case "insert" -> {
          assertThat(count).as(state).isIn((long) ROWS * (1 + last), (long) ROWS * (2 + last));
          assertThat(single(session, "SELECT count(*) FROM t WHERE v = 0")).as(state).isEqualTo(ROWS);
          for (long v = 1; v <= count / ROWS - 1; v++) {
            assertThat(single(session, "SELECT count(*) FROM t WHERE v = " + v)).as(state).isEqualTo(ROWS);
          }
        }
        case "update" -> {
          assertThat(count).as(state).isEqualTo(ROWS);
          assertThat(values).as("one UPDATE is whole or absent: " + state).hasSize(1);
          assertThat(Long.parseLong(values.get(0))).as(state).isIn((long) last, (long) last + 1);
        }
        default -> {
          long deleted = ROWS - count;
          assertThat(deleted).as(state).isIn((long) last * DELETED_PER_STATEMENT,
              (long) (last + 1) * DELETED_PER_STATEMENT);
          assertThat(single(session, "SELECT min(id) FROM t")).as(state).isEqualTo(deleted);
        }
      }
      run(session, "VACUUM");
      Path table = folder.resolve(Database.MAIN).resolve("t");
      var latest = TableManifests.latest(table).orElseThrow();
      List<String> listed = latest.files().stream().map(entry -> entry.path()).toList();
      List<String> retired = latest.retired().stream().map(entry -> entry.path()).toList();
      try (Stream<Path> files = Files.list(table)) {
        List<String> present = new ArrayList<>(files.map(file -> file.getFileName().toString())
            .filter(name -> name.endsWith(".qvr") || name.contains("quiver-tmp")).toList());
        present.removeAll(listed);
        present.removeAll(retired);
        assertThat(present).as("after VACUUM only the files of the latest version and those it retired (kept for"
            + " readers of the one before) remain; the dead writer's unlisted files and temporaries are gone: "
            + state).isEmpty();
      }
      assertThat(single(session, "SELECT count(*) FROM t")).isEqualTo(count);
    }
  }

  private QuiverSession open(Path folder) throws Exception {
    return QuiverSession.open(memory.allocator(), SessionOptions.defaults().withThreads(2), folder);
  }

  private static Process start(Path folder, String mode) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-Xmx512m",
        "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-modules=jdk.incubator.vector",
        "-Darrow.allocation.manager.type=Unsafe", "-cp", System.getProperty("java.class.path"),
        CrashingWriter.class.getName(), folder.toString(), mode));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.redirectError(ProcessBuilder.Redirect.DISCARD);
    return builder.start();
  }
}
