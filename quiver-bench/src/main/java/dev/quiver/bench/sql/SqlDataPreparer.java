package dev.quiver.bench.sql;

import dev.quiver.bench.scan.PeerFiles;
import dev.quiver.cli.QuiverCommand;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Makes a generated table's files once and reuses them: {@code TABLE.qvr} by a {@code quiver
 * generate} command, its Parquet copy by {@code quiver convert} (zstd, the scan suite's row groups),
 * and the DuckDB database from the Parquet file ({@link DuckDbDatabase}). Each file appears
 * atomically (written under a temporary name, then renamed), so a file that exists is complete and
 * an interrupted run leaves only what it finished.
 */
public final class SqlDataPreparer {
  private SqlDataPreparer() {}

  /**
   * Makes whichever of {@code data}'s files are missing.
   *
   * @param generate the {@code quiver generate ...} arguments that write {@code TABLE.qvr} into the
   *     data's directory ({@code --out} is added)
   */
  public static GeneratedData prepare(GeneratedData data, List<String> generate, boolean parquet, boolean duckdb,
      BufferAllocator allocator, PrintWriter log) throws IOException {
    Files.createDirectories(data.directory());
    if (!Files.exists(data.quiver(data.table()))) {
      List<String> command = new ArrayList<>(generate);
      command.addAll(List.of("--out", data.directory().toString()));
      run(allocator, log, command.toArray(String[]::new));
    }
    if ((parquet || duckdb) && !Files.exists(data.parquet(data.table()))) {
      run(allocator, log, "convert", "--codec", "zstd", "--row-group-bytes", Long.toString(PeerFiles.ROW_GROUP_BYTES),
          data.quiver(data.table()).toString(), data.parquet(data.table()).toString());
    }
    if (duckdb && !Files.exists(data.duckdb())) {
      log.println("writing " + data.duckdb() + " (DuckDB's table from the Parquet file)");
      log.flush();
      DuckDbDatabase.write(data);
    }
    return data;
  }

  /**
   * Makes whichever of a suite's table files are missing (TPC-H, TPC-DS): the missing {@code .qvr}
   * tables by one {@code generate} command ({@code --out} and {@code --tables} added), each table's
   * Parquet copy by {@code quiver convert}, and the DuckDB database holding every table.
   *
   * @param generate the {@code quiver generate ...} arguments, e.g. {@code generate tpcds --scale 1}
   */
  public static void prepareTables(SqlData data, List<String> generate, boolean parquet, boolean duckdb,
      BufferAllocator allocator, PrintWriter log) throws IOException {
    Files.createDirectories(data.directory());
    List<String> missing = new ArrayList<>();
    for (String table : data.tables()) {
      if (!Files.exists(data.quiver(table))) {
        missing.add(table);
      }
    }
    if (!missing.isEmpty()) {
      List<String> command = new ArrayList<>(generate);
      command.addAll(List.of("--out", data.directory().toString(), "--tables", String.join(",", missing)));
      run(allocator, log, command.toArray(String[]::new));
    }
    if (parquet || duckdb) {
      for (String table : data.tables()) {
        if (!Files.exists(data.parquet(table))) {
          run(allocator, log, "convert", "--codec", "zstd", "--row-group-bytes",
              Long.toString(PeerFiles.ROW_GROUP_BYTES), data.quiver(table).toString(), data.parquet(table).toString());
        }
      }
    }
    if (duckdb && !Files.exists(data.duckdb())) {
      log.println("writing " + data.duckdb() + " (DuckDB tables from the Parquet files)");
      log.flush();
      DuckDbDatabase.write(data);
    }
  }

  /** Runs one {@code quiver} command in this JVM; a failure is an INTERNAL error naming it. */
  public static void run(BufferAllocator allocator, PrintWriter log, String... command) {
    log.println("quiver " + String.join(" ", command));
    log.flush();
    int exit = QuiverCommand.commandLine(allocator, Map.of(), log, log).execute(command);
    if (exit != 0) {
      throw new QuiverException(ErrorCode.INTERNAL, "quiver " + String.join(" ", command) + " failed (exit " + exit
          + ")");
    }
  }
}
