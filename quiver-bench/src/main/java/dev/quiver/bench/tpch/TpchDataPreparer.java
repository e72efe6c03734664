package dev.quiver.bench.tpch;

import dev.quiver.bench.scan.PeerFiles;
import dev.quiver.bench.sql.DuckDbDatabase;
import dev.quiver.bench.sql.SqlDataPreparer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Makes the TPC-H suite's files once and reuses them (each appears atomically, so an interrupted
 * run leaves none half-written): the missing {@code .qvr} tables by {@code quiver generate tpch}, each
 * table's Parquet copy by {@code quiver convert} (zstd, the scan suite's row groups), and the DuckDB
 * database by {@link DuckDbDatabase} (every table from its Parquet file, checkpointed). The
 * directory is the scan suite's TPC-H directory for the same scale (its lineitem files are shared).
 */
public final class TpchDataPreparer {
  private TpchDataPreparer() {}

  public static TpchData prepare(Path directory, double scale, boolean parquet, boolean duckdb,
      BufferAllocator allocator, PrintWriter log) throws IOException {
    TpchData data = new TpchData(directory);
    List<String> missing = new ArrayList<>();
    for (String table : TpchData.TABLES) {
      if (!Files.exists(data.quiver(table))) {
        missing.add(table);
      }
    }
    if (!missing.isEmpty()) {
      run(allocator, log, "generate", "tpch", "--scale", String.format(Locale.ROOT, "%s", scale), "--out",
          directory.toString(), "--tables", String.join(",", missing));
    }
    if (parquet || duckdb) {
      for (String table : TpchData.TABLES) {
        if (!Files.exists(data.parquet(table))) {
          run(allocator, log, "convert", "--codec", "zstd", "--row-group-bytes",
              Long.toString(PeerFiles.ROW_GROUP_BYTES),
              data.quiver(table).toString(), data.parquet(table).toString());
        }
      }
    }
    if (duckdb && !Files.exists(data.duckdb())) {
      log.println("writing " + data.duckdb() + " (DuckDB tables from the Parquet files)");
      log.flush();
      DuckDbDatabase.write(data);
    }
    return data;
  }

  private static void run(BufferAllocator allocator, PrintWriter log, String... command) {
    SqlDataPreparer.run(allocator, log, command);
  }
}
