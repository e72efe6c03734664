package dev.quiver.exec.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.exec.execution.QueryEngine;
import dev.quiver.exec.execution.QueryExecution;
import dev.quiver.exec.execution.QueryOptions;
import dev.quiver.exec.plan.AggregateCall;
import dev.quiver.exec.plan.AggregateFunction;
import dev.quiver.exec.plan.AggregateNode;
import dev.quiver.exec.plan.ExchangeNode;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.ValuesNode;
import dev.quiver.expression.Literal;
import dev.quiver.testing.TestingAllocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hash exchange through the engine: it keeps every row (the multiset of rows is unchanged), and
 * an aggregate above it, whose threads' tables are then output without a merge, equals the same
 * aggregate without the exchange, at 1 to 3 threads and under a memory limit that makes the
 * aggregate's tables spill (the merge path again). Seeded; the allocator is empty after each query.
 */
class ExchangeTest {
  private static final ArrowType INT64 = new ArrowType.Int(64, true);
  private static final Schema SCHEMA = new Schema(List.of(Field.nullable("k", INT64),
      Field.nullable("name", ArrowType.Utf8.INSTANCE), Field.nullable("v", INT64),
      Field.nullable("k", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path spill;

  private static ValuesNode values(Random random, int rows, int keys) {
    List<List<Literal>> data = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      data.add(
          List.of(random.nextInt(12) == 0 ? new Literal(null, INT64) : new Literal((long) random.nextInt(keys), INT64),
              random.nextInt(9) == 0 ? new Literal(null, ArrowType.Utf8.INSTANCE)
                  : new Literal("n" + random.nextInt(7), ArrowType.Utf8.INSTANCE),
              new Literal((long) random.nextInt(1_000) - 500, INT64),
              new Literal((double) random.nextInt(100), SCHEMA.getFields().get(3).getType())));
    }
    return new ValuesNode(SCHEMA, data);
  }

  private static AggregateNode aggregate(PlanNode input) {
    List<AggregateCall> calls = List.of(
        new AggregateCall(AggregateFunction.COUNT, List.of(), false, -1, INT64, false, "rows"),
        new AggregateCall(AggregateFunction.SUM, List.of(2), false, -1, INT64, true, "total"),
        new AggregateCall(AggregateFunction.COUNT, List.of(2), true, -1, INT64, false, "distinct_v"),
        new AggregateCall(AggregateFunction.MAX, List.of(3), false, -1, SCHEMA.getFields().get(3).getType(), true,
            "top"));
    return new AggregateNode(input, List.of(0, 1), calls);
  }

  private List<String> run(PlanNode plan, int threads, long limit) throws Exception {
    List<String> rows = new ArrayList<>();
    try (QueryEngine engine = new QueryEngine(memory.allocator(), threads);
        QueryExecution execution = engine.execute(plan,
            QueryOptions.defaults().withThreads(threads).withMemoryLimit(limit).withSpillDirectory(spill)
                .withBatchRows(256))) {
      for (VectorSchemaRoot batch = execution.next(); batch != null; batch = execution.next()) {
        try (VectorSchemaRoot root = batch) {
          for (int row = 0; row < root.getRowCount(); row++) {
            StringBuilder text = new StringBuilder();
            for (FieldVector vector : root.getFieldVectors()) {
              text.append(vector.getObject(row)).append(" | ");
            }
            rows.add(text.toString());
          }
        }
      }
    }
    rows.sort(null);
    return rows;
  }

  @ParameterizedTest(name = "threads {0}")
  @ValueSource(ints = {1, 2, 3})
  void keepsEveryRowAndAnAggregateAboveItEqualsOneWithout(int threads) throws Exception {
    long seed = 4_100L + threads;
    System.out.println("seed " + seed);
    // more rows than the exchange passes through unwritten
    ValuesNode values = values(new Random(seed), (int) ExchangeSinkFactory.PASS_THROUGH_ROWS + 14_000, 5_000);
    ExchangeNode exchange = new ExchangeNode(values, List.of(0, 1));
    assertThat(run(exchange, threads, 1L << 30)).isEqualTo(run(values, 1, 1L << 30));
    List<String> expected = run(aggregate(values), 1, 1L << 30);
    assertThat(expected).hasSizeGreaterThan(10_000);
    assertThat(run(aggregate(exchange), threads, 1L << 30)).isEqualTo(expected);
    // the exchange on a subset of the group keys still sends each group to one thread
    assertThat(run(aggregate(new ExchangeNode(values, List.of(1))), threads, 1L << 30)).isEqualTo(expected);
  }

  /**
   * Fewer rows than {@link ExchangeSinkFactory#PASS_THROUGH_ROWS} pass through without a block written, and the
   * aggregate above merges its threads' tables; a few more than that are all written (also the rows of tasks
   * that finished holding theirs before another started writing) and the tables are output without a merge.
   */
  @ParameterizedTest(name = "threads {0}")
  @ValueSource(ints = {2, 3})
  void fewRowsPassThroughUnwrittenAndManyAreRepartitioned(int threads) throws Exception {
    long seed = 4_300L + threads;
    System.out.println("seed " + seed);
    for (int rows : new int[] {(int) ExchangeSinkFactory.PASS_THROUGH_ROWS - 500,
        (int) ExchangeSinkFactory.PASS_THROUGH_ROWS + 300}) {
      ValuesNode values = values(new Random(seed), rows, 3_000);
      List<String> expected = run(aggregate(values), 1, 1L << 30);
      AggregateNode aggregate = aggregate(new ExchangeNode(values, List.of(0, 1)));
      assertThat(run(aggregate, threads, 1L << 30)).as(rows + " rows").isEqualTo(expected);
      String analyzed = analyze(aggregate, threads);
      if (rows < ExchangeSinkFactory.PASS_THROUGH_ROWS) {
        assertThat(analyzed).as(analyzed).contains("rows.passed=" + rows).doesNotContain("write.rows");
      } else {
        assertThat(analyzed).as(analyzed).contains("write.rows=" + rows).doesNotContain("rows.passed");
      }
    }
  }

  private String analyze(PlanNode plan, int threads) throws Exception {
    try (QueryEngine engine = new QueryEngine(memory.allocator(), threads);
        QueryExecution execution = engine.execute(plan,
            QueryOptions.defaults().withThreads(threads).withSpillDirectory(spill).withBatchRows(256))) {
      for (VectorSchemaRoot batch = execution.next(); batch != null; batch = execution.next()) {
        batch.close();
      }
      return execution.explainAnalyze();
    }
  }

  @ParameterizedTest(name = "threads {0}")
  @ValueSource(ints = {2, 3})
  void anAggregateWhoseTablesSpillAboveAnExchangeGivesTheSameAnswer(int threads) throws Exception {
    long seed = 4_200L + threads;
    System.out.println("seed " + seed);
    ValuesNode values = values(new Random(seed), 150_000, 140_000);
    List<String> expected = run(aggregate(values), 1, 1L << 30);
    // each thread's share (the limit over 2 * (threads + 1)) just above the exchange's 8 MiB minimum
    long limit = (2L * (threads + 1)) * (9L << 20);
    assertThat(run(aggregate(new ExchangeNode(values, List.of(0, 1))), threads, limit)).isEqualTo(expected);
  }
}
