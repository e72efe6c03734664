package dev.quiver.sql.planner;

import dev.quiver.sql.SqlException;
import dev.quiver.sql.catalog.TableFunctions;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A table function in a query's FROM clause ({@code read_parquet('f.parquet')}, {@code read_csv('f.csv',
 * delim = ';', header = true, columns = {'a': 'INTEGER'})}, {@code range(10)}, {@code generate_series(1,
 * 5)}): its name and its arguments, which are constants. The query text holds an identifier in its
 * place ({@link #identifier}); the schema opens the table when Calcite looks that name up.
 *
 * <p>Arguments are read here, not by Calcite: DuckDB's named arguments ({@code name = value}, {@code
 * name := value}), lists ({@code ['a.csv', 'b.csv']}) and structs ({@code {'a': 'INTEGER'}}) are not
 * Calcite's syntax. A value is a {@link String}, a {@link Long}, a {@link BigDecimal}, a {@link
 * Boolean}, null, a {@link List} or a {@link Map} (keys in order); {@code DATE '...'}, {@code TIMESTAMP
 * '...'} and {@code INTERVAL ...} are {@link TableFunctions.Typed} texts.
 *
 * @param name the function, lower case
 * @param identifier the name the query text holds instead of the call
 * @param text the call as written (for messages and EXPLAIN)
 */
