package dev.quiver.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.keys.KeyTestData;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.plan.AggregateCall;
import dev.quiver.exec.plan.AggregateFunction;
import dev.quiver.exec.plan.AggregateNode;
import dev.quiver.testing.TestingAllocator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The statistics aggregates' states merge as a single pass computes them: rows split at random into partial
 * states (as per-thread tables and spilled partitions hold them), merged in a random order directly and through
 * a spill's writeState/readState, give the single pass's answers to 1e-9 (wider as the data's condition grows:
 * values near 1e9 spread by 1 keep only their top digits in a double); the single pass on values near 1e9
 * with a spread near 1 agrees with an exact two-pass reference where the naive formula does not; and the whole
 * hash aggregate, on three threads under a memory limit that makes it spill, agrees with one thread unlimited.
 * Seeded ({@code -Dquiver.moments.seed}); the seed is printed.
 */
class MomentsAccumulatorTest {
  private static final ArrowType DOUBLE = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
  private static final ArrowType INT64 = new ArrowType.Int(64, true);
  private static final List<AggregateFunction> FUNCTIONS = List.of(AggregateFunction.VAR_SAMP,
      AggregateFunction.VAR_POP, AggregateFunction.STDDEV_SAMP, AggregateFunction.STDDEV_POP,
      AggregateFunction.COVAR_SAMP, AggregateFunction.COVAR_POP, AggregateFunction.CORR, AggregateFunction.REGR_SLOPE,
      AggregateFunction.REGR_INTERCEPT, AggregateFunction.REGR_COUNT, AggregateFunction.REGR_R2,
      AggregateFunction.REGR_AVGX, AggregateFunction.REGR_AVGY, AggregateFunction.REGR_SXX, AggregateFunction.REGR_SYY,
      AggregateFunction.REGR_SXY);

  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  @TempDir
  Path spill;

  private final long seed = Long.getLong("quiver.moments.seed", 20_261_206L);

  @Test
  void partialStatesMergedGiveTheSinglePassAnswer() throws Exception {
    System.out.println("MomentsAccumulatorTest seed " + seed + " (-Dquiver.moments.seed=" + seed + ")");
    Random random = new Random(seed);
    for (int round = 0; round < 20; round++) {
      int rows = 1 + random.nextInt(round < 5 ? 8 : 3000);
      double offset = random.nextBoolean() ? 1e9 : random.nextGaussian() * 100;
      double spread = random.nextBoolean() ? 1 : 1e-3 + random.nextDouble() * 50;
      try (Float8Vector ys = new Float8Vector("y", allocator.allocator());
          Float8Vector xs = new Float8Vector("x", allocator.allocator())) {
        fill(random, ys, xs, rows, offset, spread);
        int parts = 1 + random.nextInt(Math.min(rows, 7));
        for (AggregateFunction function : FUNCTIONS) {
          String where = "seed " + seed + " round " + round + " " + function + " over " + rows + " rows in " + parts
              + " parts";
          Double single = singlePass(function, ys, xs, rows);
          Double merged = merged(function, ys, xs, rows, parts, new Random(seed + round), false);
          Double spilled = merged(function, ys, xs, rows, parts, new Random(seed + round), true);
          // merging rounds differently from a single pass; how far that moves an answer grows with the
          // data's condition (values near 1e9 spread by 1: the digits below 1e-7 of each value are gone)
          double condition = 1 + Math.abs(offset) / spread;
          double scale = scale(function, singlePass(AggregateFunction.REGR_AVGY, ys, xs, rows));
          assertClose(where + " (merged)", merged, single, condition, scale);
          assertClose(where + " (spilled and read back)", spilled, single, condition, scale);
        }
      }
    }
  }

  @Test
  void largeValuesWithASmallSpreadKeepTheirDigits() {
    System.out.println("MomentsAccumulatorTest seed " + seed + " (-Dquiver.moments.seed=" + seed + ")");
    Random random = new Random(seed);
    int rows = 10_000;
    try (Float8Vector ys = new Float8Vector("y", allocator.allocator());
        Float8Vector xs = new Float8Vector("x", allocator.allocator())) {
      fill(random, ys, xs, rows, 1e9, 1);
      BigDecimal sum = BigDecimal.ZERO;
      double naiveSum = 0;
      double naiveSquares = 0;
      int known = 0;
      for (int i = 0; i < rows; i++) {
        if (xs.isNull(i)) {
          continue;
        }
        double x = xs.get(i);
        sum = sum.add(new BigDecimal(x));
        naiveSum += x;
        naiveSquares += x * x;
        known++;
      }
      BigDecimal mean = sum.divide(BigDecimal.valueOf(known), MathContext.DECIMAL128);
      BigDecimal squares = BigDecimal.ZERO;
      for (int i = 0; i < rows; i++) {
        if (!xs.isNull(i)) {
          BigDecimal deviation = new BigDecimal(xs.get(i)).subtract(mean);
          squares = squares.add(deviation.multiply(deviation));
        }
      }
      double exact = squares.divide(BigDecimal.valueOf(known - 1), MathContext.DECIMAL128).doubleValue();
      double naive = (naiveSquares - naiveSum * naiveSum / known) / (known - 1);
      double ours = singlePass(AggregateFunction.VAR_SAMP, xs, xs, rows);
      assertThat(Math.abs(naive - exact) / exact).as("the naive formula's relative error (the data is hard)")
          .isGreaterThan(1e-2);
      assertThat(Math.abs(ours - exact) / exact).as("var_samp's relative error, seed " + seed).isLessThan(1e-6);
    }
  }

