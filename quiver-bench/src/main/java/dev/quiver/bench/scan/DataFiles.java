package dev.quiver.bench.scan;

import java.nio.file.Path;

/**
 * The files of one data set in one directory: the {@code .qvr} file the generator wrote, and the
 * same rows as each peer stores them, written once from it ({@link PeerFiles}).
 */
public record DataFiles(Path directory, String table) {
  public Path quiver() {
    return directory.resolve(table + ".qvr");
  }

  public Path parquet() {
    return directory.resolve(table + ".parquet");
  }

  public Path vortex() {
    return directory.resolve(table + ".vortex");
  }

  public Path duckdb() {
    return directory.resolve(table + ".duckdb");
  }
}
