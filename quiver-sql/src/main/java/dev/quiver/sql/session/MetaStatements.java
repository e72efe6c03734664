package dev.quiver.sql.session;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.source.TableSource;
import dev.quiver.sql.SqlException;
import dev.quiver.sql.catalog.Catalog;
import dev.quiver.sql.catalog.InformationSchema;
import dev.quiver.sql.catalog.RowTable;
import dev.quiver.sql.catalog.SqlTypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The statements that describe rather than compute, answered by the session as DuckDB answers them:
 * {@code DESCRIBE tbl}, {@code DESCRIBE query} (the result's columns, the query planned but not
 * run), {@code SHOW tbl}, {@code SHOW TABLES}, {@code SHOW ALL TABLES}, {@code SUMMARIZE tbl} and
 * {@code SUMMARIZE query} (see {@link Summary}).
 */
final class MetaStatements {
  private static final Schema DESCRIBE_SCHEMA = new Schema(List.of(RowTable.varchar("column_name"),
      RowTable.varchar("column_type"), RowTable.varchar("null"), RowTable.varchar("key"), RowTable.varchar("default"),
      RowTable.varchar("extra")));
  private static final Schema TABLES_SCHEMA = new Schema(List.of(RowTable.varchar("name")));
  private static final Schema ALL_TABLES_SCHEMA = new Schema(List.of(RowTable.varchar("database"),
      RowTable.varchar("schema"), RowTable.varchar("name"), RowTable.varchar("column_names"),
      RowTable.varchar("column_types"),
      Field.nullable("temporary", org.apache.arrow.vector.types.pojo.ArrowType.Bool.INSTANCE)));

  private final Catalog catalog;
  private final Function<String, Schema> querySchema;
  private final Summary.Runner runner;

  /**
   * @param querySchema the columns of a query's result, planned and not run (a {@link SqlException}
   *     positioned in the text given)
   * @param runner runs a query of the summary and gives its first row
   */
  MetaStatements(Catalog catalog, Function<String, Schema> querySchema, Summary.Runner runner) {
    this.catalog = catalog;
    this.querySchema = querySchema;
    this.runner = runner;
  }

  /** The answer of {@code sql} when it is one of these statements, else null. */
  RowTable answer(String sql) {
    Words words = Words.of(sql);
    if (words.count() == 0) {
      return null;
    }
    String first = words.word(0);
    switch (first) {
      case "describe":
      case "desc":
        return describe(sql, words, 1);
      case "summarize":
        return summarize(sql, words);
      case "show":
        if (words.count() == 2 && words.word(1).equals("tables")) {
          return showTables();
        }
        if (words.count() == 3 && words.word(1).equals("all") && words.word(2).equals("tables")) {
          return showAllTables();
        }
        if (words.count() == 1) {
          throw SqlException.unpositioned("SHOW takes TABLES, ALL TABLES or a table's name");
        }
        return describe(sql, words, 1);
      default:
        return null;
    }
  }

  private RowTable describe(String sql, Words words, int from) {
    if (words.count() <= from) {
      return showAllTables();
    }
    Schema schema = target(sql, words, from);
    List<Object[]> rows = new ArrayList<>();
    for (Field field : schema.getFields()) {
      rows.add(new Object[] {field.getName(), SqlTypeNames.of(field), "YES", null, null, null});
    }
    return new RowTable("describe", DESCRIBE_SCHEMA, rows);
  }

  private RowTable summarize(String sql, Words words) {
    if (words.count() <= 1) {
      throw SqlException.unpositioned("SUMMARIZE takes a table or a query: SUMMARIZE tbl, SUMMARIZE SELECT ...");
    }
    Schema schema = target(sql, words, 1);
    String query = words.isQuery(1) ? words.rest(sql, 1)
        : "SELECT * FROM " + tableReference(words.rest(sql, 1).strip());
    return Summary.of(schema, query, runner);
  }

  /** The columns DESCRIBE and SUMMARIZE describe: a query's result's, or a table's. */
  private Schema target(String sql, Words words, int from) {
    if (words.isQuery(from)) {
      return querySchema.apply(words.blankBefore(sql, from));
    }
    return table(words.rest(sql, from).strip()).schema();
  }

