package dev.quiver.sql.slt;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads the sqllogictest format, both Quiver's golden files (DataFusion's and DuckDB's subset) and
 * SQLite's corpus: records separated by blank lines; {@code # ...} comments; {@code onlyif ENGINE} /
 * {@code skipif ENGINE} lines before a record (kept on it, {@link SltRecord#runsOn}); {@code statement
 * ok}, {@code statement error [message fragment]}, {@code hash-threshold N}, {@code halt}, and
 * {@code query TYPES [nosort|rowsort|valuesort] [label]} whose SQL ends at a {@code ----} line followed
 * by the expected lines up to the next blank line (a query without one expects nothing). A malformed
 * file fails with its name and line.
 */
final class SltParser {
  private SltParser() {}

  static List<SltRecord> parse(String name, String text) {
    String[] lines = text.split("\n", -1);
    List<SltRecord> records = new ArrayList<>();
    List<String> conditions = new ArrayList<>();
    int i = 0;
    while (i < lines.length) {
      String line = stripCarriageReturn(lines[i]);
      String trimmed = line.trim();
      if (trimmed.isEmpty() || trimmed.startsWith("#")) {
        i++;
        continue;
      }
      int recordLine = i + 1;
      String[] words = trimmed.split("\\s+");
      String directive = words[0].toLowerCase(Locale.ROOT);
      if (directive.equals("onlyif") || directive.equals("skipif")) {
        if (words.length < 2) {
          throw malformed(name, recordLine, "'" + trimmed + "' names no engine");
        }
        conditions.add(directive + " " + words[1].toLowerCase(Locale.ROOT));
        i++;
        continue;
      }
      if (directive.equals("hash-threshold") || directive.equals("halt")) {
        boolean threshold = directive.equals("hash-threshold");
        if (threshold != (words.length == 2) || threshold && !words[1].matches("\\d+")) {
          throw malformed(name, recordLine, "'" + trimmed + "' is neither 'hash-threshold N' nor 'halt'");
        }
        records.add(new SltRecord(threshold ? SltRecord.Kind.HASH_THRESHOLD : SltRecord.Kind.HALT,
            threshold ? words[1] : "", recordLine, "", SltRecord.Sort.NOSORT, List.of(), List.copyOf(conditions), "",
            -1));
        conditions.clear();
        i++;
        continue;
      }
      i++;
      List<String> sqlLines = new ArrayList<>();
      boolean separator = false;
      while (i < lines.length && !stripCarriageReturn(lines[i]).trim().isEmpty()) {
        String body = stripCarriageReturn(lines[i]);
        i++;
        if (body.equals("----")) {
          separator = true;
          break;
        }
        sqlLines.add(body);
      }
      List<String> expected = new ArrayList<>();
      int expectedStart = i;
      if (separator) {
        while (i < lines.length && !stripCarriageReturn(lines[i]).isEmpty()) {
          expected.add(stripCarriageReturn(lines[i]));
          i++;
        }
      }
      if (sqlLines.isEmpty()) {
        throw malformed(name, recordLine, "a record without SQL");
      }
      String sql = String.join("\n", sqlLines);
      switch (directive) {
        case "statement" -> {
          if (words.length < 2) {
            throw malformed(name, recordLine, "'statement' needs 'ok' or 'error'");
          }
          String outcome = words[1].toLowerCase(Locale.ROOT);
          if (outcome.equals("ok")) {
            if (separator) {
              throw malformed(name, recordLine, "'statement ok' has no expected rows");
            }
            records.add(new SltRecord(SltRecord.Kind.STATEMENT_OK, sql, recordLine, "", SltRecord.Sort.NOSORT,
                List.of(), List.copyOf(conditions), "", -1));
          } else if (outcome.equals("error")) {
            String fragment = trimmed.substring(trimmed.toLowerCase(Locale.ROOT).indexOf("error") + 5).trim();
            records.add(new SltRecord(SltRecord.Kind.STATEMENT_ERROR, sql, recordLine, "", SltRecord.Sort.NOSORT,
                fragment.isEmpty() ? List.of() : List.of(fragment), List.copyOf(conditions), "", -1));
          } else {
            throw malformed(name, recordLine, "'statement' needs 'ok' or 'error', not '" + words[1] + "'");
          }
        }
        case "query" -> {
          if (words.length < 2 || !words[1].matches("[ITR]+")) {
            throw malformed(name, recordLine, "'query' needs column types (letters I, T, R)");
          }
          SltRecord.Sort sort = SltRecord.Sort.NOSORT;
          if (words.length > 2) {
            sort = switch (words[2].toLowerCase(Locale.ROOT)) {
              case "nosort" -> SltRecord.Sort.NOSORT;
              case "rowsort" -> SltRecord.Sort.ROWSORT;
              case "valuesort" -> SltRecord.Sort.VALUESORT;
              default -> throw malformed(name, recordLine, "unknown sort mode '" + words[2] + "'");
            };
          }
          records.add(new SltRecord(SltRecord.Kind.QUERY, sql, recordLine, words[1], sort, expected,
              List.copyOf(conditions), words.length > 3 ? words[3] : "", expectedStart));
        }
        default -> throw malformed(name, recordLine, "unknown record '" + words[0] + "'");
      }
      conditions.clear();
    }
    return records;
  }

  private static String stripCarriageReturn(String line) {
    return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
  }

  private static IllegalArgumentException malformed(String name, int line, String problem) {
    return new IllegalArgumentException(name + ":" + line + ": " + problem);
  }
}
