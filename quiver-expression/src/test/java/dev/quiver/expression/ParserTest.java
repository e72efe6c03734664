package dev.quiver.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.expression.filter.FilterEvaluator;
import dev.quiver.expression.filter.StatisticsEvaluator;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Parsing: syntax, typing of literals, printing back, and the errors of typical mistakes. */
class ParserTest {
  static final Schema LINEITEM = new Schema(List.of(
      Field.nullable("l_quantity", new ArrowType.Decimal(15, 2, 128)),
      Field.nullable("l_discount", new ArrowType.Decimal(15, 2, 128)),
      Field.nullable("l_shipdate", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("l_shipmode", ArrowType.Utf8.INSTANCE),
      Field.nullable("l_orderkey", new ArrowType.Int(64, true)),
      Field.nullable("select", ArrowType.Utf8.INSTANCE),
      Field.nullable("Mixed Case", new ArrowType.Int(32, true))));

  @Test
  void castsAndCallsAreExpressionsThatScanFiltersRefuseByName() {
    ColumnReference quantity = column("l_quantity");
    Expression doubled = new Call("*", List.of(quantity, new Literal(new BigDecimal("2"), quantity.type())),
        new ArrowType.Decimal(16, 2, 128));
    Expression condition = new Comparison(quantity, ComparisonOperator.LESS,
        new Literal(new BigDecimal("24"), quantity.type()));
    assertThat(doubled.columns()).containsExactly("l_quantity");
    assertThat(new Cast(quantity, new ArrowType.Int(64, true)).toString()).isEqualTo("CAST(l_quantity AS int64)");
    assertThat(doubled.toString()).isEqualTo("(l_quantity * 2)");
    assertThatThrownBy(
        () -> new FilterEvaluator(new And(List.of(condition, new Cast(quantity, ArrowType.Bool.INSTANCE)))))
        .isInstanceOfSatisfying(QuiverException.class,
            failure -> assertThat(failure.errorCode()).isEqualTo(ErrorCode.USER))
        .hasMessageContaining("CAST(l_quantity AS");
  }

  @Test
  void parsesQuerySixFilter() {
    Expression expression = Expressions.parse("l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01' "
        + "AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24", LINEITEM);
    assertThat(expression).isInstanceOf(And.class);
    List<Expression> operands = ((And) expression).operands();
    assertThat(operands).hasSize(4);
    assertThat(operands.get(0)).isEqualTo(new Comparison(column("l_shipdate"), ComparisonOperator.GREATER_OR_EQUAL,
        new Literal(LocalDate.of(1994, 1, 1), new ArrowType.Date(DateUnit.DAY))));
    ArrowType decimal = new ArrowType.Decimal(15, 2, 128);
    assertThat(operands.get(2))
        .isEqualTo(new Between(column("l_discount"), new Literal(new BigDecimal("0.05"), decimal),
            new Literal(new BigDecimal("0.07"), decimal), false));
    assertThat(column("l_discount").ordinal()).isEqualTo(1);
    assertThat(((Comparison) operands.get(0)).column().ordinal()).isEqualTo(2);
    assertThat(operands.get(0).type()).isEqualTo(ArrowType.Bool.INSTANCE);
    assertThat(expression.columns()).containsExactly("l_shipdate", "l_discount", "l_quantity");
    assertThat(expression.toString()).isEqualTo("l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01' "
        + "AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24");
  }

  private static ColumnReference column(String name) {
    return Expressions.column(LINEITEM, name);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "l_quantity <= 1e3 OR NOT (l_discount <> -0.5)",
      "24 > l_quantity",
      "l_orderkey != 7 and (l_orderkey in (1, 2, NULL) or l_orderkey NOT IN (3))",
      "l_shipmode LIKE 'MAIL%' AND l_shipmode NOT LIKE '%!%%' ESCAPE '!'",
      "starts_with(l_shipmode, 'it''s') OR l_shipmode IS NULL OR l_shipmode IS NOT NULL",
      "\"select\" = 'x' AND \"Mixed Case\" NOT BETWEEN -3 AND 3",
      "L_ORDERKEY = 1",
      "l_shipdate < TIMESTAMP '1994-01-01 10:00:00' AND l_shipdate > '1993-12-01'",
      "TRUE AND NOT FALSE OR NULL",
      "l_orderkey = NULL",
      "NOT NOT l_orderkey < +5",
      "l_quantity < 2.5e-1 AND l_quantity > -.5",
  })
  void roundTripsThroughText(String text) {
    Expression expression = Expressions.parse(text, LINEITEM);
    assertThat(Expressions.parse(expression.toString(), LINEITEM)).isEqualTo(expression);
  }

