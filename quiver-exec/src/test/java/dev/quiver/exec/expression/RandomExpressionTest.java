package dev.quiver.exec.expression;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.expression.TestBatches.TestColumn;
import dev.quiver.expression.And;
import dev.quiver.expression.Between;
import dev.quiver.expression.Call;
import dev.quiver.expression.Cast;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Comparison;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Constant;
import dev.quiver.expression.Expression;
import dev.quiver.expression.InList;
import dev.quiver.expression.IsNull;
import dev.quiver.expression.Like;
import dev.quiver.expression.Literal;
import dev.quiver.expression.Not;
import dev.quiver.expression.Or;
import dev.quiver.expression.StartsWith;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingRandomData;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seeded random expression trees over random columns, evaluated by the compiler (over plain columns,
 * with a selection vector, with dictionary columns) and by {@link ReferenceEvaluator} row by row: equal
 * results, or both fail with a USER error. The seed is printed; {@code -Dexpression.seed=N} replays it.
 */
class RandomExpressionTest {
  private static final ArrowType BOOL = ArrowType.Bool.INSTANCE;
  private static final ArrowType INT32 = new ArrowType.Int(32, true);
  private static final ArrowType INT64 = new ArrowType.Int(64, true);
  private static final ArrowType INT16 = new ArrowType.Int(16, true);
  private static final ArrowType FLOAT32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
  private static final ArrowType FLOAT64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
  private static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;
  private static final ArrowType DATE = new ArrowType.Date(DateUnit.DAY);
  private static final ArrowType DECIMAL_A = new ArrowType.Decimal(12, 2, 128);
  private static final ArrowType DECIMAL_B = new ArrowType.Decimal(20, 4, 128);
  private static final List<ArrowType> COLUMN_TYPES = List.of(INT32, INT64, FLOAT64, UTF8, DATE, DECIMAL_A, DECIMAL_B,
      BOOL, INT64, UTF8, INT16, FLOAT32);
  private static final int ROWS = 48;
  private static final int TREES = Integer.getInteger("expression.trees", 400);

  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  private Random random;
  private List<ColumnReference> references;

  @Test
  void compiledTreesEqualTheReference() {
    long seed = Long.getLong("expression.seed", System.nanoTime());
    System.out.println("RandomExpressionTest seed " + seed + " (replay with -Dexpression.seed=" + seed + ")");
    random = new Random(seed);
    List<TestColumn> columns = new ArrayList<>();
    references = new ArrayList<>();
    for (int c = 0; c < COLUMN_TYPES.size(); c++) {
      ArrowType type = COLUMN_TYPES.get(c);
      List<Object> cells = new ArrayList<>();
      for (int row = 0; row < ROWS; row++) {
        cells.add(cell(type));
      }
      columns.add(new TestColumn("c" + c, type, cells, false));
      references.add(new ColumnReference("c" + c, c, type));
    }
    List<TestColumn> dictionaries = columns.stream()
        .map(column -> new TestColumn(column.name(), column.type(), column.cells(), true)).toList();
    int[] selection = new int[ROWS / 3];
    for (int i = 0; i < selection.length; i++) {
      selection[i] = i * 3 + 1;
    }
    int failures = 0;
    for (int tree = 0; tree < TREES; tree++) {
      ArrowType type = List.of(BOOL, INT64, FLOAT64, UTF8, DECIMAL_A, DATE, BOOL).get(random.nextInt(7));
      Expression expression = generate(type, 3);
      List<Object> expected = new ArrayList<>();
      boolean fails = false;
      for (int row = 0; row < ROWS && !fails; row++) {
        Object[] values = new Object[columns.size()];
        for (int c = 0; c < values.length; c++) {
          values[c] = columns.get(c).cells().get(row);
        }
        try {
          expected.add(ReferenceEvaluator.evaluate(expression, values));
        } catch (ReferenceEvaluator.Failure failure) {
          fails = true;
        }
      }
      String description = "seed " + seed + ", tree " + tree + ": " + expression;
      if (fails) {
        failures++;
        assertThatUserError(expression, columns, description);
        continue;
      }
      try {
        assertThat(TestBatches.evaluate(allocator.allocator(), expression, columns, null)).as(description)
            .isEqualTo(expected);
      } catch (QuiverException failure) {
        throw new AssertionError("the compiler failed where the reference did not: " + description, failure);
      }
      List<Object> selected = new ArrayList<>();
      for (int row : selection) {
        selected.add(expected.get(row));
      }
      assertThat(TestBatches.evaluate(allocator.allocator(), expression, columns, selection)).as("selected, %s",
          description).isEqualTo(selected);
      assertThat(TestBatches.evaluate(allocator.allocator(), expression, dictionaries, null)).as("dictionaries, %s",
          description).isEqualTo(expected);
      assertCompiledTogether(expression, expected, columns, dictionaries, description);
      if (type.equals(BOOL)) {
        List<Integer> rows = new ArrayList<>();
        for (int row = 0; row < ROWS; row++) {
          if (Boolean.TRUE.equals(expected.get(row))) {
            rows.add(row);
          }
        }
        assertThat(TestBatches.select(allocator.allocator(), expression, columns, null)).as("predicate, %s",
            description).isEqualTo(rows);
      }
    }
    System.out.println("RandomExpressionTest: " + TREES + " trees, " + failures + " failing with a USER error");
    assertThat(failures).as("most trees evaluate").isLessThan(TREES / 2);
  }

