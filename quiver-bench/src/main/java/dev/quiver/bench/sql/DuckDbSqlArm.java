package dev.quiver.bench.sql;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;

/**
 * DuckDB (JDBC) in a SQL suite, over its own tables (the database file, read-only) or over the
 * Parquet files (an in-memory database with one view per table over {@code read_parquet}), with
 * {@code SET threads}. A run is one statement (a fresh one: after a failure DuckDB closes it), its rows
 * exported as Arrow batches through the C Data interface ({@code arrowExportStream}).
 */
public final class DuckDbSqlArm implements SqlArm {
  static final long EXPORT_BATCH_ROWS = 65_536;

  private final Connection connection;
  private final SqlSystem system;

  private DuckDbSqlArm(Connection connection, SqlSystem system) {
    this.connection = connection;
    this.system = system;
  }

  /** DuckDB over its own database file. */
  public static DuckDbSqlArm nativeTables(SqlData data, int threads) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("duckdb.read_only", "true");
    Connection connection = DriverManager.getConnection("jdbc:duckdb:" + data.duckdb().toAbsolutePath(), properties);
    return configured(connection, threads, null);
  }

  /** DuckDB over the Parquet files. */
  public static DuckDbSqlArm parquet(SqlData data, int threads) throws SQLException {
    return configured(DriverManager.getConnection("jdbc:duckdb:"), threads, data);
  }

  private static DuckDbSqlArm configured(Connection connection, int threads, SqlData views) throws SQLException {
    try {
      execute(connection, "SET threads TO " + threads);
      if (views != null) {
        for (String table : views.tables()) {
          execute(connection, "CREATE VIEW " + table + " AS SELECT * FROM read_parquet("
              + DuckDbDatabase.quoted(views.parquet(table)) + ")");
        }
      }
    } catch (SQLException failure) {
      connection.close();
      throw failure;
    }
    return new DuckDbSqlArm(connection, views == null ? SqlSystem.DUCKDB : SqlSystem.DUCKDB_PARQUET);
  }

  private static void execute(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  @Override
  public SqlSystem system() {
    return system;
  }

  @Override
  public long execute(String sql, BatchSink sink, BufferAllocator allocator) throws Exception {
    try (Statement statement = connection.createStatement(); ResultSet results = statement.executeQuery(sql)) {
      DuckDBResultSet duck = results.unwrap(DuckDBResultSet.class);
      try (ArrowReader reader = (ArrowReader) duck.arrowExportStream(allocator, EXPORT_BATCH_ROWS)) {
        return SqlArm.readAll(reader, sink);
      }
    }
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
