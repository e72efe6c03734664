package dev.quiver.expression.filter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.expression.Expression;
import dev.quiver.expression.Expressions;
import dev.quiver.expression.TestColumns;
import dev.quiver.testing.TestingAllocator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * LIKE patterns whose matches contain their first literal ({@code '%ab%'}, {@code '%s%ca%'}, {@code '%a%_b'}),
 * searched across the bytes of many values at once, select what a regular expression selects value by value:
 * occurrences straddling two values, NULLs, empty values, multi-byte characters, NOT LIKE, and candidate rows
 * thinned by another conjunct (so the search skips rows and, when few are left, falls back to one value at a time).
 */
class PatternFilterRegionTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final String[] PIECES = {"a", "b", "c", "s", " ", "é", "ab", "ca"};

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void selectsWhatARegularExpressionSelects() {
    System.out.println("PatternFilterRegionTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
    Random random = new Random(SEED);
    for (int round = 0; round < 300; round++) {
      int rows = random.nextInt(400);
      List<Object> texts = new ArrayList<>();
      List<Object> numbers = new ArrayList<>();
      for (int row = 0; row < rows; row++) {
        texts.add(random.nextInt(12) == 0 ? null : text(random, random.nextInt(random.nextBoolean() ? 6 : 40)));
        numbers.add((long) random.nextInt(100));
      }
      String pattern = pattern(random);
      boolean negated = random.nextBoolean();
      int threshold = random.nextBoolean() ? -1 : random.nextInt(100);
      String filter = "text " + (negated ? "NOT " : "") + "LIKE '" + pattern + "'"
          + (threshold >= 0 ? " AND i32 > " + threshold : "");
      Pattern regex = Pattern.compile(pattern.replace("%", ".*").replace("_", "."), Pattern.DOTALL);
      List<Integer> expected = new ArrayList<>();
      for (int row = 0; row < rows; row++) {
        if (texts.get(row) != null && regex.matcher((String) texts.get(row)).matches() != negated
            && (long) numbers.get(row) > threshold) {
          expected.add(row);
        }
      }
      try (FieldVector text = TestColumns.vector(memory.allocator(), "text", texts);
          FieldVector number = TestColumns.vector(memory.allocator(), "i32", numbers)) {
        Expression expression = Expressions.parse(filter, TestColumns.SCHEMA);
        int[] selection = new int[rows];
        int selected = new FilterEvaluator(expression).evaluate(
            name -> ColumnSlice.plain(name.equals("text") ? text : number, 0), rows, selection);
        assertThat(Arrays.stream(Arrays.copyOf(selection, selected)).boxed().toList())
            .as("seed " + SEED + " round " + round + ": " + filter + " over " + texts).isEqualTo(expected);
      }
    }
  }

  private static String pattern(Random random) {
    StringBuilder pattern = new StringBuilder("%");
    int literals = 1 + random.nextInt(3);
    for (int k = 0; k < literals; k++) {
      if (k > 0 && random.nextInt(4) == 0) {
        pattern.append('_');
      }
      pattern.append(text(random, 1 + random.nextInt(2)));
      if (k < literals - 1 || random.nextInt(3) > 0) {
        pattern.append('%');
      }
    }
    return pattern.toString();
  }

  private static String text(Random random, int pieces) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < pieces; i++) {
      text.append(PIECES[random.nextInt(PIECES.length)]);
    }
    return text.toString();
  }
}
