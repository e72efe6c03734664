package dev.quiver.exec.expression;

import static dev.quiver.exec.expression.ExpressionCompilerTest.BOOL;
import static dev.quiver.exec.expression.ExpressionCompilerTest.INT32;
import static dev.quiver.exec.expression.ExpressionCompilerTest.UTF8;
import static dev.quiver.exec.expression.ExpressionCompilerTest.call;
import static dev.quiver.exec.expression.ExpressionCompilerTest.col;
import static dev.quiver.exec.expression.ExpressionCompilerTest.lit;
import static dev.quiver.exec.expression.ExpressionCompilerTest.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.exec.expression.TestBatches.TestColumn;
import dev.quiver.expression.And;
import dev.quiver.expression.Cast;
import dev.quiver.expression.Comparison;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Expression;
import dev.quiver.expression.InList;
import dev.quiver.expression.Like;
import dev.quiver.expression.Literal;
import dev.quiver.expression.Or;
import dev.quiver.testing.TestingAllocator;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The same expressions over plain columns, selection vectors, dictionary columns and both, and over
 * empty batches: the answers of the shaped batches are the plain answers of the selected rows.
 */
class BatchShapesTest {
  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  private static final Object[] WORDS = {"apple", "banana", null, "apple", "cherry", "é😀", "banana", null, "apple",
      "date", "apple", "banana"};
  private static final Object[] NUMBERS = {1L, 2L, 3L, null, 5L, 6L, 7L, 8L, 9L, 0L, 11L, 12L};

  private static List<TestColumn> columns(boolean dictionary) {
    return List.of(dictionary ? TestBatches.dictionaryColumn("w", UTF8, WORDS) : TestBatches.column("w", UTF8, WORDS),
        dictionary ? TestBatches.dictionaryColumn("n", INT32, NUMBERS) : TestBatches.column("n", INT32, NUMBERS));
  }

  private static List<Expression> expressions() {
    var w = col("w", 0, UTF8);
    var n = col("n", 1, INT32);
    return List.of(w, n,
        new Like(w, "%an%", null, false),
        call(Functions.UPPER, UTF8, w),
        call(Functions.SUBSTRING, UTF8, w, lit(2, INT32), lit(3, INT32)),
        call(Functions.CASE, UTF8, new Comparison(w, ComparisonOperator.EQUAL, text("apple")), text("A"),
            call(Functions.CONCAT, UTF8, w, new Cast(n, UTF8))),
        call(Functions.CASE, INT32, call(Functions.EQUAL, BOOL, n, lit(0, INT32)), lit(-1, INT32),
            call(Functions.DIVIDE, INT32, lit(100, INT32), n)),
        new And(List.of(new InList(w, List.of(text("apple"), text("date")), false),
            new Comparison(n, ComparisonOperator.GREATER, lit(2, INT32)))),
        new Or(List.of(new Like(w, "b%", null, false), new Comparison(n, ComparisonOperator.LESS, lit(3, INT32)))),
        call(Functions.COALESCE, UTF8, w, text("none")),
        call(Functions.ADD, INT32, n, call(Functions.CHAR_LENGTH, ExpressionCompilerTest.INT64, w)));
  }

