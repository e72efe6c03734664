package dev.quiver.bench.tpcds;

import dev.quiver.bench.sql.SqlData;
import dev.quiver.datagen.tpcds.TpcdsSchemas;
import io.trino.tpcds.Table;
import java.nio.file.Path;
import java.util.List;

/**
 * The files of the 24 TPC-DS tables at one scale in one directory: {@code NAME.qvr} as
 * {@code quiver generate tpcds} writes them, {@code NAME.parquet} converted from them, and one DuckDB
 * database file {@value #DATABASE} holding every table loaded from the Parquet files.
 */
public record TpcdsData(Path directory) implements SqlData {
  public static final String DATABASE = "tpcds.duckdb";

  /** The 24 tables, by the names the queries use. */
  public static List<String> tableNames() {
    return TpcdsSchemas.tables().stream().map(Table::getName).toList();
  }

  @Override
  public List<String> tables() {
    return tableNames();
  }

  @Override
  public Path duckdb() {
    return directory.resolve(DATABASE);
  }
}
