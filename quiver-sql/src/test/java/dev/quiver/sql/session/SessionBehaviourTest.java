package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.sql.oracle.ArrowResults;
import dev.quiver.sql.oracle.Result;
import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session under load: concurrent queries, cancellation, and memory limits far below the data
 * (spilling aggregates, sorts and joins give the same answers; a query that cannot fit fails with
 * RESOURCE). Every test ends with the allocator empty.
 */
class SessionBehaviourTest {
  private static final int ROWS = 1_000_000;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;
  private Path table;

  @BeforeEach
  void writeTable() throws Exception {
    table = directory.resolve("t.qvr");
    Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.notNullable("v", new ArrowType.Int(64, true)), Field.nullable("s", ArrowType.Utf8.INSTANCE)));
    BufferAllocator allocator = memory.allocator();
    try (QuiverWriter writer = QuiverWriter.create(table, schema, allocator)) {
      int batch = 65_536;
      for (int start = 0; start < ROWS; start += batch) {
        int count = Math.min(batch, ROWS - start);
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
          root.allocateNew();
          BigIntVector id = (BigIntVector) root.getVector(0);
          BigIntVector v = (BigIntVector) root.getVector(1);
          VarCharVector s = (VarCharVector) root.getVector(2);
          for (int i = 0; i < count; i++) {
            long row = start + i;
            // ids are a permutation of 0..ROWS-1, so a sort has real work to do
            id.setSafe(i, row * 7_919 % ROWS);
            v.setSafe(i, row % 1_000 - 500);
            if (row % 10 == 3) {
              s.setNull(i);
            } else {
              s.setSafe(i, ("name-" + row % 5_000).getBytes(StandardCharsets.UTF_8));
            }
          }
          root.setRowCount(count);
          writer.write(root);
        }
      }
    }
  }

  private QuiverSession session(SessionOptions options) throws Exception {
    QuiverSession session = QuiverSession.open(memory.allocator(), options.withSpillDirectory(directory));
    session.register("t", table);
    return session;
  }

  private static Result run(QuiverSession session, String sql) {
    try (SqlResult result = session.execute(sql)) {
      ArrowResults.Collector collector = new ArrowResults.Collector(result.schema());
      for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
        try (VectorSchemaRoot rows = batch) {
          collector.add(rows);
        }
      }
      return collector.result();
    }
  }

  private static final List<String> QUERIES = List.of(
      "SELECT id % 1000000 AS k, count(*) AS c, sum(v) AS total FROM t GROUP BY id % 1000000 ORDER BY k LIMIT 50",
      "SELECT count(*) AS group_count, sum(c) AS rows_seen FROM (SELECT id, count(*) AS c FROM t GROUP BY id) g",
      "SELECT id, v FROM t ORDER BY id DESC LIMIT 20 OFFSET 999000",
      "SELECT count(*) AS n, min(id) AS lo, max(id) AS hi FROM (SELECT id FROM t ORDER BY id) o",
      "SELECT count(*) AS pairs, sum(a.v + b.v) AS total FROM t a JOIN t b ON a.id = b.id WHERE a.v > 0",
      "SELECT s, count(*) AS c FROM t WHERE s LIKE 'name-1%' GROUP BY s ORDER BY c DESC, s LIMIT 5");

  @Test
  void memoryLimitFarBelowTheDataSpillsAndGivesTheSameAnswers() throws Exception {
    List<Result> unlimited = new ArrayList<>();
    try (QuiverSession session = session(SessionOptions.defaults().withThreads(2).withMemoryLimit(1L << 30))) {
      for (String query : QUERIES.subList(0, 5)) {
        unlimited.add(run(session, query));
      }
    }
    // the table is about 31 MB as Arrow vectors (8 + 8 bytes of numbers, ~10 of text, 4 of offsets per
    // row, and validity); the limit is 20 times below it
    try (QuiverSession session = session(SessionOptions.defaults().withThreads(2).withMemoryLimit(1_550_000))) {
      // the aggregates and the join; the sort's spill at 1/20 of its data is SortFactoryTest's (a top-N
      // that keeps nearly every row, QUERIES[2], does not fit this limit yet: a known gap)
      for (int i : new int[] {0, 1, 4}) {
        String query = QUERIES.get(i);
        try (SqlResult result = session.execute("EXPLAIN ANALYZE " + query)) {
          assertThat(result.text()).as(query).contains("spilled.bytes");
          for (String line : result.text().split("\n")) {
            List<String> operators = new ArrayList<>();
            java.util.regex.Matcher metrics = java.util.regex.Pattern.compile("(\\w+)\\{rows").matcher(line);
            while (metrics.find()) {
              operators.add(metrics.group(1));
            }
            assertThat(operators).as("each operator's metrics once: " + line).doesNotHaveDuplicates();
          }
        }
        assertThat(run(session, query).rows()).as(query).isEqualTo(unlimited.get(i).rows());
      }
    }
  }

  @Test
  void queryThatCannotFitFailsWithResourceNamingTheOperator() throws Exception {
    try (QuiverSession session = session(SessionOptions.defaults().withThreads(1).withMemoryLimit(64 * 1024))) {
      // every build row has the same key: one partition, which no spill can split
      assertThatThrownBy(() -> run(session, "SELECT count(*) FROM t a JOIN (SELECT id, 1 AS k1 FROM t) b"
          + " ON a.v - a.v + 1 = b.k1")).isInstanceOfSatisfying(QuiverException.class,
              failure -> assertThat(failure.errorCode()).as(failure.getMessage()).isEqualTo(ErrorCode.RESOURCE))
          .hasMessageContaining("memory");
    }
  }

  @Test
  void eightConcurrentQueriesEqualTheSameQueriesOneAtATime() throws Exception {
    try (QuiverSession session = session(SessionOptions.defaults().withThreads(2).withMemoryLimit(512L << 20))) {
      List<String> queries = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        queries.add(QUERIES.get(i % QUERIES.size()));
      }
      List<Result> alone = new ArrayList<>();
      for (String query : queries) {
        alone.add(run(session, query));
      }
      ExecutorService threads = Executors.newFixedThreadPool(8);
      try {
        List<Future<Result>> together = new ArrayList<>();
        for (String query : queries) {
          together.add(threads.submit(() -> run(session, query)));
        }
        for (int i = 0; i < queries.size(); i++) {
          assertThat(together.get(i).get().rows()).as(queries.get(i)).isEqualTo(alone.get(i).rows());
        }
      } finally {
        threads.shutdown();
      }
    }
  }

  /**
   * Batches still queued for the consumer when the query has finished (its scans closed) keep their
   * rows: no slice may pin the scan's memory (Arrow's BitVector slices did, a leak found by the
   * differential tester). Booleans, strings and numbers, cut into batches and filtered.
   */
  @Test
  void batchesReadAfterTheQueryFinishedOutliveItsScan() throws Exception {
    Path small = directory.resolve("small.qvr");
    Schema schema = new Schema(List.of(Field.nullable("b", ArrowType.Bool.INSTANCE),
        Field.nullable("i", new ArrowType.Int(64, true)), Field.nullable("s", ArrowType.Utf8.INSTANCE)));
    int rows = 20_003;
    BufferAllocator allocator = memory.allocator();
    try (QuiverWriter writer = QuiverWriter.create(small, schema, allocator);
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      root.allocateNew();
      for (int row = 0; row < rows; row++) {
        if (row % 7 == 6) {
          ((BitVector) root.getVector(0)).setNull(row);
        } else {
          ((BitVector) root.getVector(0)).setSafe(row, row % 3 == 0 ? 1 : 0);
        }
        ((BigIntVector) root.getVector(1)).setSafe(row, row);
        ((VarCharVector) root.getVector(2)).setSafe(row, ("r" + row).getBytes(StandardCharsets.UTF_8));
      }
      root.setRowCount(rows);
      writer.write(root);
    }
    SessionOptions options = SessionOptions.defaults().withThreads(2).withMemoryLimit(1L << 30);
    for (String sql : List.of("SELECT b, i, s FROM small", "SELECT b, i FROM small WHERE i % 5 <> 1")) {
      try (QuiverSession session = QuiverSession.open(allocator, options)) {
        session.register("small", small);
        try (SqlResult result = session.execute(sql)) {
          for (int waited = 0; !result.isFinished() && waited < 6_000; waited++) {
            Thread.sleep(10);
          }
          assertThat(result.isFinished()).as("the query finished before its result was read").isTrue();
          long seen = 0;
          for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
            try (VectorSchemaRoot piece = batch) {
              BitVector bits = (BitVector) piece.getVector(0);
              BigIntVector ids = (BigIntVector) piece.getVector(1);
              for (int row = 0; row < piece.getRowCount(); row++) {
                long id = ids.get(row);
                assertThat(bits.isNull(row)).as("row %d", id).isEqualTo(id % 7 == 6);
                if (id % 7 != 6) {
                  assertThat(bits.get(row)).as("row %d", id).isEqualTo(id % 3 == 0 ? 1 : 0);
                }
                seen++;
              }
            }
          }
          assertThat(seen).isEqualTo(sql.contains("WHERE") ? rows - rows / 5 - (rows % 5 > 1 ? 1 : 0) : rows);
        }
      }
    }
  }

  @Test
  void cancelledQueryFailsWithCancelledAndFreesEverything() throws Exception {
    try (QuiverSession session = session(SessionOptions.defaults().withThreads(2).withMemoryLimit(1L << 30))) {
      SqlResult result = session.execute("SELECT a.id, b.v FROM t a JOIN t b ON a.v = b.v");
      VectorSchemaRoot first = result.next();
      assertThat(first).isNotNull();
      first.close();
      Thread canceller = new Thread(result::cancel);
      canceller.start();
      canceller.join();
      assertThatThrownBy(() -> {
        for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
          batch.close();
        }
      }).isInstanceOfSatisfying(QuiverException.class,
          failure -> assertThat(failure.errorCode()).isEqualTo(ErrorCode.CANCELLED));
      result.close();
      // closing a running query also cancels it
      SqlResult running = session.execute("SELECT a.id, b.v FROM t a JOIN t b ON a.v = b.v");
      running.next().close();
      running.close();
    }
  }
}
