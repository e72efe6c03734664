package dev.quiver.sql.oracle;

import dev.quiver.datagen.clickbench.HitsTable;
import dev.quiver.format.file.QuiverWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The generated ClickBench {@code hits} table ({@link HitsTable}) at one row count and seed, made once
 * per JVM: written as {@code hits.qvr} into a temporary folder for Quiver, and the very same batches
 * appended to a {@link DuckDbOracle} as table {@code hits}. The folder is deleted and the oracle closed
 * when the JVM exits. The oracle is one JDBC connection: use it from one thread at a time.
 */
public final class ClickBenchFixture {
  private static final Map<String, ClickBenchFixture> CACHE = new HashMap<>();

  private final long rows;
  private final Path file;
  private final DuckDbOracle oracle;

  private ClickBenchFixture(long rows, Path file, DuckDbOracle oracle) {
    this.rows = rows;
    this.file = file;
    this.oracle = oracle;
  }

  /** The fixture of {@code rows} hits generated from {@code seed}, made on first use in this JVM. */
  public static synchronized ClickBenchFixture of(long rows, long seed) throws IOException, SQLException {
    String key = rows + "/" + seed;
    ClickBenchFixture cached = CACHE.get(key);
    if (cached == null) {
      cached = generate(rows, seed);
      CACHE.put(key, cached);
    }
    return cached;
  }

  private static ClickBenchFixture generate(long rows, long seed) throws IOException, SQLException {
    Path folder = Files.createTempDirectory("quiver-clickbench-" + rows + "-");
    Path file = folder.resolve("hits.qvr");
    DuckDbOracle oracle = DuckDbOracle.inMemory();
    boolean done = false;
    HitsTable table = new HitsTable(rows, seed);
    try (BufferAllocator allocator = new RootAllocator();
        QuiverWriter writer = QuiverWriter.create(file, table.schema(), allocator)) {
      oracle.createTable("hits", table.schema());
      for (int index = 0; index < table.batchCount(); index++) {
        try (VectorSchemaRoot batch = table.batch(index, allocator)) {
          writer.write(batch);
          oracle.append("hits", batch);
        }
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
    }, "clickbench-fixture-cleanup"));
    return new ClickBenchFixture(rows, file, oracle);
  }

  /** How many rows {@code hits} has. */
  public long rows() {
    return rows;
  }

  /** The {@code hits.qvr} file. */
  public Path file() {
    return file;
  }

  /** DuckDB holding the same rows as table {@code hits}. */
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
