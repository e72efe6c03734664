package dev.quiver.sql.slt;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads the sqllogictest format Quiver keeps its golden files in (DataFusion's and DuckDB's subset):
 * records separated by blank lines; {@code # ...} comments; {@code onlyif quiver} before a record
 * Quiver answers by PostgreSQL's semantics where DuckDB differs (the record is not run on DuckDB);
 * {@code statement ok}, {@code statement error [message fragment]}, and {@code query TYPES
 * [nosort|rowsort]} whose SQL ends at a {@code ----} line followed by the expected rows (values
 * separated by tabs) up to the next blank line. A malformed file fails with its name and line.
 */
final class SltParser {
  private SltParser() {}

  static List<SltRecord> parse(String name, String text) {
    String[] lines = text.split("\n", -1);
    List<SltRecord> records = new ArrayList<>();
    boolean quiverOnly = false;
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
        if (words.length != 2) {
          throw malformed(name, recordLine, "'" + trimmed + "' names no engine");
        }
        String engine = words[1].toLowerCase(Locale.ROOT);
        if (directive.equals("onlyif") && engine.equals("quiver")
            || directive.equals("skipif") && engine.equals("duckdb")) {
          quiverOnly = true;
        } else {
          throw malformed(name, recordLine, "only 'onlyif quiver' (or 'skipif duckdb') is understood, not '"
              + trimmed + "'");
        }
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
                List.of(), quiverOnly, -1));
          } else if (outcome.equals("error")) {
            String fragment = trimmed.substring(trimmed.toLowerCase(Locale.ROOT).indexOf("error") + 5).trim();
            records.add(new SltRecord(SltRecord.Kind.STATEMENT_ERROR, sql, recordLine, "", SltRecord.Sort.NOSORT,
                fragment.isEmpty() ? List.of() : List.of(fragment), quiverOnly, -1));
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
              default -> throw malformed(name, recordLine, "unknown sort mode '" + words[2] + "'");
            };
          }
          if (!separator) {
            throw malformed(name, recordLine, "a query without a '----' line");
          }
          records.add(new SltRecord(SltRecord.Kind.QUERY, sql, recordLine, words[1], sort, expected, quiverOnly,
              expectedStart));
        }
        default -> throw malformed(name, recordLine, "unknown record '" + words[0] + "'");
      }
      quiverOnly = false;
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
