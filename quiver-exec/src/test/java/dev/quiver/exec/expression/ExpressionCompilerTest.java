package dev.quiver.exec.expression;

import static dev.quiver.exec.expression.TestBatches.column;
import static dev.quiver.exec.expression.TestBatches.evaluate;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every node of the model and every call of {@link Functions}, with NULLs, over small fixed inputs. */
class ExpressionCompilerTest {
  static final ArrowType BOOL = ArrowType.Bool.INSTANCE;
  static final ArrowType INT8 = new ArrowType.Int(8, true);
  static final ArrowType INT32 = new ArrowType.Int(32, true);
  static final ArrowType INT64 = new ArrowType.Int(64, true);
  static final ArrowType FLOAT64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
  static final ArrowType FLOAT32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
  static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;
  static final ArrowType DATE = new ArrowType.Date(DateUnit.DAY);
  static final ArrowType TIMESTAMP = new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
  static final ArrowType TIMESTAMP_UTC = new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");

  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  static ArrowType decimal(int precision, int scale) {
    return new ArrowType.Decimal(precision, scale, 128);
  }

  static ColumnReference col(String name, int ordinal, ArrowType type) {
    return new ColumnReference(name, ordinal, type);
  }

  static Literal lit(Object value, ArrowType type) {
    return new Literal(value instanceof Integer number ? BigDecimal.valueOf(number) : value, type);
  }

  static Literal text(String value) {
    return new Literal(value, ArrowType.Utf8.INSTANCE);
  }

  static Call call(String function, ArrowType type, Expression... arguments) {
    return new Call(function, List.of(arguments), type);
  }

  private List<Object> eval(Expression expression, TestColumn... columns) {
    return evaluate(allocator.allocator(), expression, List.of(columns), null);
  }

  private static List<Object> cells(Object... cells) {
    return Arrays.asList(cells);
  }

  private static long day(String date) {
    return LocalDate.parse(date).toEpochDay();
  }

  @Test
  void columnsLiteralsAndNullLiterals() {
    TestColumn x = column("x", INT32, 1L, null, 3L);
    assertThat(eval(col("x", 0, INT32), x)).isEqualTo(cells(1L, null, 3L));
    assertThat(eval(lit(7, INT64), x)).isEqualTo(cells(7L, 7L, 7L));
    assertThat(eval(Literal.NULL, x)).isEqualTo(cells(null, null, null));
    assertThat(eval(new Literal(null, INT32), x)).isEqualTo(cells(null, null, null));
    assertThat(eval(text("é😀"), x)).isEqualTo(cells("é😀", "é😀", "é😀"));
  }

  @Test
  void comparisonsOfColumnsWithLiteralsAreExact() {
    TestColumn x = column("x", INT8, -128L, 2L, 3L, null, 127L);
    ColumnReference c = col("x", 0, INT8);
    assertThat(eval(new Comparison(c, ComparisonOperator.LESS, lit(new BigDecimal("2.5"), INT8)), x))
        .isEqualTo(cells(true, true, false, null, false));
    assertThat(eval(new Comparison(c, ComparisonOperator.GREATER, lit(1000, INT8)), x))
        .isEqualTo(cells(false, false, false, null, false));
    assertThat(eval(new Comparison(c, ComparisonOperator.NOT_EQUAL, lit(new BigDecimal("2.5"), INT8)), x))
        .isEqualTo(cells(true, true, true, null, true));
    assertThat(eval(new Comparison(c, ComparisonOperator.GREATER_OR_EQUAL, lit(-1000, INT8)), x))
        .isEqualTo(cells(true, true, true, null, true));
    assertThat(eval(new Comparison(c, ComparisonOperator.EQUAL, new Literal(null, INT8)), x))
        .isEqualTo(cells(null, null, null, null, null));
    TestColumn price = column("p", decimal(15, 2), new BigDecimal("0.05"), new BigDecimal("0.06"), null);
    ColumnReference p = col("p", 0, decimal(15, 2));
    assertThat(eval(new Comparison(p, ComparisonOperator.EQUAL, lit(new BigDecimal("0.055"), decimal(15, 2))),
        price)).isEqualTo(cells(false, false, null));
    assertThat(eval(new Comparison(p, ComparisonOperator.LESS, lit(new BigDecimal("0.055"), decimal(15, 2))),
        price)).isEqualTo(cells(true, false, null));
    TestColumn d = column("d", DATE, day("1993-12-31"), day("1994-01-01"), day("1994-01-02"));
    ColumnReference dc = col("d", 0, DATE);
    assertThat(eval(new Comparison(dc, ComparisonOperator.LESS,
        new Literal(LocalDateTime.parse("1994-01-01T10:00"), DATE)), d)).isEqualTo(cells(true, true, false));
    assertThat(eval(new Comparison(dc, ComparisonOperator.GREATER_OR_EQUAL,
        new Literal(LocalDate.parse("1994-01-01"), DATE)), d)).isEqualTo(cells(false, true, true));
    TestColumn s = column("s", UTF8, "a", "é", "😀", "", null);
    assertThat(eval(new Comparison(col("s", 0, UTF8), ComparisonOperator.GREATER, text("b")), s))
        .isEqualTo(cells(false, true, true, false, null));
    TestColumn f = column("f", FLOAT64, Double.NaN, -0.0, 1.5, Double.NEGATIVE_INFINITY);
    ColumnReference fc = col("f", 0, FLOAT64);
    assertThat(eval(new Comparison(fc, ComparisonOperator.EQUAL, lit(0, FLOAT64)), f))
        .isEqualTo(cells(false, true, false, false));
    assertThat(eval(new Comparison(fc, ComparisonOperator.GREATER, new Literal(Double.POSITIVE_INFINITY, FLOAT64)),
        f)).isEqualTo(cells(true, false, false, false));
  }

