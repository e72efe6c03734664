package dev.quiver.exec.recursive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.execution.QueryEngine;
import dev.quiver.exec.execution.QueryExecution;
import dev.quiver.exec.execution.QueryOptions;
import dev.quiver.exec.expression.Functions;
import dev.quiver.exec.plan.FilterNode;
import dev.quiver.exec.plan.JoinNode;
import dev.quiver.exec.plan.JoinType;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.ProjectNode;
import dev.quiver.exec.plan.RecursiveUnionNode;
import dev.quiver.exec.plan.TableScanNode;
import dev.quiver.exec.plan.ValuesNode;
import dev.quiver.exec.source.WorkingTable;
import dev.quiver.expression.Call;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Comparison;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Literal;
import dev.quiver.testing.TestingAllocator;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recursive unions through the engine: graph reachability (UNION, with cycles) and bounded walks (UNION
 * ALL, duplicates counted) over seeded random graphs (seed printed) against a breadth-first reference,
 * with tiny batches and two threads; a recursion past its step limit and one past the memory limit
 * fail naming the recursion. The allocator must be empty after each test.
 */
class RecursiveUnionTest {
  private static final ArrowType INT64 = new ArrowType.Int(64, true);
  private static final Schema EDGES = new Schema(List.of(Field.nullable("src", INT64), Field.nullable("dst", INT64)));

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path spill;

  private static Literal number(long value) {
    return new Literal(BigDecimal.valueOf(value), INT64);
  }

  private static ValuesNode edges(List<long[]> edges) {
    List<List<Literal>> rows = new ArrayList<>();
    for (long[] edge : edges) {
      rows.add(List.of(number(edge[0]), number(edge[1])));
    }
    return new ValuesNode(EDGES, rows);
  }

  private static ValuesNode row(Schema schema, long... values) {
    return new ValuesNode(schema, List.of(Arrays.stream(values).mapToObj(RecursiveUnionTest::number).toList()));
  }

  private static ColumnReference column(String name, int ordinal) {
    return new ColumnReference(name, ordinal, INT64);
  }

  /** reach(node): the start, then the targets of edges from the step before's nodes. */
  private static RecursiveUnionNode reach(long start, List<long[]> graph, boolean all, long maxSteps) {
    Schema schema = new Schema(List.of(Field.nullable("node", INT64)));
    WorkingTable table = new WorkingTable("reach", schema, 10);
    PlanNode join = new JoinNode(new TableScanNode(table, List.of("node"), null, -1), edges(graph), JoinType.INNER,
        List.of(0), List.of(0), null, false, null);
    PlanNode step = new ProjectNode(join, List.of(column("dst", 2)), List.of("node"), List.of(true));
    return new RecursiveUnionNode(row(schema, start), step, table, all, schema, maxSteps);
  }

  /** walk(node, hops): every walk of at most {@code depth} edges from {@code start}, one row per walk. */
  private static RecursiveUnionNode walks(long start, List<long[]> graph, long depth) {
    Schema schema = new Schema(List.of(Field.nullable("node", INT64), Field.nullable("hops", INT64)));
    WorkingTable table = new WorkingTable("walk", schema, 10);
    PlanNode shallow = new FilterNode(new TableScanNode(table, List.of("node", "hops"), null, -1),
        new Comparison(column("hops", 1), ComparisonOperator.LESS, number(depth)));
    PlanNode join = new JoinNode(shallow, edges(graph), JoinType.INNER, List.of(0), List.of(0), null, false, null);
    List<Expression> next = List.of(column("dst", 3), new Call(Functions.ADD, List.of(column("hops", 1), number(1)),
        INT64));
    PlanNode step = new ProjectNode(join, next, List.of("node", "hops"), List.of(true, true));
    return new RecursiveUnionNode(row(schema, start, 0), step, table, true, schema, 1_000);
  }

  private List<List<Long>> run(PlanNode plan, long limit, int batchRows) {
    List<List<Long>> rows = new ArrayList<>();
    try (QueryEngine engine = new QueryEngine(memory.allocator(), 2);
        QueryExecution execution = engine.execute(plan, QueryOptions.defaults().withThreads(2).withMemoryLimit(limit)
            .withSpillDirectory(spill).withBatchRows(batchRows))) {
      for (VectorSchemaRoot batch = execution.next(); batch != null; batch = execution.next()) {
        try (VectorSchemaRoot root = batch) {
          for (int row = 0; row < root.getRowCount(); row++) {
            List<Long> values = new ArrayList<>();
            for (int column = 0; column < root.getFieldVectors().size(); column++) {
              values.add((Long) root.getVector(column).getObject(row));
            }
            rows.add(values);
          }
        }
      }
    }
    return rows;
  }