  /**
   * The tree compiled together with itself and with one of its sub-trees (shared, evaluated once per
   * batch): every column equals the tree's (and the sub-tree's) own answer.
   */
  private void assertCompiledTogether(Expression expression, List<Object> expected, List<TestColumn> columns,
      List<TestColumn> dictionaries, String description) {
    List<Expression> together = new ArrayList<>(List.of(expression, expression));
    List<List<Object>> answers = new ArrayList<>(List.of(expected, expected));
    Expression part = expression instanceof Call call ? call.arguments().get(random.nextInt(call.arguments().size()))
        : expression instanceof Cast cast ? cast.operand() : null;
    List<Object> partAnswers = null;
    try {
      // alone the sub-tree sees every row (it may sit in a branch that skips the rows it fails on)
      partAnswers = part == null ? null : TestBatches.evaluate(allocator.allocator(), part, columns, null);
    } catch (QuiverException failure) {
      assertThat(failure.errorCode()).as(description).isEqualTo(ErrorCode.USER);
    }
    if (partAnswers != null) {
      together.add(part);
      answers.add(partAnswers);
    }
    assertThat(TestBatches.evaluateAll(allocator.allocator(), together, columns, null)).as("together, %s",
        description).isEqualTo(answers);
    assertThat(TestBatches.evaluateAll(allocator.allocator(), together, dictionaries, null))
        .as("together over dictionaries, %s", description).isEqualTo(answers);
  }

  private void assertThatUserError(Expression expression, List<TestColumn> columns, String description) {
    try {
      TestBatches.evaluate(allocator.allocator(), expression, columns, null);
    } catch (QuiverException failure) {
      assertThat(failure.errorCode()).as(description).isEqualTo(ErrorCode.USER);
      return;
    }
    throw new AssertionError("expected a USER error: " + description);
  }

  private Object cell(ArrowType type) {
    if (random.nextInt(6) == 0) {
      return null;
    }
    if (type instanceof ArrowType.Int integer) {
      int pick = random.nextInt(80);
      long extreme = integer.getBitWidth() == 16 ? Short.MAX_VALUE : type.equals(INT32) ? Integer.MAX_VALUE
          : Long.MAX_VALUE;
      return pick == 0 ? extreme : pick == 1 ? -extreme - 1 : (long) random.nextInt(21) - 10;
    }
    if (type.equals(DATE)) {
      return random.nextInt(40) == 0 ? (long) Integer.MAX_VALUE - random.nextInt(40)
          : (long) (8_000 + random.nextInt(400));
    }
    if (type instanceof ArrowType.Decimal decimal) {
      if (random.nextInt(40) == 0) {
        return BigDecimal.TEN.pow(decimal.getPrecision()).subtract(BigDecimal.ONE).movePointLeft(decimal.getScale());
      }
      return BigDecimal.valueOf(random.nextInt(20_001) - 10_000, 2).setScale(decimal.getScale());
    }
    if (type instanceof ArrowType.FloatingPoint) {
      return random.nextInt(10) == 0 ? TestingRandomData.cell(random, type) : (random.nextInt(41) - 20) / 4.0;
    }
    Object value = TestingRandomData.cell(random, type);
    return value == null ? TestingRandomData.cell(random, type) : value;
  }

