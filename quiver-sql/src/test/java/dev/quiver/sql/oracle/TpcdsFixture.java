package dev.quiver.sql.oracle;

import dev.quiver.datagen.tpcds.TpcdsGenerator;
import dev.quiver.datagen.tpcds.TpcdsSchemas;
import dev.quiver.format.file.QuiverWriter;
import io.trino.tpcds.Table;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The 24 TPC-DS tables at one scale ({@link TpcdsGenerator}), each written as {@code NAME.qvr} into
 * {@code folder} for Quiver to read and the very same batches appended to a {@link DuckDbOracle}.
 * The caller owns the oracle (closes it) and the folder.
 */
public final class TpcdsFixture {
  private static final int BATCH_ROWS = 8_192;

  private final Path folder;
  private final DuckDbOracle oracle;
  private final Map<String, Long> rowCounts;

  private TpcdsFixture(Path folder, DuckDbOracle oracle, Map<String, Long> rowCounts) {
    this.folder = folder;
    this.oracle = oracle;
    this.rowCounts = rowCounts;
  }

  /** Generates every table at {@code scale} into {@code folder} and a new in-memory DuckDB. */
  public static TpcdsFixture generate(double scale, Path folder) throws IOException, SQLException {
    DuckDbOracle oracle = DuckDbOracle.inMemory();
    Map<String, Long> rowCounts = new LinkedHashMap<>();
    boolean done = false;
    try (BufferAllocator allocator = new RootAllocator()) {
      for (Table table : TpcdsSchemas.tables()) {
        String name = table.getName();
        oracle.createTable(name, TpcdsSchemas.schema(table));
        try (QuiverWriter writer = QuiverWriter.create(folder.resolve(name + ".qvr"), TpcdsSchemas.schema(table),
            allocator)) {
          rowCounts.put(name, TpcdsGenerator.generate(table, scale, BATCH_ROWS, allocator, batch -> {
            try (batch) {
              writer.write(batch);
              oracle.append(name, batch);
            } catch (SQLException failure) {
              throw new IOException("loading " + name + " into DuckDB failed", failure);
            }
          }));
        }
      }
      done = true;
    } finally {
      if (!done) {
        oracle.close();
      }
    }
    return new TpcdsFixture(folder, oracle, rowCounts);
  }

  /**
   * The tables already in {@code folder} as {@code quiver bench tpcds} keeps them: {@code NAME.qvr} for
   * Quiver and {@code NAME.parquet} (converted from it by {@code quiver convert}) loaded into a new
   * in-memory DuckDB. Generating scale 1 again for every run would take minutes.
   */
  public static TpcdsFixture open(Path folder) throws IOException, SQLException {
    DuckDbOracle oracle = DuckDbOracle.inMemory();
    Map<String, Long> rowCounts = new LinkedHashMap<>();
    boolean done = false;
    try {
      for (Table table : TpcdsSchemas.tables()) {
        String name = table.getName();
        Path quiver = folder.resolve(name + ".qvr");
        Path parquet = folder.resolve(name + ".parquet");
        if (!java.nio.file.Files.exists(quiver) || !java.nio.file.Files.exists(parquet)) {
          throw new IOException(folder + " lacks " + quiver.getFileName() + " or " + parquet.getFileName()
              + ": make them with ./quiver bench tpcds --scale SF --queries 1 --data DIR");
        }
        oracle.execute("CREATE TABLE " + name + " AS SELECT * FROM read_parquet('"
            + parquet.toAbsolutePath().toString().replace("'", "''") + "')");
        rowCounts.put(name, ((Number) oracle.run("SELECT count(*) FROM " + name).rows().get(0).get(0)).longValue());
      }
      done = true;
    } finally {
      if (!done) {
        oracle.close();
      }
    }
    return new TpcdsFixture(folder, oracle, rowCounts);
  }

  /** Every table's file, by name. */
  public Map<String, Path> files() {
    Map<String, Path> files = new LinkedHashMap<>();
    for (String table : rowCounts.keySet()) {
      files.put(table, folder.resolve(table + ".qvr"));
    }
    return files;
  }

  /** Rows generated per table. */
  public Map<String, Long> rowCounts() {
    return rowCounts;
  }

  /** DuckDB holding the same rows. */
  public DuckDbOracle oracle() {
    return oracle;
  }
}