  private static List<long[]> randomGraph(Random random, int nodes, int edges) {
    List<long[]> graph = new ArrayList<>();
    for (int i = 0; i < edges; i++) {
      graph.add(new long[] {random.nextInt(nodes), random.nextInt(nodes)});
    }
    return graph;
  }

  @Test
  void reachabilityAndWalksEqualABreadthFirstReference() {
    long seed = Long.getLong("recursive.seed", System.nanoTime());
    System.out.println("RecursiveUnionTest seed " + seed + " (replay: -Drecursive.seed=)");
    Random random = new Random(seed);
    for (int round = 0; round < 12; round++) {
      int nodes = 2 + random.nextInt(200);
      List<long[]> graph = randomGraph(random, nodes, random.nextInt(3 * nodes));
      int batchRows = 1 + random.nextInt(40);
      String what = "seed " + seed + " round " + round;
      // UNION: each reachable node once, the recursion ends on cycles
      Set<Long> expected = new HashSet<>();
      ArrayDeque<Long> queue = new ArrayDeque<>(List.of(0L));
      while (!queue.isEmpty()) {
        long node = queue.poll();
        if (expected.add(node)) {
          graph.stream().filter(edge -> edge[0] == node).forEach(edge -> queue.add(edge[1]));
        }
      }
      List<List<Long>> reached = run(reach(0, graph, false, 100_000), 1L << 30, batchRows);
      assertThat(reached.stream().map(row -> row.get(0)).toList()).as(what).doesNotHaveDuplicates()
          .containsExactlyInAnyOrderElementsOf(expected);
      // UNION ALL: one row per walk of at most `depth` edges
      int depth = 1 + random.nextInt(4);
      Map<List<Long>, Long> walks = new HashMap<>();
      Map<Long, Long> frontier = Map.of(0L, 1L);
      for (long hops = 0; hops <= depth; hops++) {
        Map<Long, Long> next = new HashMap<>();
        for (Map.Entry<Long, Long> at : frontier.entrySet()) {
          walks.merge(List.of(at.getKey(), hops), at.getValue(), Long::sum);
          for (long[] edge : graph) {
            if (edge[0] == at.getKey()) {
              next.merge(edge[1], at.getValue(), Long::sum);
            }
          }
        }
        frontier = next;
      }
      Map<List<Long>, Long> actual = new HashMap<>();
      for (List<Long> row : run(walks(0, graph, depth), 1L << 30, batchRows)) {
        actual.merge(row, 1L, Long::sum);
      }
      assertThat(actual).as(what + " walks of at most " + depth).isEqualTo(walks);
    }
  }

  @Test
  void aRecursionPastItsStepLimitFailsNamingIt() {
    // a cycle 0 -> 1 -> 0 with UNION ALL never ends
    RecursiveUnionNode endless = reach(0, List.of(new long[] {0, 1}, new long[] {1, 0}), true, 50);
    assertThatThrownBy(() -> run(endless, 1L << 30, 64)).isInstanceOfSatisfying(QuiverException.class, failure -> {
      assertThat(failure.errorCode()).isEqualTo(ErrorCode.USER);
      assertThat(failure.getMessage()).contains("recursive query reach did not end after 50 steps");
    });
    // the same graph with UNION ends after two nodes
    assertThat(run(reach(0, List.of(new long[] {0, 1}, new long[] {1, 0}), false, 50), 1L << 30, 64)).hasSize(2);
  }

  @Test
  void aRecursionPastTheMemoryLimitIsAResourceErrorNamingIt() {
    // every node has 4 edges to the next ones: UNION ALL walks grow fourfold per step
    List<long[]> graph = new ArrayList<>();
    for (long node = 0; node < 4; node++) {
      for (long target = 0; target < 4; target++) {
        graph.add(new long[] {node, target});
      }
    }
    assertThatThrownBy(() -> run(reach(0, graph, true, 100_000), 4L << 20, 1024))
        .isInstanceOfSatisfying(QuiverException.class, failure -> {
          assertThat(failure.errorCode()).isEqualTo(ErrorCode.RESOURCE);
          assertThat(failure.getMessage()).contains("reach");
        });
  }
}
