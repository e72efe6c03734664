package dev.quiver.exec.expression;

import static dev.quiver.exec.expression.ExpressionCompilerTest.assertUserError;
import static dev.quiver.exec.expression.ExpressionCompilerTest.call;
import static dev.quiver.exec.expression.ExpressionCompilerTest.col;
import static dev.quiver.exec.expression.ExpressionCompilerTest.decimal;
import static dev.quiver.exec.expression.TestBatches.column;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.exec.expression.TestBatches.TestColumn;
import dev.quiver.expression.Expression;
import dev.quiver.testing.TestingAllocator;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Decimal arithmetic against BigDecimal: scales, signs, rounding half up, overflow, the wide fallback. */
class DecimalArithmeticTest {
  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  private List<Object> eval(Expression expression, TestColumn... columns) {
    return TestBatches.evaluate(allocator.allocator(), expression, List.of(columns), null);
  }

  private static BigDecimal reference(String function, BigDecimal a, BigDecimal b, int scale) {
    BigDecimal exact = switch (function) {
      case Functions.ADD -> a.add(b);
      case Functions.SUBTRACT -> a.subtract(b);
      case Functions.MULTIPLY -> a.multiply(b);
      case Functions.DIVIDE -> a.divide(b, 60, RoundingMode.DOWN);
      default -> a.remainder(b);
    };
    return exact.setScale(scale, RoundingMode.HALF_UP);
  }

