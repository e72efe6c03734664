package dev.quiver.bench.sql;

import java.nio.file.Path;
import java.util.List;

/**
 * The files of one generated table ({@code quiver generate clickbench} or {@code fineweb}) in a
 * directory: {@code TABLE.qvr}, {@code TABLE.parquet} and the DuckDB database {@code TABLE.duckdb}.
 *
 * @param directory the directory
 * @param table the table's name ({@code hits}, {@code fineweb})
 */
public record GeneratedData(Path directory, String table) implements SqlData {
  @Override
  public List<String> tables() {
    return List.of(table);
  }

  @Override
  public Path duckdb() {
    return directory.resolve(table + ".duckdb");
  }
}