  @Test
  void betweenInIsNullLikeStartsWith() {
    TestColumn x = column("x", INT64, 1L, 5L, 9L, null);
    ColumnReference c = col("x", 0, INT64);
    assertThat(eval(new Between(c, lit(2, INT64), lit(9, INT64), false), x)).isEqualTo(cells(false, true, true, null));
    assertThat(eval(new Between(c, lit(2, INT64), lit(9, INT64), true), x)).isEqualTo(cells(true, false, false, null));
    assertThat(eval(new Between(c, new Literal(null, INT64), lit(5, INT64), false), x))
        .isEqualTo(cells(null, null, false, null));
    assertThat(eval(new Between(c, new Literal(null, INT64), lit(5, INT64), true), x))
        .isEqualTo(cells(null, null, true, null));
    assertThat(eval(new InList(c, List.of(lit(1, INT64), lit(9, INT64)), false), x))
        .isEqualTo(cells(true, false, true, null));
    assertThat(eval(new InList(c, List.of(lit(1, INT64), new Literal(null, INT64)), false), x))
        .isEqualTo(cells(true, null, null, null));
    assertThat(eval(new InList(c, List.of(lit(1, INT64), new Literal(null, INT64)), true), x))
        .isEqualTo(cells(false, null, null, null));
    assertThat(eval(new IsNull(c, false), x)).isEqualTo(cells(false, false, false, true));
    assertThat(eval(new IsNull(c, true), x)).isEqualTo(cells(true, true, true, false));
    TestColumn s = column("s", UTF8, "abc", "xabcx", "a_c", "a%c", "é😀b", null);
    ColumnReference sc = col("s", 0, UTF8);
    assertThat(eval(new Like(sc, "a%", null, false), s)).isEqualTo(cells(true, false, true, true, false, null));
    assertThat(eval(new Like(sc, "%abc%", null, false), s)).isEqualTo(cells(true, true, false, false, false, null));
    assertThat(eval(new Like(sc, "a_c", null, false), s)).isEqualTo(cells(true, false, true, true, false, null));
    assertThat(eval(new Like(sc, "a\\_c", '\\', false), s)).isEqualTo(cells(false, false, true, false, false, null));
    assertThat(eval(new Like(sc, "__b", null, false), s)).isEqualTo(cells(false, false, false, false, true, null));
    assertThat(eval(new Like(sc, "%c", null, true), s)).isEqualTo(cells(false, true, false, false, true, null));
    assertThat(eval(new StartsWith(sc, text("é")), s)).isEqualTo(cells(false, false, false, false, true, null));
    assertThat(eval(new StartsWith(sc, new Literal(null, UTF8)), s))
        .isEqualTo(cells(null, null, null, null, null, null));
    assertThat(eval(call(Functions.LIKE, BOOL, sc, text("a!%c"), text("!")), s))
        .isEqualTo(cells(false, false, false, true, false, null));
  }