  private ColumnReference columnOf(ArrowType type) {
    List<ColumnReference> matching = references.stream().filter(reference -> reference.type().equals(type)
        || type.equals(INT64) && reference.type() instanceof ArrowType.Int
        || type.equals(FLOAT64) && reference.type().equals(FLOAT32)).toList();
    return matching.get(random.nextInt(matching.size()));
  }

  private Literal literal(ArrowType type) {
    if (random.nextInt(12) == 0) {
      return new Literal(null, type);
    }
    Object cell = cell(type);
    if (cell == null) {
      cell = cell(type);
    }
    Object value = cell instanceof Long number && !type.equals(DATE) ? BigDecimal.valueOf(number)
        : cell instanceof Long days ? java.time.LocalDate.ofEpochDay(days)
            : cell instanceof Double number && Double.isFinite(number) ? new BigDecimal(number) : cell;
    if (type.equals(INT32) && value instanceof BigDecimal number && number.abs().compareTo(BigDecimal.valueOf(
        Integer.MAX_VALUE)) > 0) {
      value = BigDecimal.ONE;
    }
    return new Literal(value, type);
  }

  private Expression generate(ArrowType type, int depth) {
    if (depth == 0 || random.nextInt(4) == 0) {
      return leaf(type);
    }
    if (type.equals(BOOL)) {
      return condition(depth);
    }
    int pick = random.nextInt(10);
    if (pick == 0) {
      return new Call(Functions.CASE, List.of(condition(depth - 1), generate(type, depth - 1), generate(type,
          depth - 1)), type);
    }
    if (pick == 2 && !type.equals(DATE)) {
      return new Call(Functions.NULLIF, List.of(generate(type, depth - 1), generate(type, depth - 1)), type);
    }
    if (pick == 1) {
      return new Call(Functions.COALESCE, List.of(generate(type, depth - 1), generate(type, depth - 1)), type);
    }
    if (type.equals(INT64)) {
      return switch (random.nextInt(6)) {
        case 0, 1 -> new Call(List.of(Functions.ADD, Functions.SUBTRACT, Functions.MULTIPLY, Functions.DIVIDE,
            Functions.MODULO).get(random.nextInt(5)), List.of(generate(INT64, depth - 1), generate(INT64, depth - 1)),
            INT64);
        case 2 -> new Call(random.nextBoolean() ? Functions.NEGATE : Functions.ABS, List.of(generate(INT64,
            depth - 1)), INT64);
        case 3 -> new Call(Functions.CHAR_LENGTH, List.of(generate(UTF8, depth - 1)), INT64);
        case 4 -> new Call(Functions.EXTRACT, List.of(new Literal(List.of("year", "month", "day", "doy", "dow",
            "quarter").get(random.nextInt(6)), UTF8), generate(DATE, depth - 1)), INT64);
        default -> new Cast(generate(random.nextBoolean() ? DECIMAL_A : FLOAT64, depth - 1), INT64);
      };
    }
    if (type instanceof ArrowType.FloatingPoint) {
      return random.nextInt(3) == 0 ? new Cast(generate(random.nextBoolean() ? INT64 : DECIMAL_A, depth - 1), FLOAT64)
          : new Call(List.of(Functions.ADD, Functions.SUBTRACT, Functions.MULTIPLY, Functions.DIVIDE).get(
              random.nextInt(4)), List.of(generate(FLOAT64, depth - 1), generate(FLOAT64, depth - 1)), FLOAT64);
    }
    if (type instanceof ArrowType.Decimal) {
      return switch (random.nextInt(4)) {
        case 0 -> new Cast(generate(INT64, depth - 1), type);
        case 1 -> new Call(Functions.NEGATE, List.of(generate(DECIMAL_A, depth - 1)), type);
        default -> new Call(List.of(Functions.ADD, Functions.SUBTRACT, Functions.MULTIPLY, Functions.DIVIDE).get(
            random.nextInt(4)),
            List.of(generate(DECIMAL_A, depth - 1), generate(random.nextBoolean() ? DECIMAL_A
                : DECIMAL_B, depth - 1)),
            type);
      };
    }
    if (type.equals(DATE)) {
      return new Call(random.nextBoolean() ? Functions.DATE_ADD_DAYS : Functions.DATE_ADD_MONTHS, List.of(generate(
          DATE, depth - 1), generate(INT64, depth - 1)), DATE);
    }
    return switch (random.nextInt(6)) {
      case 0 -> new Call(Functions.SUBSTRING, random.nextBoolean() ? List.of(generate(UTF8, depth - 1), generate(INT64,
          depth - 1)) : List.of(generate(UTF8, depth - 1), generate(INT64, depth - 1),
              new Literal(BigDecimal.valueOf(
                  random.nextInt(4)), INT64)),
          UTF8);
      case 1 -> new Call(List.of(Functions.UPPER, Functions.LOWER, Functions.TRIM).get(random.nextInt(3)), List.of(
          generate(UTF8, depth - 1)), UTF8);
      case 2 -> new Call(Functions.CONCAT, List.of(generate(UTF8, depth - 1), generate(UTF8, depth - 1)), UTF8);
      case 3 -> new Cast(generate(List.of(INT64, DECIMAL_A, DATE, BOOL).get(random.nextInt(4)), depth - 1), UTF8);
      default -> generate(UTF8, depth - 1);
    };
  }

