package dev.quiver.expression.filter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.expression.Expression;
import dev.quiver.expression.Expressions;
import dev.quiver.expression.TestColumns;
import dev.quiver.testing.TestingAllocator;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The SQL rules on hand-picked rows: exact numbers, NaN and -0.0, NULLs, LIKE, dictionaries, conjunct order. */
class FilterEvaluatorTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private final Map<String, FieldVector> vectors = new HashMap<>();

  @AfterEach
  void closeVectors() {
    vectors.values().forEach(FieldVector::close);
  }

  private void column(String name, Object... cells) {
    vectors.put(name, TestColumns.vector(memory.allocator(), name, Arrays.asList(cells)));
  }

  private int[] select(String filter) {
    Expression expression = Expressions.parse(filter, TestColumns.SCHEMA);
    int count = vectors.values().iterator().next().getValueCount();
    int[] selection = new int[count];
    int selected = new FilterEvaluator(expression).evaluate(name -> ColumnSlice.plain(vectors.get(name), 0), count,
        selection);
    return Arrays.copyOf(selection, selected);
  }

  @Test
  void decimalsCompareExactly() {
    column("price", new BigDecimal("0.05"), new BigDecimal("0.06"), null, new BigDecimal("-0.06"));
    assertThat(select("price < 0.055")).containsExactly(0, 3);
    assertThat(select("price = 0.055")).isEmpty();
    assertThat(select("price <> 0.055")).containsExactly(0, 1, 3);
    assertThat(select("price BETWEEN 0.05 AND 0.07")).containsExactly(0, 1);
    assertThat(select("price > 1e30 OR price > -1e30")).containsExactly(0, 1, 3);
  }

  @Test
  void integersCompareWithFractionsAndValuesOutOfRange() {
    column("i8", 1L, 2L, 3L, null, 127L, -128L);
    assertThat(select("i8 < 2.5")).containsExactly(0, 1, 5);
    assertThat(select("i8 >= 2.5")).containsExactly(2, 4);
    assertThat(select("i8 = 2.0")).containsExactly(1);
    assertThat(select("i8 > 1000")).isEmpty();
    assertThat(select("i8 < 1000")).containsExactly(0, 1, 2, 4, 5);
    assertThat(select("i8 IN (2.5, 3, 1000)")).containsExactly(2);
    assertThat(select("i8 NOT IN (2.5, 3, 1000)")).containsExactly(0, 1, 4, 5);
  }

  @Test
  void floatsOrderNaNAboveEverythingAndZeroesEqual() {
    column("f64", Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, null, -1.0);
    assertThat(select("f64 = 'NaN'")).containsExactly(0);
    assertThat(select("f64 > 5")).containsExactly(0, 3);
    assertThat(select("f64 > 'Infinity'")).containsExactly(0);
    assertThat(select("f64 < 'NaN'")).containsExactly(1, 2, 3, 5);
    assertThat(select("f64 = 0")).containsExactly(1, 2);
    assertThat(select("f64 = -0.0")).containsExactly(1, 2);
    assertThat(select("f64 <> 0")).containsExactly(0, 3, 5);
    assertThat(select("NOT (f64 <= 5)")).containsExactly(0, 3);
  }

  @Test
  void nullsFollowThreeValuedLogic() {
    column("i32", 1L, null, 3L);
    column("flag", true, false, null);
    assertThat(select("i32 = NULL")).isEmpty();
    assertThat(select("NOT (i32 = NULL)")).isEmpty();
    assertThat(select("NOT (i32 > 2)")).containsExactly(0);
    assertThat(select("i32 > 2 OR flag")).containsExactly(0, 2);
    assertThat(select("NOT (i32 > 2 AND flag)")).containsExactly(0, 1);
    assertThat(select("i32 IN (1, NULL)")).containsExactly(0);
    assertThat(select("i32 NOT IN (1, NULL)")).isEmpty();
    assertThat(select("i32 NOT BETWEEN NULL AND 2")).containsExactly(2);
    assertThat(select("i32 IS NULL OR NOT flag")).containsExactly(1);
    assertThat(select("TRUE")).containsExactly(0, 1, 2);
    assertThat(select("NULL OR i32 = 1")).containsExactly(0);
  }

  @Test
  void likeMatchesCharactersNotBytes() {
    column("text", "MAIL", "RAIL", "é", "ab😀c", "", null, "a%b", "xx_MAILyy");
    assertThat(select("text LIKE '%AIL'")).containsExactly(0, 1);
    assertThat(select("text LIKE 'MA%'")).containsExactly(0);
    assertThat(select("text LIKE '_'")).containsExactly(2);
    assertThat(select("text LIKE 'ab_c'")).containsExactly(3);
    assertThat(select("text LIKE ''")).containsExactly(4);
    assertThat(select("text LIKE '%'")).containsExactly(0, 1, 2, 3, 4, 6, 7);
    assertThat(select("text NOT LIKE '%A%'")).containsExactly(2, 3, 4, 6);
    assertThat(select("text LIKE 'a!%b' ESCAPE '!'")).containsExactly(6);
    assertThat(select("text LIKE '%!_MA%' ESCAPE '!'")).containsExactly(7);
    assertThat(select("text LIKE '_%A_L%'")).containsExactly(0, 1, 7);
    assertThat(select("starts_with(text, 'ab')")).containsExactly(3);
  }

  @Test
  void dictionaryResultsAreCachedPerValuesVector() {
    List<Object> cells = Arrays.asList("AIR", "SHIP", null, "AIR", "MAIL", "SHIP");
    try (TestColumns.Dictionary dictionary = new TestColumns.Dictionary(memory.allocator(), "text", cells)) {
      FilterEvaluator evaluator = new FilterEvaluator(
          Expressions.parse("text IN ('AIR', 'MAIL') OR text IS NULL", TestColumns.SCHEMA));
      for (int offset = 0; offset < 3; offset++) {
        int finalOffset = offset;
        int[] selection = new int[3];
        int selected = evaluator
            .evaluate(name -> ColumnSlice.dictionary(dictionary.values, dictionary.codes, finalOffset), 3, selection);
        int[] expected = switch (offset) {
          case 0 -> new int[] {0, 2};
          case 1 -> new int[] {1, 2};
          default -> new int[] {0, 1, 2};
        };
        assertThat(Arrays.copyOf(selection, selected)).containsExactly(expected);
      }
    }
  }

  @Test
  void aSelectiveLaterConjunctMovesFirst() {
    Object[] everyRow = new Object[1000];
    Object[] fewRows = new Object[1000];
    for (int i = 0; i < 1000; i++) {
      everyRow[i] = (long) (i % 100);
      fewRows[i] = i % 250 == 0 ? 7L : 1L;
    }
    column("i32", everyRow);
    column("i64", fewRows);
    FilterEvaluator evaluator = new FilterEvaluator(Expressions.parse("i32 >= 0 AND i64 = 7", TestColumns.SCHEMA));
    assertThat(evaluator.conjunctOrder()).containsExactly("i32 >= 0", "i64 = 7");
    int[] selection = new int[1000];
    for (int call = 0; call < AndPredicate.REORDER_INTERVAL; call++) {
      int selected = evaluator.evaluate(name -> ColumnSlice.plain(vectors.get(name), 0), 1000, selection);
      assertThat(Arrays.copyOf(selection, selected)).containsExactly(0, 250, 500, 750);
    }
    assertThat(evaluator.conjunctOrder()).containsExactly("i64 = 7", "i32 >= 0");
    assertThat(evaluator.describeOrder()).startsWith("i64 = 7 [passed").contains(" -> i32 >= 0 [passed");
    int selected = evaluator.evaluate(name -> ColumnSlice.plain(vectors.get(name), 0), 1000, selection);
    assertThat(Arrays.copyOf(selection, selected)).containsExactly(0, 250, 500, 750);
  }
}