  @Test
  void threeValuedLogic() {
    TestColumn a = column("a", BOOL, true, true, true, false, false, false, null, null, null);
    TestColumn b = column("b", BOOL, true, false, null, true, false, null, true, false, null);
    ColumnReference ac = col("a", 0, BOOL);
    ColumnReference bc = col("b", 1, BOOL);
    assertThat(eval(new And(List.of(ac, bc)), a, b))
        .isEqualTo(cells(true, false, null, false, false, false, null, false, null));
    assertThat(eval(new Or(List.of(ac, bc)), a, b))
        .isEqualTo(cells(true, true, true, true, false, null, true, null, null));
    assertThat(eval(new Not(ac), a, b)).isEqualTo(cells(false, false, false, true, true, true, null, null, null));
    assertThat(eval(new Constant(null), a)).isEqualTo(cells(null, null, null, null, null, null, null, null, null));
    assertThat(eval(new And(List.of(ac, new Constant(false))), a)).containsOnly(false);
    assertThat(eval(call(Functions.IS_TRUE, BOOL, ac), a))
        .isEqualTo(cells(true, true, true, false, false, false, false, false, false));
    assertThat(eval(call(Functions.IS_NOT_FALSE, BOOL, ac), a))
        .isEqualTo(cells(true, true, true, false, false, false, true, true, true));
    assertThat(eval(call(Functions.IS_FALSE, BOOL, ac), a))
        .isEqualTo(cells(false, false, false, true, true, true, false, false, false));
    assertThat(eval(call(Functions.IS_NOT_TRUE, BOOL, ac), a))
        .isEqualTo(cells(false, false, false, true, true, true, true, true, true));
    assertThat(eval(call(Functions.IS_DISTINCT_FROM, BOOL, ac, bc), a, b))
        .isEqualTo(cells(false, true, true, true, false, true, true, true, false));
    assertThat(eval(call(Functions.IS_NOT_DISTINCT_FROM, BOOL, ac, bc), a, b))
        .isEqualTo(cells(true, false, false, false, true, false, false, false, true));
  }

  @Test
  void generalComparisonsBetweenExpressionsOfMixedTypes() {
    TestColumn x = column("x", INT32, 1L, 2L, null);
    TestColumn y = column("y", decimal(5, 2), new BigDecimal("1.00"), new BigDecimal("1.50"), new BigDecimal("0.00"));
    TestColumn f = column("f", FLOAT64, 1.0, 2.5, 0.0);
    ColumnReference xc = col("x", 0, INT32);
    ColumnReference yc = col("y", 1, decimal(5, 2));
    ColumnReference fc = col("f", 2, FLOAT64);
    assertThat(eval(call(Functions.EQUAL, BOOL, xc, yc), x, y, f)).isEqualTo(cells(true, false, null));
    assertThat(eval(call(Functions.GREATER_THAN, BOOL, xc, yc), x, y, f)).isEqualTo(cells(false, true, null));
    assertThat(eval(call(Functions.LESS_THAN, BOOL, xc, fc), x, y, f)).isEqualTo(cells(false, true, null));
    assertThat(eval(call(Functions.LESS_THAN_OR_EQUAL, BOOL, yc, fc), x, y, f)).isEqualTo(cells(true, true, true));
    assertThat(eval(call(Functions.NOT_EQUAL, BOOL, yc, lit(new BigDecimal("1.5"), decimal(2, 1))), x, y, f))
        .isEqualTo(cells(true, false, true));
    assertThat(eval(call(Functions.GREATER_THAN_OR_EQUAL, BOOL, xc, Literal.NULL), x)).containsOnly((Object) null);
    TestColumn d = column("d", DATE, day("1994-01-01"), day("1994-01-02"), null);
    TestColumn t = column("t", TIMESTAMP, day("1994-01-01") * 86_400_000_000L, day("1994-01-01") * 86_400_000_000L,
        0L);
    assertThat(eval(call(Functions.EQUAL, BOOL, col("d", 0, DATE), col("t", 1, TIMESTAMP)), d, t))
        .isEqualTo(cells(true, false, null));
    assertThat(eval(call(Functions.LESS_THAN, BOOL, col("d", 0, DATE), text("1994-01-02")), d))
        .isEqualTo(cells(true, false, null));
  }

