package dev.quiver.bench.tpch;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The TPC-H answer comparison: tolerances that accept the same answer, and the differences it must catch. */
class TpchAnswerCheckTest {
  private final TpchAnswerCheck check = new TpchAnswerCheck();

  private static String answer(String order, String header, String... rows) {
    StringBuilder text = new StringBuilder(TpchAnswer.ORDER + "\t" + order + "\n" + header + "\n");
    for (String row : rows) {
      text.append(row).append('\n');
    }
    return text.toString();
  }

  @Test
  void theSameAnswerPasses() {
    String text = answer("0", "k\tv", "s:a\tn:1.50", "s:b\tn:2.25");
    assertThat(check.difference(text, text)).isNull();
  }

  @Test
  void aDoubleMatchesADecimalAtTheDecimalsScaleOrWithinTheRelativeTolerance() {
    String decimal = answer("0", "k\tavg", "s:a\tn:25.50", "s:b\tn:1000000.000");
    String dbl = answer("0", "k\tavg", "s:a\tn:25.501999", "s:b\tn:1000000.0004");
    assertThat(check.difference(decimal, dbl)).isNull();
    assertThat(TpchAnswerCheck.close(new BigDecimal("100.01"), new BigDecimal("100.02"))).isFalse();
    assertThat(TpchAnswerCheck.close(new BigDecimal("5"), new BigDecimal("6"))).isFalse();
    assertThat(TpchAnswerCheck.close(new BigDecimal("123456789.1234"), new BigDecimal("123456789.12"))).isTrue();
  }

  @Test
  void aWrongValueFailsNamingTheRow() {
    String expected = answer("0", "k\tv", "s:a\tn:1.50", "s:b\tn:2.25");
    String actual = answer("0", "k\tv", "s:a\tn:1.50", "s:b\tn:2.26");
    assertThat(check.difference(expected, actual)).contains("row 2 of 2").contains("n:2.25").contains("n:2.26");
    assertThat(check.difference(expected, answer("0", "k\tv", "s:a\tn:1.50"))).contains("expected 2 rows, got 1");
    assertThat(check.difference(expected, answer("0", "k", "s:a", "s:b"))).contains("columns");
    assertThat(check.difference(expected, answer("0", "k\tv", "s:a\tn:1.50", "s:b\t-"))).isNotNull();
  }

  @Test
  void rowsOutOfOrderFailButTiesMayComeInAnyOrder() {
    String expected = answer("0", "k\tv", "n:1\ts:x", "n:2\ts:y", "n:2\ts:z", "n:3\ts:w");
    String tiesSwapped = answer("0", "k\tv", "n:1\ts:x", "n:2\ts:z", "n:2\ts:y", "n:3\ts:w");
    String outOfOrder = answer("0", "k\tv", "n:2\ts:y", "n:1\ts:x", "n:2\ts:z", "n:3\ts:w");
    assertThat(check.difference(expected, tiesSwapped)).isNull();
    assertThat(check.difference(expected, outOfOrder)).contains("row 1 of 4");
    String strict = answer(TpchAnswer.STRICT, "k\tv", "n:1\ts:x", "n:2\ts:y", "n:2\ts:z", "n:3\ts:w");
    assertThat(check.difference(strict, tiesSwapped)).isNotNull();
    String unordered = answer(TpchAnswer.UNORDERED, "k\tv", "n:1\ts:x", "n:2\ts:y", "n:2\ts:z", "n:3\ts:w");
    assertThat(check.difference(unordered, outOfOrder)).isNull();
  }

  @Test
  void orderKeysComeFromTheOuterOrderByWithoutDirectionsOrLimit() {
    assertThat(TpchSql.orderKeys(TpchSql.statement(1, TpchSystem.QUIVER))).containsExactly("l_returnflag",
        "l_linestatus");
    assertThat(TpchSql.orderKeys(TpchSql.statement(3, TpchSystem.QUIVER))).containsExactly("revenue", "o_orderdate");
    assertThat(TpchSql.orderKeys(TpchSql.statement(13, TpchSystem.QUIVER))).containsExactly("custdist", "c_count");
    assertThat(TpchSql.orderKeys("select a from t")).isEmpty();
    assertThat(TpchSql.forDuckDb(TpchSql.statement(1, TpchSystem.QUIVER))).contains("interval '90' day")
        .doesNotContain("day (3)");
    assertThat(TpchSql.number("q6")).isEqualTo(6);
    assertThat(TpchSql.subject(6)).isEqualTo("q06");
    assertThat(List.of(TpchSql.statement(6, TpchSystem.DUCKDB))).allMatch(sql -> !sql.endsWith(";"));
  }
}