  /** A table named by a name, a quoted name, a path in quotes, or {@code information_schema.tables}. */
  private TableSource table(String reference) {
    String name = unquoted(reference);
    String lower = reference.toLowerCase(Locale.ROOT);
    if (lower.startsWith(InformationSchema.NAME + ".")) {
      String table = unquoted(reference.substring(InformationSchema.NAME.length() + 1).strip());
      RowTable found = InformationSchema.table(catalog, table);
      if (found == null) {
        throw QuiverException.user("table 'information_schema." + table + "' not found; it has "
            + String.join(" and ", InformationSchema.tableNames()));
      }
      return found;
    }
    return catalog.resolveTable(name);
  }

  /** The reference as the planner reads it after FROM (a quoted identifier, information_schema as written). */
  private static String tableReference(String reference) {
    if (reference.toLowerCase(Locale.ROOT).startsWith(InformationSchema.NAME + ".")) {
      return reference;
    }
    return "\"" + unquoted(reference).replace("\"", "\"\"") + "\"";
  }

  private static String unquoted(String reference) {
    if (reference.length() >= 2) {
      char quote = reference.charAt(0);
      if ((quote == '"' || quote == '\'') && reference.charAt(reference.length() - 1) == quote) {
        String inner = reference.substring(1, reference.length() - 1);
        return inner.replace(String.valueOf(quote) + quote, String.valueOf(quote));
      }
    }
    return reference;
  }

  private RowTable showTables() {
    List<Object[]> rows = new ArrayList<>();
    for (String name : catalog.tableNames()) {
      rows.add(new Object[] {name});
    }
    return new RowTable("show tables", TABLES_SCHEMA, rows);
  }

  /**
   * DuckDB's SHOW ALL TABLES, with the column names and types as text ({@code [id, name]}): Quiver's
   * results have no list columns yet.
   */
  private RowTable showAllTables() {
    List<Object[]> rows = new ArrayList<>();
    for (String name : catalog.tableNames()) {
      Schema schema = catalog.table(name).map(TableSource::schema).orElse(new Schema(List.of()));
      List<String> names = new ArrayList<>();
      List<String> types = new ArrayList<>();
      for (Field field : schema.getFields()) {
        names.add(field.getName());
        String type = SqlTypeNames.of(field);
        types.add(type.indexOf(',') >= 0 || type.indexOf(' ') >= 0 ? "'" + type + "'" : type);
      }
      rows.add(new Object[] {"memory", "main", name, "[" + String.join(", ", names) + "]",
          "[" + String.join(", ", types) + "]", false});
    }
    return new RowTable("show all tables", ALL_TABLES_SCHEMA, rows);
  }

  /**
   * The words of a statement's text outside comments, lower-cased, with where each starts (only the
   * first few matter: the statement's keywords).
   */
  private record Words(List<String> words, List<Integer> starts, String text) {
    static Words of(String sql) {
      List<String> words = new ArrayList<>();
      List<Integer> starts = new ArrayList<>();
      int i = 0;
      while (i < sql.length() && words.size() < 4) {
        char c = sql.charAt(i);
        if (Character.isWhitespace(c) || c == ';') {
          i++;
        } else if (sql.startsWith("--", i)) {
          int end = sql.indexOf('\n', i);
          i = end < 0 ? sql.length() : end + 1;
        } else if (sql.startsWith("/*", i)) {
          int end = sql.indexOf("*/", i + 2);
          i = end < 0 ? sql.length() : end + 2;
        } else if (Character.isLetter(c) || c == '_') {
          int end = i;
          while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
            end++;
          }
          words.add(sql.substring(i, end).toLowerCase(Locale.ROOT));
          starts.add(i);
          i = end;
        } else {
          words.add(String.valueOf(c));
          starts.add(i);
          break;
        }
      }
      return new Words(words, starts, sql);
    }

    /** How many words were read (a quote or parenthesis counts as one, and ends the reading). */
    int count() {
      return words.size();
    }

    String word(int index) {
      return words.get(index);
    }

    boolean isQuery(int index) {
      if (index >= words.size()) {
        return false;
      }
      return switch (words.get(index)) {
        case "select", "with", "values", "from", "(" -> true;
        default -> false;
      };
    }

    /** The text from word {@code index} on, without a trailing semicolon. */
    String rest(String sql, int index) {
      String rest = sql.substring(starts.get(index)).strip();
      while (rest.endsWith(";")) {
        rest = rest.substring(0, rest.length() - 1).strip();
      }
      return rest;
    }

    /** The text with everything before word {@code index} blanked (positions kept). */
    String blankBefore(String sql, int index) {
      char[] chars = sql.toCharArray();
      for (int i = 0; i < starts.get(index); i++) {
        if (chars[i] != '\n') {
          chars[i] = ' ';
        }
      }
      return new String(chars);
    }
  }
}
