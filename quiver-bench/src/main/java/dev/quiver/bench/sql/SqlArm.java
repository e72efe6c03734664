package dev.quiver.bench.sql;

import dev.quiver.bench.run.Outcome;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * One system's way of running a SQL suite's queries over one data directory at a fixed thread count.
 * A run's answer is {@code rows=N} (checked on every pass); when verifying, its checksum is the whole
 * answer of the query's {@link SqlQueries#checkStatement} as a {@link SqlAnswer} text (checked with
 * {@link SqlAnswerCheck} in the warm-up), to which the reference system (DuckDB on its own tables)
 * adds the {@link TieCandidates} of the runs of ties a LIMIT or OFFSET cut, read from the unlimited
 * query. Every system fetches its whole result as Arrow batches.
 */
public interface SqlArm extends AutoCloseable {
  /** Runs {@code sql} and reads its result to the end, into {@code sink} when not null; returns the rows. */
  long execute(String sql, BatchSink sink, BufferAllocator allocator) throws Exception;

  /** The system the arm runs. */
  SqlSystem system();

  @Override
  default void close() throws Exception {}

  /** One run of {@code subject}: the timed statement, and when verifying the check statement's whole answer. */
  default Outcome run(SqlQueries queries, String subject, BufferAllocator allocator, boolean verify)
      throws Exception {
    String sql = queries.statement(subject, system());
    String check = queries.checkStatement(subject, system());
    AnswerShape shape = queries.shape(subject);
    SqlAnswer answer = verify ? new SqlAnswer(shape) : null;
    boolean sameStatement = check.equals(sql);
    long rows = execute(sql, sameStatement ? answer : null, allocator);
    if (!verify) {
      return new Outcome("rows=" + rows, null, Map.of());
    }
    if (!sameStatement) {
      execute(check, answer, allocator);
    }
    String text = answer.text();
    if (system() == SqlSystem.DUCKDB && answer.cut()) {
      TieCandidates candidates = new TieCandidates(answer, shape.offset() > 0);
      execute(AnswerShape.withoutCut(check), candidates, allocator);
      text += candidates.text();
    }
    return new Outcome("rows=" + rows, text, Map.of());
  }

  /** Reads every batch of {@code reader}, into {@code sink} when not null; returns the rows. */
  static long readAll(ArrowReader reader, BatchSink sink) throws java.io.IOException {
    if (sink != null) {
      sink.start(reader.getVectorSchemaRoot().getSchema());
    }
    long rows = 0;
    while (reader.loadNextBatch()) {
      rows += reader.getVectorSchemaRoot().getRowCount();
      if (sink != null) {
        sink.add(reader.getVectorSchemaRoot());
      }
    }
    return rows;
  }
}
