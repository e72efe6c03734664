package dev.quiver.scan.prune;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.expression.Expression;
import dev.quiver.expression.RandomExpressions;
import dev.quiver.expression.TestColumns;
import dev.quiver.expression.filter.FilterEvaluatorRandomTest;
import dev.quiver.expression.filter.Truth;
import dev.quiver.format.stats.StatisticKind;
import dev.quiver.format.stats.StatisticsAccumulator;
import dev.quiver.testing.TestingAllocator;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Soundness of zone pruning: random zones (statistics computed by the format's own accumulator) and
 * random expressions; FALSE must mean no row passes the reference, TRUE that every row does.
 */
class ZonePrunerRandomTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private static final int ZONES = 700;
  private static final int EXPRESSIONS_PER_ZONE = 25;

  @Test
  void prunedTruthAgreesWithEveryRow() {
    long seed = Long.getLong("quiver.seed", System.nanoTime());
    System.out.println("ZonePrunerRandomTest seed " + seed);
    Random random = new Random(seed);
    Map<Truth, Integer> outcomes = new EnumMap<>(Truth.class);
    for (int zone = 0; zone < ZONES; zone++) {
      checkZone(random, seed, outcomes);
    }
    // the pruner is not merely sound by saying UNKNOWN: it proves things often
    assertThat(outcomes.getOrDefault(Truth.FALSE, 0)).as("seed " + seed)
        .isGreaterThan(ZONES * EXPRESSIONS_PER_ZONE / 20);
    assertThat(outcomes.getOrDefault(Truth.TRUE, 0)).as("seed " + seed)
        .isGreaterThan(ZONES * EXPRESSIONS_PER_ZONE / 50);
  }

  private void checkZone(Random random, long seed, Map<Truth, Integer> outcomes) {
    int rows = 1 + random.nextInt(10);
    Map<String, List<Object>> cells = new LinkedHashMap<>();
    Map<String, ZoneStatistics> statistics = new HashMap<>();
    Map<String, FieldVector> vectors = new HashMap<>();
    try {
      for (Field field : TestColumns.SCHEMA.getFields()) {
        List<Object> column = zoneCells(random, field, rows);
        FieldVector vector = TestColumns.vector(memory.allocator(), field.getName(), column);
        vectors.put(field.getName(), vector);
        cells.put(field.getName(), column);
        StatisticsAccumulator accumulator = new StatisticsAccumulator(StatisticKind.of(field.getType()));
        accumulator.add(vector, 0, rows);
        // now and then a column's statistics are unknown
        statistics.put(field.getName(), random.nextInt(15) == 0 ? null : accumulator.result());
      }
      RandomExpressions expressions = new RandomExpressions(random, cells);
      for (int e = 0; e < EXPRESSIONS_PER_ZONE; e++) {
        Expression expression = expressions.next(random.nextInt(3));
        Truth truth = ZonePruner.evaluate(expression, statistics::get);
        outcomes.merge(truth, 1, Integer::sum);
        int passing = FilterEvaluatorRandomTest.reference(expression, vectors, 0, rows).length;
        boolean sound = truth == Truth.UNKNOWN || passing == (truth == Truth.TRUE ? rows : 0);
        if (!sound) {
          throw new AssertionError("seed " + seed + ": " + truth + " for " + expression + " but " + passing + " of "
              + rows + " rows pass, over " + cells + " with " + statistics);
        }
      }
    } finally {
      vectors.values().forEach(FieldVector::close);
    }
  }

  /** Zone cells in one of four shapes: all null, one repeated value (with or without nulls), or random. */
  private static List<Object> zoneCells(Random random, Field field, int rows) {
    int shape = random.nextInt(5);
    Object repeated = TestColumns.randomCell(random, field.getType());
    List<Object> column = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      Object cell = switch (shape) {
        case 0 -> null;
        case 1 -> repeated;
        case 2 -> random.nextInt(3) == 0 ? null : repeated;
        default -> TestColumns.randomCell(random, field.getType());
      };
      column.add(cell);
    }
    return column;
  }
}
