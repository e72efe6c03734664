package dev.quiver.sql.slt;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Runs a file of SQLite's sqllogictest corpus on one engine and counts its queries: values printed
 * per the query's type letters ({@link SltValues#renderAs}), one value a line, sorted by the query's
 * mode ({@code rowsort}: rows by their values' text, {@code valuesort}: every value alone), compared
 * with the expected lines or, when the file gives {@code N values hashing to MD5}, with the MD5 of the
 * values each followed by a newline (SQLite's runner's hash). A record runs when its {@code onlyif} /
 * {@code skipif} conditions allow one of the engine's names; {@code halt} ends the file. A query answering
 * other values counts as wrong, except after a statement that failed (or succeeded where an error was
 * expected): the tables then are not the author's, and the query counts as failed.
 */
final class CorpusRunner {
  private static final Pattern HASHED = Pattern.compile("\\d+ values hashing to [0-9a-f]{32}");
  private static final int KEPT_PROBLEMS = 20;

  private CorpusRunner() {}

  /** The counts of one file; {@code problems} names the first few records that did not pass. */
  record Outcome(String file, int passed, int failed, int wrong, int skipped, int statementsFailed,
      int statementsWrong, List<String> problems, long nanos) {
    int queries() {
      return passed + failed + wrong;
    }
  }

  /**
   * Runs one file.
   *
   * @param differences the records (by {@code file:line}) where Quiver answers otherwise than the
   *     file's author by design, with the reason: a different answer there counts as failed, not wrong
   */
  static Outcome run(String file, String text, SltEngine engine, Set<String> names,
      java.util.Map<String, String> differences) {
    List<SltRecord> records = SltParser.parse(file, text);
    int passed = 0;
    int failed = 0;
    int wrong = 0;
    int skipped = 0;
    int statementsFailed = 0;
    int statementsWrong = 0;
    List<String> problems = new ArrayList<>();
    long started = System.nanoTime();
    int threshold = 0;
    boolean diverged = false;
    for (SltRecord record : records) {
      if (!record.runsOn(names)) {
        skipped += record.kind() == SltRecord.Kind.QUERY ? 1 : 0;
        continue;
      }
      String where = file + ":" + record.line() + " ";
      switch (record.kind()) {
        case HASH_THRESHOLD -> threshold = Integer.parseInt(record.sql());
        case HALT -> {
          return new Outcome(file, passed, failed, wrong, skipped, statementsFailed, statementsWrong,
              List.copyOf(problems), System.nanoTime() - started);
        }
        case STATEMENT_OK, STATEMENT_ERROR -> {
          Throwable failure = null;
          try {
            engine.statement(record.sql());
          } catch (Exception | AssertionError error) {
            failure = error;
          }
          boolean ok = record.kind() == SltRecord.Kind.STATEMENT_OK;
          diverged |= ok == (failure != null);
          if (ok && failure != null) {
            statementsFailed++;
            keep(problems, where + "statement failed: " + failure + "\n    " + record.sql());
          } else if (!ok && failure == null) {
            statementsWrong++;
            keep(problems, where + "statement succeeded, an error was expected\n    " + record.sql());
          }
        }
        case QUERY -> {
          SltAnswer answer;
          try {
            answer = engine.run(record.sql());
          } catch (Exception | AssertionError error) {
            failed++;
            keep(problems, where + "query failed: " + error + "\n    " + record.sql());
            continue;
          }
          String mismatch = mismatch(record, answer, threshold);
          if (mismatch == null) {
            passed++;
          } else if (differences.containsKey(file + ":" + record.line())) {
            failed++;
            keep(problems, where + "differs by design (" + differences.get(file + ":" + record.line()) + "): "
                + mismatch + "\n    " + record.sql());
          } else if (diverged) {
            failed++; // the tables are not the ones the file's author had: not counted as a wrong answer
            keep(problems, where + "query differs after a statement that did not do as expected: " + mismatch
                + "\n    " + record.sql());
          } else {
            wrong++;
            keep(problems, where + "WRONG " + mismatch + "\n    " + record.sql());
          }
        }
      }
    }
    return new Outcome(file, passed, failed, wrong, skipped, statementsFailed, statementsWrong,
        List.copyOf(problems), System.nanoTime() - started);
  }

  /** Why an answer is not the record's expected one, or null when it is. */
  static String mismatch(SltRecord record, SltAnswer answer, int threshold) {
    String types = record.types();
    if (answer.types().length() != types.length()) {
      return answer.types().length() + " columns, expected " + types.length();
    }
    List<String> values = values(record, answer);
    List<String> expected = record.expected();
    boolean hashed = expected.size() == 1 && HASHED.matcher(expected.get(0)).matches()
        || threshold > 0 && values.size() > threshold;
    List<String> actual = hashed ? List.of(values.size() + " values hashing to " + md5(values)) : values;
    if (actual.equals(expected)) {
      return null;
    }
    return "expected " + summary(expected) + ", got " + summary(actual);
  }

  /** The answer's values as the corpus prints them, in the record's sort order. */
  static List<String> values(SltRecord record, SltAnswer answer) {
    String types = record.types();
    List<List<String>> rows = new ArrayList<>(answer.rows().size());
    for (List<Object> row : answer.rows()) {
      List<String> printed = new ArrayList<>(row.size());
      for (int column = 0; column < row.size(); column++) {
        printed.add(SltValues.renderAs(types.charAt(column), row.get(column)));
      }
      rows.add(printed);
    }
    if (record.sort() == SltRecord.Sort.ROWSORT) {
      rows.sort(CorpusRunner::compareRows);
    }
    List<String> values = new ArrayList<>();
    rows.forEach(values::addAll);
    if (record.sort() == SltRecord.Sort.VALUESORT) {
      values.sort(Comparator.naturalOrder());
    }
    return values;
  }

  private static int compareRows(List<String> left, List<String> right) {
    for (int i = 0; i < left.size(); i++) {
      int order = left.get(i).compareTo(right.get(i));
      if (order != 0) {
        return order;
      }
    }
    return 0;
  }

  static String md5(List<String> values) {
    try {
      MessageDigest digest = MessageDigest.getInstance("MD5");
      for (String value : values) {
        digest.update(value.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) '\n');
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException impossible) {
      throw new IllegalStateException(impossible);
    }
  }

  private static String summary(List<String> lines) {
    String joined = String.join(" ", lines);
    return "[" + (joined.length() > 300 ? joined.substring(0, 300) + "..." : joined) + "]";
  }

  private static void keep(List<String> problems, String problem) {
    if (problems.size() < KEPT_PROBLEMS) {
      problems.add(problem);
    }
  }
}
