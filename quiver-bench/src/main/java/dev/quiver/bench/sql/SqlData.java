package dev.quiver.bench.sql;

import java.nio.file.Path;
import java.util.List;

/**
 * The files of a SQL suite's tables in one directory, one copy per system: {@code NAME.qvr} for
 * Quiver, {@code NAME.parquet} for DuckDB on Parquet, and one DuckDB database file holding every
 * table (loaded from the Parquet files) for DuckDB on its own tables. The TPC-H suite's
 * ({@code tpch.TpchData}) and the ClickBench and FineWeb suites' ({@link GeneratedData}).
 */
public interface SqlData {
  /** The directory holding the files. */
  Path directory();

  /** The tables, by the names the queries use. */
  List<String> tables();

  /** The DuckDB database file. */
  Path duckdb();

  default Path quiver(String table) {
    return directory().resolve(table + ".qvr");
  }

  default Path parquet(String table) {
    return directory().resolve(table + ".parquet");
  }
}
