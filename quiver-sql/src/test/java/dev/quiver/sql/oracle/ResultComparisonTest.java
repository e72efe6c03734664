package dev.quiver.sql.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The comparison accepts what engines legitimately differ in and rejects seeded wrong answers. */
class ResultComparisonTest {
  private static List<Object> row(Object... values) {
    return Arrays.asList(values);
  }

  private static Result result(List<String> types, List<List<Object>> rows) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      names.add("c" + i);
    }
    return new Result(names, types, rows);
  }

  private static final List<String> TYPES = List.of("BIGINT", "VARCHAR", "DECIMAL(15,2)");

  private static Result sample() {
    return result(TYPES,
        List.of(row(1L, "a", new BigDecimal("1.50")), row(2L, "b", null), row(2L, "c", new BigDecimal("-3.00")),
            row(3L, null, new BigDecimal("0.01"))));
  }

  @Test
  void sameRowsInAnotherOrderAreTheSameMultiset() {
    List<List<Object>> shuffled = new ArrayList<>(sample().rows());
    Collections.reverse(shuffled);
    assertThat(ResultComparison.compare(sample(), sample().withRows(shuffled), OrderSpec.unordered(), null)).isEmpty();
  }

  @Test
  void oneChangedValueIsDetectedAndShown() {
    List<List<Object>> changed = new ArrayList<>(sample().rows());
    changed.set(2, row(2L, "c", new BigDecimal("-3.01")));
    Optional<String> mismatch = ResultComparison.compare(sample(), sample().withRows(changed), OrderSpec.unordered(),
        null);
    assertThat(mismatch).isPresent();
    assertThat(mismatch.get()).contains("-3.00").contains("-3.01").contains("only in expected")
        .contains("only in actual");
  }

  @Test
  void aDroppedRowOrAnExtraDuplicateIsDetected() {
    List<List<Object>> dropped = new ArrayList<>(sample().rows());
    dropped.remove(1);
    assertThat(ResultComparison.compare(sample(), sample().withRows(dropped), OrderSpec.unordered(), null))
        .hasValueSatisfying(text -> assertThat(text).contains("row counts differ").contains("'b'"));
    List<List<Object>> duplicated = new ArrayList<>(sample().rows());
    duplicated.set(1, duplicated.get(0));
    assertThat(ResultComparison.compare(sample(), sample().withRows(duplicated), OrderSpec.unordered(), null))
        .isPresent();
  }

  @Test
  void nullIsNotZeroNorEmpty() {
    Result withNull = result(List.of("BIGINT", "VARCHAR"), List.of(row(null, null)));
    assertThat(
        ResultComparison.compare(withNull, withNull.withRows(List.of(row(0L, null))), OrderSpec.unordered(), null))
        .isPresent();
    assertThat(
        ResultComparison.compare(withNull, withNull.withRows(List.of(row(null, ""))), OrderSpec.unordered(), null))
        .isPresent();
  }

  @Test
  void anOrderedAnswerInTheWrongOrderIsDetected() {
    List<List<Object>> reordered = new ArrayList<>(sample().rows());
    Collections.swap(reordered, 0, 3);
    Optional<String> mismatch = ResultComparison.compare(sample(), sample().withRows(reordered), OrderSpec.keys(0),
        null);
    assertThat(mismatch).hasValueSatisfying(text -> assertThat(text).contains("ORDER BY keys [0] differ at row 0"));
  }

  @Test
  void rowsTiedOnTheOrderByKeysMayComeInAnyOrder() {
    List<List<Object>> swappedTies = new ArrayList<>(sample().rows());
    Collections.swap(swappedTies, 1, 2);
    assertThat(ResultComparison.compare(sample(), sample().withRows(swappedTies), OrderSpec.keys(0), null)).isEmpty();
    // ... but not when the second column is a key too.
    assertThat(ResultComparison.compare(sample(), sample().withRows(swappedTies), OrderSpec.keys(0, 1), null))
        .isPresent();
  }

  @Test
  void aWrongValueInsideATieGroupIsDetected() {
    List<List<Object>> changed = new ArrayList<>(sample().rows());
    changed.set(1, row(2L, "x", null));
    assertThat(ResultComparison.compare(sample(), sample().withRows(changed), OrderSpec.keys(0), null))
        .hasValueSatisfying(text -> assertThat(text).contains("tie group of rows 1..2"));
  }

  @Test
  void aLimitCuttingThroughTiesAcceptsAnyRowsOfTheLastGroup() {
    List<String> types = List.of("BIGINT", "VARCHAR");
    Result unlimited = result(types, List.of(row(1L, "a"), row(2L, "b"), row(2L, "c"), row(2L, "d"), row(3L, "e")));
    Result expected = unlimited.withRows(unlimited.rows().subList(0, 3));
    Result actual = unlimited.withRows(List.of(row(1L, "a"), row(2L, "d"), row(2L, "b")));
    OrderSpec limited = OrderSpec.keys(0).limitedTo();
    assertThat(ResultComparison.compare(expected, actual, limited, unlimited)).isEmpty();
    // Without the unlimited answer the cut group must match exactly.
    assertThat(ResultComparison.compare(expected, actual, limited, null)).isPresent();
    // A row that is nowhere in the unlimited answer is wrong.
    Result invented = unlimited.withRows(List.of(row(1L, "a"), row(2L, "z"), row(2L, "b")));
    assertThat(ResultComparison.compare(expected, invented, limited, unlimited))
        .hasValueSatisfying(text -> assertThat(text).contains("not in the unlimited answer").contains("'z'"));
    // The keys themselves must still match: a row of a later group is not allowed in.
    Result skipped = unlimited.withRows(List.of(row(1L, "a"), row(2L, "b"), row(3L, "e")));
    assertThat(ResultComparison.compare(expected, skipped, limited, unlimited)).isPresent();
  }

  @Test
  void interiorTieGroupsOfALimitedAnswerMustMatchExactly() {
    List<String> types = List.of("BIGINT", "VARCHAR");
    Result unlimited = result(types, List.of(row(1L, "a"), row(2L, "b"), row(2L, "c"), row(3L, "e"), row(3L, "f")));
    Result expected = unlimited.withRows(unlimited.rows().subList(0, 4));
    Result repeated = unlimited.withRows(List.of(row(1L, "a"), row(2L, "b"), row(2L, "b"), row(3L, "e")));
    assertThat(ResultComparison.compare(expected, repeated, OrderSpec.keys(0).limitedTo(), unlimited)).isPresent();
  }

  @Test
  void decimalAndDoubleAgreeToTheDecimalsScale() {
    Result decimal = result(List.of("DECIMAL(38,2)"), List.of(row(new BigDecimal("2.67"))));
    Result closeDouble = result(List.of("DOUBLE"), List.of(row(8.0 / 3)));
    assertThat(ResultComparison.compare(closeDouble, decimal, OrderSpec.unordered(), null)).isEmpty();
    // Truncated instead of rounded is still within one unit of the scale.
    assertThat(ResultComparison.compare(closeDouble, decimal.withRows(List.of(row(new BigDecimal("2.66")))),
        OrderSpec.unordered(), null)).isEmpty();
    assertThat(ResultComparison.compare(closeDouble, decimal.withRows(List.of(row(new BigDecimal("2.64")))),
        OrderSpec.unordered(), null)).isPresent();
    // A tie rounded the other way (the DOUBLE 0.575 is 0.57499..., so DuckDB's round gives 0.57; exact: 0.58):
    // one unit, though the double 0.57 lies just below 0.57.
    assertThat(ValueEquivalence.equivalent(0.57, new BigDecimal("0.58"))).isTrue();
    assertThat(ValueEquivalence.equivalent(0.57, new BigDecimal("0.59"))).isFalse();
  }

  @Test
  void decimalsOfOneScaleCompareExactlyAndOfDifferentScalesToTheSmaller() {
    assertThat(ValueEquivalence.equivalent(new BigDecimal("1.50"), new BigDecimal("1.5"))).isTrue();
    assertThat(ValueEquivalence.equivalent(new BigDecimal("1.50"), new BigDecimal("1.51"))).isFalse();
    assertThat(ValueEquivalence.equivalent(new BigDecimal("0.333333"), new BigDecimal("0.33"))).isTrue();
    assertThat(ValueEquivalence.equivalent(new BigDecimal("0.333333"), new BigDecimal("0.31"))).isFalse();
    assertThat(ValueEquivalence.equivalent(5L, new BigDecimal("5.00"))).isTrue();
    assertThat(ValueEquivalence.equivalent(5L, new BigDecimal("5.01"))).isFalse();
  }

  @Test
  void doublesAgreeToARelativeTolerance() {
    assertThat(ValueEquivalence.equivalent(1e12, 1e12 + 1e2)).isTrue();
    assertThat(ValueEquivalence.equivalent(1e12, 1e12 + 1e4)).isFalse();
    assertThat(ValueEquivalence.equivalent(0.0, -0.0)).isTrue();
    assertThat(ValueEquivalence.equivalent(Double.NaN, Double.NaN)).isTrue();
    assertThat(ValueEquivalence.equivalent(3L, 3.0)).isTrue();
    assertThat(ValueEquivalence.equivalent(3L, 3.5)).isFalse();
  }

  @Test
  void toleranceEqualDoublesThatSortDifferentlyStillMatch() {
    List<String> types = List.of("DOUBLE", "VARCHAR");
    Result expected = result(types, List.of(row(1.0, "b"), row(1.0 + 1e-12, "a")));
    Result actual = result(types, List.of(row(1.0 + 1e-12, "b"), row(1.0, "a")));
    assertThat(ResultComparison.compare(expected, actual, OrderSpec.unordered(), null)).isEmpty();
  }

  @Test
  void aDateEqualsATimestampAtItsMidnightOnly() {
    LocalDate day = LocalDate.of(2024, 2, 29);
    assertThat(ValueEquivalence.equivalent(day, day.atStartOfDay())).isTrue();
    assertThat(ValueEquivalence.equivalent(day, day.atTime(0, 0, 1))).isFalse();
    assertThat(ValueEquivalence.equivalent(day, day.plusDays(1))).isFalse();
  }

  @Test
  void columnCountsAndTypeFamiliesMustAgree() {
    Result text = result(List.of("VARCHAR"), List.of(row("1")));
    Result number = result(List.of("BIGINT"), List.of(row(1L)));
    assertThat(ResultComparison.compare(text, number, OrderSpec.unordered(), null))
        .hasValueSatisfying(message -> assertThat(message).contains("types differ"));
    Result hugeint = result(List.of("HUGEINT"), List.of(row(1L)));
    assertThat(ResultComparison.compare(hugeint, number, OrderSpec.unordered(), null)).isEmpty();
    assertThat(ResultComparison.compare(sample(), number, OrderSpec.unordered(), null))
        .hasValueSatisfying(message -> assertThat(message).contains("column counts differ"));
  }

  @Test
  void assertSameAnswerNamesTheQuery() {
    assertThatThrownBy(() -> ResultComparison.assertSameAnswer("query 7 (seed 42)", sample(),
        sample().withRows(List.of()), OrderSpec.unordered(), null)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("query 7 (seed 42)");
  }
}