  private Expression leaf(ArrowType type) {
    if (type.equals(BOOL) && random.nextInt(3) == 0) {
      return condition(0);
    }
    return random.nextInt(4) == 0 ? literal(type) : columnOf(type);
  }

  private Expression condition(int depth) {
    ArrowType operandType = List.of(INT64, FLOAT64, UTF8, DECIMAL_A, DATE, DECIMAL_B).get(random.nextInt(6));
    int pick = random.nextInt(depth == 0 ? 7 : 12);
    ColumnReference column = columnOf(operandType);
    return switch (pick) {
      case 0 -> new Comparison(column, ComparisonOperator.values()[random.nextInt(6)], literal(column.type()));
      case 1 -> new Between(column, literal(column.type()), literal(column.type()), random.nextBoolean());
      case 2 -> new InList(column, List.of(literal(column.type()), literal(column.type())), random.nextBoolean());
      case 3 -> new IsNull(column, random.nextBoolean());
      case 4 -> new Like(columnOf(UTF8), List.of("%", "a%", "%b", "%é%", "_", "a_b%", "%\\%%", "😀").get(
          random.nextInt(8)), '\\', random.nextBoolean());
      case 5 -> new StartsWith(columnOf(UTF8), new Literal(List.of("a", "é", "").get(random.nextInt(3)), UTF8));
      case 6 -> random.nextInt(3) == 0 ? new Constant(List.of(true, false).get(random.nextInt(2))) : columnOf(BOOL);
      case 7 -> new And(List.of(condition(depth - 1), condition(depth - 1)));
      case 8 -> new Or(List.of(condition(depth - 1), condition(depth - 1)));
      case 9 -> new Not(condition(depth - 1));
      case 10 -> random.nextInt(3) == 0 ? new Call(Functions.IN, List.of(generate(INT64, depth - 1), literal(INT64),
          literal(INT64)), BOOL) : random.nextBoolean()
              ? new Call(Functions.LIKE, List.of(generate(UTF8, depth - 1),
                  new Literal(List.of("a%", "%é", "_b%").get(random.nextInt(3)), UTF8)), BOOL)
              : new Call(List.of(Functions.IS_TRUE, Functions.IS_FALSE, Functions.IS_NULL, Functions.IS_NOT_NULL).get(
                  random.nextInt(4)), List.of(condition(depth - 1)), BOOL);
      default -> {
        String function = List.of(Functions.EQUAL, Functions.NOT_EQUAL, Functions.LESS_THAN,
            Functions.LESS_THAN_OR_EQUAL, Functions.GREATER_THAN, Functions.GREATER_THAN_OR_EQUAL,
            Functions.IS_DISTINCT_FROM).get(random.nextInt(7));
        ArrowType other = operandType.equals(DECIMAL_A) && random.nextBoolean() ? INT64 : operandType;
        yield new Call(function, List.of(generate(operandType, depth - 1), generate(other, depth - 1)), BOOL);
      }
    };
  }
}
