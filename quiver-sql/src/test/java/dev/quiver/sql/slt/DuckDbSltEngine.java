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
  private final Connection connection;

  DuckDbSltEngine() throws SQLException {
    this.connection = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET threads TO 1");
      statement.execute("SET TimeZone = 'UTC'");
    }
  }

  @Override
  public String name() {
    return "DuckDB";
  }

  @Override
  public SltAnswer run(String sql) throws SQLException {
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
        List<List<String>> rows = new ArrayList<>();
        while (results.next()) {
          List<String> values = new ArrayList<>(columns);
          for (int column = 1; column <= columns; column++) {
            values.add(SltValues.render(value(results, column, typeNames.get(column - 1))));
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