  @Test
  void theHashAggregateOnThreadsUnderALimitThatSpillsAgreesWithOneThread() throws Exception {
    System.out.println("MomentsAccumulatorTest seed " + seed + " (-Dquiver.moments.seed=" + seed + ")");
    Random random = new Random(seed);
    Schema schema = new Schema(List.of(KeyTestData.field("g", INT64), KeyTestData.field("y", DOUBLE),
        KeyTestData.field("x", DOUBLE), KeyTestData.field("d", new ArrowType.Decimal(18, 3, 128))));
    List<Object[]> data = new ArrayList<>();
    for (int i = 0; i < 40_000; i++) {
      double x = 1000 + random.nextGaussian() * 10;
      double y = random.nextInt(20) == 0 ? Double.NaN : 3 * x + 50 + random.nextGaussian() * 5;
      data.add(new Object[] {(long) random.nextInt(3000), random.nextInt(15) == 0 ? null : (Double.isNaN(y) ? 7.5 : y),
          random.nextInt(15) == 0 ? null : x, BigDecimal.valueOf(random.nextInt(2_000_000) - 1_000_000, 3)});
    }
    List<AggregateCall> calls = new ArrayList<>();
    for (AggregateFunction function : FUNCTIONS) {
      boolean binary = function.binary();
      calls.add(new AggregateCall(function, binary ? List.of(1, 2) : List.of(2), false, -1,
          function == AggregateFunction.REGR_COUNT ? INT64 : DOUBLE, true, "c" + calls.size()));
    }
    calls.add(new AggregateCall(AggregateFunction.VAR_SAMP, List.of(3), false, -1, DOUBLE, true, "d_var"));
    calls.add(new AggregateCall(AggregateFunction.CORR, List.of(3, 2), false, -1, DOUBLE, true, "d_corr"));
    AggregateNode node = AggregateTestSupport.node(schema, List.of(0), calls);
    List<Object[]> single = run(node, schema, data, 1, 1L << 30, false);
    List<Object[]> parallel = run(node, schema, data, 3, 400_000, true);
    assertThat(parallel).hasSameSizeAs(single);
    Comparator<Object[]> byKey = Comparator.comparingLong(row -> (Long) row[0]);
    single.sort(byKey);
    parallel.sort(byKey);
    for (int r = 0; r < single.size(); r++) {
      for (int c = 1; c < single.get(r).length; c++) {
        Object expected = single.get(r)[c];
        Object actual = parallel.get(r)[c];
        String where = "seed " + seed + " group " + single.get(r)[0] + " " + calls.get(c - 1);
        if (expected instanceof Long) {
          assertThat(actual).as(where).isEqualTo(expected);
        } else {
          Double averageY = (Double) single.get(r)[1 + FUNCTIONS.indexOf(AggregateFunction.REGR_AVGY)];
          assertClose(where, (Double) actual, (Double) expected, 1, scale(calls.get(c - 1).function(), averageY));
        }
      }
    }
  }

  private List<Object[]> run(AggregateNode node, Schema schema, List<Object[]> data, int threads, long limit,
      boolean mustSpill) throws Exception {
    ExecutionContext context = KeyTestData.context(allocator.allocator(), limit, threads, 1024, spill);
    try (HashAggregateFactory factory = new HashAggregateFactory(node, schema)) {
      List<Batch> batches = KeyTestData.batches(allocator.allocator(), new Random(seed), schema, data, Set.of());
      List<Object[]> rows = AggregateTestSupport.run(factory, batches, threads, context, allocator.allocator());
      if (mustSpill) {
        assertThat(factory.metrics().spilledBytes.get()).as("spilled bytes").isPositive();
      }
      return new ArrayList<>(rows);
    } finally {
      context.memory().close();
    }
  }

  /**
   * Rows of y and x: x near {@code offset} with a spread near {@code spread}, y a noisy line of x whose intercept
   * is a quarter of the offset (not near 0, where it would be the difference of two large numbers); some NULL.
   */
  private static void fill(Random random, Float8Vector ys, Float8Vector xs, int rows, double offset, double spread) {
    ys.allocateNew(rows);
    xs.allocateNew(rows);
    for (int i = 0; i < rows; i++) {
      double x = offset + random.nextGaussian() * spread;
      if (random.nextInt(12) == 0) {
        xs.setNull(i);
      } else {
        xs.set(i, x);
      }
      if (random.nextInt(12) == 0) {
        ys.setNull(i);
      } else {
        ys.set(i, random.nextInt(30) == 0 ? offset : 0.5 * x + 0.25 * offset + random.nextGaussian() * spread);
      }
    }
    ys.setValueCount(rows);
    xs.setValueCount(rows);
  }

