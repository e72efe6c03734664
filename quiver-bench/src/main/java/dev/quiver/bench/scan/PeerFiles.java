package dev.quiver.bench.scan;

import dev.quiver.cli.QuiverCommand;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.io.TemporaryFiles;
import dev.quiver.io.parquet.ParquetArrowReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Writes the peers' copies of a data set once, each from the {@code .qvr} file's rows, and reuses
 * them afterwards (a file that exists is kept; each appears atomically, so an interrupted run leaves
 * none half-written):
 * <ul>
 *   <li>Parquet: {@code quiver convert} with zstd pages and {@value #ROW_GROUP_BYTES}-byte row groups
 *       (parquet-java's writer; smaller than its 128 MiB default so that two threads of DuckDB or of
 *       the parquet-java arm have row groups to share);</li>
 *   <li>Vortex: Vortex's own writer, fed the Parquet file's Arrow batches;</li>
 *   <li>DuckDB: a database file with one table made by {@code CREATE TABLE ... AS SELECT * FROM
 *       read_parquet(...)}, checkpointed.</li>
 * </ul>
 */
public final class PeerFiles {
  public static final long ROW_GROUP_BYTES = 32L << 20;

  private PeerFiles() {}

  public static void prepare(DataFiles files, boolean vortex, boolean duckdb, BufferAllocator allocator,
      PrintWriter log) throws IOException {
    if (!Files.exists(files.parquet())) {
      log.println("writing " + files.parquet() + " (parquet-java, zstd)");
      log.flush();
      int exit = QuiverCommand.commandLine(allocator, Map.of(), log, log).execute("convert", "--codec", "zstd",
          "--row-group-bytes", Long.toString(ROW_GROUP_BYTES), files.quiver().toString(), files.parquet().toString());
      if (exit != 0) {
        throw new QuiverException(ErrorCode.INTERNAL, "converting " + files.quiver() + " to Parquet failed");
      }
    }
    if (vortex && !Files.exists(files.vortex())) {
      log.println("writing " + files.vortex() + " (vortex-jni's writer)");
      log.flush();
      writeVortex(files, allocator);
    }
    if (duckdb && !Files.exists(files.duckdb())) {
      log.println("writing " + files.duckdb() + " (DuckDB table from the Parquet file)");
      log.flush();
      writeDuckDb(files);
    }
  }

  private static void writeVortex(DataFiles files, BufferAllocator allocator) throws IOException {
    try (ParquetArrowReader reader = ParquetArrowReader.open(files.parquet(), allocator, 65_536);
        VortexFiles writer = new VortexFiles(files.vortex(), reader.schema(), allocator)) {
      for (VectorSchemaRoot batch = reader.next(); batch != null; batch = reader.next()) {
        try (VectorSchemaRoot current = batch) {
          writer.write(current);
        }
      }
      writer.commit();
    }
  }

  private static void writeDuckDb(DataFiles files) throws IOException {
    TemporaryFiles.removeStale(files.duckdb());
    Path temporary = TemporaryFiles.nameFor(files.duckdb());
    String parquet = files.parquet().toAbsolutePath().toString().replace("'", "''");
    try {
      try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + temporary.toAbsolutePath());
          Statement statement = connection.createStatement()) {
        statement.execute("CREATE TABLE " + files.table() + " AS SELECT * FROM read_parquet('" + parquet + "')");
        statement.execute("CHECKPOINT");
      }
      Files.move(temporary, files.duckdb(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (SQLException failure) {
      throw new QuiverException(ErrorCode.INTERNAL, "loading " + files.parquet() + " into DuckDB failed: "
          + failure.getMessage(), failure);
    } finally {
      Files.deleteIfExists(temporary);
      Files.deleteIfExists(temporary.resolveSibling(temporary.getFileName() + ".wal"));
    }
  }
}
