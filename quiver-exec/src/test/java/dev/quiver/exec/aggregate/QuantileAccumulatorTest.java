package dev.quiver.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.keys.KeyTestData;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.plan.AggregateCall;
import dev.quiver.exec.plan.AggregateFunction;
import dev.quiver.exec.plan.AggregateNode;
import dev.quiver.testing.TestingAllocator;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * median, quantile_cont, quantile_disc, mode and string_agg (sorted, DISTINCT) through the hash aggregate on three threads under a memory limit
 * that makes it spill (per-thread tables merged, spilled values read back), against a reference that sorts each
 * group's values in Java and applies DuckDB's rank rules (and joins them); mode's answer must be a value of the highest count.
 * Seeded ({@code -Dquiver.quantile.seed}); the seed is printed.
 */
class QuantileAccumulatorTest {
  private static final ArrowType DOUBLE = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
  private static final ArrowType INT64 = new ArrowType.Int(64, true);
  private static final ArrowType FRACTION = new ArrowType.Decimal(3, 2, 128);

  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  @TempDir
  Path spill;

  private final long seed = Long.getLong("quiver.quantile.seed", 20_261_206L);

  @Test
  void spilledAndMergedGroupsGiveTheReferenceQuantiles() throws Exception {
    System.out.println("QuantileAccumulatorTest seed " + seed + " (-Dquiver.quantile.seed=" + seed + ")");
    Random random = new Random(seed);
    Schema schema = new Schema(List.of(KeyTestData.field("g", INT64), KeyTestData.field("x", DOUBLE),
        KeyTestData.field("i", INT64), KeyTestData.field("s", ArrowType.Utf8.INSTANCE),
        KeyTestData.field("q", FRACTION), KeyTestData.field("sep", ArrowType.Utf8.INSTANCE)));
    BigDecimal q = BigDecimal.valueOf(30 + random.nextInt(60), 2);
    List<Object[]> data = new ArrayList<>();
    for (int r = 0; r < 30_000; r++) {
      data.add(new Object[] {(long) random.nextInt(400), random.nextInt(20) == 0 ? null : random.nextGaussian() * 100,
          random.nextInt(20) == 0 ? null : (long) random.nextInt(1000) - 500,
          random.nextInt(20) == 0 ? null : "v" + random.nextInt(12), q, "; "});
    }
    List<AggregateCall> calls = List.of(
        new AggregateCall(AggregateFunction.MEDIAN, List.of(1), false, -1, DOUBLE, true, "median_x"),
        new AggregateCall(AggregateFunction.QUANTILE_CONT, List.of(1, 4), false, -1, DOUBLE, true, "cont_x"),
        new AggregateCall(AggregateFunction.QUANTILE_DISC, List.of(2, 4), false, -1, INT64, true, "disc_i"),
        new AggregateCall(AggregateFunction.QUANTILE_CONT, List.of(2, 4), false, -1, DOUBLE, true, "cont_i"),
        new AggregateCall(AggregateFunction.MODE, List.of(3), false, -1, ArrowType.Utf8.INSTANCE, true, "mode_s"),
        new AggregateCall(AggregateFunction.QUANTILE_DISC, List.of(3, 4), false, -1, ArrowType.Utf8.INSTANCE, true,
            "disc_s"),
        new AggregateCall(AggregateFunction.STRING_AGG_DESC, List.of(3, 5), false, -1, ArrowType.Utf8.INSTANCE, true,
            "agg_s"),
        new AggregateCall(AggregateFunction.STRING_AGG_ASC, List.of(3, 5), true, -1, ArrowType.Utf8.INSTANCE, true,
            "agg_distinct_s"));
    AggregateNode node = AggregateTestSupport.node(schema, List.of(0), calls);
    List<Object[]> rows;
    ExecutionContext context = KeyTestData.context(allocator.allocator(), 1_500_000, 3, 1024, spill);
    try (HashAggregateFactory factory = new HashAggregateFactory(node, schema)) {
      List<Batch> batches = KeyTestData.batches(allocator.allocator(), new Random(seed), schema, data, Set.of());
      rows = AggregateTestSupport.run(factory, batches, 3, context, allocator.allocator());
      assertThat(factory.metrics().spilledBytes.get()).as("spilled bytes").isPositive();
    } finally {
      context.memory().close();
    }
    Map<Long, List<Object[]>> groups = new HashMap<>();
    for (Object[] row : data) {
      groups.computeIfAbsent((Long) row[0], key -> new ArrayList<>()).add(row);
    }
    assertThat(rows).hasSize(groups.size());
    for (Object[] row : rows) {
      List<Object[]> group = groups.get((Long) row[0]);
      String where = "seed " + seed + " q " + q + " group " + row[0];
      double[] xs = group.stream().filter(r -> r[1] != null).mapToDouble(r -> (Double) r[1]).sorted().toArray();
      long[] is = group.stream().filter(r -> r[2] != null).mapToLong(r -> (Long) r[2]).sorted().toArray();
      String[] ss = group.stream().filter(r -> r[3] != null).map(r -> (String) r[3]).sorted().toArray(String[]::new);
      assertThat(row[1]).as(where + " median").isEqualTo(continuous(xs, 0.5));
      assertThat(row[2]).as(where + " quantile_cont(x)").isEqualTo(continuous(xs, q.doubleValue()));
      assertThat(row[3]).as(where + " quantile_disc(i)").isEqualTo(is.length == 0 ? null : is[discrete(is.length, q)]);
      double[] asDoubles = Arrays.stream(is).asDoubleStream().toArray();
      assertThat(row[4]).as(where + " quantile_cont(i)").isEqualTo(continuous(asDoubles, q.doubleValue()));
      Map<String, Integer> counts = new HashMap<>();
      for (String s : ss) {
        counts.merge(s, 1, Integer::sum);
      }
      int most = counts.values().stream().mapToInt(Integer::intValue).max().orElse(0);
      assertThat(row[5] == null ? 0 : counts.get(String.valueOf(row[5]))).as(where + " mode's count").isEqualTo(most);
      assertThat(row[6] == null ? null : String.valueOf(row[6])).as(where + " quantile_disc(s)")
          .isEqualTo(ss.length == 0 ? null : ss[discrete(ss.length, q)]);
      List<String> descending = new ArrayList<>(Arrays.asList(ss));
      java.util.Collections.reverse(descending);
      assertThat(row[7] == null ? null : String.valueOf(row[7])).as(where + " string_agg ORDER BY s DESC")
          .isEqualTo(ss.length == 0 ? null : String.join("; ", descending));
      assertThat(row[8] == null ? null : String.valueOf(row[8])).as(where + " string_agg(DISTINCT) ORDER BY s")
          .isEqualTo(ss.length == 0 ? null : String.join("; ", new java.util.TreeSet<>(Arrays.asList(ss))));
    }
  }

  /** DuckDB's continuous quantile of sorted doubles: lo·(1 - d) + hi·d between ranks floor and ceil of (n - 1)·q. */
  private static Double continuous(double[] sorted, double q) {
    if (sorted.length == 0) {
      return null;
    }
    double position = (sorted.length - 1) * q;
    int below = (int) Math.floor(position);
    int above = (int) Math.ceil(position);
    double d = position - below;
    return below == above ? sorted[below] : sorted[below] * (1 - d) + sorted[above] * d;
  }

  /** DuckDB's discrete index for a decimal fraction: max(1, n - floor(n - n·q)) - 1. */
  private static int discrete(int n, BigDecimal q) {
    BigDecimal size = BigDecimal.valueOf(n);
    long floored = size.subtract(size.multiply(q)).setScale(0, java.math.RoundingMode.FLOOR).longValueExact();
    return (int) (Math.max(1, n - floored) - 1);
  }
}
