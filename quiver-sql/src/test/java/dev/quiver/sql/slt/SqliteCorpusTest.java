package dev.quiver.sql.slt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs files of SQLite's sqllogictest corpus ({@link CorpusRunner}) with the expected results their
 * authors wrote: by default the sample in {@code src/test/resources/sqllogictest} (see its README), each
 * file with no wrong answer and no leaked memory, and no more failed queries than the known ones; a
 * corpus run ({@code -Dslt.corpus}) must pass at least {@value #PASS_RATE} of its queries, with no wrong
 * answer.
 * Quiver follows PostgreSQL where engines differ, so records for {@code quiver} or {@code postgresql}
 * ({@code onlyif}/{@code skipif}) are ours.
 *
 * <p>{@code -Dslt.corpus=DIR} runs the {@code .test} files under DIR instead (the corpus's {@code test}
 * folder), {@code -Dslt.corpus.sample=N} only N of those under {@code index/} and {@code random/} drawn
 * with {@code -Dslt.corpus.seed=S} (default 1) besides all the others ({@code select1-5}, {@code evidence}), {@code -Dslt.corpus.only=TEXT} those whose path contains TEXT. {@code -Dslt.corpus.engine=duckdb}
 * runs the files on DuckDB (the runner's own check); by default Quiver runs the statements (CREATE
 * TABLE, INSERT, ...) too, and {@code -Dslt.corpus.engine=duckdb-tables} has DuckDB build the tables
 * and hand them to Quiver as Parquet files (how the corpus was measured before Quiver had a database). Every file prints a line of counts, the last test
 * the totals; they are also written to {@code target/sqllogictest-report.txt}.
 */
class SqliteCorpusTest {
  private static final double PASS_RATE = 0.995;

  /**
   * The queries of the sample known to fail (README.md there): SQLite's evidence files probe its own
   * statements (REPLACE INTO, repeated SET columns) and types ('hello' IN a set of integers, blobs), and
   * Quiver's unary plus wants a number ({@code + col2} of a text column). With Quiver running the
   * statements, two more: the queries after SQLite's INSERT OR REPLACE, which Quiver refuses.
   */
  private static final int SAMPLE_FAILURES = 16;
  private static final Set<String> QUIVER_NAMES = Set.of("quiver", "postgresql");
  private static final Set<String> DUCKDB_NAMES = Set.of("duckdb", "postgresql");

  private static final java.util.Map<String, String> DIFFERENCES = differences();

  private final List<CorpusRunner.Outcome> outcomes = Collections.synchronizedList(new ArrayList<>());

  @TestFactory
  Stream<DynamicTest> corpusFiles() throws IOException, URISyntaxException {
    String corpus = System.getProperty("slt.corpus", "");
    Path root;
    if (corpus.isEmpty()) {
      URL folder = SqliteCorpusTest.class.getClassLoader().getResource("sqllogictest");
      assertThat(folder).as("the sqllogictest resources folder").isNotNull();
      root = Path.of(folder.toURI());
    } else {
      root = Path.of(corpus);
    }
    List<Path> files = files(root);
    assertThat(files).as(".test files under " + root).isNotEmpty();
    boolean onDuckDb = System.getProperty("slt.corpus.engine", "quiver").equals("duckdb");
    Path report = Path.of("target", "sqllogictest-report.txt");
    Files.createDirectories(report.getParent());
    Files.writeString(report, "");
    Stream<DynamicTest> perFile = files.stream().map(file -> {
      String name = root.relativize(file).toString();
      return DynamicTest.dynamicTest(name, () -> runFile(name, file, onDuckDb, report));
    });
    return Stream.concat(perFile, Stream.of(DynamicTest.dynamicTest("total", () -> total(report, corpus.isEmpty()))));
  }

  /**
   * {@code sqllogictest/differences.txt}: lines {@code file:line reason} naming the corpus records
   * Quiver answers otherwise by design ({@code #} comments).
   */
  private static java.util.Map<String, String> differences() {
    java.util.Map<String, String> differences = new java.util.HashMap<>();
    try (java.io.InputStream in = SqliteCorpusTest.class.getClassLoader()
        .getResourceAsStream("sqllogictest/differences.txt")) {
      assertThat(in).as("sqllogictest/differences.txt").isNotNull();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        String entry = line.trim();
        if (!entry.isEmpty() && !entry.startsWith("#")) {
          int space = entry.indexOf(' ');
          differences.put(entry.substring(0, space), entry.substring(space + 1).trim());
        }
      }
    } catch (IOException failure) {
      throw new java.io.UncheckedIOException(failure);
    }
    return java.util.Map.copyOf(differences);
  }

  private static List<Path> files(Path root) throws IOException {
    String only = System.getProperty("slt.corpus.only", "");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = new ArrayList<>(walk.filter(path -> path.toString().endsWith(".test"))
          .filter(path -> path.toString().contains(only)).sorted().toList());
    }
    int sample = Integer.getInteger("slt.corpus.sample", 0);
    if (sample <= 0) {
      return files;
    }
    List<Path> drawn = new ArrayList<>();
    List<Path> kept = new ArrayList<>();
    for (Path file : files) {
      String path = root.relativize(file).toString();
      (path.startsWith("index") || path.startsWith("random") ? drawn : kept).add(file);
    }
    Collections.shuffle(drawn, new Random(Long.getLong("slt.corpus.seed", 1L)));
    kept.addAll(drawn.subList(0, Math.min(sample, drawn.size())));
    Collections.sort(kept);
    return kept;
  }

  private void runFile(String name, Path file, boolean onDuckDb, Path report) throws Exception {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    CorpusRunner.Outcome outcome;
    long leaked;
    try (BufferAllocator allocator = new RootAllocator()) {
      boolean quiverStatements = !System.getProperty("slt.corpus.engine", "quiver").equals("duckdb-tables");
      try (SltEngine engine = onDuckDb ? new DuckDbSltEngine(true)
          : quiverStatements ? new QuiverSltEngine(allocator) : new QuiverOnDuckDbTables(allocator)) {
        outcome = CorpusRunner.run(name, text, engine, onDuckDb ? DUCKDB_NAMES : QUIVER_NAMES,
            onDuckDb ? java.util.Map.of() : DIFFERENCES);
      }
      leaked = allocator.getAllocatedMemory();
    }
    outcomes.add(outcome);
    String line = String.format(Locale.ROOT, "%-50s %6d queries %6d passed %4d failed %3d wrong %5d skipped"
        + " %3d statements failed %2d wrongly succeeded %6.1f s%s", name, outcome.queries(), outcome.passed(),
        outcome.failed(), outcome.wrong(), outcome.skipped(), outcome.statementsFailed(), outcome.statementsWrong(),
        outcome.nanos() / 1e9, leaked == 0 ? "" : " LEAKED " + leaked + " bytes");
    System.out.println(line);
    for (String problem : outcome.problems()) {
      System.out.println("  " + problem);
    }
    Files.writeString(report, line + "\n" + String.join("\n", outcome.problems().stream().map(p -> "  " + p)
        .toList()) + (outcome.problems().isEmpty() ? "" : "\n"), StandardCharsets.UTF_8,
        java.nio.file.StandardOpenOption.APPEND);
    assertThat(leaked).as(name + ": bytes left allocated").isZero();
    assertThat(outcome.wrong()).as(name + ": wrong answers\n" + String.join("\n", outcome.problems())).isZero();
  }

  private void total(Path report, boolean sample) throws IOException {
    long passed = 0;
    long failed = 0;
    long wrong = 0;
    long skipped = 0;
    long statementsFailed = 0;
    double seconds = 0;
    for (CorpusRunner.Outcome outcome : outcomes) {
      passed += outcome.passed();
      failed += outcome.failed();
      wrong += outcome.wrong();
      skipped += outcome.skipped();
      statementsFailed += outcome.statementsFailed();
      seconds += outcome.nanos() / 1e9;
    }
    long queries = passed + failed + wrong;
    String line = String.format(Locale.ROOT, "TOTAL %d files: %d queries, %d passed (%.3f %%), %d failed, %d wrong,"
        + " %d skipped; %d statements failed; %.1f s", outcomes.size(), queries, passed,
        queries == 0 ? 0.0 : 100.0 * passed / queries, failed, wrong, skipped, statementsFailed, seconds);
    System.out.println(line);
    Files.writeString(report, line + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
    assertThat(wrong).as("wrong answers in all").isZero();
    if (sample) {
      assertThat(failed).as("failed queries of the sample (at most the " + SAMPLE_FAILURES + " known ones)\n" + line)
          .isLessThanOrEqualTo(SAMPLE_FAILURES);
    } else {
      assertThat((double) passed).as(line).isGreaterThanOrEqualTo(PASS_RATE * queries);
    }
  }
}
