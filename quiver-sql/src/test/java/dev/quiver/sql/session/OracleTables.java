package dev.quiver.sql.session;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.sql.oracle.DuckDbOracle;
import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.ResultComparison;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Tables loaded twice, into a Quiver session (as {@code .qvr} files) and into an in-memory DuckDB, for tests that
 * compare the two engines' answers; the generator's allocator and the session's must be empty at close.
 */
final class OracleTables implements AutoCloseable {
  private final BufferAllocator allocator = new RootAllocator();
  private final DuckDbOracle oracle;
  private final SessionRunner engine;

  OracleTables(SessionOptions options) throws java.sql.SQLException {
    this.oracle = DuckDbOracle.inMemory();
    this.engine = new SessionRunner(options);
  }

  /** Writes the rows {@code rows} makes as {@code folder/name.qvr}, loads them into DuckDB, registers the file. */
  Path load(String name, Path folder, Function<BufferAllocator, VectorSchemaRoot> rows) throws Exception {
    return load(name, folder, rows, QuiverWriter.Options.defaults());
  }

  /** {@link #load} with the writer's {@code options}. */
  Path load(String name, Path folder, Function<BufferAllocator, VectorSchemaRoot> rows, QuiverWriter.Options options)
      throws Exception {
    Path file = folder.resolve(name + ".qvr");
    try (VectorSchemaRoot root = rows.apply(allocator);
        QuiverWriter writer = QuiverWriter.create(file, root.getSchema(), allocator, options)) {
      writer.write(root);
      oracle.createTable(name, root.getSchema());
      oracle.append(name, root);
    }
    engine.session().register(name, file);
    return file;
  }

  SessionRunner engine() {
    return engine;
  }

  DuckDbOracle oracle() {
    return oracle;
  }

  /** The difference between DuckDB's answer and Quiver's, if any. */
  Optional<String> compare(String query, OrderSpec order) throws Exception {
    return ResultComparison.compare(oracle.run(query), engine.run(query), order, null);
  }

  /** The text of {@code EXPLAIN ANALYZE query}. */
  String analyze(String query) {
    try (SqlResult result = engine.session().execute("EXPLAIN ANALYZE " + query)) {
      return result.text();
    }
  }

  @Override
  public void close() throws Exception {
    try (allocator; oracle; engine) {
      // closed in reverse order: the session (its memory checked), DuckDB, then the generator's allocator
    }
  }
}
