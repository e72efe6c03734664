package dev.quiver.expression.filter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.expression.Expression;
import dev.quiver.expression.Expressions;
import dev.quiver.expression.RandomExpressions;
import dev.quiver.expression.ReferenceEvaluator;
import dev.quiver.expression.TestColumns;
import dev.quiver.testing.TestingAllocator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Brute force: random data of every type and random expressions; the vectorized evaluator must select
 * exactly the rows the row-by-row reference finds TRUE, on plain slices, dictionary slices and a mix,
 * at non-zero offsets. Expressions also round-trip through their SQL text.
 */
public class FilterEvaluatorRandomTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private static final int SEEDS = 6;
  private static final int EXPRESSIONS_PER_SEED = 250;

  @Test
  void evaluatorMatchesReferenceOnRandomData() {
    long baseSeed = Long.getLong("quiver.seed", System.nanoTime());
    System.out.println("FilterEvaluatorRandomTest seed " + baseSeed);
    for (int s = 0; s < SEEDS; s++) {
      runSeed(baseSeed + s);
    }
  }

  private void runSeed(long seed) {
    Random random = new Random(seed);
    int offset = random.nextInt(6);
    int count = 150 + random.nextInt(200);
    // every other seed without NULLs: the filters' paths for vectors that have none (dictionary codes read without
    // their validity)
    boolean withoutNulls = (seed & 1) == 0;
    Map<String, List<Object>> cells = new LinkedHashMap<>();
    Map<String, FieldVector> vectors = new HashMap<>();
    Map<String, TestColumns.Dictionary> dictionaries = new HashMap<>();
    try {
      for (Field field : TestColumns.SCHEMA.getFields()) {
        List<Object> column = new ArrayList<>();
        for (int i = 0; i < offset + count; i++) {
          Object cell = TestColumns.randomCell(random, field.getType());
          while (withoutNulls && cell == null) {
            cell = TestColumns.randomCell(random, field.getType());
          }
          column.add(cell);
        }
        cells.put(field.getName(), column);
        vectors.put(field.getName(), TestColumns.vector(memory.allocator(), field.getName(), column));
        dictionaries.put(field.getName(), new TestColumns.Dictionary(memory.allocator(), field.getName(), column));
      }
      RandomExpressions expressions = new RandomExpressions(random, cells);
      Function<String, ColumnSlice> plain = name -> ColumnSlice.plain(vectors.get(name), offset);
      Function<String, ColumnSlice> dictionary = name -> ColumnSlice.dictionary(
          dictionaries.get(name).values, dictionaries.get(name).codes, offset);
      Function<String, ColumnSlice> mixed = name -> (name.hashCode() & 1) == 0 ? plain.apply(name)
          : dictionary.apply(name);
      int partial = 0;
      for (int e = 0; e < EXPRESSIONS_PER_SEED; e++) {
        Expression expression = expressions.next(3);
        String context = "seed " + seed + ", expression " + expression;
        assertThat(Expressions.parse(expression.toString(), TestColumns.SCHEMA)).as(context).isEqualTo(expression);
        int[] expected = reference(expression, vectors, offset, count);
        partial += expected.length > 0 && expected.length < count ? 1 : 0;
        FilterEvaluator evaluator = new FilterEvaluator(expression);
        for (Function<String, ColumnSlice> slices : List.of(plain, dictionary, mixed, dictionary)) {
          int[] selection = new int[count];
          int selected = evaluator.evaluate(slices, count, selection);
          assertThat(java.util.Arrays.copyOf(selection, selected)).as(context).containsExactly(expected);
        }
      }
      // the expressions are not trivial: most select some rows but not all
      assertThat(partial).as("seed " + seed).isGreaterThan(EXPRESSIONS_PER_SEED / 3);
    } finally {
      vectors.values().forEach(FieldVector::close);
      dictionaries.values().forEach(TestColumns.Dictionary::close);
    }
  }

  /** The rows the reference finds TRUE, reading every cell with getObject. */
  public static int[] reference(Expression expression, Map<String, FieldVector> vectors, int offset, int count) {
    List<Integer> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int row = offset + i;
      if (Boolean.TRUE
          .equals(ReferenceEvaluator.evaluate(expression, name -> TestColumns.read(vectors.get(name), row)))) {
        rows.add(i);
      }
    }
    return rows.stream().mapToInt(Integer::intValue).toArray();
  }
}