  @Test
  void integerArithmetic() {
    TestColumn a = column("a", INT32, 7L, -7L, 7L, null, 0L);
    TestColumn b = column("b", INT32, 2L, 2L, -2L, 1L, null);
    ColumnReference ac = col("a", 0, INT32);
    ColumnReference bc = col("b", 1, INT32);
    assertThat(eval(call(Functions.ADD, INT32, ac, bc), a, b)).isEqualTo(cells(9L, -5L, 5L, null, null));
    assertThat(eval(call(Functions.SUBTRACT, INT32, ac, bc), a, b)).isEqualTo(cells(5L, -9L, 9L, null, null));
    assertThat(eval(call(Functions.MULTIPLY, INT64, ac, bc), a, b)).isEqualTo(cells(14L, -14L, -14L, null, null));
    assertThat(eval(call(Functions.DIVIDE, INT32, ac, bc), a, b)).isEqualTo(cells(3L, -3L, -3L, null, null));
    assertThat(eval(call(Functions.MODULO, INT32, ac, bc), a, b)).isEqualTo(cells(1L, -1L, 1L, null, null));
    assertThat(eval(call(Functions.NEGATE, INT32, ac), a)).isEqualTo(cells(-7L, 7L, -7L, null, 0L));
    assertThat(eval(call(Functions.ABS, INT32, ac), a)).isEqualTo(cells(7L, 7L, 7L, null, 0L));
  }

  @Test
  void integerOverflowAndDivisionByZeroAreUserErrors() {
    TestColumn a = column("a", INT32, 2_147_483_647L, 1L);
    TestColumn b = column("b", INT32, 1L, 0L);
    ColumnReference ac = col("a", 0, INT32);
    ColumnReference bc = col("b", 1, INT32);
    assertUserError(() -> eval(call(Functions.ADD, INT32, ac, bc), a, b), "integer overflow: 2147483647 + 1");
    assertThat(eval(call(Functions.ADD, INT64, ac, bc), a, b)).isEqualTo(cells(2_147_483_648L, 1L));
    assertUserError(() -> eval(call(Functions.DIVIDE, INT32, ac, bc), a, b), "division by zero");
    assertUserError(() -> eval(call(Functions.MODULO, INT32, ac, bc), a, b), "division by zero");
    TestColumn big = column("l", INT64, Long.MAX_VALUE, Long.MIN_VALUE);
    ColumnReference l = col("l", 0, INT64);
    assertUserError(() -> eval(call(Functions.MULTIPLY, INT64, l, lit(2, INT64)), big), "integer overflow");
    assertUserError(() -> eval(call(Functions.NEGATE, INT64, l), big), "integer overflow");
    assertUserError(() -> eval(call(Functions.DIVIDE, INT64, l, lit(-1, INT64)), big), "integer overflow");
    TestColumn f = column("f", FLOAT64, 1.0, null);
    assertUserError(() -> eval(call(Functions.DIVIDE, FLOAT64, col("f", 0, FLOAT64), lit(0, FLOAT64)), f),
        "division by zero");
    // a NULL row's zero divisor is no error
    TestColumn divisor = column("d", INT32, null, 2L);
    assertThat(eval(call(Functions.DIVIDE, INT32, lit(8, INT32), col("d", 0, INT32)), divisor))
        .isEqualTo(cells(null, 4L));
  }

