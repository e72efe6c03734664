package dev.quiver.sql.oracle;

import dev.quiver.datagen.tpch.TpchGenerator;
import dev.quiver.datagen.tpch.TpchSchemas;
import dev.quiver.format.file.QuiverWriter;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The eight TPC-H tables at one scale, generated once per JVM and scale
 * ({@link TpchGenerator}): each written as {@code NAME.qvr} ({@link QuiverWriter}) into a temporary
 * folder for Quiver to read, and the very same batches appended to a {@link DuckDbOracle}. The
 * folder is deleted and the oracle closed when the JVM exits. The oracle is one JDBC connection:
 * use it from one thread at a time.
 */
public final class TpchFixture {
  /** The tables in the order they are generated. */
  public static final List<String> TABLES = List.of("region", "nation", "supplier", "customer", "part", "partsupp",
      "orders", "lineitem");
  private static final int BATCH_ROWS = 8_192;
  private static final Map<Double, TpchFixture> CACHE = new HashMap<>();

  private final double scale;
  private final Path folder;
  private final DuckDbOracle oracle;
  private final Map<String, Long> rowCounts;

  private TpchFixture(double scale, Path folder, DuckDbOracle oracle, Map<String, Long> rowCounts) {
    this.scale = scale;
    this.folder = folder;
    this.oracle = oracle;
    this.rowCounts = rowCounts;
  }

  /** The fixture at {@code scale} (e.g. 0.01), generated on first use in this JVM. */
  public static synchronized TpchFixture at(double scale) throws IOException, SQLException {
    TpchFixture cached = CACHE.get(scale);
    if (cached == null) {
      cached = generate(scale);
      CACHE.put(scale, cached);
    }
    return cached;
  }

  private static TpchFixture generate(double scale) throws IOException, SQLException {
    Path folder = Files.createTempDirectory("quiver-tpch-" + scale + "-");
    DuckDbOracle oracle = DuckDbOracle.inMemory();
    Map<String, Long> rowCounts = new LinkedHashMap<>();
    boolean done = false;
    try (BufferAllocator allocator = new RootAllocator()) {
      for (String name : TABLES) {
        rowCounts.put(name, generateTable(name, scale, folder, oracle, allocator));
      }
      done = true;
    } finally {
      if (!done) {
        oracle.close();
        deleteQuietly(folder);
      }
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        oracle.close();
      } catch (SQLException ignored) {
        // The JVM is exiting; the in-memory database goes with it.
      }
      deleteQuietly(folder);
    }, "tpch-fixture-cleanup"));
    return new TpchFixture(scale, folder, oracle, rowCounts);
  }

  private static long generateTable(String name, double scale, Path folder, DuckDbOracle oracle,
      BufferAllocator allocator) throws IOException, SQLException {
    TpchTable<?> table = TpchSchemas.table(name);
    oracle.createTable(name, TpchSchemas.schema(table));
    try (QuiverWriter writer = QuiverWriter.create(folder.resolve(name + ".qvr"), TpchSchemas.schema(table),
        allocator)) {
      return TpchGenerator.generate(table, scale, 2, BATCH_ROWS, allocator, batch -> {
        try (batch) {
          writer.write(batch);
          oracle.append(name, batch);
        } catch (SQLException failure) {
          throw new IOException("loading " + name + " into DuckDB failed", failure);
        }
      });
    }
  }

  public double scale() {
    return scale;
  }

  /** The folder holding {@code NAME.qvr} for every table. */
  public Path folder() {
    return folder;
  }

  /** The {@code .qvr} file of {@code table}. */
  public Path file(String table) {
    return folder.resolve(table + ".qvr");
  }

  /** Every table's file, by name, in {@link #TABLES} order. */
  public Map<String, Path> files() {
    Map<String, Path> files = new LinkedHashMap<>();
    for (String table : TABLES) {
      files.put(table, file(table));
    }
    return files;
  }

  /** Rows generated for {@code table}. */
  public long rowCount(String table) {
    return rowCounts.get(table);
  }

  /** DuckDB holding the same rows (tables named as in {@link #TABLES}). */
  public DuckDbOracle oracle() {
    return oracle;
  }

  private static void deleteQuietly(Path folder) {
    try (Stream<Path> paths = Files.walk(folder)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> {
        try {
          Files.deleteIfExists(path);
        } catch (IOException failure) {
          throw new UncheckedIOException(failure);
        }
      });
    } catch (IOException | UncheckedIOException ignored) {
      // Best effort at exit: a temporary folder left behind is harmless.
    }
  }
}
