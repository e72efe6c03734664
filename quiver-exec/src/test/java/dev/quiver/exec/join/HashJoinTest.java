package dev.quiver.exec.join;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.exec.expression.CompiledPredicate;
import dev.quiver.exec.keys.KeyTestData;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.StreamOperator;
import dev.quiver.exec.plan.JoinNode;
import dev.quiver.exec.plan.JoinType;
import dev.quiver.exec.plan.ValuesNode;
import dev.quiver.expression.Constant;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingRandomData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class HashJoinTest {
  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  @TempDir
  Path spill;

  private static final ArrowType INT64 = new ArrowType.Int(64, true);

  static Schema side(String prefix, ArrowType keyType) {
    return new Schema(List.of(KeyTestData.field(prefix + "k1", keyType),
        KeyTestData.field(prefix + "k2", ArrowType.Utf8.INSTANCE), KeyTestData.field(prefix + "v", INT64)));
  }

  /** {@code left.v < right.v} over the pair schema (left columns 0-2, right 3-5), by hand. */
  static final class LessThan implements CompiledPredicate {
    @Override
    public int select(Batch input, int[] positions) {
      FieldVector left = input.vector(2);
      FieldVector right = input.vector(5);
      int chosen = 0;
      for (int i = 0; i < input.rowCount(); i++) {
        int row = input.hasSelection() ? input.selection()[i] : i;
        Object a = TestingRandomData.read(left, row);
        Object b = TestingRandomData.read(right, row);
        if (a != null && b != null && (Long) a < (Long) b) {
          positions[chosen++] = row;
        }
      }
      return chosen;
    }
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    int seed = 0;
    for (ArrowType type : KeyTestData.keyTypes()) {
      for (JoinType join : JoinType.values()) {
        cases.add(Arguments.of(type, join, seed % 2 == 0, 5000L + seed));
        seed++;
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} residual {2} seed {3}")
  @MethodSource("cases")
  void matchesNestedLoops(ArrowType keyType, JoinType type, boolean withResidual, long seed) throws Exception {
    System.out.println("seed " + seed);
    Random random = new Random(seed);
    Schema left = side("l_", keyType);
    Schema right = side("r_", keyType);
    List<Integer> keys = random.nextBoolean() ? List.of(0) : List.of(0, 1);
    int leftRows = random.nextInt(6) == 0 ? 0 : random.nextInt(600);
    int rightRows = random.nextInt(6) == 0 ? 0 : random.nextInt(600);
    List<Object[]> leftData = KeyTestData.rows(random, left, leftRows, new int[] {12, 4, 30});
    List<Object[]> rightData = KeyTestData.rows(random, right, rightRows, new int[] {12, 4, 30});
    JoinNode node = new JoinNode(new ValuesNode(left, List.of()), new ValuesNode(right, List.of()), type, keys, keys,
        withResidual ? new Constant(true) : null, false, "mark");
    List<String> expected = canonical(reference(type, keys, withResidual, leftData, rightData));
    List<String> actual = canonical(run(node, left, right, leftData, rightData, withResidual, random,
        1 + random.nextInt(3)));
    assertThat(actual).isEqualTo(expected);
  }

  private List<Object[]> run(JoinNode node, Schema left, Schema right, List<Object[]> leftData,
      List<Object[]> rightData, boolean withResidual, Random random, int threads) throws Exception {
    return run(node, left, right, leftData, rightData, random, threads, 1L << 30, null);
  }

  /** Copies a batch into the pool's allocator (so it counts against the limit), as a scan would make it. */
  private static Batch intoPool(Batch batch, ExecutionContext context, org.apache.arrow.memory.BufferAllocator root) {
    try (org.apache.arrow.vector.VectorSchemaRoot dense = batch.materialize(root)) {
      int count = dense.getRowCount();
      int[] all = new int[count];
      for (int i = 0; i < count; i++) {
        all[i] = i;
      }
      Batch.Builder builder = Batch.builder(count);
      for (FieldVector vector : dense.getFieldVectors()) {
        builder.add(vector.getField(), dev.quiver.common.batch.VectorGather.gather(vector, all, count,
            vector.getField(), context.allocator()));
      }
      return builder.build();
    }
  }

  private List<Object[]> run(JoinNode node, Schema left, Schema right, List<Object[]> leftData,
      List<Object[]> rightData, Random random, int threads, long limit, long[] spilledBytes) throws Exception {
    boolean copy = limit < 1L << 30;
    ExecutionContext context = KeyTestData.context(allocator.allocator(), limit, threads, 64 + random.nextInt(300),
        spill);
    List<Object[]> rows = Collections.synchronizedList(new ArrayList<>());
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (HashJoinBuildFactory build = new HashJoinBuildFactory(node, left, right)) {
      List<Batch> rightBatches = KeyTestData.batches(allocator.allocator(), random, right, rightData, Set.of(1));
      List<Batch> leftBatches = KeyTestData.batches(allocator.allocator(), random, left, leftData, Set.of(1));
      try {
        onThreads(pool, threads, t -> {
          try (Sink sink = build.create(context)) {
            for (int b = t; b < rightBatches.size(); b += threads) {
              // the build copies batches made outside the query's pool into it (ExecutionContext.retain)
              sink.consume(rightBatches.get(b));
            }
            build.combine(sink, context);
          }
        });
        build.finish(context);
        HashJoinProbeFactory probe = new HashJoinProbeFactory(node, build, schema -> {
          assertThat(schema.getFields()).hasSize(6);
          return new LessThan();
        });
        onThreads(pool, threads, t -> {
          try (StreamOperator operator = probe.create(context)) {
            for (int b = t; b < leftBatches.size(); b += threads) {
              operator.process(leftBatches.get(b),
                  batch -> rows.addAll(KeyTestData.read(batch, allocator.allocator())));
            }
            operator.finish(batch -> rows.addAll(KeyTestData.read(batch, allocator.allocator())));
          }
        });
        MorselSource unmatched = probe.unmatchedBuildRows();
        assertThat(unmatched != null).isEqualTo(node.type() == JoinType.RIGHT || node.type() == JoinType.FULL
            || node.type() == JoinType.RIGHT_SEMI || node.type() == JoinType.RIGHT_ANTI);
        if (unmatched != null) {
          Morsel morsel;
          while ((morsel = unmatched.next(context)) != null) {
            try (Morsel open = morsel) {
              Batch batch;
              while ((batch = open.next()) != null) {
                rows.addAll(KeyTestData.read(batch, allocator.allocator()));
              }
            }
          }
        }
        // rows in and out are counted by the pipeline driver (the executor's tests check them)
        if (spilledBytes != null) {
          spilledBytes[0] = build.metrics().spilledBytes.get() + probe.metrics().spilledBytes.get();
        }
      } finally {
        rightBatches.forEach(Batch::close);
        leftBatches.forEach(Batch::close);
      }
    } finally {
      pool.shutdown();
      context.memory().close();
    }
    return rows;
  }

  interface ThreadBody {
    void run(int thread) throws Exception;
  }

  private static void onThreads(ExecutorService pool, int threads, ThreadBody body) throws Exception {
    List<Future<?>> futures = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      futures.add(pool.submit(() -> {
        body.run(thread);
        return null;
      }));
    }
    // every thread ends before a failure is thrown, so the allocator is checked when nothing runs
    Exception first = null;
    for (Future<?> future : futures) {
      try {
        future.get();
      } catch (java.util.concurrent.ExecutionException e) {
        first = first == null ? (Exception) e.getCause() : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }

  /** The join by nested loops over boxed rows, as JoinType's Javadoc defines each type. */
  static List<Object[]> reference(JoinType type, List<Integer> keys, boolean withResidual, List<Object[]> left,
      List<Object[]> right) {
    List<Object[]> out = new ArrayList<>();
    boolean[] rightMatched = new boolean[right.size()];
    boolean rightHasNullKey = right.stream().anyMatch(row -> hasNullKey(row, keys));
    // the right rows of each non-null key (the same pairs as nested loops over all of them, faster)
    java.util.Map<List<Object>, List<Integer>> byKey = new java.util.HashMap<>();
    int[] keyColumns = keys.stream().mapToInt(Integer::intValue).toArray();
    for (int r = 0; r < right.size(); r++) {
      if (!hasNullKey(right.get(r), keys)) {
        byKey.computeIfAbsent(KeyTestData.keyOf(right.get(r), keyColumns), key -> new ArrayList<>()).add(r);
      }
    }
    for (Object[] l : left) {
      boolean matched = false;
      for (int r : byKey.getOrDefault(KeyTestData.keyOf(l, keyColumns), List.of())) {
        if (matches(l, right.get(r), keys, withResidual)) {
          matched = true;
          rightMatched[r] = true;
          if (type.outputsRight()) {
            out.add(concat(l, right.get(r)));
          }
        }
      }
      switch (type) {
        case LEFT, FULL -> {
          if (!matched) {
            out.add(concat(l, new Object[3]));
          }
        }
        case SEMI -> {
          if (matched) {
            out.add(l);
          }
        }
        case ANTI -> {
          if (!matched) {
            out.add(l);
          }
        }
        case NULL_AWARE_ANTI -> {
          if (right.isEmpty() || (!rightHasNullKey && !hasNullKey(l, keys) && !matched)) {
            out.add(l);
          }
        }
        case LEFT_MARK -> {
          Boolean mark = matched ? Boolean.TRUE
              : (hasNullKey(l, keys) && !right.isEmpty()) || rightHasNullKey ? null : Boolean.FALSE;
          out.add(concat(l, new Object[] {mark}));
        }
        default -> {}
      }
    }
    if (type == JoinType.RIGHT || type == JoinType.FULL) {
      for (int r = 0; r < right.size(); r++) {
        if (!rightMatched[r]) {
          out.add(concat(new Object[3], right.get(r)));
        }
      }
    }
    if (type == JoinType.RIGHT_SEMI || type == JoinType.RIGHT_ANTI) {
      for (int r = 0; r < right.size(); r++) {
        if (rightMatched[r] == (type == JoinType.RIGHT_SEMI)) {
          out.add(right.get(r));
        }
      }
    }
    return out;
  }

  private static boolean hasNullKey(Object[] row, List<Integer> keys) {
    return keys.stream().anyMatch(k -> row[k] == null);
  }

  private static boolean matches(Object[] l, Object[] r, List<Integer> keys, boolean withResidual) {
    for (int k : keys) {
      if (l[k] == null || r[k] == null || !Objects.equals(KeyTestData.key(l[k]), KeyTestData.key(r[k]))) {
        return false;
      }
    }
    return !withResidual || (l[2] != null && r[2] != null && (Long) l[2] < (Long) r[2]);
  }

  private static Object[] concat(Object[] a, Object[] b) {
    Object[] row = new Object[a.length + b.length];
    System.arraycopy(a, 0, row, 0, a.length);
    System.arraycopy(b, 0, row, a.length, b.length);
    return row;
  }

  static List<String> canonical(List<Object[]> rows) {
    List<String> result = new ArrayList<>();
    for (Object[] row : rows) {
      StringBuilder text = new StringBuilder();
      for (Object cell : row) {
        Object key = KeyTestData.key(cell);
        text.append(key instanceof KeyTestData.Key bytes ? java.util.HexFormat.of().formatHex(bytes.bytes())
            : key instanceof java.math.BigDecimal decimal ? decimal.toPlainString() : String.valueOf(key))
            .append(" | ");
      }
      result.add(text.toString());
    }
    result.sort(null);
    return result;
  }

  static Stream<Arguments> spillCases() {
    return Stream.of(JoinType.INNER, JoinType.FULL, JoinType.ANTI, JoinType.LEFT_MARK, JoinType.RIGHT_SEMI)
        .map(type -> Arguments.of(type, 7000L + type.ordinal()));
  }

  @ParameterizedTest(name = "{0} seed {1}")
  @MethodSource("spillCases")
  void spillsBothSidesUnderALimitTwentyTimesBelowTheDataAndGivesTheSameAnswer(JoinType type, long seed)
      throws Exception {
    System.out.println("seed " + seed);
    Random random = new Random(seed);
    Schema left = side("l_", ArrowType.Utf8.INSTANCE);
    Schema right = side("r_", ArrowType.Utf8.INSTANCE);
    List<Object[]> leftData = uniformRows(random, 25_000, 12_000);
    List<Object[]> rightData = uniformRows(random, 25_000, 12_000);
    boolean withResidual = random.nextBoolean();
    JoinNode node = new JoinNode(new ValuesNode(left, List.of()), new ValuesNode(right, List.of()), type,
        List.of(0, 1), List.of(0, 1), withResidual ? new Constant(true) : null, false, "mark");
    long data = 0;
    for (Schema schema : List.of(left, right)) {
      List<Batch> sized = KeyTestData.batches(allocator.allocator(), new Random(1), schema,
          schema == left ? leftData : rightData, Set.of());
      for (Batch batch : sized) {
        for (int column = 0; column < batch.columnCount(); column++) {
          data += batch.vector(column).getBufferSize();
        }
        batch.close();
      }
    }
    long[] spilled = new long[1];
    List<String> actual = canonical(run(node, left, right, leftData, rightData, random, 2, data / 20, spilled));
    System.out.println("data " + data + " bytes, limit " + data / 20 + ", spilled " + spilled[0]);
    assertThat(actual).isEqualTo(canonical(reference(type, List.of(0, 1), withResidual, leftData, rightData)));
    assertThat(spilled[0]).isPositive();
  }

  /** Rows with keys spread evenly over {@code keys} strings (no key too large for a partition), some NULL. */
  private static List<Object[]> uniformRows(Random random, int count, int keys) {
    List<Object[]> rows = new ArrayList<>();
    String[] second = {"a", "é", "😀", ""};
    for (int i = 0; i < count; i++) {
      rows.add(new Object[] {random.nextInt(50) == 0 ? null : "key" + random.nextInt(keys),
          random.nextInt(50) == 0 ? null : second[random.nextInt(second.length)],
          random.nextInt(10) == 0 ? null : (long) random.nextInt(100)});
    }
    return rows;
  }

  @Test
  void onePartitionThatCannotFitFailsWithResourceNamingTheOperator() {
    long seed = 7100;
    System.out.println("seed " + seed);
    Random random = new Random(seed);
    Schema left = side("l_", ArrowType.Utf8.INSTANCE);
    Schema right = side("r_", ArrowType.Utf8.INSTANCE);
    // one key holds every row: hash partitions cannot split it
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 30_000; i++) {
      rows.add(new Object[] {"same", "x", (long) i});
    }
    JoinNode node = new JoinNode(new ValuesNode(left, List.of()), new ValuesNode(right, List.of()), JoinType.INNER,
        List.of(0, 1), List.of(0, 1), null, false, null);
    assertThatThrownBy(() -> run(node, left, right, rows.subList(0, 10), rows, random, 1, 40_000, null))
        .isInstanceOfSatisfying(QuiverException.class, e -> {
          assertThat(e.errorCode()).as(e.getMessage()).isEqualTo(ErrorCode.RESOURCE);
          assertThat(e.getMessage()).contains("HashJoin");
        });
  }

  @Test
  void cancellationMidwayLeavesTheAllocatorEmpty() throws Exception {
    Random random = new Random(91);
    System.out.println("seed 91");
    Schema left = side("l_", INT64);
    Schema right = side("r_", INT64);
    JoinNode node = new JoinNode(new ValuesNode(left, List.of()), new ValuesNode(right, List.of()), JoinType.INNER,
        List.of(0), List.of(0), null, false, null);
    ExecutionContext context = KeyTestData.context(allocator.allocator(), 1L << 30, 1, 128, spill);
    List<Batch> rightBatches = KeyTestData.batches(allocator.allocator(), random, right,
        KeyTestData.rows(random, right, 500, new int[] {20, 4, 30}), Set.of(1));
    List<Batch> leftBatches = KeyTestData.batches(allocator.allocator(), random, left,
        KeyTestData.rows(random, left, 500, new int[] {20, 4, 30}), Set.of(1));
    try (HashJoinBuildFactory build = new HashJoinBuildFactory(node, left, right)) {
      try (Sink sink = build.create(context)) {
        rightBatches.forEach(sink::consume);
        build.combine(sink, context);
      }
      build.finish(context);
      HashJoinProbeFactory probe = new HashJoinProbeFactory(node, build, null);
      try (StreamOperator operator = probe.create(context)) {
        operator.process(leftBatches.get(0), Batch::close);
        context.cancel("test");
        assertThatThrownBy(() -> operator.process(leftBatches.get(1), Batch::close))
            .isInstanceOfSatisfying(QuiverException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.CANCELLED));
      }
    } finally {
      leftBatches.forEach(Batch::close);
      context.memory().close();
    }
  }
}
