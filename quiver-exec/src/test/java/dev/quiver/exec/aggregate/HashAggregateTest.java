package dev.quiver.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.exec.keys.KeyKind;
import dev.quiver.exec.keys.KeyTestData;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.plan.AggregateCall;
import dev.quiver.exec.plan.AggregateFunction;
import dev.quiver.exec.plan.AggregateNode;
import dev.quiver.exec.plan.KeyRange;
import dev.quiver.testing.TestingAllocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class HashAggregateTest {
  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  @TempDir
  Path spill;

  private static final ArrowType INT64 = new ArrowType.Int(64, true);
  private static final ArrowType DOUBLE = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);

  static Schema schema(ArrowType keyType) {
    return new Schema(List.of(KeyTestData.field("k_int", new ArrowType.Int(32, true)),
        KeyTestData.field("k_str", ArrowType.Utf8.INSTANCE), KeyTestData.field("k_any", keyType),
        KeyTestData.field("v_int", new ArrowType.Int(32, true)),
        KeyTestData.field("v_dec", new ArrowType.Decimal(12, 2, 128)), KeyTestData.field("v_dbl", DOUBLE),
        KeyTestData.field("v_str", ArrowType.Utf8.INSTANCE), KeyTestData.field("flag", ArrowType.Bool.INSTANCE),
        KeyTestData.field("v_date", new ArrowType.Date(DateUnit.DAY))));
  }

  static AggregateCall call(AggregateFunction function, int argument, boolean distinct, int filter, ArrowType type) {
    return new AggregateCall(function, argument < 0 ? List.of() : List.of(argument), distinct, filter, type, true,
        "c" + function + argument + distinct + filter);
  }

  static List<AggregateCall> calls(Schema schema) {
    ArrowType keyType = schema.getFields().get(2).getType();
    return List.of(call(AggregateFunction.COUNT, -1, false, -1, INT64),
        call(AggregateFunction.COUNT, 6, false, -1, INT64), call(AggregateFunction.COUNT, 6, true, -1, INT64),
        call(AggregateFunction.SUM, 3, false, -1, INT64),
        call(AggregateFunction.SUM, 4, false, -1, new ArrowType.Decimal(38, 2, 128)),
        call(AggregateFunction.AVG, 4, false, -1, new ArrowType.Decimal(38, 6, 128)),
        call(AggregateFunction.AVG, 3, false, -1, DOUBLE), call(AggregateFunction.SUM, 5, false, -1, DOUBLE),
        call(AggregateFunction.AVG, 5, false, -1, DOUBLE),
        call(AggregateFunction.MIN, 6, false, -1, ArrowType.Utf8.INSTANCE),
        call(AggregateFunction.MAX, 6, false, -1, ArrowType.Utf8.INSTANCE),
        call(AggregateFunction.MIN, 4, false, -1, new ArrowType.Decimal(12, 2, 128)),
        call(AggregateFunction.MAX, 5, false, -1, DOUBLE),
        call(AggregateFunction.MIN, 8, false, -1, new ArrowType.Date(DateUnit.DAY)),
        call(AggregateFunction.MAX, 2, false, -1, keyType), call(AggregateFunction.MIN, 2, false, -1, keyType),
        call(AggregateFunction.SUM, 3, false, 7, INT64), call(AggregateFunction.COUNT, 3, true, 7, INT64),
        call(AggregateFunction.SUM, 4, true, -1, new ArrowType.Decimal(38, 2, 128)),
        call(AggregateFunction.AVG, 3, true, 7, new ArrowType.Decimal(38, 3, 128)),
        call(AggregateFunction.ANY_VALUE, 0, false, -1, new ArrowType.Int(32, true)));
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    // {1, 2}: both keys dictionary-encoded in some batches (grouped by their combined codes)
    List<List<Integer>> keySets = List.of(List.of(0, 2), List.of(2), List.of(1), List.of(), List.of(2, 1, 0),
        List.of(1, 2));
    int seed = 0;
    for (ArrowType type : KeyTestData.keyTypes()) {
      for (List<Integer> keys : keySets) {
        cases.add(Arguments.of(type, keys, 1000L + seed++));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} keys {1} seed {2}")
  @MethodSource("cases")
  void matchesTheReference(ArrowType keyType, List<Integer> keys, long seed) throws Exception {
    System.out.println("seed " + seed);
    Random random = new Random(seed);
    Schema schema = schema(keyType);
    // any_value(k_int) is only deterministic when k_int is a key
    List<AggregateCall> calls = new ArrayList<>(calls(schema));
    if (!keys.contains(0)) {
      calls.remove(calls.size() - 1);
    }
    AggregateNode node = AggregateTestSupport.node(schema, keys, calls);
    int rows = random.nextInt(4) == 0 ? random.nextInt(3) : 500 + random.nextInt(1500);
    List<Object[]> data = KeyTestData.rows(random, schema, rows, new int[] {20, 15, 6, 40, 40, 30, 30, 3, 20});
    int threads = 1 + random.nextInt(3);
    // half the cases give integer keys ranges as statistics would (direct-indexed groups), narrower than the
    // data so that values outside them take the hash table
    Random rangeRandom = new Random(seed + 1);
    List<KeyRange> ranges = narrowRanges(schema, keys, data, rangeRandom);
    if (!ranges.isEmpty() && rangeRandom.nextBoolean()) {
      node = new AggregateNode(node.input(), node.groupKeys(), node.calls(), ranges);
    }
    assertSameAnswer(node, schema, data, threads, 1L << 30, random, 64 + random.nextInt(500));
  }

  /**
   * COUNT(DISTINCT) without keys over values that are mostly unique, dictionary-encoded in about half the
   * batches (some over a selection): each slice's dictionary codes are deduplicated before their values are
   * hashed, which must still count every value once, NULL never.
   */
  @Test
  void countDistinctWithoutKeysOverDictionaryCodesCountsEveryValueOnce() throws Exception {
    for (long seed = 50; seed < 56; seed++) {
      System.out.println("seed " + seed);
      Random random = new Random(seed);
      Schema schema = schema(INT64);
      List<AggregateCall> calls = List.of(call(AggregateFunction.COUNT, 6, true, -1, INT64),
          call(AggregateFunction.COUNT, 6, true, 7, INT64), call(AggregateFunction.COUNT, 6, false, -1, INT64),
          call(AggregateFunction.MAX, 6, true, -1, ArrowType.Utf8.INSTANCE));
      AggregateNode node = AggregateTestSupport.node(schema, List.of(), calls);
      List<Object[]> data = KeyTestData.rows(random, schema, 3000, new int[] {20, 15, 6, 40, 40, 30, 2500, 3, 20});
      assertSameAnswer(node, schema, data, 1 + random.nextInt(2), 1L << 30, random, 64 + random.nextInt(500));
    }
  }

  /**
   * Per key a range around one of its values, a few values wide, or nothing when a key is not an
   * integer or a date (or the data has no rows).
   */
  static List<KeyRange> narrowRanges(Schema schema, List<Integer> keys, List<Object[]> data, Random random) {
    if (keys.isEmpty() || data.isEmpty()) {
      return List.of();
    }
    List<KeyRange> ranges = new ArrayList<>();
    for (int key : keys) {
      KeyKind kind = KeyKind.of(schema.getFields().get(key).getType());
      if (kind != KeyKind.INT8 && kind != KeyKind.INT16 && kind != KeyKind.INT32 && kind != KeyKind.INT64) {
        return List.of();
      }
      Object value = data.get(random.nextInt(data.size()))[key];
      long center;
      if (value instanceof Number number) {
        center = number.longValue();
      } else if (value instanceof java.time.LocalDate date) {
        center = date.toEpochDay();
      } else if (value == null) {
        center = 0;
      } else {
        return List.of();
      }
      long low = center - random.nextInt(4);
      long high = center + random.nextInt(6);
      ranges.add(new KeyRange(Math.min(low, center), Math.max(high, center)));
    }
    return ranges;
  }

  @Test
  void directIndexedGroupsSpillUnderALimitAndGiveTheSameAnswer() throws Exception {
    long seed = 78;
    System.out.println("seed " + seed);
    Random random = new Random(seed);
    Schema schema = schema(new ArrowType.Int(32, true));
    // the second key's range leaves out a sixth of its values: those rows take the hash table
    List<KeyRange> ranges = List.of(new KeyRange(-450, 449), new KeyRange(0, 99));
    AggregateNode node = new AggregateNode(new dev.quiver.exec.plan.ValuesNode(schema, List.of()), List.of(0, 2),
        calls(schema), ranges);
    // few groups: most rows find theirs in the direct index
    List<Object[]> few = keyedRows(random, schema, 30_000, 40, 12);
    long direct = assertSameAnswer(node, schema, few, 2, 1L << 30, new Random(seed), 1024);
    assertThat(direct).as("rows whose group the direct index found").isGreaterThan(few.size() / 4);
    // many groups, under a limit twenty times below the data: spilled tables restart the index empty (its
    // ranges small enough for the limit, which would refuse an index of the ranges above)
    List<Object[]> many = keyedRows(random, schema, 30_000, 900, 120);
    AggregateNode narrow = new AggregateNode(node.input(), node.groupKeys(), node.calls(),
        List.of(new KeyRange(-50, 49), new KeyRange(0, 19)));
    long peak = peakWithoutLimit(narrow, schema, many);
    System.out.println("peak without a limit " + peak + " bytes; limit " + peak / 20);
    assertThat(assertSameAnswer(narrow, schema, many, 3, peak / 20, new Random(seed), 1024)).isPositive();
  }

  /**
   * Dictionary-encoded keys with few values in large batches: each batch's rows are put in runs of one group
   * ({@code GroupRuns}) and the sums and counts add a run at a time, the other calls (FILTER, DISTINCT, MIN,
   * MAX, strings, doubles) row by row as before: the same answer as the reference with the runs on and off.
   */
  @Test
  void fewGroupsOfDictionaryKeysAddRowsInRunsWithTheSameAnswer() throws Exception {
    long seed = Long.getLong("quiver.test.seed", System.nanoTime());
    System.out.println("HashAggregateTest.fewGroupsOfDictionaryKeys seed " + seed);
    Schema schema = schema(new ArrowType.Int(32, true));
    List<AggregateCall> calls = new ArrayList<>(calls(schema));
    calls.remove(calls.size() - 1); // any_value(k_int) is only deterministic when k_int is a key
    AggregateNode node = AggregateTestSupport.node(schema, List.of(2), calls);
    // k_any of 2 values (and NULL): at most 3 groups a batch, so a batch of 192 rows or more (of up to 300,
    // dictionary-encoded in about half) is put in runs
    List<Object[]> data = KeyTestData.rows(new Random(seed), schema, 20_000, new int[] {20, 3, 2, 40, 40, 30, 30, 3,
        20});
    String previous = System.getProperty(GroupBuilder.RUNS);
    try {
      for (boolean runs : new boolean[] {true, false}) {
        System.setProperty(GroupBuilder.RUNS, Boolean.toString(runs));
        long runRows = assertSameAnswer(node, schema, data, 1 + (int) (seed & 1), 1L << 30, new Random(seed), 1024,
            "runs.rows");
        if (runs) {
          assertThat(runRows).as("rows added in runs, seed " + seed).isPositive();
        } else {
          assertThat(runRows).as("rows added in runs with the runs off").isZero();
        }
      }
    } finally {
      if (previous == null) {
        System.clearProperty(GroupBuilder.RUNS);
      } else {
        System.setProperty(GroupBuilder.RUNS, previous);
      }
    }
  }

  /**
   * One integer key wholly inside its range, the same keys in every thread's rows: each thread appends its new keys
   * without a probe, and the threads' tables merge through the direct index (the keys of the second table found in
   * its slots or appended and remembered, so a third table finds them): the same answer as the reference.
   */
  @Test
  void threadsTablesOfOneKeyInItsRangeMergeThroughTheDirectIndex() throws Exception {
    long seed = Long.getLong("quiver.test.seed", System.nanoTime());
    System.out.println("HashAggregateTest.threadsTablesOfOneKey seed " + seed);
    Random random = new Random(seed);
    Schema schema = schema(new ArrowType.Int(32, true));
    // 20,000 keys over 30,000 rows: each thread's table holds keys the others do not, and some they do
    List<Object[]> data = keyedRows(random, schema, 30_000, 20_000, 12);
    AggregateNode node = new AggregateNode(new dev.quiver.exec.plan.ValuesNode(schema, List.of()), List.of(0),
        calls(schema).subList(0, calls(schema).size() - 1), List.of(new KeyRange(-10_000, 9_999)));
    for (int threads = 2; threads <= 3; threads++) {
      long direct = assertSameAnswer(node, schema, data, threads, 1L << 30, new Random(seed + threads), 1024);
      assertThat(direct).as("rows whose group the direct index found, seed " + seed).isPositive();
    }
  }

  @Test
  void clusteredKeysGoToTheHashTableOnceAKeyAndSpillTheSame() throws Exception {
    long seed = 91;
    System.out.println("seed " + seed);
    Random random = new Random(seed);
    Schema schema = schema(new ArrowType.Int(32, true));
    // TPC-H lineitem's shape: each key's rows one after another (1 to 7 of them), so the rows of a new key
    // arrive in one batch; NULL keys and keys outside the range among them
    List<Object[]> data = KeyTestData.rows(random, schema, 30_000, new int[] {400, 15, 300, 40, 40, 30, 30, 3, 20});
    long key = -3_000;
    int left = 0;
    long distinct = 0;
    for (Object[] row : data) {
      if (left == 0) {
        key += 1 + random.nextInt(3);
        left = 1 + random.nextInt(7);
        distinct++;
      }
      left--;
      row[0] = key % 97 == 0 ? null : key;
      row[2] = (long) random.nextInt(2);
    }
    // at most two groups a key: at least the rows beyond those go through the index alone
    assertThat(data.size() - 2 * distinct).isGreaterThan(data.size() / 4);
    AggregateNode node = new AggregateNode(new dev.quiver.exec.plan.ValuesNode(schema, List.of()), List.of(0, 2),
        calls(schema), List.of(new KeyRange(-3_000, 20_000), new KeyRange(0, 1)));
    long direct = assertSameAnswer(node, schema, data, 1, 1L << 30, new Random(seed), 1024);
    // the test batches bring the second key dictionary-encoded about half the time, which the index does not
    // read: a third of the rows beyond the groups' first is the floor (before followers: 169 rows)
    assertThat(direct).as("rows whose group the direct index found").isGreaterThan((data.size() - 2 * distinct) / 3);
    long peak = peakWithoutLimit(node, schema, data);
    assertSameAnswer(node, schema, data, 2, peak / 10, new Random(seed), 1024);
  }

  /** Random rows whose keys k_int and k_any are integers from -first/2 and from 0, a tenth NULL. */
  private static List<Object[]> keyedRows(Random random, Schema schema, int count, int first, int second) {
    List<Object[]> data = KeyTestData.rows(random, schema, count, new int[] {400, 15, 300, 40, 40, 30, 30, 3, 20});
    for (Object[] row : data) {
      row[0] = random.nextInt(10) == 0 ? null : (long) (random.nextInt(first) - first / 2);
      row[2] = random.nextInt(10) == 0 ? null : (long) random.nextInt(second);
    }
    return data;
  }

  /**
   * A string key grouped through its dictionary codes under a limit that makes the table spill between a slice's
   * lookup in the code index and its insert: the slice's rows are then found again in the new table, every key
   * encoded, with room made for all their bytes (not only the misses' the first reservation counted; an
   * ArrayIndexOutOfBoundsException in KeyRows.append before).
   */
  @Test
  void aStringKeySpilledBetweenItsCodeLookupAndItsInsertIsFoundAgainWithRoomForEveryKey() throws Exception {
    for (long seed = 7002; seed <= 7010; seed += 4) {
      System.out.println("HashAggregateTest.aStringKeySpilled seed " + seed);
      Random random = new Random(seed);
      random.nextInt();
      Schema schema = schema(ArrowType.Utf8.INSTANCE);
      List<AggregateCall> calls = new ArrayList<>();
      for (AggregateCall call : calls(schema)) {
        if (!call.distinct() && call.function() != AggregateFunction.ANY_VALUE) {
          calls.add(call);
        }
      }
      AggregateNode node = AggregateTestSupport.node(schema, List.of(1), calls);
      List<Object[]> data = KeyTestData.rows(random, schema, 3_000 + random.nextInt(3_000),
          new int[] {400, 300, 200, 40, 40, 30, 30, 3, 20});
      assertSameAnswer(node, schema, data, 2 + random.nextInt(2), 96 * 1024, random, 64 + random.nextInt(200));
    }
  }

  /** Runs the aggregate and compares it with the reference; the rows whose group a direct index found. */
  private long assertSameAnswer(AggregateNode node, Schema schema, List<Object[]> data, int threads, long limit,
      Random random, int batchRows) throws Exception {
    return assertSameAnswer(node, schema, data, threads, limit, random, batchRows, "direct.rows");
  }

  /** Runs the aggregate against the reference and returns the metric {@code counted}. */
  private long assertSameAnswer(AggregateNode node, Schema schema, List<Object[]> data, int threads, long limit,
      Random random, int batchRows, String counted) throws Exception {
    List<Object[]> expected = AggregateTestSupport.reference(node, data);
    ExecutionContext context = KeyTestData.context(allocator.allocator(), limit, threads, batchRows, spill);
    List<Object[]> actual;
    long directRows;
    try (HashAggregateFactory factory = new HashAggregateFactory(node, schema)) {
      List<Batch> batches = KeyTestData.batches(allocator.allocator(), random, schema, data, Set.of(1, 2, 6));
      actual = AggregateTestSupport.run(factory, batches, threads, context, allocator.allocator());
      if (limit < 1L << 30) {
        assertThat(factory.metrics().spilledBytes.get()).as("spilled bytes").isPositive();
        assertThat(factory.metrics().peakMemory()).isPositive();
      }
      if (node.keyRanges().isEmpty()) {
        assertThat(factory.metrics().snapshot().get("direct.rows")).as("rows found by a direct index without key "
            + "ranges").isZero();
      }
      directRows = factory.metrics().snapshot().get(counted);
    } finally {
      context.memory().close();
    }
    assertThat(AggregateTestSupport.canonical(actual)).isEqualTo(AggregateTestSupport.canonical(expected));
    if (node.groupKeys().isEmpty()) {
      assertThat(actual).hasSize(1);
    }
    return directRows;
  }

  @Test
  void anAverageBesideTheSumOfItsArgumentReadsTheSumsStateAndKeepsNoneOfItsOwn() {
    Schema schema = schema(ArrowType.Utf8.INSTANCE);
    List<AggregateCall> calls = calls(schema);
    AggregateSpec spec = AggregateSpec.of(AggregateTestSupport.node(schema, List.of(0), calls), schema);
    try (var pool = new dev.quiver.exec.memory.MemoryPool(allocator.allocator(), "test", 1L << 20)) {
      GroupTable table = new GroupTable(spec, pool.reservation("aggregate"));
      // AVG(v_dec) and AVG(v_int) have their SUMs beside them (calls 4 and 3); AVG(v_dbl) is a double sum, and
      // the DISTINCT AVG(v_int) FILTER(flag) keeps its own state
      assertThat(table.accumulators[5]).isInstanceOf(SharedAverageAccumulator.class);
      assertThat(table.accumulators[6]).isInstanceOf(SharedAverageAccumulator.class);
      assertThat(table.accumulators[8]).isInstanceOf(DoubleSumAccumulator.class);
      assertThat(table.accumulators[19]).isNotInstanceOf(SharedAverageAccumulator.class);
      assertThat(table.accumulators[5].bytesPerGroup()).isZero();
    }
  }

  @Test
  void spillsUnderALimitTwentyTimesBelowTheDataAndGivesTheSameAnswer() throws Exception {
    long seed = 77;
    System.out.println("seed " + seed);
    Random random = new Random(seed);
    Schema schema = schema(ArrowType.Utf8.INSTANCE);
    AggregateNode node = AggregateTestSupport.node(schema, List.of(0, 2), calls(schema));
    List<Object[]> data = KeyTestData.rows(random, schema, 30_000, new int[] {400, 15, 300, 40, 40, 30, 30, 3, 20});
    long peak = peakWithoutLimit(node, schema, data);
    System.out.println("peak without a limit " + peak + " bytes; limit " + peak / 20);
    assertSameAnswer(node, schema, data, 3, peak / 20, new Random(seed), 1024);
  }

  private long peakWithoutLimit(AggregateNode node, Schema schema, List<Object[]> data) throws Exception {
    ExecutionContext context = KeyTestData.context(allocator.allocator(), 1L << 30, 1, 1024, spill);
    try (HashAggregateFactory factory = new HashAggregateFactory(node, schema)) {
      List<Batch> batches = KeyTestData.batches(allocator.allocator(), new Random(1), schema, data, Set.of());
      AggregateTestSupport.run(factory, batches, 1, context, allocator.allocator());
      return context.memory().peak();
    } finally {
      context.memory().close();
    }
  }

  @Test
  void oneGroupThatCannotFitFailsWithResourceNamingTheOperator() {
    long seed = 78;
    System.out.println("seed " + seed);
    Random random = new Random(seed);
    Schema schema = new Schema(List.of(KeyTestData.field("v", INT64)));
    AggregateNode node = AggregateTestSupport.node(schema, List.of(),
        List.of(call(AggregateFunction.COUNT, 0, true, -1, INT64)));
    List<Object[]> data = new ArrayList<>();
    for (long i = 0; i < 60_000; i++) {
      data.add(new Object[] {i * 7919});
    }
    assertThatThrownBy(() -> assertSameAnswer(node, schema, data, 2, 200_000, random, 1024))
        .isInstanceOfSatisfying(QuiverException.class, e -> {
          assertThat(e.errorCode()).as(e.getMessage()).isEqualTo(ErrorCode.RESOURCE);
          assertThat(e.getMessage()).contains("HashAggregate");
        });
  }

  @Test
  void singleValueFailsOnASecondRowOfAGroup() throws Exception {
    Schema schema = new Schema(List.of(KeyTestData.field("k", INT64), KeyTestData.field("v", INT64)));
    AggregateNode node = AggregateTestSupport.node(schema, List.of(0),
        List.of(call(AggregateFunction.SINGLE_VALUE, 1, false, -1, INT64)));
    List<Object[]> unique = List.of(new Object[] {1L, 10L}, new Object[] {2L, null}, new Object[] {3L, 30L});
    assertThat(runSimple(node, schema, unique)).hasSize(3);
    List<Object[]> twice = List.of(new Object[] {1L, 10L}, new Object[] {2L, null}, new Object[] {2L, 30L});
    assertThatThrownBy(() -> runSimple(node, schema, twice)).isInstanceOfSatisfying(QuiverException.class,
        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.USER));
  }

  @Test
  void decimalSumOverflowingItsTypeIsAUserError() {
    Schema schema = new Schema(List.of(KeyTestData.field("v", new ArrowType.Decimal(12, 2, 128))));
    AggregateNode node = AggregateTestSupport.node(schema, List.of(),
        List.of(call(AggregateFunction.SUM, 0, false, -1, new ArrowType.Decimal(13, 2, 128))));
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      rows.add(new Object[] {new java.math.BigDecimal("9999999999.99")});
    }
    assertThatThrownBy(() -> runSimple(node, schema, rows)).isInstanceOfSatisfying(QuiverException.class,
        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.USER));
  }

  @Test
  void sumsWhoseRunningTotalsPassSixtyFourBitsAreExact() throws Exception {
    sumsPastSixtyFourBits(List.of(0));
  }

  @Test
  void sumsWithoutKeysWhoseRunningTotalsPassSixtyFourBitsAreExact() throws Exception {
    // no keys: every row is in the one group, summed in a register pair per slice
    sumsPastSixtyFourBits(List.of());
  }

  private void sumsPastSixtyFourBits(List<Integer> keys) throws Exception {
    long seed = Long.getLong("quiver.test.seed", System.nanoTime());
    System.out.println("HashAggregateTest.sumsPastSixtyFourBits seed " + seed);
    Random random = new Random(seed);
    ArrowType wide = new ArrowType.Decimal(38, 0, 128);
    Schema schema = new Schema(List.of(KeyTestData.field("k", new ArrowType.Int(32, true)),
        KeyTestData.field("v", INT64), KeyTestData.field("w", wide)));
    AggregateNode node = AggregateTestSupport.node(schema, keys,
        List.of(call(AggregateFunction.SUM, 2, false, -1, wide), call(AggregateFunction.AVG, 2, false, -1, wide),
            call(AggregateFunction.SUM, 1, false, -1, wide), call(AggregateFunction.AVG, 1, false, -1, wide)));
    long[] extremes = {Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, 1, -1, 0};
    java.math.BigDecimal twoToThe64 = new java.math.BigDecimal(java.math.BigInteger.ONE.shiftLeft(64));
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 4000; i++) {
      long value = random.nextInt(3) == 0 ? random.nextLong() : extremes[random.nextInt(extremes.length)];
      java.math.BigDecimal wideValue = random.nextInt(10) == 0 ? twoToThe64.add(java.math.BigDecimal.valueOf(i))
          .negate() : java.math.BigDecimal.valueOf(value);
      rows.add(new Object[] {(long) random.nextInt(4), random.nextInt(15) == 0 ? null : value,
          random.nextInt(15) == 0 ? null : wideValue});
    }
    List<Object[]> expected = AggregateTestSupport.reference(node, rows);
    for (int threads = 1; threads <= 3; threads += 2) {
      ExecutionContext context = KeyTestData.context(allocator.allocator(), 1L << 30, threads, 256, spill);
      try (HashAggregateFactory factory = new HashAggregateFactory(node, schema)) {
        List<Batch> batches = KeyTestData.batches(allocator.allocator(), random, schema, rows, Set.of());
        List<Object[]> actual = AggregateTestSupport.run(factory, batches, threads, context, allocator.allocator());
        assertThat(AggregateTestSupport.canonical(actual)).as("seed " + seed + ", " + threads + " threads")
            .isEqualTo(AggregateTestSupport.canonical(expected));
      } finally {
        context.memory().close();
      }
    }
  }

  @Test
  void emptyInputWithoutKeysGivesOneRow() throws Exception {
    Schema schema = schema(INT64);
    AggregateNode node = AggregateTestSupport.node(schema, List.of(), calls(schema).subList(0, 10));
    List<Object[]> result = runSimple(node, schema, List.of());
    assertThat(result).hasSize(1);
    assertThat(result.get(0)[0]).isEqualTo(0L);
    assertThat(result.get(0)[3]).isNull();
  }

  @Test
  void cancellationMidwayLeavesTheAllocatorEmpty() {
    Random random = new Random(79);
    Schema schema = schema(INT64);
    AggregateNode node = AggregateTestSupport.node(schema, List.of(0, 1), calls(schema));
    List<Object[]> data = KeyTestData.rows(random, schema, 3000, new int[] {400, 15, 300, 40, 40, 30, 30, 3, 20});
    ExecutionContext context = KeyTestData.context(allocator.allocator(), 300_000, 1, 512, spill);
    List<Batch> batches = KeyTestData.batches(allocator.allocator(), random, schema, data, Set.of(1));
    try (HashAggregateFactory factory = new HashAggregateFactory(node, schema); Sink sink = factory.create(context)) {
      int half = batches.size() / 2;
      for (int b = 0; b < half; b++) {
        sink.consume(batches.get(b));
      }
      context.cancel("test");
      assertThatThrownBy(() -> sink.consume(batches.get(half))).isInstanceOfSatisfying(QuiverException.class,
          e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.CANCELLED));
      for (int b = half + 1; b < batches.size(); b++) {
        batches.get(b).close();
      }
    } finally {
      context.memory().close();
    }
    assertThat(context.memory().used()).isZero();
  }

  private List<Object[]> runSimple(AggregateNode node, Schema schema, List<Object[]> rows) throws Exception {
    ExecutionContext context = KeyTestData.context(allocator.allocator(), 1L << 30, 1, 1024, spill);
    try (HashAggregateFactory factory = new HashAggregateFactory(node, schema)) {
      List<Batch> batches = KeyTestData.batches(allocator.allocator(), new Random(5), schema, rows, Set.of());
      return AggregateTestSupport.run(factory, batches, 1, context, allocator.allocator());
    } finally {
      context.memory().close();
    }
  }
}
