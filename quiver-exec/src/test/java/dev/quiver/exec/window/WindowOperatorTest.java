package dev.quiver.exec.window;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.metrics.Metric;
import dev.quiver.exec.execution.QueryEngine;
import dev.quiver.exec.execution.QueryExecution;
import dev.quiver.exec.execution.QueryOptions;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.SortKey;
import dev.quiver.exec.plan.ValuesNode;
import dev.quiver.exec.plan.WindowCall;
import dev.quiver.exec.plan.WindowFrame;
import dev.quiver.exec.plan.WindowFrame.Bound;
import dev.quiver.exec.plan.WindowFunction;
import dev.quiver.exec.plan.WindowNode;
import dev.quiver.expression.Literal;
import dev.quiver.testing.TestingAllocator;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window operator through the engine against {@link WindowReference} on seeded random rows (seed
 * printed): NULL partition and order keys, ties, ASC/DESC and NULLS FIRST/LAST, every function, ROWS
 * and RANGE frames with random bounds and EXCLUDE, partitions spanning many small batches; and under a memory limit
 * far below the data, where the sort under the window spills and the answer stays the same. The
 * allocator must be empty after each test.
 */
class WindowOperatorTest {
  private static final ArrowType INT64 = new ArrowType.Int(64, true);
  private static final ArrowType DOUBLE = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
  private static final ArrowType TEXT = ArrowType.Utf8.INSTANCE;
  /** id (unique), p (partition), o (order, ties), v, f, s. */
  private static final Schema SCHEMA = new Schema(List.of(Field.nullable("id", INT64), Field.nullable("p", INT64),
      Field.nullable("o", INT64), Field.nullable("v", INT64), Field.nullable("f", DOUBLE),
      Field.nullable("s", TEXT)));

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path spill;

