package dev.quiver.sql.slt;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** An in-memory DuckDB (JDBC, one thread, UTC) as a golden-file engine: the oracle of every expected block. */
final class DuckDbSltEngine implements SltEngine {
  private static final java.util.regex.Pattern CREATE_TABLE = java.util.regex.Pattern.compile(
      "(?is)^\\s*CREATE\\s+TABLE\\b.*");
  private static final java.util.regex.Pattern SINGLE_PRECISION = java.util.regex.Pattern.compile(
      "(?i)\\b(FLOAT|REAL)\\b");

  private final Connection connection;
  private final boolean postgresDialect;

  DuckDbSltEngine() throws SQLException {
    this(false);
  }

  /**
   * @param postgresDialect as SQLite's corpus runs on Quiver (PostgreSQL's semantics): {@code /} of
   *     integers truncates ({@code integer_division}), and {@code FLOAT}/{@code REAL} columns of
   *     {@code CREATE TABLE} are {@code DOUBLE} (PostgreSQL's FLOAT, SQLite's REAL; DuckDB's FLOAT has
   *     single precision)
   */
  DuckDbSltEngine(boolean postgresDialect) throws SQLException {
    this.connection = DriverManager.getConnection("jdbc:duckdb:");
    this.postgresDialect = postgresDialect;
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET threads TO 1");
      statement.execute("SET TimeZone = 'UTC'");
      if (postgresDialect) {
        statement.execute("SET integer_division = true");
      }
    }
  }

  @Override
  public String name() {
    return "DuckDB";
  }

  @Override
  public SltAnswer run(String sql) throws SQLException {
    if (postgresDialect && CREATE_TABLE.matcher(sql).matches()) {
      sql = SINGLE_PRECISION.matcher(sql).replaceAll("DOUBLE");
    }
    try (Statement statement = connection.createStatement()) {
      if (!statement.execute(sql)) {
        return new SltAnswer("", List.of());
      }
      try (ResultSet results = statement.getResultSet()) {
        ResultSetMetaData metadata = results.getMetaData();
        int columns = metadata.getColumnCount();
        StringBuilder types = new StringBuilder();
        List<String> typeNames = new ArrayList<>();
        for (int column = 1; column <= columns; column++) {
          String type = metadata.getColumnTypeName(column).toUpperCase(Locale.ROOT);
          typeNames.add(type);
          types.append(letter(type));
        }
        List<List<Object>> rows = new ArrayList<>();
        while (results.next()) {
          List<Object> values = new ArrayList<>(columns);
          for (int column = 1; column <= columns; column++) {
            values.add(value(results, column, typeNames.get(column - 1)));
          }
          rows.add(values);
        }
        return new SltAnswer(types.toString(), rows);
      }
    }
  }

  static char letter(String type) {
    String base = type.contains("(") ? type.substring(0, type.indexOf('(')) : type;
    return switch (base) {
      case "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT",
          "UHUGEINT" ->
        'I';
      case "FLOAT", "DOUBLE", "DECIMAL" -> 'R';
      default -> 'T';
    };
  }

  private static Object value(ResultSet results, int column, String type) throws SQLException {
    if (results.getObject(column) == null) {
      return null;
    }
    String base = type.contains("(") ? type.substring(0, type.indexOf('(')) : type;
    return switch (base) {
      case "DATE" -> results.getObject(column, LocalDate.class);
      case "TIMESTAMP", "TIMESTAMP_NS", "TIMESTAMP_MS", "TIMESTAMP_S" -> results.getObject(column, LocalDateTime.class);
      case "TIMESTAMP WITH TIME ZONE" -> results.getObject(column, OffsetDateTime.class);
      case "TIME" -> results.getObject(column, LocalTime.class);
      case "INTERVAL", "VARCHAR" -> results.getString(column);
      default -> results.getObject(column);
    };
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