  @Test
  void everyOperatorMatchesBigDecimalAtItsResultScale() {
    long seed = System.nanoTime();
    System.out.println("DecimalArithmeticTest seed " + seed);
    Random random = new Random(seed);
    String[] functions = {Functions.ADD, Functions.SUBTRACT, Functions.MULTIPLY, Functions.DIVIDE, Functions.MODULO};
    int[][] shapes = {{15, 2, 15, 2}, {12, 4, 7, 1}, {5, 0, 10, 3}, {38, 10, 20, 5}, {18, 18, 3, 0}};
    for (int[] shape : shapes) {
      ArrowType left = decimal(shape[0], shape[1]);
      ArrowType right = decimal(shape[2], shape[3]);
      List<Object> a = new ArrayList<>();
      List<Object> b = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        a.add(random.nextInt(10) == 0 ? null : randomDecimal(random, shape[0], shape[1]));
        BigDecimal divisor = randomDecimal(random, shape[2], shape[3]);
        b.add(random.nextInt(10) == 0 ? null : divisor.signum() == 0 ? BigDecimal.ONE.setScale(shape[3]) : divisor);
      }
      for (String function : functions) {
        int scale = switch (function) {
          case Functions.MULTIPLY -> Math.min(38, shape[1] + shape[3]);
          case Functions.DIVIDE -> Math.max(6, Math.max(shape[1], shape[3]));
          default -> Math.max(shape[1], shape[3]);
        };
        ArrowType result = decimal(38, scale);
        Expression expression = call(function, result, col("a", 0, left), col("b", 1, right));
        List<Object> expected = new ArrayList<>();
        boolean overflow = false;
        for (int i = 0; i < a.size(); i++) {
          BigDecimal x = (BigDecimal) a.get(i);
          BigDecimal y = (BigDecimal) b.get(i);
          BigDecimal value = x == null || y == null ? null : reference(function, x, y, scale);
          overflow |= value != null && value.precision() - value.scale() > 38 - scale;
          expected.add(value);
        }
        if (overflow) {
          assertUserError(() -> eval(expression, new TestColumn("a", left, a, false),
              new TestColumn("b", right, b, false)), "decimal overflow");
        } else {
          assertThat(eval(expression, new TestColumn("a", left, a, false), new TestColumn("b", right, b, false)))
              .as("%s over DECIMAL(%d,%d), DECIMAL(%d,%d)", function, shape[0], shape[1], shape[2], shape[3])
              .isEqualTo(expected);
        }
      }
    }
  }

  /**
   * {@code column <op> constant} and {@code constant <op> column} for +, - and * (the constant scaled once, one pass
   * over the column) against BigDecimal: scales on either side, NULL rows, results rounded to a smaller scale, and a
   * result past a narrow precision failing as the general path fails.
   */
  @Test
  void constantOperandsOnEitherSideMatchBigDecimal() {
    long seed = System.nanoTime();
    System.out.println("DecimalArithmeticTest.constantOperands seed " + seed);
    Random random = new Random(seed);
    String[] functions = {Functions.ADD, Functions.SUBTRACT, Functions.MULTIPLY};
    // column precision, column scale, constant precision, constant scale, result precision, result scale
    int[][] shapes = {{15, 2, 1, 0, 16, 2}, {12, 4, 7, 1, 38, 3}, {5, 0, 10, 3, 38, 3}, {18, 6, 3, 2, 38, 6},
        {15, 2, 3, 2, 18, 2}, {9, 3, 4, 1, 10, 4}};
    for (int[] shape : shapes) {
      ArrowType columnType = decimal(shape[0], shape[1]);
      ArrowType constantType = decimal(shape[2], shape[3]);
      ArrowType result = decimal(shape[4], shape[5]);
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        values.add(random.nextInt(10) == 0 ? null : randomDecimal(random, shape[0], shape[1]));
      }
      BigDecimal constant = randomDecimal(random, shape[2], shape[3]);
      for (String function : functions) {
        for (boolean constantLeft : new boolean[] {false, true}) {
          Expression column = col("a", 0, columnType);
          Expression literal = ExpressionCompilerTest.lit(constant, constantType);
          Expression expression = constantLeft ? call(function, result, literal, column)
              : call(function, result, column, literal);
          List<Object> expected = new ArrayList<>();
          boolean overflow = false;
          for (Object value : values) {
            BigDecimal x = (BigDecimal) value;
            BigDecimal exact = x == null ? null : constantLeft ? reference(function, constant, x, shape[5])
                : reference(function, x, constant, shape[5]);
            overflow |= exact != null && exact.precision() - exact.scale() > shape[4] - shape[5];
            expected.add(exact);
          }
          String what = String.format("%s %s over DECIMAL(%d,%d) and %s", function, constantLeft ? "constant first"
              : "column first", shape[0], shape[1], constant);
          if (overflow) {
            assertUserError(() -> eval(expression, new TestColumn("a", columnType, values, false)), "decimal overflow");
          } else {
            assertThat(eval(expression, new TestColumn("a", columnType, values, false))).as(what).isEqualTo(expected);
          }
        }
      }
    }
  }

  private static BigDecimal randomDecimal(Random random, int precision, int scale) {
    int digits = 1 + random.nextInt(precision);
    BigInteger unscaled = new BigInteger(digits * 3 + 1, random).mod(BigInteger.TEN.pow(digits));
    if (random.nextInt(8) == 0) {
      unscaled = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
    }
    return new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), scale);
  }

  /**
   * Batches whose values are small (every step's bound fits a long, so the loops without overflow checks run) and the
   * same batches with one value near a long's limit (the checked loops run): the same exact answers, TPC-H Q1's
   * {@code price * (1 - discount) * (1 + tax)} chain included, and a result past a narrow precision still an error
   * whichever loop ran.
   */
  @Test
  void boundedAndUnboundedBatchesGiveTheSameExactAnswers() {
    long seed = System.nanoTime();
    System.out.println("DecimalArithmeticTest.bounded seed " + seed);
    Random random = new Random(seed);
    ArrowType money = decimal(18, 2);
    ArrowType rate = decimal(18, 2);
    for (boolean nearLimit : new boolean[] {false, true}) {
      List<Object> prices = new ArrayList<>();
      List<Object> discounts = new ArrayList<>();
      List<Object> taxes = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        prices.add(random.nextInt(12) == 0 ? null : BigDecimal.valueOf(random.nextInt(10_000_000) - 5_000_000, 2));
        discounts.add(random.nextInt(12) == 0 ? null : BigDecimal.valueOf(random.nextInt(11), 2));
        taxes.add(BigDecimal.valueOf(random.nextInt(9), 2));
      }
      if (nearLimit) { // one value the size of DECIMAL(18,2)'s largest: the bound no longer proves the steps fit
        prices.set(random.nextInt(prices.size()), new BigDecimal("-9999999999999999.99"));
      }
      Expression oneMinusDiscount = call(Functions.SUBTRACT, decimal(19, 2), ExpressionCompilerTest.lit(1,
          new ArrowType.Int(32, true)), col("d", 1, rate));
      Expression onePlusTax = call(Functions.ADD, decimal(19, 2), col("t", 2, rate), ExpressionCompilerTest.lit(1,
          new ArrowType.Int(32, true)));
      Expression charge = call(Functions.MULTIPLY, decimal(38, 6), call(Functions.MULTIPLY, decimal(38, 4),
          col("p", 0, money), oneMinusDiscount), onePlusTax);
      Expression sumOfColumns = call(Functions.ADD, decimal(19, 2), col("p", 0, money), col("d", 1, rate));
      Expression scaledDifference = call(Functions.SUBTRACT, decimal(20, 3), col("p", 0, money),
          ExpressionCompilerTest.lit(new BigDecimal("0.125"), decimal(4, 3)));
      List<Object> charges = new ArrayList<>();
      List<Object> sums = new ArrayList<>();
      List<Object> differences = new ArrayList<>();
      for (int i = 0; i < prices.size(); i++) {
        BigDecimal price = (BigDecimal) prices.get(i);
        BigDecimal discount = (BigDecimal) discounts.get(i);
        BigDecimal tax = (BigDecimal) taxes.get(i);
        charges.add(price == null || discount == null ? null
            : price.multiply(BigDecimal.ONE.subtract(discount)).multiply(BigDecimal.ONE.add(tax)).setScale(6));
        sums.add(price == null || discount == null ? null : price.add(discount));
        differences.add(price == null ? null : price.subtract(new BigDecimal("0.125")));
      }
      TestColumn p = new TestColumn("p", money, prices, false);
      TestColumn d = new TestColumn("d", rate, discounts, false);
      TestColumn t = new TestColumn("t", rate, taxes, false);
      assertThat(eval(charge, p, d, t)).as("charge, near the limit: %s", nearLimit).isEqualTo(charges);
      assertThat(eval(sumOfColumns, p, d)).as("sum, near the limit: %s", nearLimit).isEqualTo(sums);
      assertThat(eval(scaledDifference, p)).as("difference, near the limit: %s", nearLimit).isEqualTo(differences);
      // DECIMAL(8,2) holds 999999.99: prices reach 50,000.00, so twice the price fits only without the extreme one
      Expression doubled = call(Functions.ADD, decimal(8, 2), col("p", 0, money), col("p", 0, money));
      if (nearLimit) {
        assertUserError(() -> eval(doubled, p), "decimal overflow");
      } else {
        List<Object> twice = new ArrayList<>();
        prices.forEach(price -> twice.add(price == null ? null : ((BigDecimal) price).multiply(BigDecimal.valueOf(2))));
        assertThat(eval(doubled, p)).isEqualTo(twice);
      }
    }
  }

  /** Bounds only ever over-estimate, and give up (UNBOUNDED) rather than overflow. */
  @Test
  void magnitudeBoundsAreUpperBoundsOrUnbounded() {
    long seed = System.nanoTime();
    System.out.println("DecimalArithmeticTest.bounds seed " + seed);
    Random random = new Random(seed);
    for (int round = 0; round < 10_000; round++) {
      long value = random.nextLong() >> random.nextInt(64);
      long bound = DecimalColumn.boundOfBits(value ^ (value >> 63));
      if (value == Long.MIN_VALUE) {
        assertThat(bound).isEqualTo(DecimalColumn.UNBOUNDED);
      } else {
        assertThat(bound).as("bound of %d", value).isGreaterThanOrEqualTo(Math.abs(value));
      }
      long a = Math.abs(random.nextLong() >> random.nextInt(64));
      long b = Math.abs(random.nextLong() >> random.nextInt(64));
      BigInteger product = BigInteger.valueOf(a).multiply(BigInteger.valueOf(b));
      long productBound = DecimalColumn.productBound(a, b);
      assertThat(productBound).isEqualTo(a < 0 || b < 0 || product.bitLength() > 63 ? DecimalColumn.UNBOUNDED
          : product.longValueExact());
      BigInteger sum = BigInteger.valueOf(a).add(BigInteger.valueOf(b));
      assertThat(DecimalColumn.sumBound(a, b)).isEqualTo(a < 0 || b < 0 || sum.bitLength() > 63
          ? DecimalColumn.UNBOUNDED : sum.longValueExact());
    }
    long[] values = new long[100];
    long largest = 0;
    for (int i = 0; i < values.length; i++) {
      values[i] = random.nextLong() >> (1 + random.nextInt(63));
      largest = Math.max(largest, Math.abs(values[i]));
    }
    DecimalColumn column = new DecimalColumn(2, values, null);
    assertThat(column.knownBound()).as("not computed until asked for").isEqualTo(DecimalColumn.UNBOUNDED);
    assertThat(column.bound()).isGreaterThanOrEqualTo(largest).isLessThanOrEqualTo(2 * largest + 1);
    assertThat(DecimalColumn.magnitude(Long.MIN_VALUE)).isEqualTo(DecimalColumn.UNBOUNDED);
    assertThat(DecimalColumn.productBound(DecimalColumn.UNBOUNDED, 1)).isEqualTo(DecimalColumn.UNBOUNDED);
    assertThat(DecimalColumn.sumBound(1, DecimalColumn.UNBOUNDED)).isEqualTo(DecimalColumn.UNBOUNDED);
  }

  @Test
  void divisionRoundsHalfAwayFromZeroAtTheResultScale() {
    TestColumn a = column("a", decimal(5, 2), new BigDecimal("1.00"), new BigDecimal("-1.00"), new BigDecimal("2.00"),
        new BigDecimal("0.05"), new BigDecimal("-0.05"));
    TestColumn b = column("b", decimal(5, 2), new BigDecimal("3.00"), new BigDecimal("3.00"), new BigDecimal("3.00"),
        new BigDecimal("0.10"), new BigDecimal("0.10"));
    Expression divide = call(Functions.DIVIDE, decimal(10, 0), col("a", 0, decimal(5, 2)), col("b", 1, decimal(5, 2)));
    assertThat(eval(divide, a, b)).isEqualTo(List.of(BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ONE, BigDecimal.ONE,
        BigDecimal.ONE.negate()));
    Expression precise = call(Functions.DIVIDE, decimal(10, 4), col("a", 0, decimal(5, 2)), col("b", 1,
        decimal(5, 2)));
    assertThat(eval(precise, a, b)).isEqualTo(List.of(new BigDecimal("0.3333"), new BigDecimal("-0.3333"),
        new BigDecimal("0.6667"), new BigDecimal("0.5000"), new BigDecimal("-0.5000")));
  }

  @Test
  void mixedScalesAddExactlyAndCompareExactly() {
    TestColumn a = column("a", decimal(15, 2), new BigDecimal("0.05"), new BigDecimal("-1.10"));
    TestColumn b = column("b", decimal(15, 4), new BigDecimal("0.0001"), new BigDecimal("1.1000"));
    Expression add = call(Functions.ADD, decimal(16, 4), col("a", 0, decimal(15, 2)), col("b", 1, decimal(15, 4)));
    assertThat(eval(add, a, b)).isEqualTo(List.of(new BigDecimal("0.0501"), new BigDecimal("0.0000")));
    Expression equal = call(Functions.EQUAL, ArrowType.Bool.INSTANCE, call(Functions.NEGATE, decimal(15, 2),
        col("a", 0, decimal(15, 2))), col("b", 1, decimal(15, 4)));
    assertThat(eval(equal, a, b)).isEqualTo(List.of(false, true));
    // 1 - discount, the TPC-H shape: an integer literal with a decimal
    Expression oneMinus = call(Functions.SUBTRACT, decimal(16, 2), ExpressionCompilerTest.lit(1,
        new ArrowType.Int(32, true)), col("a", 0, decimal(15, 2)));
    assertThat(eval(oneMinus, a)).isEqualTo(List.of(new BigDecimal("0.95"), new BigDecimal("2.10")));
  }

  @Test
  void overflowOfTheResultPrecisionIsAUserErrorNamingTheValue() {
    TestColumn a = column("a", decimal(4, 2), new BigDecimal("99.99"), new BigDecimal("-99.99"));
    Expression add = call(Functions.ADD, decimal(4, 2), col("a", 0, decimal(4, 2)), col("a", 0, decimal(4, 2)));
    assertUserError(() -> eval(add, a), "decimal overflow: 199.98 does not fit DECIMAL(4,2)");
    TestColumn zero = column("z", decimal(4, 2), new BigDecimal("0.00"));
    Expression divide = call(Functions.DIVIDE, decimal(10, 2), ExpressionCompilerTest.lit(1,
        new ArrowType.Int(32, true)), col("z", 0, decimal(4, 2)));
    assertUserError(() -> eval(divide, zero), "division by zero");
    // the wide path: values past a long, exact
    BigDecimal huge = new BigDecimal("12345678901234567890123456.789");
    TestColumn wide = column("w", decimal(38, 3), huge, huge.negate(), null);
    Expression twice = call(Functions.MULTIPLY, decimal(38, 3), col("w", 0, decimal(38, 3)),
        ExpressionCompilerTest.lit(2, new ArrowType.Int(32, true)));
    List<Object> doubled = new ArrayList<>();
    doubled.add(huge.multiply(BigDecimal.valueOf(2)));
    doubled.add(huge.multiply(BigDecimal.valueOf(-2)));
    doubled.add(null);
    assertThat(eval(twice, wide)).isEqualTo(doubled);
  }

  @Test
  void roundFloorCeilAbsOnDecimals() {
    TestColumn a = column("a", decimal(6, 3), new BigDecimal("2.345"), new BigDecimal("-2.345"), null);
    ArrowType type = decimal(6, 3);
    assertThat(eval(call(Functions.ROUND, decimal(6, 2), col("a", 0, type), ExpressionCompilerTest.lit(2,
        new ArrowType.Int(32, true))), a)).isEqualTo(java.util.Arrays.asList(new BigDecimal("2.35"),
            new BigDecimal("-2.35"), null));
    assertThat(eval(call(Functions.FLOOR, decimal(6, 0), col("a", 0, type)), a)).isEqualTo(java.util.Arrays.asList(
        new BigDecimal("2"), new BigDecimal("-3"), null));
    assertThat(eval(call(Functions.CEIL, decimal(6, 0), col("a", 0, type)), a)).isEqualTo(java.util.Arrays.asList(
        new BigDecimal("3"), new BigDecimal("-2"), null));
    assertThat(eval(call(Functions.ABS, type, col("a", 0, type)), a)).isEqualTo(java.util.Arrays.asList(
        new BigDecimal("2.345"), new BigDecimal("2.345"), null));
  }
}