  private static List<Object[]> rows(Random random, int count, int partitions, int orderValues) {
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rows.add(new Object[] {(long) i, random.nextInt(10) == 0 ? null : (long) random.nextInt(partitions),
          random.nextInt(8) == 0 ? null : (long) random.nextInt(orderValues),
          random.nextInt(6) == 0 ? null : (long) random.nextInt(2_000) - 1_000,
          random.nextInt(6) == 0 ? null : random.nextInt(400) / 4.0,
          random.nextInt(7) == 0 ? null : "s" + random.nextInt(50)});
    }
    return rows;
  }

  private static ValuesNode values(List<Object[]> rows) {
    List<List<Literal>> data = new ArrayList<>();
    for (Object[] row : rows) {
      List<Literal> literals = new ArrayList<>();
      for (int column = 0; column < row.length; column++) {
        literals.add(new Literal(row[column], SCHEMA.getFields().get(column).getType()));
      }
      data.add(literals);
    }
    return new ValuesNode(SCHEMA, data);
  }

  private static Bound randomBound(Random random, boolean lower) {
    return switch (random.nextInt(5)) {
      case 0 -> lower ? Bound.UNBOUNDED_PRECEDING : Bound.UNBOUNDED_FOLLOWING;
      case 1 -> Bound.preceding(BigDecimal.valueOf(random.nextInt(4)));
      case 2 -> Bound.CURRENT_ROW;
      case 3 -> Bound.following(BigDecimal.valueOf(random.nextInt(4)));
      default -> lower ? Bound.UNBOUNDED_PRECEDING : Bound.CURRENT_ROW;
    };
  }

  /** No EXCLUDE half of the time, else one of the three. */
  private static WindowFrame.Exclude randomExclude(Random random) {
    WindowFrame.Exclude[] all = WindowFrame.Exclude.values();
    return random.nextBoolean() ? WindowFrame.Exclude.NO_OTHERS : all[1 + random.nextInt(all.length - 1)];
  }

  private static WindowCall call(WindowFunction function, List<Integer> arguments, long offset, WindowFrame frame,
      ArrowType type) {
    return new WindowCall(function, arguments, offset, false, frame, type, true,
        function.name().toLowerCase(java.util.Locale.ROOT) + "_" + arguments + "_" + offset + "_" + frame);
  }

  /** Aggregates over one frame: count(*), count(v), sum(v), avg(v), min(v), max(v), sum(f), min(s), max(f). */
  private static List<WindowCall> aggregates(WindowFrame frame) {
    return List.of(call(WindowFunction.COUNT, List.of(), 0, frame, INT64),
        call(WindowFunction.COUNT, List.of(3), 0, frame, INT64), call(WindowFunction.SUM, List.of(3), 0, frame, INT64),
        call(WindowFunction.AVG, List.of(3), 0, frame, DOUBLE), call(WindowFunction.MIN, List.of(3), 0, frame, INT64),
        call(WindowFunction.MAX, List.of(3), 0, frame, INT64), call(WindowFunction.SUM, List.of(4), 0, frame, DOUBLE),
        call(WindowFunction.MIN, List.of(5), 0, frame, TEXT), call(WindowFunction.MAX, List.of(4), 0, frame, DOUBLE));
  }

  /** A random window: ties (order by o only: tie-proof functions, RANGE frames) or a total order (o, id). */
  private static WindowNode randomWindow(Random random, PlanNode input) {
    List<Integer> partition = random.nextInt(4) == 0 ? List.of() : List.of(1);
    SortKey o = new SortKey(2, random.nextBoolean(), random.nextBoolean());
    List<WindowCall> calls = new ArrayList<>();
    List<SortKey> order;
    if (random.nextBoolean()) {
      order = random.nextInt(5) == 0 ? List.of() : List.of(o);
      for (WindowFunction function : List.of(WindowFunction.RANK, WindowFunction.DENSE_RANK,
          WindowFunction.PERCENT_RANK, WindowFunction.CUME_DIST)) {
        calls.add(call(function, List.of(), 0, WindowFrame.PARTITION,
            function == WindowFunction.RANK || function == WindowFunction.DENSE_RANK ? INT64 : DOUBLE));
      }
      for (int i = 0; i < 2; i++) {
        Bound lower = randomBound(random, true);
        Bound upper = randomBound(random, false);
        // RANGE or GROUPS: both see peers; GROUPS offsets need no ORDER BY (all rows are then one group)
        WindowFrame.Unit unit = random.nextBoolean() ? WindowFrame.Unit.RANGE : WindowFrame.Unit.GROUPS;
        if (unit == WindowFrame.Unit.RANGE && order.isEmpty() && (lower.offset() != null || upper.offset() != null)) {
          lower = Bound.UNBOUNDED_PRECEDING;
          upper = Bound.CURRENT_ROW;
        }
        calls.addAll(aggregates(new WindowFrame(unit, lower, upper, randomExclude(random))));
      }
    } else {
      order = List.of(o, new SortKey(0, random.nextBoolean(), false));
      calls.add(call(WindowFunction.ROW_NUMBER, List.of(), 0, WindowFrame.PARTITION, INT64));
      calls.add(call(WindowFunction.NTILE, List.of(), 1 + random.nextInt(7), WindowFrame.PARTITION, INT64));
      calls.add(call(WindowFunction.LAG, List.of(3), random.nextInt(3), WindowFrame.PARTITION, INT64));
      calls.add(call(WindowFunction.LEAD, List.of(5), 1 + random.nextInt(3), WindowFrame.PARTITION, TEXT));
      calls.add(call(WindowFunction.LAG, List.of(3, 0), 1 + random.nextInt(3), WindowFrame.PARTITION, INT64));
      for (int i = 0; i < 2; i++) {
        WindowFrame.Unit[] units = WindowFrame.Unit.values();
        WindowFrame frame = new WindowFrame(units[random.nextInt(units.length)], randomBound(random, true),
            randomBound(random, false), randomExclude(random));
        if (frame.unit() == WindowFrame.Unit.RANGE && (frame.lower().offset() != null
            || frame.upper().offset() != null)) {
          frame = new WindowFrame(WindowFrame.Unit.ROWS, frame.lower(), frame.upper(), frame.exclude());
        }
        calls.addAll(aggregates(frame));
        calls.add(call(WindowFunction.FIRST_VALUE, List.of(3), 0, frame, INT64));
        calls.add(call(WindowFunction.LAST_VALUE, List.of(5), 0, frame, TEXT));
        calls.add(call(WindowFunction.NTH_VALUE, List.of(4), 1 + random.nextInt(3), frame, DOUBLE));
      }
    }
    return new WindowNode(input, partition, order, calls);
  }

  private Map<Long, List<Object>> run(WindowNode window, int threads, long limit, int batchRows,
      List<Long> spills) throws Exception {
    Map<Long, List<Object>> answers = new HashMap<>();
    try (QueryEngine engine = new QueryEngine(memory.allocator(), threads);
        QueryExecution execution = engine.execute(window, QueryOptions.defaults().withThreads(threads)
            .withMemoryLimit(limit).withSpillDirectory(spill).withBatchRows(batchRows))) {
      int inputColumns = SCHEMA.getFields().size();
      for (VectorSchemaRoot batch = execution.next(); batch != null; batch = execution.next()) {
        try (VectorSchemaRoot root = batch) {
          for (int row = 0; row < root.getRowCount(); row++) {
            List<Object> values = new ArrayList<>();
            for (int column = inputColumns; column < root.getFieldVectors().size(); column++) {
              Object value = root.getFieldVectors().get(column).getObject(row);
              values.add(value instanceof Text text ? text.toString() : value);
            }
            FieldVector id = root.getVector(0);
            assertThat(answers.put((Long) id.getObject(row), values)).as("a row output twice").isNull();
          }
        }
      }
      long spilled = 0;
      for (Metric metric : execution.metrics().metrics()) {
        if (metric.name().endsWith(".spills")) {
          spilled += metric.value();
        }
      }
      spills.add(spilled);
    }
    return answers;
  }

  private static void compare(String what, Map<Long, List<Object>> actual, Map<Long, List<Object>> expected,
      List<WindowCall> calls) {
    assertThat(actual.keySet()).as(what + ": rows").isEqualTo(expected.keySet());
    for (Map.Entry<Long, List<Object>> entry : expected.entrySet()) {
      List<Object> mine = actual.get(entry.getKey());
      for (int i = 0; i < calls.size(); i++) {
        Object want = entry.getValue().get(i);
        Object got = mine.get(i);
        String where = what + ", row id " + entry.getKey() + ", " + calls.get(i);
        if (want instanceof Double number && got instanceof Double value) {
          assertThat(value).as(where).isCloseTo(number, org.assertj.core.data.Offset.offset(
              1e-9 * Math.max(1, Math.abs(number))));
        } else {
          assertThat(got).as(where).isEqualTo(want);
        }
      }
    }
  }

  @Test
  void randomWindowsEqualTheReference() throws Exception {
    long seed = Long.getLong("window.seed", System.nanoTime());
    System.out.println("WindowOperatorTest.randomWindowsEqualTheReference seed " + seed + " (replay: -Dwindow.seed=)");
    Random random = new Random(seed);
    for (int round = 0; round < 24; round++) {
      List<Object[]> rows = rows(random, 200 + random.nextInt(900), 1 + random.nextInt(12), 1 + random.nextInt(40));
      WindowNode window = randomWindow(random, values(rows));
      Map<Long, List<Object>> expected = WindowReference.evaluate(rows, window.partitionKeys(), window.orderKeys(),
          window.calls());
      int batchRows = 1 + random.nextInt(300);
      Map<Long, List<Object>> actual = run(window, 1 + random.nextInt(2), 1L << 30, batchRows, new ArrayList<>());
      compare("seed " + seed + " round " + round + " batch rows " + batchRows + " " + window.label(), actual,
          expected, window.calls());
    }
  }

  @Test
  void theSortUnderTheWindowSpillsUnderATinyLimitAndTheAnswerStays() throws Exception {
    long seed = 20_261_206L;
    System.out.println("WindowOperatorTest.spill seed " + seed);
    Random random = new Random(seed);
    List<Object[]> rows = rows(random, 60_000, 40, 5_000);
    PlanNode input = values(rows);
    WindowFrame sliding = new WindowFrame(WindowFrame.Unit.ROWS, Bound.preceding(BigDecimal.valueOf(3)),
        Bound.following(BigDecimal.ONE));
    List<WindowCall> calls = List.of(call(WindowFunction.ROW_NUMBER, List.of(), 0, WindowFrame.PARTITION, INT64),
        call(WindowFunction.SUM, List.of(3), 0, sliding, INT64), call(WindowFunction.MAX, List.of(5), 0, sliding,
            TEXT),
        call(WindowFunction.LAG, List.of(4), 2, WindowFrame.PARTITION, DOUBLE));
    WindowNode window = new WindowNode(input, List.of(1), List.of(new SortKey(2, false, true), new SortKey(0, true,
        false)), calls);
    Map<Long, List<Object>> expected = WindowReference.evaluate(rows, window.partitionKeys(), window.orderKeys(),
        calls);
    List<Long> spills = new ArrayList<>();
    Map<Long, List<Object>> roomy = run(window, 2, 1L << 30, 1024, spills);
    compare("seed " + seed + " without a limit", roomy, expected, calls);
    assertThat(spills.get(0)).as("spills without a limit").isZero();
    Map<Long, List<Object>> tight = run(window, 2, 3L << 20, 1024, spills);
    compare("seed " + seed + " under 3 MiB", tight, expected, calls);
    assertThat(spills.get(1)).as("spilled runs under 3 MiB").isGreaterThan(1);
  }

  /** One partition (OVER ()) larger than the limit: a RESOURCE error naming the window, every byte freed. */
  @Test
  void aPartitionLargerThanTheLimitIsAResourceErrorNamingTheWindow() {
    List<Object[]> rows = rows(new Random(7), 60_000, 1, 1_000);
    WindowNode window = new WindowNode(values(rows), List.of(), List.of(),
        List.of(call(WindowFunction.COUNT, List.of(), 0, WindowFrame.PARTITION, INT64)));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> run(window, 2, 3L << 20, 1024, new ArrayList<>()))
        .isInstanceOfSatisfying(dev.quiver.common.QuiverException.class, failure -> {
          assertThat(failure.errorCode()).isEqualTo(dev.quiver.common.ErrorCode.RESOURCE);
          assertThat(failure.getMessage()).contains("Window");
        });
  }
}