  @Test
  void flipsComparisonsWithTheConstantOnTheLeft() {
    assertThat(Expressions.parse("24 > l_quantity", LINEITEM))
        .isEqualTo(Expressions.less(column("l_quantity"), 24));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "l_shipdte < 5                              | unknown column l_shipdte (columns: l_quantity | position 1",
      "l_shipdate = 'abc'                         | type mismatch: date32 column l_shipdate cannot be compared with 'abc' | position 14",
      "l_quantity = 'x'                           | decimal(15,2) column l_quantity                 | position 14",
      "l_orderkey < 5 AND                         | expected a column or a constant, found the end  | position 19",
      "l_orderkey < 5 l_quantity                  | expected AND, OR or the end, found l_quantity   | position 16",
      "(l_orderkey < 5                            | expected ')', found the end                     | position 16",
      "l_shipmode = 'abc                          | string is not closed                            | position 14",
      "l_orderkey LIKE 'a%'                       | LIKE needs a utf8 column; l_orderkey is int64   | position 1",
      "l_orderkey = l_quantity                    | comparing two columns is not supported          | position 14",
      "l_orderkey BETWEEN 1 OR 2                  | expected AND of BETWEEN, found OR               | position 22",
      "l_orderkey # 2                             | unexpected character '#'                        | position 12",
      "l_shipdate = DATE '1994-13-01'             | '1994-13-01' is not a date                      | position 19",
      "frobnicate(l_orderkey)                     | unknown function frobnicate                     | position 1",
      "l_shipmode LIKE 'a!' ESCAPE '!'            | ends with its escape character                  | position 17",
      "l_orderkey IS 5                            | expected NULL or NOT NULL after IS              | position 15",
      "l_orderkey                                 | expected a comparison                           | position 11",
      "''                                         | the filter is empty                             | position 1",
  })
  void reportsMistakesWithPosition(String text, String problem, String position) {
    String input = text.equals("''") ? "" : text;
    Throwable failure = catchThrowable(() -> Expressions.parse(input, LINEITEM));
    assertThat(failure).isInstanceOf(QuiverException.class);
    assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER);
    assertThat(failure.getMessage()).contains("\"" + input + "\"").contains(problem).contains(position);
  }

  @Test
  void buildersCheckTypes() {
    assertThatThrownBy(() -> Expressions.equal(column("l_shipdate"), "abc"))
        .isInstanceOf(QuiverException.class).hasMessageContaining("type mismatch");
    assertThatThrownBy(() -> Expressions.column(LINEITEM, "nope"))
        .isInstanceOf(QuiverException.class).hasMessageContaining("unknown column nope");
    assertThatThrownBy(() -> Expressions.equal(column("l_orderkey"), Double.NaN))
        .isInstanceOf(QuiverException.class).hasMessageContaining("type mismatch");
  }

  @Test
  void deepNestingIsAUserError() {
    String text = "(".repeat(5_000) + "l_orderkey = 1" + ")".repeat(5_000);
    assertThatThrownBy(() -> Expressions.parse(text, LINEITEM)).isInstanceOf(QuiverException.class)
        .hasMessageContaining("nests deeper than");
  }

  @Test
  void randomTextGivesOnlyUserErrors() {
    long seed = Long.getLong("quiver.seed", System.nanoTime());
    System.out.println("ParserTest fuzz seed " + seed);
    Random random = new Random(seed);
    String[] pieces = {"l_orderkey", "l_shipmode", "l_shipdate", "l_quantity", "\"select\"", "AND", "OR", "NOT",
        "BETWEEN", "IN", "IS", "NULL", "LIKE", "ESCAPE", "DATE", "TIMESTAMP", "TRUE", "(", ")", ",", "=", "<>", "<",
        ">=", "!", "-", "+", "'a'", "'1994-01-01'", "'", "\"", "1", "2.5", "1e999999999", "1e-999999999", ".", "e",
        "X'0f'", "x'0'", "starts_with", " ", "%", "''", "é", "\u0000"};
    for (int i = 0; i < 5_000; i++) {
      StringBuilder text = new StringBuilder();
      int length = random.nextInt(12);
      for (int p = 0; p < length; p++) {
        text.append(random.nextInt(8) == 0 ? Character.toString((char) random.nextInt(128))
            : pieces[random.nextInt(pieces.length)]).append(random.nextBoolean() ? " " : "");
      }
      String input = text.toString();
      try {
        Expression expression = Expressions.parse(input, LINEITEM);
        assertThat(Expressions.parse(expression.toString(), LINEITEM)).as("seed " + seed + ": " + input)
            .isEqualTo(expression);
        new FilterEvaluator(expression);
        StatisticsEvaluator.of(expression);
      } catch (QuiverException failure) {
        assertThat(failure.errorCode()).as("seed " + seed + ": " + input).isEqualTo(ErrorCode.USER);
      }
    }
  }
}
