package dev.quiver.bench.tpch;

import dev.quiver.bench.run.Outcome;
import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SessionOptions;
import dev.quiver.sql.session.SqlResult;
import java.io.IOException;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Quiver in the TPC-H suite: one {@link QuiverSession} (its threads, a memory limit) with the eight
 * {@code .qvr} tables registered by name; a run is {@code execute(sql)} (parse, plan, run) and every
 * batch read to the end. Its queries allocate under the allocator the arm is made with.
 */
public final class QuiverTpchArm implements TpchArm {
  private final QuiverSession session;

  public QuiverTpchArm(TpchData data, int threads, long memoryLimit, BufferAllocator allocator) throws IOException {
    SessionOptions options = SessionOptions.defaults().withThreads(threads);
    if (memoryLimit > 0) {
      options = options.withMemoryLimit(memoryLimit);
    }
    session = QuiverSession.open(allocator, options);
    try {
      for (String table : TpchData.TABLES) {
        session.register(table, data.quiver(table));
      }
    } catch (IOException | RuntimeException failure) {
      session.close();
      throw failure;
    }
  }

  @Override
  public Outcome run(int query, BufferAllocator allocator, boolean verify) {
    String sql = TpchSql.statement(query, TpchSystem.QUIVER);
    try (SqlResult result = session.execute(sql)) {
      TpchAnswer answer = verify ? new TpchAnswer(TpchSql.orderKeys(sql), result.schema()) : null;
      long rows = 0;
      for (VectorSchemaRoot next = result.next(); next != null; next = result.next()) {
        try (VectorSchemaRoot batch = next) {
          rows += batch.getRowCount();
          if (answer != null) {
            answer.add(batch);
          }
        }
      }
      // SqlResult.metrics() is not called: QueryExecution.metrics() names a metric
      // "query.peak_memory_bytes", which MetricsSnapshot's name rule refuses (an engine bug, reported).
      return TpchArm.outcome(rows, answer, Map.of());
    }
  }

  @Override
  public void close() {
    session.close();
  }
}
