package dev.quiver.bench.scan.duckdb;

import dev.quiver.bench.run.Outcome;
import dev.quiver.bench.scan.DataFiles;
import dev.quiver.bench.scan.DecodeCheck;
import dev.quiver.bench.scan.ScanArm;
import dev.quiver.bench.scan.ScanQuery;
import dev.quiver.bench.scan.query.MatchCount;
import dev.quiver.bench.scan.query.TopPhrases;
import dev.quiver.bench.scan.query.TpchQ6;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;

/**
 * DuckDB (JDBC) in the scan suite, over its own tables (the database file, opened read-only) or over
 * the Parquet file ({@code read_parquet}, an in-memory database), with {@code SET threads}. Queries
 * are SQL; decode-all is {@code SELECT *} exported as Arrow batches through Arrow's C Data interface
 * ({@code arrowExportStream}), the same Arrow vectors the other systems produce. The connection is
 * made when the arm is; each run is one statement (a fresh one: after a failure DuckDB closes it).
 */
public final class DuckDbArm implements ScanArm {
  static final long EXPORT_BATCH_ROWS = 65_536;

  private final Connection connection;
  private final String table;

  private DuckDbArm(Connection connection, String table) {
    this.connection = connection;
    this.table = table;
  }

  /** DuckDB over its own database file. */
  public static DuckDbArm nativeTables(DataFiles files, int threads) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("duckdb.read_only", "true");
    return open("jdbc:duckdb:" + files.duckdb().toAbsolutePath(), properties, threads, files.table());
  }

  /** DuckDB over the Parquet file. */
  public static DuckDbArm parquet(DataFiles files, int threads) throws SQLException {
    String path = files.parquet().toAbsolutePath().toString().replace("'", "''");
    return open("jdbc:duckdb:", new Properties(), threads, "read_parquet('" + path + "')");
  }

  private static DuckDbArm open(String url, Properties properties, int threads, String table) throws SQLException {
    Connection connection = DriverManager.getConnection(url, properties);
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET threads TO " + threads);
    } catch (SQLException failure) {
      connection.close();
      throw failure;
    }
    return new DuckDbArm(connection, table);
  }

  @Override
  public Outcome run(ScanQuery query, BufferAllocator allocator, boolean verify) throws Exception {
    String sql = query.sql(table);
    try (Statement statement = connection.createStatement(); ResultSet results = statement.executeQuery(sql)) {
      if (query.decodesAll()) {
        DuckDBResultSet duck = results.unwrap(DuckDBResultSet.class);
        try (ArrowReader reader = (ArrowReader) duck.arrowExportStream(allocator, EXPORT_BATCH_ROWS)) {
          DecodeCheck check = new DecodeCheck(reader.getVectorSchemaRoot().getSchema(), verify);
          while (reader.loadNextBatch()) {
            check.add(reader.getVectorSchemaRoot());
          }
          return check.outcome(Map.of());
        }
      }
      return Outcome.of(answer(query, results));
    }
  }

  /** The canonical answer text from a query's result rows. */
  static String answer(ScanQuery query, ResultSet results) throws SQLException {
    switch (query) {
      case TPCH_Q6:
        results.next();
        return TpchQ6.format(results.getBigDecimal(1));
      case HITS_Q12: {
        List<String> phrases = new ArrayList<>();
        List<Long> counts = new ArrayList<>();
        while (results.next()) {
          phrases.add(results.getString(1));
          counts.add(results.getLong(2));
        }
        return TopPhrases.format(phrases, counts);
      }
      default:
        results.next();
        return MatchCount.format(results.getLong(1), results.getLong(2));
    }
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
