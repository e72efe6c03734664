package dev.quiver.sql.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.junit.jupiter.api.Test;

/**
 * Quiver's own constant folding gives java.time's dates and Calcite's executor's literals (the
 * references) for seeded random dates plus or minus intervals (month ends, leap years) and exact arithmetic and
 * casts, declines what would round, and leaves an overflowing expression unfolded.
 */
class LiteralFoldingTest {
  private final RelDataTypeFactory typeFactory = new JavaTypeFactoryImpl(new QuiverTypeSystem());
  private final RexBuilder rexBuilder = new RexBuilder(typeFactory);

  private RexNode calcite(RexNode expression) {
    List<RexNode> reduced = new ArrayList<>();
    RexUtil.EXECUTOR.reduce(rexBuilder, List.of(expression), reduced);
    return reduced.get(0);
  }

  private void assertFoldsLikeCalcite(RexNode expression) {
    RexNode folded = LiteralFolding.fold(rexBuilder, expression);
    assertThat(folded).as("%s folds", expression).isNotNull();
    RexNode expected = calcite(expression);
    assertThat(folded.toString()).as("%s", expression).isEqualTo(expected.toString());
    assertThat(folded.getType().getFullTypeString()).as("%s type", expression)
        .isEqualTo(expression.getType().getFullTypeString());
  }

  /** Dates against java.time (Calcite's executor subtracts a month interval as days, and fails on a minus of days built outside SQL). */
  private void assertFoldsTo(RexNode expression, LocalDate expected) {
    RexNode folded = LiteralFolding.fold(rexBuilder, expression);
    assertThat(folded).as("%s folds", expression).isInstanceOf(RexLiteral.class);
    assertThat(LocalDate.ofEpochDay(((RexLiteral) folded).getValueAs(DateString.class).getDaysSinceEpoch()))
        .as("%s", expression).isEqualTo(expected);
  }

  private RexNode date(int year, int month, int day) {
    return rexBuilder.makeDateLiteral(new DateString(year, month, day));
  }

  private RexNode months(long count) {
    return rexBuilder.makeIntervalLiteral(BigDecimal.valueOf(count),
        new SqlIntervalQualifier(TimeUnit.MONTH, null, SqlParserPos.ZERO));
  }

  private RexNode days(long count) {
    return rexBuilder.makeIntervalLiteral(BigDecimal.valueOf(count * 86_400_000L),
        new SqlIntervalQualifier(TimeUnit.DAY, 3, null, -1, SqlParserPos.ZERO));
  }

  @Test
  void datesPlusAndMinusIntervalsAsCalcite() {
    long seed = System.nanoTime();
    System.out.println("LiteralFoldingTest seed " + seed);
    Random random = new Random(seed);
    List<RexNode> dates = new ArrayList<>(List.of(date(2024, 1, 31), date(2023, 1, 31), date(2024, 2, 29),
        date(1998, 12, 1), date(1999, 12, 31)));
    for (int i = 0; i < 40; i++) {
      dates.add(date(1900 + random.nextInt(200), 1 + random.nextInt(12), 1 + random.nextInt(28)));
    }
    for (RexNode date : dates) {
      long count = random.nextInt(40);
      LocalDate day = LocalDate.ofEpochDay(((RexLiteral) date).getValueAs(DateString.class).getDaysSinceEpoch());
      assertFoldsTo(rexBuilder.makeCall(SqlStdOperatorTable.DATETIME_PLUS, date, months(count)),
          day.plusMonths(count));
      assertFoldsTo(rexBuilder.makeCall(SqlStdOperatorTable.MINUS, date, months(count)), day.minusMonths(count));
      RexNode plusDays = rexBuilder.makeCall(SqlStdOperatorTable.DATETIME_PLUS, date, days(count * 17));
      assertFoldsTo(plusDays, day.plusDays(count * 17));
      RexNode minusDays = rexBuilder.makeCall(SqlStdOperatorTable.MINUS, date, days(count * 17));
      assertFoldsTo(minusDays, day.minusDays(count * 17));
    }
  }

  @Test
  void exactArithmeticAndCastsAsCalcite() {
    long seed = System.nanoTime();
    System.out.println("LiteralFoldingTest seed " + seed);
    Random random = new Random(seed);
    for (int i = 0; i < 200; i++) {
      BigDecimal a = BigDecimal.valueOf(random.nextInt(20_001) - 10_000, random.nextInt(4));
      BigDecimal b = BigDecimal.valueOf(random.nextInt(20_001) - 10_000, random.nextInt(4));
      RexNode left = rexBuilder.makeExactLiteral(a);
      RexNode right = rexBuilder.makeExactLiteral(b);
      RexNode plus = rexBuilder.makeCall(SqlStdOperatorTable.PLUS, left, right);
      assertFoldsLikeCalcite(plus);
      assertFoldsLikeCalcite(rexBuilder.makeCall(SqlStdOperatorTable.MINUS, left, right));
      assertFoldsLikeCalcite(rexBuilder.makeCall(SqlStdOperatorTable.MULTIPLY, left, right));
      assertFoldsLikeCalcite(rexBuilder.makeCast(typeFactory.createSqlType(SqlTypeName.DECIMAL, 20, 4), plus));
    }
    RexNode integers = rexBuilder.makeCall(SqlStdOperatorTable.PLUS, rexBuilder.makeExactLiteral(BigDecimal.ONE),
        rexBuilder.makeExactLiteral(BigDecimal.TEN));
    assertFoldsLikeCalcite(rexBuilder.makeCast(typeFactory.createSqlType(SqlTypeName.DECIMAL, 15, 2), integers));
    assertFoldsLikeCalcite(rexBuilder.makeCast(typeFactory.createSqlType(SqlTypeName.BIGINT), integers));
  }

  @Test
  void declinesWhatWouldRoundOrOverflow() {
    RexNode third = rexBuilder.makeExactLiteral(new BigDecimal("0.125"));
    assertThat(LiteralFolding.fold(rexBuilder,
        rexBuilder.makeCast(typeFactory.createSqlType(SqlTypeName.DECIMAL, 10, 2), third))).isNull();
    RexNode big = rexBuilder.makeExactLiteral(new BigDecimal("123456"));
    RexNode tooWide = rexBuilder.makeCast(typeFactory.createSqlType(SqlTypeName.DECIMAL, 5, 2), big);
    assertThat(LiteralFolding.fold(rexBuilder, tooWide)).as("left for the engine to fail").isSameAs(tooWide);
    RexNode division = rexBuilder.makeCall(SqlStdOperatorTable.DIVIDE, big, rexBuilder.makeExactLiteral(
        BigDecimal.valueOf(7)));
    assertThat(LiteralFolding.fold(rexBuilder, division)).isNull();
    RexNode maximum = rexBuilder.makeExactLiteral(BigDecimal.valueOf(Integer.MAX_VALUE),
        typeFactory.createSqlType(SqlTypeName.INTEGER));
    RexNode overflow = rexBuilder.makeCall(SqlStdOperatorTable.PLUS, maximum, maximum);
    assertThat(LiteralFolding.fold(rexBuilder, overflow)).as("left for the engine to fail").isSameAs(overflow);
  }
}
