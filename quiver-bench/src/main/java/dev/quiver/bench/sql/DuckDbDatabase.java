package dev.quiver.bench.sql;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.io.TemporaryFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Writes a SQL suite's DuckDB database: every table by {@code CREATE TABLE ... AS SELECT * FROM
 * read_parquet(...)}, checkpointed, into a temporary file renamed into place (an interrupted load
 * leaves no database that looks complete).
 */
public final class DuckDbDatabase {
  private DuckDbDatabase() {}

  public static void write(SqlData data) throws IOException {
    TemporaryFiles.removeStale(data.duckdb());
    Path temporary = TemporaryFiles.nameFor(data.duckdb());
    try {
      try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + temporary.toAbsolutePath())) {
        for (String table : data.tables()) {
          try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE " + table + " AS SELECT * FROM read_parquet(" + quoted(data.parquet(table))
                + ")");
          }
        }
        try (Statement statement = connection.createStatement()) {
          statement.execute("CHECKPOINT");
        }
      }
      Files.move(temporary, data.duckdb(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (SQLException failure) {
      throw new QuiverException(ErrorCode.INTERNAL, "loading " + String.join(", ", data.tables()) + " into DuckDB ("
          + data.duckdb() + ") failed: " + failure.getMessage(), failure);
    } finally {
      Files.deleteIfExists(temporary);
      Files.deleteIfExists(temporary.resolveSibling(temporary.getFileName() + ".wal"));
    }
  }

  /** A path as a SQL string literal. */
  public static String quoted(Path path) {
    return "'" + path.toAbsolutePath().toString().replace("'", "''") + "'";
  }
}