  static void assertUserError(org.assertj.core.api.ThrowableAssert.ThrowingCallable callable, String message) {
    assertThatThrownBy(callable).isInstanceOf(QuiverException.class).hasMessageContaining(message)
        .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER));
  }

  @Test
  void floatArithmetic() {
    TestColumn a = column("a", FLOAT32, 0.1, 1.5, null);
    TestColumn b = column("b", FLOAT32, 0.2, -0.5, 1.0);
    ColumnReference ac = col("a", 0, FLOAT32);
    ColumnReference bc = col("b", 1, FLOAT32);
    assertThat(eval(call(Functions.ADD, FLOAT32, ac, bc), a, b))
        .isEqualTo(cells((double) (0.1f + 0.2f), 1.0, null));
    assertThat(eval(call(Functions.MULTIPLY, FLOAT64, ac, bc), a, b))
        .isEqualTo(cells((double) 0.1f * (double) 0.2f, -0.75, null));
    assertThat(eval(call(Functions.ROUND, FLOAT64, col("a", 0, FLOAT64)), column("a", FLOAT64, 2.5, -2.5, 0.4)))
        .isEqualTo(cells(3.0, -3.0, 0.0));
    assertThat(eval(call(Functions.ROUND, FLOAT64, col("a", 0, FLOAT64), lit(1, INT32)),
        column("a", FLOAT64, 1.25, -1.35, null))).isEqualTo(cells(1.3, -1.4, null));
    assertThat(eval(call(Functions.FLOOR, FLOAT64, col("a", 0, FLOAT64)), column("a", FLOAT64, 2.5, -2.5)))
        .isEqualTo(cells(2.0, -3.0));
    assertThat(eval(call(Functions.CEIL, FLOAT64, col("a", 0, FLOAT64)), column("a", FLOAT64, 2.5, -2.5)))
        .isEqualTo(cells(3.0, -2.0));
  }

  @Test
  void caseNeverEvaluatesABranchForRowsItDoesNotTake() {
    TestColumn x = column("x", INT32, 0L, 2L, null, 4L);
    ColumnReference xc = col("x", 0, INT32);
    Expression guarded = call(Functions.CASE, INT32, call(Functions.EQUAL, BOOL, xc, lit(0, INT32)), lit(0, INT32),
        call(Functions.DIVIDE, INT32, lit(8, INT32), xc));
    assertThat(eval(guarded, x)).isEqualTo(cells(0L, 4L, null, 2L));
    Expression twoBranches = call(Functions.CASE, UTF8, call(Functions.LESS_THAN, BOOL, xc, lit(1, INT32)),
        text("small"), call(Functions.LESS_THAN, BOOL, xc, lit(3, INT32)), text("medium"), Literal.NULL);
    assertThat(eval(twoBranches, x)).isEqualTo(cells("small", "medium", null, null));
    // AND guards its later operand the same way
    Expression and = new And(List.of(call(Functions.NOT_EQUAL, BOOL, xc, lit(0, INT32)),
        call(Functions.GREATER_THAN, BOOL, call(Functions.DIVIDE, INT32, lit(8, INT32), xc), lit(2, INT32))));
    assertThat(eval(and, x)).isEqualTo(cells(false, true, null, false));
    Expression decimalCase = call(Functions.CASE, decimal(10, 2), call(Functions.GREATER_THAN, BOOL, xc,
        lit(1, INT32)), lit(new BigDecimal("1.5"), decimal(2, 1)), lit(new BigDecimal("2.25"), decimal(3, 2)));
    assertThat(eval(decimalCase, x)).isEqualTo(cells(new BigDecimal("2.25"), new BigDecimal("1.50"),
        new BigDecimal("2.25"), new BigDecimal("1.50")));
  }

  @Test
  void coalesceAndNullif() {
    TestColumn a = column("a", INT32, null, 2L, null);
    TestColumn b = column("b", INT32, 1L, 3L, null);
    ColumnReference ac = col("a", 0, INT32);
    ColumnReference bc = col("b", 1, INT32);
    assertThat(eval(call(Functions.COALESCE, INT32, ac, bc), a, b)).isEqualTo(cells(1L, 2L, null));
    assertThat(eval(call(Functions.COALESCE, INT32, ac, bc, lit(9, INT32)), a, b)).isEqualTo(cells(1L, 2L, 9L));
    TestColumn s = column("s", UTF8, null, "x", null);
    assertThat(eval(call(Functions.COALESCE, UTF8, col("s", 0, UTF8), text("é")), s)).isEqualTo(cells("é", "x", "é"));
    assertThat(eval(call(Functions.NULLIF, INT32, bc, lit(3, INT32)), a, b)).isEqualTo(cells(1L, null, null));
  }

  @Test
  void casts() {
    TestColumn s = column("s", UTF8, " 12 ", "-3", null);
    assertThat(eval(new Cast(col("s", 0, UTF8), INT32), s)).isEqualTo(cells(12L, -3L, null));
    assertUserError(() -> eval(new Cast(col("s", 0, UTF8), INT32), column("s", UTF8, "12", "abc")),
        "cannot cast 'abc' to INT32");
    assertUserError(() -> eval(new Cast(col("s", 0, UTF8), INT8), column("s", UTF8, "300")), "INT8");
    TestColumn d = column("d", decimal(5, 2), new BigDecimal("2.50"), new BigDecimal("-2.50"),
        new BigDecimal("1.49"), null);
    ColumnReference dc = col("d", 0, decimal(5, 2));
    assertThat(eval(new Cast(dc, INT32), d)).isEqualTo(cells(3L, -3L, 1L, null));
    assertThat(eval(new Cast(dc, decimal(5, 1)), d)).isEqualTo(cells(new BigDecimal("2.5"), new BigDecimal("-2.5"),
        new BigDecimal("1.5"), null));
    assertThat(eval(new Cast(dc, decimal(2, 0)), d)).isEqualTo(cells(new BigDecimal("3"), new BigDecimal("-3"),
        new BigDecimal("1"), null));
    assertThat(eval(new Cast(dc, UTF8), d)).isEqualTo(cells("2.50", "-2.50", "1.49", null));
    assertThat(eval(new Cast(dc, FLOAT64), d)).isEqualTo(cells(2.5, -2.5, 1.49, null));
    assertUserError(() -> eval(new Cast(dc, decimal(2, 2)), d), "decimal overflow");
    // A float rounds half to even, as DuckDB and PostgreSQL do; 3.5 goes up, 2.5 and -0.5 go to the even neighbour.
    TestColumn f = column("f", FLOAT64, 2.5, -0.5, 3.5, -1.5, 2.6, 1e10);
    assertThat(eval(new Cast(col("f", 0, FLOAT64), INT64), f)).isEqualTo(cells(2L, 0L, 4L, -2L, 3L,
        10_000_000_000L));
    assertUserError(() -> eval(new Cast(col("f", 0, FLOAT64), INT32), f), "cannot cast 1.0E10 to INT32");
    assertUserError(() -> eval(new Cast(col("f", 0, FLOAT64), INT32), column("f", FLOAT64, Double.NaN)), "NaN");
    assertThat(eval(new Cast(col("f", 0, FLOAT64), decimal(12, 1)), f)).isEqualTo(cells(new BigDecimal("2.5"),
        new BigDecimal("-0.5"), new BigDecimal("3.5"), new BigDecimal("-1.5"), new BigDecimal("2.6"),
        new BigDecimal("10000000000.0")));
    TestColumn text = column("t", UTF8, "1994-01-31", "2024-02-29", null);
    assertThat(eval(new Cast(col("t", 0, UTF8), DATE), text)).isEqualTo(cells(day("1994-01-31"), day("2024-02-29"),
        null));
    assertUserError(() -> eval(new Cast(col("t", 0, UTF8), DATE), column("t", UTF8, "1994-02-30")), "'1994-02-30'");
    assertThat(eval(new Cast(col("t", 0, UTF8), TIMESTAMP), column("t", UTF8, "1994-01-01 10:00:00.5")))
        .isEqualTo(cells((day("1994-01-01") * 86_400L + 36_000L) * 1_000_000L + 500_000L));
    assertThat(eval(new Cast(col("d", 0, DATE), UTF8), column("d", DATE, day("1994-03-01"))))
        .isEqualTo(cells("1994-03-01"));
    assertThat(eval(new Cast(col("d", 0, DATE), TIMESTAMP), column("d", DATE, 1L)))
        .isEqualTo(cells(86_400_000_000L));
    assertThat(eval(new Cast(col("t", 0, TIMESTAMP), DATE), column("t", TIMESTAMP, -1L))).isEqualTo(cells(-1L));
    assertThat(eval(new Cast(col("t", 0, TIMESTAMP), UTF8), column("t", TIMESTAMP, 1_500_000L)))
        .isEqualTo(cells("1970-01-01 00:00:01.5"));
    assertThat(eval(new Cast(col("b", 0, BOOL), INT32), column("b", BOOL, true, false, null)))
        .isEqualTo(cells(1L, 0L, null));
    assertThat(eval(new Cast(col("s", 0, UTF8), BOOL), column("s", UTF8, "TRUE", "f", null)))
        .isEqualTo(cells(true, false, null));
    assertThat(eval(new Cast(col("x", 0, INT32), UTF8), column("x", INT32, -5L))).isEqualTo(cells("-5"));
    assertThat(eval(new Cast(col("x", 0, INT32), decimal(4, 2)), column("x", INT32, 12L)))
        .isEqualTo(cells(new BigDecimal("12.00")));
    assertUserError(() -> eval(new Cast(col("x", 0, INT32), decimal(3, 2)), column("x", INT32, 12L)),
        "decimal overflow: 12.00 does not fit DECIMAL(3,2)");
  }

  @Test
  void extractAndDateArithmetic() {
    TestColumn d = column("d", DATE, day("2024-01-31"), day("2023-03-31"), day("1969-12-31"), null);
    ColumnReference dc = col("d", 0, DATE);
    assertThat(eval(call(Functions.EXTRACT, INT64, text("year"), dc), d)).isEqualTo(cells(2024L, 2023L, 1969L, null));
    assertThat(eval(call(Functions.EXTRACT, INT64, text("month"), dc), d)).isEqualTo(cells(1L, 3L, 12L, null));
    assertThat(eval(call(Functions.EXTRACT, INT64, text("day"), dc), d)).isEqualTo(cells(31L, 31L, 31L, null));
    assertThat(eval(call(Functions.EXTRACT, INT64, text("quarter"), dc), d)).isEqualTo(cells(1L, 1L, 4L, null));
    // 2024-01-31 was a Wednesday, 2023-03-31 a Friday, 1969-12-31 a Wednesday
    assertThat(eval(call(Functions.EXTRACT, INT64, text("dow"), dc), d)).isEqualTo(cells(3L, 5L, 3L, null));
    assertThat(eval(call(Functions.EXTRACT, INT64, text("doy"), dc), d)).isEqualTo(cells(31L, 90L, 365L, null));
    assertThat(eval(call(Functions.EXTRACT, INT64, text("epoch"), dc), d))
        .isEqualTo(cells(day("2024-01-31") * 86_400, day("2023-03-31") * 86_400, -86_400L, null));
    assertThat(eval(call(Functions.DATE_ADD_MONTHS, DATE, dc, lit(1, INT32)), d))
        .isEqualTo(cells(day("2024-02-29"), day("2023-04-30"), day("1970-01-31"), null));
    assertThat(eval(call(Functions.DATE_ADD_MONTHS, DATE, dc, lit(-13, INT32)), d))
        .isEqualTo(cells(day("2022-12-31"), day("2022-02-28"), day("1968-11-30"), null));
    assertThat(eval(call(Functions.DATE_ADD_DAYS, DATE, dc, lit(-1, INT64)), d))
        .isEqualTo(cells(day("2024-01-30"), day("2023-03-30"), day("1969-12-30"), null));
    assertUserError(() -> eval(call(Functions.DATE_ADD_DAYS, DATE, dc, lit(Integer.MAX_VALUE, INT64)), d),
        "date out of range");
    long micros = (day("1994-07-15") * 86_400L + 13 * 3600 + 45 * 60 + 30) * 1_000_000L + 250;
    TestColumn t = column("t", TIMESTAMP_UTC, micros);
    ColumnReference tc = col("t", 0, TIMESTAMP_UTC);
    assertThat(eval(call(Functions.EXTRACT, INT64, text("hour"), tc), t)).isEqualTo(cells(13L));
    assertThat(eval(call(Functions.EXTRACT, INT64, text("minute"), tc), t)).isEqualTo(cells(45L));
    assertThat(eval(call(Functions.EXTRACT, INT64, text("second"), tc), t)).isEqualTo(cells(30L));
    assertThat(eval(call(Functions.EXTRACT, INT64, text("day"), tc), t)).isEqualTo(cells(15L));
    assertThat(eval(call(Functions.DATE_ADD_MONTHS, TIMESTAMP_UTC, tc, lit(1, INT32)), t))
        .isEqualTo(cells(micros + 31 * 86_400_000_000L));
    assertUserError(() -> eval(call(Functions.EXTRACT, INT64, text("fortnight"), dc), d), "fortnight");
  }

  @Test
  void timestampsWithAZoneUseItsWallClock() {
    ArrowType zoned = new ArrowType.Timestamp(TimeUnit.MICROSECOND, "America/New_York");
    long instant = java.time.Instant.parse("2024-03-10T07:30:00Z").getEpochSecond() * 1_000_000L;
    TestColumn t = column("t", zoned, instant, null);
    ColumnReference tc = col("t", 0, zoned);
    assertThat(eval(call(Functions.EXTRACT, INT64, text("hour"), tc), t)).isEqualTo(cells(3L, null));
    assertThat(eval(new Cast(tc, DATE), t)).isEqualTo(cells(day("2024-03-10"), null));
    assertThat(eval(new Cast(tc, UTF8), t)).isEqualTo(cells("2024-03-10 03:30:00-04", null));
    assertThat(eval(new Comparison(tc, ComparisonOperator.EQUAL, new Literal(LocalDateTime.parse("2024-03-10T03:30"),
        zoned)), t)).isEqualTo(cells(true, null));
    assertThat(eval(new Comparison(tc, ComparisonOperator.LESS, new Literal(java.time.Instant.parse(
        "2024-03-10T07:30:00.000001Z"), zoned)), t)).isEqualTo(cells(true, null));
    assertThat(eval(new Cast(text("2024-03-10 03:30:00"), zoned), t)).isEqualTo(cells(instant, instant));
    long midnight = java.time.Instant.parse("2024-03-10T05:00:00Z").getEpochSecond() * 1_000_000L;
    assertThat(eval(new Cast(col("d", 0, DATE), zoned), column("d", DATE, day("2024-03-10"))))
        .isEqualTo(cells(midnight));
    assertThat(eval(new Cast(col("t", 0, TIMESTAMP), UTF8), column("t", TIMESTAMP, -1L)))
        .isEqualTo(cells("1969-12-31 23:59:59.999999"));
  }

  @Test
  void stringFunctions() {
    TestColumn s = column("s", UTF8, "héllo😀", "  ab ", "", null);
    ColumnReference sc = col("s", 0, UTF8);
    assertThat(eval(call(Functions.SUBSTRING, UTF8, sc, lit(2, INT64), lit(3, INT64)), s))
        .isEqualTo(cells("éll", " ab", "", null));
    assertThat(eval(call(Functions.SUBSTRING, UTF8, sc, lit(0, INT64), lit(2, INT64)), s))
        .isEqualTo(cells("h", " ", "", null));
    assertThat(eval(call(Functions.SUBSTRING, UTF8, sc, lit(-5, INT64), lit(3, INT64)), s))
        .isEqualTo(cells("", "", "", null));
    assertThat(eval(call(Functions.SUBSTRING, UTF8, sc, lit(6, INT64)), s)).isEqualTo(cells("😀", "", "", null));
    assertUserError(() -> eval(call(Functions.SUBSTRING, UTF8, sc, lit(1, INT64), lit(-1, INT64)), s), "negative");
    assertThat(eval(call(Functions.CHAR_LENGTH, INT64, sc), s)).isEqualTo(cells(6L, 5L, 0L, null));
    assertThat(eval(call(Functions.UPPER, UTF8, sc), s)).isEqualTo(cells("HÉLLO😀", "  AB ", "", null));
    assertThat(eval(call(Functions.LOWER, UTF8, call(Functions.UPPER, UTF8, sc)), s))
        .isEqualTo(cells("héllo😀", "  ab ", "", null));
    assertThat(eval(call(Functions.TRIM, UTF8, sc), s)).isEqualTo(cells("héllo😀", "ab", "", null));
    assertThat(eval(call(Functions.CONCAT, UTF8, sc, text("|"), sc), s))
        .isEqualTo(cells("héllo😀|héllo😀", "  ab |  ab ", "|", null));
  }

  @Test
  void constantsAreFoldedAndFailingConstantsWaitForRows() {
    Expression constant = call(Functions.ADD, INT64, lit(1, INT64), call(Functions.MULTIPLY, INT64, lit(2, INT64),
        lit(3, INT64)));
    CompiledExpression compiled = ExpressionCompiler.compile(constant, TestBatches.schema(List.of()));
    assertThat(compiled.type()).isEqualTo(INT64);
    assertThat(eval(constant, column("x", INT32, 1L, 2L))).isEqualTo(cells(7L, 7L));
    Expression failing = call(Functions.DIVIDE, INT64, lit(1, INT64), lit(0, INT64));
    CompiledExpression lazy = ExpressionCompiler.compile(failing, TestBatches.schema(List.of()));
    assertThat(lazy.type()).isEqualTo(INT64);
    assertThat(eval(failing, column("x", INT32))).isEmpty();
    assertUserError(() -> eval(failing, column("x", INT32, 1L)), "division by zero");
  }

  @Test
  void unknownFunctionsAndBadArgumentsAreUserErrors() {
    assertUserError(() -> ExpressionCompiler.compile(call("frobnicate", INT64, lit(1, INT64)),
        TestBatches.schema(List.of())), "unknown function frobnicate");
    assertUserError(() -> ExpressionCompiler.compile(call(Functions.UPPER, UTF8, lit(1, INT64)),
        TestBatches.schema(List.of())), "VARCHAR");
    assertUserError(() -> ExpressionCompiler.compilePredicate(lit(1, INT64), TestBatches.schema(List.of())),
        "BOOLEAN");
  }
}
