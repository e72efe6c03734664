package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.sql.session.QuiverSession;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Tab completion in the shell: SQL keywords, the session's table names and their columns ({@code
 * table.col} after a table name and a dot), matched ignoring case against the name being typed.
 */
final class SqlCompleter implements Completer {
  private static final List<String> KEYWORDS = List.of("SELECT", "FROM", "WHERE", "GROUP", "BY", "ORDER", "HAVING",
      "LIMIT", "OFFSET", "JOIN", "LEFT", "RIGHT", "FULL", "INNER", "OUTER", "CROSS", "ON", "USING", "AS", "AND", "OR",
      "NOT", "IN", "IS", "NULL", "LIKE", "ILIKE", "BETWEEN", "CASE", "WHEN", "THEN", "ELSE", "END", "DISTINCT", "UNION",
      "ALL", "EXISTS", "WITH", "VALUES", "CAST", "ASC", "DESC", "EXPLAIN", "ANALYZE", "COPY", "TO", "FORMAT", "count",
      "sum", "avg", "min", "max", "TRUE", "FALSE");

  private final QuiverSession session;

  SqlCompleter(QuiverSession session) {
    this.session = session;
  }

  @Override
  public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
    String word = line.word().substring(0, Math.min(line.wordCursor(), line.word().length()));
    for (String value : candidates(word)) {
      candidates.add(new Candidate(value, value, null, null, null, null, true));
    }
  }

  /** The completions of {@code word}, the text before the cursor in the word being typed. */
  List<String> candidates(String word) {
    int start = word.length();
    while (start > 0
        && (Character.isLetterOrDigit(word.charAt(start - 1)) || "_.".indexOf(word.charAt(start - 1)) >= 0)) {
      start--;
    }
    String head = word.substring(0, start);
    String name = word.substring(start);
    Set<String> matches = new LinkedHashSet<>();
    int dot = name.lastIndexOf('.');
    if (dot > 0) {
      String table = name.substring(0, dot);
      for (String column : columns(table)) {
        add(matches, head, table + "." + column, name);
      }
      return new ArrayList<>(matches);
    }
    for (String table : session.tables()) {
      add(matches, head, table, name);
      for (String column : columns(table)) {
        add(matches, head, column, name);
      }
    }
    for (String keyword : KEYWORDS) {
      add(matches, head, keyword, name);
    }
    return new ArrayList<>(matches);
  }

  private static void add(Set<String> matches, String head, String candidate, String typed) {
    if (candidate.toLowerCase(Locale.ROOT).startsWith(typed.toLowerCase(Locale.ROOT))) {
      matches.add(head + candidate);
    }
  }

  private List<String> columns(String table) {
    List<String> names = new ArrayList<>();
    try {
      for (Field field : session.schema(table).getFields()) {
        names.add(field.getName());
      }
    } catch (QuiverException | java.io.UncheckedIOException unreadable) {
      // a table that cannot be read now completes to nothing; querying it gives the error
    }
    return names;
  }
}
