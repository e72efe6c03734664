package dev.quiver.expression.filter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.expression.Expression;
import dev.quiver.expression.Expressions;
import dev.quiver.expression.RandomExpressions;
import dev.quiver.expression.TestColumns;
import dev.quiver.testing.TestingAllocator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link FilterEvaluator#rawIntervals}: random ANDs of random conditions (and NOTs of them) on the
 * integer-like columns, evaluated as raw intervals on the vectors' raw keys row by row, select exactly
 * the rows the reference evaluator finds TRUE; filters that reach floats, strings, wide decimals, IS
 * NULL or an OR give null. Seeded ({@code -Dquiver.seed}).
 */
class RawIntervalsTest {
  private static final List<String> INTEGER_LIKE = List.of("i8", "i16", "i32", "i64", "day", "ts_us", "ts_ns",
      "ts_s_zone", "ts_ms_utc", "price");

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void intervalsSelectWhatTheReferenceSelects() {
    long seed = Long.getLong("quiver.seed", System.nanoTime());
    System.out.println("RawIntervalsTest seed " + seed);
    Random random = new Random(seed);
    int count = 300;
    Map<String, List<Object>> cells = new LinkedHashMap<>();
    Map<String, FieldVector> vectors = new HashMap<>();
    try {
      for (Field field : TestColumns.SCHEMA.getFields()) {
        List<Object> column = new ArrayList<>();
        for (int i = 0; i < count; i++) {
          column.add(TestColumns.randomCell(random, field.getType()));
        }
        cells.put(field.getName(), column);
        vectors.put(field.getName(), TestColumns.vector(memory.allocator(), field.getName(), column));
      }
      RandomExpressions expressions = new RandomExpressions(random, cells);
      int answered = 0;
      int partial = 0;
      for (int e = 0; e < 600; e++) {
        Expression[] conjuncts = new Expression[1 + random.nextInt(3)];
        for (int k = 0; k < conjuncts.length; k++) {
          Expression leaf = expressions.leaf(INTEGER_LIKE.get(random.nextInt(INTEGER_LIKE.size())));
          conjuncts[k] = random.nextInt(4) == 0 ? Expressions.not(leaf) : leaf;
        }
        Expression expression = conjuncts.length == 1 ? conjuncts[0] : Expressions.and(conjuncts);
        List<RawInterval> intervals = new FilterEvaluator(expression).rawIntervals();
        if (intervals == null) {
          continue;
        }
        answered++;
        int[] expected = FilterEvaluatorRandomTest.reference(expression, vectors, 0, count);
        partial += expected.length > 0 && expected.length < count ? 1 : 0;
        List<Integer> actual = new ArrayList<>();
        for (int row = 0; row < count; row++) {
          boolean passes = true;
          for (RawInterval interval : intervals) {
            passes &= passes(interval, vectors.get(interval.column()), row);
          }
          if (passes) {
            actual.add(row);
          }
        }
        assertThat(actual).as("seed " + seed + ", " + expression + " as " + intervals)
            .containsExactly(Arrays.stream(expected).boxed().toArray(Integer[]::new));
      }
      assertThat(answered).as("seed " + seed + ": filters answered as intervals").isGreaterThan(300);
      assertThat(partial).as("seed " + seed + ": filters selecting some rows but not all").isGreaterThan(100);
    } finally {
      vectors.values().forEach(FieldVector::close);
    }
  }

  private static boolean passes(RawInterval interval, FieldVector vector, int row) {
    if (vector.isNull(row)) {
      return false;
    }
    long data = vector.getDataBuffer().memoryAddress();
    ArrowType type = vector.getField().getType();
    long key;
    if (type instanceof ArrowType.Int integer) {
      key = switch (integer.getBitWidth()) {
        case 8 -> MemoryUtil.getByte(data + row);
        case 16 -> MemoryUtil.getShort(data + 2L * row);
        case 32 -> MemoryUtil.getInt(data + 4L * row);
        default -> MemoryUtil.getLong(data + 8L * row);
      };
    } else if (type instanceof ArrowType.Date) {
      key = MemoryUtil.getInt(data + 4L * row);
    } else if (type instanceof ArrowType.Decimal) {
      key = MemoryUtil.getLong(data + 16L * row);
    } else {
      key = MemoryUtil.getLong(data + 8L * row);
    }
    long[] members = interval.members();
    boolean inside = members == null ? key >= interval.lower() && key <= interval.upper()
        : Arrays.stream(members).anyMatch(member -> member == key);
    return inside != interval.negated();
  }

  @Test
  void otherFiltersHaveNoIntervals() {
    for (String filter : List.of("f64 < 1.5", "f32 = 2", "text = 'a'", "wide < 1", "i32 IS NULL",
        "i32 < 3 OR i64 > 5", "i32 < 3 AND f64 > 1", "flag", "i32 < 3 AND text LIKE 'a%'")) {
      Expression expression = Expressions.parse(filter, TestColumns.SCHEMA);
      assertThat(new FilterEvaluator(expression).rawIntervals()).as(filter).isNull();
    }
  }

  @Test
  void boundsAreTheEvaluatorsBounds() {
    Expression expression = Expressions.parse(
        "price BETWEEN 0.05 AND 0.07 AND i32 < 2.5 AND i8 > 1000 AND i64 IN (3, 1, 2.5) AND NOT (i16 = 4)",
        TestColumns.SCHEMA);
    List<String> intervals = new FilterEvaluator(expression).rawIntervals().stream().map(RawInterval::toString)
        .toList();
    assertThat(intervals).containsExactly("price in [5, 7]", "i32 in [" + Long.MIN_VALUE + ", 2]",
        "i8 in [1001, " + Long.MAX_VALUE + "]", "i64 IN [1, 3]", "NOT i16 in [4, 4]");
  }

  @Test
  void plainIntervalsOnOneColumnAreIntersected() {
    Expression expression = Expressions.parse("day >= DATE '1970-01-11' AND i32 > 3 AND day < DATE '1970-01-21'"
        + " AND NOT (day = DATE '1970-01-15') AND day IN (DATE '1970-01-12') AND i32 <= 9", TestColumns.SCHEMA);
    List<String> intervals = new FilterEvaluator(expression).rawIntervals().stream().map(RawInterval::toString)
        .toList();
    assertThat(intervals).containsExactly("day in [10, 19]", "i32 in [4, 9]", "NOT day in [14, 14]",
        "day IN [11]");
  }
}
