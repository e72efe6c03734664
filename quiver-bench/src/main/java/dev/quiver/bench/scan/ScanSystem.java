package dev.quiver.bench.scan;

import dev.quiver.common.QuiverException;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The systems of the scan suite; Quiver is the reference every answer is checked against. */
public enum ScanSystem {
  QUIVER("quiver"),
  /** vortex-jni over the data written by Vortex's own writer, filters pushed down. */
  VORTEX("vortex"),
  /** DuckDB JDBC over its own tables (a database file loaded once). */
  DUCKDB("duckdb"),
  /** DuckDB JDBC over the Parquet file. */
  DUCKDB_PARQUET("duckdb-parquet"),
  /** parquet-java (our column-level reader into Arrow), filters and sums in Java. */
  PARQUET_JAVA("parquet-java");

  private final String label;

  ScanSystem(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  public static ScanSystem parse(String label) {
    for (ScanSystem system : values()) {
      if (system.label.equals(label)) {
        return system;
      }
    }
    throw QuiverException.user("unknown system '" + label + "': use "
        + Arrays.stream(values()).map(ScanSystem::label).collect(Collectors.joining(", ")));
  }
}
