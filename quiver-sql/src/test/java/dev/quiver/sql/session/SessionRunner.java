package dev.quiver.sql.session;

import dev.quiver.sql.oracle.ArrowResults;
import dev.quiver.sql.oracle.QueryRunner;
import dev.quiver.sql.oracle.Result;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Quiver as the engine under test of the oracle harnesses: a session over its own root allocator,
 * which must be empty when the runner closes (every query's memory freed).
 */
final class SessionRunner implements QueryRunner, AutoCloseable {
  private final BufferAllocator allocator = new RootAllocator(Long.MAX_VALUE);
  private final QuiverSession session;

  SessionRunner(SessionOptions options) {
    this.session = QuiverSession.open(allocator, options);
  }

  QuiverSession session() {
    return session;
  }

  /**
   * Runs one query to its end; every byte it took must be back once its result is closed (a buffer
   * still referenced then is a leak even if its accounting moved to another allocator meanwhile).
   */
  @Override
  public Result run(String sql) {
    Result rows;
    try (SqlResult result = session.execute(sql)) {
      ArrowResults.Collector collector = new ArrowResults.Collector(result.schema());
      for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
        try (VectorSchemaRoot piece = batch) {
          collector.add(piece);
        }
      }
      rows = collector.result();
    }
    long outstanding = allocator.getAllocatedMemory();
    if (outstanding != 0) {
      throw new AssertionError(outstanding + " bytes of Arrow memory still allocated after the query " + sql
          + "\n" + allocator.toVerboseString());
    }
    return rows;
  }

  @Override
  public void close() {
    session.close();
    long outstanding = allocator.getAllocatedMemory();
    if (outstanding != 0) {
      throw new AssertionError("Arrow memory still allocated after the session closed:\n"
          + allocator.toVerboseString());
    }
    allocator.close();
  }
}
