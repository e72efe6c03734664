package dev.quiver.bench.tpch;

import dev.quiver.bench.sql.SqlData;
import java.nio.file.Path;
import java.util.List;

/**
 * The files of the TPC-H tables at one scale in one directory: {@code NAME.qvr} as
 * {@code quiver generate tpch} writes them, {@code NAME.parquet} converted from them, and one DuckDB
 * database file {@value #DATABASE} holding all eight tables loaded from the Parquet files.
 */
public record TpchData(Path directory) implements SqlData {
  /** The eight tables. */
  public static final List<String> TABLES = List.of("region", "nation", "supplier", "customer", "part", "partsupp",
      "orders", "lineitem");
  public static final String DATABASE = "tpch.duckdb";

  @Override
  public List<String> tables() {
    return TABLES;
  }

  @Override
  public Path duckdb() {
    return directory.resolve(DATABASE);
  }
}
