package dev.quiver.bench.sql;

import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SessionOptions;
import dev.quiver.sql.session.SqlResult;
import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Quiver in a SQL suite: one {@link QuiverSession} (its threads, a memory limit) with the data's
 * {@code .qvr} tables registered by name; a run is {@code execute(sql)} (parse, plan, run) and every
 * batch read to the end. Its queries allocate under the allocator the arm is made with.
 */
public final class QuiverSqlArm implements SqlArm {
  private final QuiverSession session;

  public QuiverSqlArm(SqlData data, int threads, long memoryLimit, BufferAllocator allocator) throws IOException {
    SessionOptions options = SessionOptions.defaults().withThreads(threads);
    if (memoryLimit > 0) {
      options = options.withMemoryLimit(memoryLimit);
    }
    session = QuiverSession.open(allocator, options);
    try {
      for (String table : data.tables()) {
        session.register(table, data.quiver(table));
      }
    } catch (IOException | RuntimeException failure) {
      session.close();
      throw failure;
    }
  }

  @Override
  public SqlSystem system() {
    return SqlSystem.QUIVER;
  }

  @Override
  public long execute(String sql, BatchSink sink, BufferAllocator allocator) {
    try (SqlResult result = session.execute(sql)) {
      if (sink != null) {
        sink.start(result.schema());
      }
      long rows = 0;
      for (VectorSchemaRoot next = result.next(); next != null; next = result.next()) {
        try (VectorSchemaRoot batch = next) {
          rows += batch.getRowCount();
          if (sink != null) {
            sink.add(batch);
          }
        }
      }
      return rows;
    }
  }

  @Override
  public void close() {
    session.close();
  }
}
