package dev.quiver.sql.slt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every golden file in {@code src/test/resources/slt} (sqllogictest format, {@link SltParser}) on
 * Quiver and on DuckDB: each record's expected block must be both engines' answer (types and rows),
 * except records marked {@code onlyif quiver} (PostgreSQL's semantics, written down in docs/SQL.md),
 * which run on Quiver only. A {@code statement error} must fail on both with a typed error on Quiver
 * (a {@link QuiverException}, its message containing the record's fragment). Each engine writes and
 * reads files in a temporary folder of its own ({@code __TEST_DIR__}); Quiver runs under a root
 * allocator that must be empty at the end of each file.
 *
 * <p>{@code -Dslt.file=NAME} runs the files whose name contains NAME. {@code -Dslt.rewrite=true}
 * writes DuckDB's answers into the expected blocks (and type letters) of the source files, for a person
 * to review with {@code git diff} before committing: the way new cases get their expected rows.
 */
class SltTest {
  private static final Path SOURCES = Path.of("src", "test", "resources", "slt");

  @TestFactory
  Stream<DynamicTest> goldenFiles() throws IOException, URISyntaxException {
    URL folder = SltTest.class.getClassLoader().getResource("slt");
    assertThat(folder).as("the slt resources folder").isNotNull();
    String only = System.getProperty("slt.file", "");
    List<Path> files;
    try (Stream<Path> listing = Files.list(Path.of(folder.toURI()))) {
      files = listing.filter(path -> path.getFileName().toString().endsWith(".slt"))
          .filter(path -> path.getFileName().toString().contains(only)).sorted().toList();
    }
    assertThat(files).as("golden files").isNotEmpty();
    return files.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> runFile(file)));
  }

  private static void runFile(Path file) throws Exception {
    String name = file.getFileName().toString();
    String text = Files.readString(file, StandardCharsets.UTF_8);
    List<SltRecord> records = SltParser.parse(name, text);
    for (SltRecord record : records) {
      if (record.kind() == SltRecord.Kind.HASH_THRESHOLD || record.kind() == SltRecord.Kind.HALT
          || record.sort() == SltRecord.Sort.VALUESORT || !record.label().isEmpty()
          || !record.conditions().isEmpty() && !record.conditions().equals(List.of("onlyif quiver"))
              && !record.conditions().equals(List.of("skipif duckdb"))) {
        throw new IllegalArgumentException(name + ":" + record.line() + ": a golden file takes only 'onlyif quiver'"
            + " (or 'skipif duckdb') conditions, no hash-threshold, halt, valuesort or labels (SQLite's corpus does:"
            + " SqliteCorpusTest)");
      }
    }
    boolean rewrite = Boolean.getBoolean("slt.rewrite");
    List<String> failures = new ArrayList<>();
    List<SltAnswer> duckDbAnswers = new ArrayList<>();
    Path quiverFolder = Files.createTempDirectory("slt-quiver-");
    Path duckDbFolder = Files.createTempDirectory("slt-duckdb-");
    try {
      try (DuckDbSltEngine duckDb = new DuckDbSltEngine()) {
        for (SltRecord record : records) {
          duckDbAnswers.add(record.quiverOnly() ? null : check(name, record, duckDb, duckDbFolder, failures, rewrite));
        }
      }
      try (BufferAllocator allocator = new RootAllocator()) {
        try (QuiverSltEngine quiver = new QuiverSltEngine(allocator)) {
          for (SltRecord record : records) {
            check(name, record, quiver, quiverFolder, failures, false);
          }
        }
        if (allocator.getAllocatedMemory() != 0) {
          failures.add(name + ": Quiver left " + allocator.getAllocatedMemory() + " bytes allocated");
        }
      }
    } finally {
      deleteRecursively(quiverFolder);
      deleteRecursively(duckDbFolder);
    }
    if (rewrite) {
      rewrite(name, text, records, duckDbAnswers);
    }
    assertThat(failures).as(name + ": records that failed").isEmpty();
  }

  /** Runs one record on one engine, adding a line per mismatch to {@code failures}; DuckDB's answer of a query. */
  private static SltAnswer check(String file, SltRecord record, SltEngine engine, Path folder, List<String> failures,
      boolean answerOnly) {
    String sql = record.sql().replace("__TEST_DIR__", folder.toString());
    createTargetFolders(record.sql(), folder);
    String where = file + ":" + record.line() + " [" + engine.name() + "] ";
    SltAnswer answer;
    try {
      answer = engine.run(sql);
    } catch (Exception | AssertionError failure) {
      if (record.kind() == SltRecord.Kind.STATEMENT_ERROR) {
        if (engine instanceof QuiverSltEngine) {
          checkQuiverError(where, record, failure, failures);
        }
        return null;
      }
      failures.add(where + "failed: " + failure + "\n    " + record.sql());
      return null;
    }
    switch (record.kind()) {
      case STATEMENT_ERROR -> failures.add(where + "succeeded, an error was expected\n    " + record.sql());
      case QUERY -> {
        if (!answerOnly) {
          compare(where, record, answer, failures);
        }
        return answer;
      }
      default -> {}
    }
    return null;
  }

  private static void checkQuiverError(String where, SltRecord record, Throwable failure, List<String> failures) {
    String message = String.valueOf(failure.getMessage());
    if (!(failure instanceof QuiverException)) {
      failures.add(where + "failed with an untyped " + failure + ", a QuiverException was expected\n    "
          + record.sql());
    } else if (!message.contains(record.errorFragment())) {
      failures.add(where + "failed with '" + message + "', which does not contain '" + record.errorFragment()
          + "'\n    " + record.sql());
    } else if (message.contains("allocator") || message.contains("Exception")) {
      failures.add(where + "an internal message reached the user: '" + message + "'\n    " + record.sql());
    }
  }

  private static void compare(String where, SltRecord record, SltAnswer answer, List<String> failures) {
    List<String> actual = new ArrayList<>(answer.lines());
    List<String> expected = new ArrayList<>(record.expected());
    if (record.sort() == SltRecord.Sort.ROWSORT) {
      actual.sort(Comparator.naturalOrder());
      expected.sort(Comparator.naturalOrder());
    }
    if (!answer.types().equals(record.types())) {
      failures.add(where + "column types " + answer.types() + ", expected " + record.types() + "\n    "
          + record.sql());
    }
    if (!actual.equals(expected)) {
      failures.add(where + "wrong rows\n    " + record.sql() + "\n  expected:\n    " + String.join("\n    ", expected)
          + "\n  actual:\n    " + String.join("\n    ", actual));
    }
  }

  /** Writes DuckDB's answers into the source file's query records (those DuckDB checks). */
  private static void rewrite(String name, String text, List<SltRecord> records, List<SltAnswer> answers)
      throws IOException {
    List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    for (int i = records.size() - 1; i >= 0; i--) {
      SltRecord record = records.get(i);
      SltAnswer answer = answers.get(i);
      if (record.kind() != SltRecord.Kind.QUERY || answer == null) {
        continue;
      }
      for (int k = 0; k < record.expected().size(); k++) {
        lines.remove(record.expectedStart());
      }
      lines.addAll(record.expectedStart(), answer.lines());
      int header = record.line() - 1;
      lines.set(header, lines.get(header).replaceFirst("^(\\s*query\\s+)[ITR]+", "$1" + answer.types()));
    }
    Files.writeString(SOURCES.resolve(name), String.join("\n", lines), StandardCharsets.UTF_8);
  }

  /** The folders of {@code TO '__TEST_DIR__/a/b/file'} targets, so a file can make sub-folders (neither engine's COPY creates them). */
  private static void createTargetFolders(String sql, Path folder) {
    java.util.regex.Matcher target = java.util.regex.Pattern.compile("(?i)\\bTO\\s+'__TEST_DIR__/([^']+)'")
        .matcher(sql);
    while (target.find()) {
      Path parent = folder.resolve(target.group(1)).getParent();
      try {
        Files.createDirectories(parent);
      } catch (IOException failure) {
        throw new java.io.UncheckedIOException(failure);
      }
    }
  }

  private static void deleteRecursively(Path folder) throws IOException {
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