  private static MomentsAccumulator accumulator(AggregateFunction function) {
    Field y = new Field("y", org.apache.arrow.vector.types.pojo.FieldType.nullable(DOUBLE), null);
    AggregateCall call = new AggregateCall(function, function.binary() ? List.of(0, 1) : List.of(0), false, -1,
        DOUBLE, true, "c");
    return new MomentsAccumulator(function, DoubleArgument.of(call, y),
        function.binary() ? DoubleArgument.of(call, y) : null);
  }

  /** Feeds rows {@code rows[0, count)} into group {@code group}: a one-argument function reads x. */
  private static void feed(MomentsAccumulator accumulator, AggregateFunction function, Float8Vector ys,
      Float8Vector xs, int[] rows, int count, int group) {
    int[] groups = new int[count];
    java.util.Arrays.fill(groups, group);
    if (function.binary()) {
      accumulator.second(xs, rows);
      accumulator.update(groups, ys, rows, count);
    } else {
      accumulator.update(groups, xs, rows, count);
    }
  }

  private Double singlePass(AggregateFunction function, Float8Vector ys, Float8Vector xs, int rows) {
    MomentsAccumulator accumulator = accumulator(function);
    accumulator.ensureGroups(1);
    int[] all = new int[rows];
    for (int i = 0; i < rows; i++) {
      all[i] = i;
    }
    feed(accumulator, function, ys, xs, all, rows, 0);
    return result(accumulator, function);
  }

  /** The rows dealt at random into {@code parts} groups of one accumulator, merged in a random order into one. */
  private Double merged(AggregateFunction function, Float8Vector ys, Float8Vector xs, int rows, int parts,
      Random random, boolean throughSpill) throws Exception {
    MomentsAccumulator partial = accumulator(function);
    partial.ensureGroups(parts);
    List<List<Integer>> dealt = new ArrayList<>();
    for (int p = 0; p < parts; p++) {
      dealt.add(new ArrayList<>());
    }
    for (int i = 0; i < rows; i++) {
      dealt.get(random.nextInt(parts)).add(i);
    }
    for (int p = 0; p < parts; p++) {
      int[] chosen = dealt.get(p).stream().mapToInt(Integer::intValue).toArray();
      feed(partial, function, ys, xs, chosen, chosen.length, p);
    }
    MomentsAccumulator total = accumulator(function);
    total.ensureGroups(1);
    List<Integer> order = new ArrayList<>();
    for (int p = 0; p < parts; p++) {
      order.add(p);
    }
    java.util.Collections.shuffle(order, random);
    for (int p : order) {
      if (throughSpill) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
          partial.writeState(out, new int[] {p}, 1);
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
          total.readState(in, new int[] {0}, 1);
        }
      } else {
        total.merge(partial, p, 1, new int[] {0});
      }
    }
    return result(total, function);
  }

  private Double result(MomentsAccumulator accumulator, AggregateFunction function) {
    if (function == AggregateFunction.REGR_COUNT) {
      try (BigIntVector out = new BigIntVector("out", allocator.allocator())) {
        accumulator.write(out, new int[] {0}, 1);
        return out.isNull(0) ? null : (double) out.get(0);
      }
    }
    try (FieldVector out = new Float8Vector("out", allocator.allocator())) {
      accumulator.write(out, new int[] {0}, 1);
      return out.isNull(0) ? null : ((Float8Vector) out).get(0);
    }
  }

  /**
   * The size an answer's error is relative to: regr_intercept is avg(y) - slope * avg(x), the difference of
   * numbers near avg(y), so its rounding is relative to that; every other answer's to itself (0).
   */
  private static double scale(AggregateFunction function, Double averageY) {
    return function == AggregateFunction.REGR_INTERCEPT && averageY != null ? Math.abs(averageY) : 0;
  }

  /**
   * Equal within a relative 1e-9 of the larger of the answer and {@code scale}, widened by 1e-13 times the data's
   * condition; NULL and NaN exactly.
   */
  private static void assertClose(String where, Double actual, Double expected, double condition, double scale) {
    if (expected == null || actual == null || expected.isNaN() || actual.isNaN()) {
      assertThat(actual).as(where).isEqualTo(expected);
      return;
    }
    double tolerance = (1e-9 + 1e-13 * condition) * Math.max(1e-300, Math.max(scale, Math.abs(expected)));
    assertThat(Math.abs(actual - expected)).as(where + ": " + actual + " against " + expected)
        .isLessThanOrEqualTo(tolerance);
  }
}
