package dev.quiver.bench.sql;

import dev.quiver.common.QuiverException;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The systems of the ClickBench and FineWeb SQL suites. DuckDB on its own tables is the reference:
 * every other system's answer is checked against it.
 */
public enum SqlSystem {
  /** DuckDB JDBC over a database file loaded from the same rows. */
  DUCKDB("duckdb"),
  /** Quiver's SQL ({@code QuiverSession}) over the {@code .qvr} tables. */
  QUIVER("quiver"),
  /** DuckDB JDBC over the same rows as Parquet files (views over {@code read_parquet}). */
  DUCKDB_PARQUET("duckdb-parquet");

  private final String label;

  SqlSystem(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  public static SqlSystem parse(String label) {
    for (SqlSystem system : values()) {
      if (system.label.equals(label)) {
        return system;
      }
    }
    throw QuiverException.user("unknown system '" + label + "': use "
        + Arrays.stream(values()).map(SqlSystem::label).collect(Collectors.joining(", ")));
  }
}
