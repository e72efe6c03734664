package dev.quiver.bench.sql;

import dev.quiver.bench.run.Outcome;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * One system's way of running a SQL suite's queries over one data directory at a fixed thread count.
 * A run's answer is {@code rows=N} (checked on every pass); when verifying, its checksum is the whole
 * answer of the query's {@link SqlQueries#checkStatement} as a {@link SqlAnswer} text (checked with
 * {@link SqlAnswerCheck} in the warm-up). Every system fetches its whole result as Arrow batches.
 */
public interface SqlArm extends AutoCloseable {
  /** Runs {@code sql} and reads its result to the end; builds {@code answer} from it when not null. */
  long execute(String sql, AnswerShape shape, SqlAnswer[] answer, BufferAllocator allocator) throws Exception;

  /** The system the arm runs. */
  SqlSystem system();

  @Override
  default void close() throws Exception {}

  /** One run of {@code subject}: the timed statement, and when verifying the check statement's whole answer. */
  default Outcome run(SqlQueries queries, String subject, BufferAllocator allocator, boolean verify)
      throws Exception {
    String sql = queries.statement(subject, system());
    String check = queries.checkStatement(subject, system());
    SqlAnswer[] answer = new SqlAnswer[1];
    boolean sameStatement = check.equals(sql);
    long rows = execute(sql, queries.shape(subject), verify && sameStatement ? answer : null, allocator);
    if (verify && !sameStatement) {
      execute(check, queries.shape(subject), answer, allocator);
    }
    return new Outcome("rows=" + rows, answer[0] == null ? null : answer[0].text(), Map.of());
  }

  /** Reads every batch of {@code reader}; into {@code answer[0]} (made from the first schema) when not null. */
  static long readAll(ArrowReader reader, AnswerShape shape, SqlAnswer[] answer) throws java.io.IOException {
    if (answer != null) {
      answer[0] = new SqlAnswer(shape, reader.getVectorSchemaRoot().getSchema());
    }
    long rows = 0;
    while (reader.loadNextBatch()) {
      rows += reader.getVectorSchemaRoot().getRowCount();
      if (answer != null) {
        answer[0].add(reader.getVectorSchemaRoot());
      }
    }
    return rows;
  }
}