record TableFunctionCall(String name, String identifier, String text, List<Object> arguments,
    Map<String, Object> namedArguments) {

  /**
   * Reads the call {@code sql[nameStart, closeEnd)}, whose arguments lie between {@code open} (the
   * offset of its {@code (}) and {@code closeEnd - 1} (its {@code )}).
   *
   * @throws SqlException USER at the offending argument when one is not a constant
   */
  static TableFunctionCall read(String sql, int nameStart, int open, int closeEnd, String identifier) {
    String name = sql.substring(nameStart, open).trim().toLowerCase(Locale.ROOT);
    Reader reader = new Reader(sql, open + 1, closeEnd - 1, name);
    List<Object> arguments = new ArrayList<>();
    Map<String, Object> named = new LinkedHashMap<>();
    reader.skipSpace();
    while (!reader.atEnd()) {
      String argumentName = reader.namedArgument();
      Object value = reader.value();
      if (argumentName == null) {
        if (!named.isEmpty()) {
          throw reader.error("a positional argument after named ones");
        }
        arguments.add(value);
      } else if (named.put(argumentName.toLowerCase(Locale.ROOT), value) != null) {
        throw reader.error("the argument " + argumentName + " is given twice");
      }
      reader.skipSpace();
      if (!reader.atEnd()) {
        reader.expectSeparator();
        reader.skipSpace();
      }
    }
    return new TableFunctionCall(name, identifier, sql.substring(nameStart, closeEnd), arguments, named);
  }

  /** A cursor over the argument text. */
  private static final class Reader {
    private final String sql;
    private final int end;
    private final String function;
    private int position;

    Reader(String sql, int start, int end, String function) {
      this.sql = sql;
      this.position = start;
      this.end = end;
      this.function = function;
    }

    boolean atEnd() {
      return position >= end;
    }

    void skipSpace() {
      while (position < end && Character.isWhitespace(sql.charAt(position))) {
        position++;
      }
    }

    void expect(char character) {
      if (atEnd() || sql.charAt(position) != character) {
        throw error("expected '" + character + "'");
      }
      position++;
    }

    /** The comma after an argument; anything else means the argument was an expression, not a constant. */
    void expectSeparator() {
      if (sql.charAt(position) != ',') {
        throw error("arguments must be constants (a string, a number, true/false, a list [...] or a struct {...});"
            + " found '" + sql.charAt(position) + "' after one");
      }
      position++;
    }

    /** The name of a named argument ({@code name =}, {@code name :=}) starting here, consumed; else null. */
    String namedArgument() {
      int start = position;
      int cursor = position;
      while (cursor < end && (Character.isLetterOrDigit(sql.charAt(cursor)) || sql.charAt(cursor) == '_')) {
        cursor++;
      }
      if (cursor == start || Character.isDigit(sql.charAt(start))) {
        return null;
      }
      int after = cursor;
      while (after < end && Character.isWhitespace(sql.charAt(after))) {
        after++;
      }
      if (after < end && sql.charAt(after) == '=' && !(after + 1 < end && sql.charAt(after + 1) == '>')) {
        position = after + 1;
      } else if (after + 1 < end && sql.charAt(after) == ':' && sql.charAt(after + 1) == '=') {
        position = after + 2;
      } else if (after + 1 < end && sql.charAt(after) == '=' && sql.charAt(after + 1) == '>') {
        position = after + 2;
      } else {
        return null;
      }
      skipSpace();
      return sql.substring(start, cursor);
    }

    Object value() {
      skipSpace();
      if (atEnd()) {
        throw error("a value is missing");
      }
      char first = sql.charAt(position);
      if (first == '\'') {
        return string();
      }
      if (first == '[') {
        position++;
        List<Object> values = new ArrayList<>();
        skipSpace();
        while (!atEnd() && sql.charAt(position) != ']') {
          values.add(value());
          skipSpace();
          if (!atEnd() && sql.charAt(position) == ',') {
            position++;
            skipSpace();
          }
        }
        expect(']');
        return values;
      }
      if (first == '{') {
        position++;
        Map<String, Object> fields = new LinkedHashMap<>();
        skipSpace();
        while (!atEnd() && sql.charAt(position) != '}') {
          String key = sql.charAt(position) == '\'' ? string() : word();
          skipSpace();
          expect(':');
          fields.put(key, value());
          skipSpace();
          if (!atEnd() && sql.charAt(position) == ',') {
            position++;
            skipSpace();
          }
        }
        expect('}');
        return fields;
      }
      if (first == '-' || first == '+' || first == '.' || Character.isDigit(first)) {
        return number();
      }
      if (Character.isLetter(first)) {
        int start = position;
        String word = word().toLowerCase(Locale.ROOT);
        switch (word) {
          case "true":
            return Boolean.TRUE;
          case "false":
            return Boolean.FALSE;
          case "null":
            return null;
          case "date", "timestamp", "interval":
            skipSpace();
            if (!atEnd() && sql.charAt(position) == '\'') {
              String text = string();
              return new TableFunctions.Typed(word, word.equals("interval") ? text + " " + optionalUnit() : text);
            }
            if (word.equals("interval")) {
              Object amount = number();
              skipSpace();
              return new TableFunctions.Typed(word, amount + " " + optionalUnit());
            }
            break;
          default:
            break;
        }
        position = start;
      }
      throw error("arguments of " + function + " must be constants (a string, a number, true/false, a list"
          + " [...] or a struct {...})");
    }

    private String optionalUnit() {
      skipSpace();
      int start = position;
      String unit = atEnd() || !Character.isLetter(sql.charAt(position)) ? "" : word();
      if (unit.isEmpty()) {
        position = start;
      }
      return unit;
    }

    private String word() {
      int start = position;
      while (position < end && (Character.isLetterOrDigit(sql.charAt(position)) || sql.charAt(position) == '_')) {
        position++;
      }
      if (start == position) {
        throw error("expected a name");
      }
      return sql.substring(start, position);
    }

    private String string() {
      StringBuilder text = new StringBuilder();
      position++;
      while (position < end) {
        char character = sql.charAt(position++);
        if (character == '\'') {
          if (position < end && sql.charAt(position) == '\'') {
            text.append('\'');
            position++;
            continue;
          }
          return text.toString();
        }
        text.append(character);
      }
      throw error("the string is not closed");
    }

    private Object number() {
      int start = position;
      if (sql.charAt(position) == '-' || sql.charAt(position) == '+') {
        position++;
        skipSpace();
      }
      int digits = position;
      while (position < end && (Character.isDigit(sql.charAt(position)) || sql.charAt(position) == '.'
          || sql.charAt(position) == 'e' || sql.charAt(position) == 'E'
          || ((sql.charAt(position) == '-' || sql.charAt(position) == '+')
              && (sql.charAt(position - 1) == 'e' || sql.charAt(position - 1) == 'E')))) {
        position++;
      }
      String text = (sql.charAt(start) == '-' ? "-" : "") + sql.substring(digits, position);
      try {
        BigDecimal value = new BigDecimal(text);
        if (value.scale() <= 0 && text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0) {
          return value.longValueExact();
        }
        return value;
      } catch (NumberFormatException | ArithmeticException notANumber) {
        position = start;
        throw error("'" + text + "' is not a number " + function + " can take");
      }
    }

    SqlException error(String problem) {
      int line = 1;
      int lineStart = 0;
      for (int i = 0; i < position && i < sql.length(); i++) {
        if (sql.charAt(i) == '\n') {
          line++;
          lineStart = i + 1;
        }
      }
      return new SqlException(line, position - lineStart + 1, function + ": " + problem);
    }
  }
}