  @Test
  void selectionsAndDictionariesGiveThePlainAnswersOfTheSelectedRows() {
    int[] selection = {0, 2, 3, 5, 9, 11};
    for (Expression expression : expressions()) {
      List<Object> plain = TestBatches.evaluate(allocator.allocator(), expression, columns(false), null);
      List<Object> selected = new ArrayList<>();
      for (int row : selection) {
        selected.add(plain.get(row));
      }
      assertThat(TestBatches.evaluate(allocator.allocator(), expression, columns(true), null)).as("dictionary: %s",
          expression).isEqualTo(plain);
      assertThat(TestBatches.evaluate(allocator.allocator(), expression, columns(false), selection))
          .as("selection: %s", expression).isEqualTo(selected);
      assertThat(TestBatches.evaluate(allocator.allocator(), expression, columns(true), selection))
          .as("dictionary and selection: %s", expression).isEqualTo(selected);
      if (!(expression.type() instanceof ArrowType.Utf8)) {
        for (boolean dictionary : new boolean[] {false, true}) {
          assertThat(TestBatches.evaluateScattered(allocator.allocator(), expression, columns(dictionary), selection))
              .as("written at the selected positions (dictionary %s): %s", dictionary, expression)
              .isEqualTo(selected);
        }
      }
      if (expression.type().equals(BOOL)) {
        List<Integer> rows = new ArrayList<>();
        for (int i = 0; i < plain.size(); i++) {
          if (Boolean.TRUE.equals(plain.get(i))) {
            rows.add(i);
          }
        }
        List<Integer> selectedRows = rows.stream().filter(row -> java.util.Arrays.stream(selection)
            .anyMatch(s -> s == row)).toList();
        for (boolean dictionary : new boolean[] {false, true}) {
          assertThat(TestBatches.select(allocator.allocator(), expression, columns(dictionary), null))
              .as("predicate %s", expression).isEqualTo(rows);
          assertThat(TestBatches.select(allocator.allocator(), expression, columns(dictionary), selection))
              .as("predicate with selection %s", expression).isEqualTo(selectedRows);
          int[] sparse = {3, 10};
          assertThat(TestBatches.select(allocator.allocator(), expression, columns(dictionary), sparse))
              .as("predicate with sparse selection %s", expression)
              .isEqualTo(rows.stream().filter(row -> row == 3 || row == 10).toList());
        }
      }
    }
  }

  @Test
  void emptyBatchesAndEmptySelections() {
    for (Expression expression : expressions()) {
      List<TestColumn> empty = List.of(TestBatches.column("w", UTF8), TestBatches.column("n", INT32));
      assertThat(TestBatches.evaluate(allocator.allocator(), expression, empty, null)).isEmpty();
      assertThat(TestBatches.evaluate(allocator.allocator(), expression, columns(true), new int[0])).isEmpty();
      if (expression.type().equals(BOOL)) {
        assertThat(TestBatches.select(allocator.allocator(), expression, empty, null)).isEmpty();
        assertThat(TestBatches.select(allocator.allocator(), expression, columns(false), new int[0])).isEmpty();
      }
    }
  }

  @Test
  void aDictionaryValueNoRowUsesRaisesNoError() {
    // the dictionary holds "abc", which no selected row points at: CAST must not fail on it
    Field field = new Field("s", FieldType.nullable(UTF8), null);
    VarCharVector values = new VarCharVector("s", allocator.allocator());
    IntVector codes = new IntVector("s", allocator.allocator());
    values.allocateNew();
    values.setSafe(0, "12".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    values.setSafe(1, "abc".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    values.setValueCount(2);
    codes.allocateNew(8);
    for (int i = 0; i < 8; i++) {
      codes.set(i, 0);
    }
    codes.setValueCount(8);
    Expression cast = call(Functions.ADD, INT32, new Cast(col("s", 0, UTF8), INT32), lit(1, INT32));
    CompiledExpression compiled = ExpressionCompiler.compile(cast, new org.apache.arrow.vector.types.pojo.Schema(
        List.of(field)));
    try (Batch batch = Batch.builder(8).addDictionary(field, codes, values).build();
        FieldVector result = compiled.evaluate(batch, allocator.allocator())) {
      assertThat(TestBatches.cells(result)).containsOnly(13L).hasSize(8);
    }
  }

  @Test
  void aCodeOutsideItsDictionaryIsCorrupt() {
    Field field = new Field("s", FieldType.nullable(UTF8), null);
    VarCharVector values = new VarCharVector("s", allocator.allocator());
    IntVector codes = new IntVector("s", allocator.allocator());
    values.allocateNew();
    values.setSafe(0, "x".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    values.setValueCount(1);
    codes.allocateNew(4);
    codes.set(0, 0);
    codes.set(1, 5);
    codes.setValueCount(2);
    CompiledExpression compiled = ExpressionCompiler.compile(call(Functions.UPPER, UTF8, col("s", 0, UTF8)),
        new org.apache.arrow.vector.types.pojo.Schema(List.of(field)));
    try (Batch batch = Batch.builder(2).addDictionary(field, codes, values).build()) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> compiled.evaluate(batch, allocator.allocator()))
          .isInstanceOf(QuiverException.class)
          .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.CORRUPT))
          .hasMessageContaining("column s");
    }
  }

  @Test
  void aNullConditionSelectsNothing() {
    assertThat(TestBatches.select(allocator.allocator(), Literal.NULL, columns(false), null)).isEmpty();
  }
}
