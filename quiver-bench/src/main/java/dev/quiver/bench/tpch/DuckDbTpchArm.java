package dev.quiver.bench.tpch;

import dev.quiver.bench.run.Outcome;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;

/**
 * DuckDB (JDBC) in the TPC-H suite, over its own tables (the database file, read-only) or over the
 * Parquet files (an in-memory database with one view per table over {@code read_parquet}), with
 * {@code SET threads}. A run is one statement (a fresh one: after a failure DuckDB closes it), its
 * rows exported as Arrow batches through the C Data interface ({@code arrowExportStream}).
 */
public final class DuckDbTpchArm implements TpchArm {
  static final long EXPORT_BATCH_ROWS = 65_536;

  private final Connection connection;

  private DuckDbTpchArm(Connection connection) {
    this.connection = connection;
  }

  /** DuckDB over its own database file. */
  public static DuckDbTpchArm nativeTables(TpchData data, int threads) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("duckdb.read_only", "true");
    Connection connection = DriverManager.getConnection("jdbc:duckdb:" + data.duckdb().toAbsolutePath(), properties);
    return configured(connection, threads, null);
  }

  /** DuckDB over the Parquet files. */
  public static DuckDbTpchArm parquet(TpchData data, int threads) throws SQLException {
    return configured(DriverManager.getConnection("jdbc:duckdb:"), threads, data);
  }

  private static DuckDbTpchArm configured(Connection connection, int threads, TpchData views) throws SQLException {
    try {
      execute(connection, "SET threads TO " + threads);
      if (views != null) {
        for (String table : TpchData.TABLES) {
          execute(connection, "CREATE VIEW " + table + " AS SELECT * FROM read_parquet("
              + TpchDataPreparer.quoted(views.parquet(table)) + ")");
        }
      }
    } catch (SQLException failure) {
      connection.close();
      throw failure;
    }
    return new DuckDbTpchArm(connection);
  }

  private static void execute(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  @Override
  public Outcome run(int query, BufferAllocator allocator, boolean verify) throws Exception {
    String sql = TpchSql.statement(query, TpchSystem.DUCKDB);
    try (Statement statement = connection.createStatement(); ResultSet results = statement.executeQuery(sql)) {
      DuckDBResultSet duck = results.unwrap(DuckDBResultSet.class);
      try (ArrowReader reader = (ArrowReader) duck.arrowExportStream(allocator, EXPORT_BATCH_ROWS)) {
        TpchAnswer answer = verify
            ? new TpchAnswer(TpchSql.orderKeys(sql), reader.getVectorSchemaRoot().getSchema())
            : null;
        long rows = 0;
        while (reader.loadNextBatch()) {
          rows += reader.getVectorSchemaRoot().getRowCount();
          if (answer != null) {
            answer.add(reader.getVectorSchemaRoot());
          }
        }
        return TpchArm.outcome(rows, answer, Map.of());
      }
    }
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
