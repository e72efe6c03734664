package dev.quiver.bench.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The shape-aware answer check: ORDER BY keys row by row, tied rows as multisets, a run of ties a
 * LIMIT or OFFSET cuts by its keys only; unordered answers as multisets, or by row count when a
 * LIMIT cut them.
 */
class SqlAnswerCheckTest {
  private final SqlAnswerCheck check = new SqlAnswerCheck();

  private static String answer(String keys, long limit, long offset, String header, String... rows) {
    StringBuilder text = new StringBuilder(SqlAnswer.SHAPE + "\tkeys=" + keys + "\tlimit=" + limit + "\toffset="
        + offset + "\n" + header + "\n");
    for (String row : rows) {
      text.append(row).append('\n');
    }
    return text.toString();
  }

  /** ORDER BY c DESC LIMIT 4 over (phrase, c). */
  private static String top(String... rows) {
    return answer("1", 4, 0, "phrase\tc", rows);
  }

  @Test
  void theSameAnswerPasses() {
    String expected = top("s:a\tn:9", "s:b\tn:7", "s:c\tn:7", "s:d\tn:5");
    assertThat(check.difference(expected, expected)).isNull();
  }

  @Test
  void tiedRowsInsideTheLimitMayComeInAnyOrder() {
    String expected = top("s:a\tn:9", "s:b\tn:7", "s:c\tn:7", "s:d\tn:5");
    assertThat(check.difference(expected, top("s:a\tn:9", "s:c\tn:7", "s:b\tn:7", "s:d\tn:5"))).isNull();
  }

  @Test
  void aWrongRowInsideTheLimitIsFlagged() {
    String expected = top("s:a\tn:9", "s:b\tn:7", "s:c\tn:7", "s:d\tn:5");
    assertThat(check.difference(expected, top("s:a\tn:9", "s:b\tn:7", "s:x\tn:7", "s:d\tn:5")))
        .contains("rows 2–3 (tied)").contains("s:c");
    assertThat(check.difference(expected, top("s:z\tn:9", "s:b\tn:7", "s:c\tn:7", "s:d\tn:5"))).contains("row 1");
  }

  @Test
  void aWrongKeyIsFlaggedRowByRow() {
    String expected = top("s:a\tn:9", "s:b\tn:7", "s:c\tn:7", "s:d\tn:5");
    assertThat(check.difference(expected, top("s:a\tn:9", "s:b\tn:7", "s:c\tn:6", "s:d\tn:5")))
        .startsWith("row 3 of 4: expected the ORDER BY keys");
    assertThat(check.difference(expected, top("s:a\tn:9", "s:b\tn:7", "s:c\tn:7")))
        .startsWith("expected 4 rows, got 3");
  }

  @Test
  void theTiesTheLimitCutsMayBeAnyOfTheTiedRows() {
    String expected = top("s:a\tn:9", "s:b\tn:7", "s:c\tn:5", "s:d\tn:5");
    assertThat(check.difference(expected, top("s:a\tn:9", "s:b\tn:7", "s:q\tn:5", "s:r\tn:5"))).isNull();
    assertThat(check.difference(expected, top("s:a\tn:9", "s:b\tn:7", "s:q\tn:5", "s:r\tn:4")))
        .startsWith("row 4 of 4");
  }

  @Test
  void withTheReferencesCandidatesACutRunMustHoldRowsOfTheUnlimitedAnswer() {
    String expected = top("s:a\tn:9", "s:b\tn:7", "s:c\tn:5", "s:d\tn:5") + TieCandidates.TIES + "\t"
        + TieCandidates.LAST + "\ns:c\tn:5\ns:d\tn:5\ns:q\tn:5\n";
    assertThat(check.difference(expected, top("s:a\tn:9", "s:b\tn:7", "s:q\tn:5", "s:c\tn:5"))).isNull();
    assertThat(check.difference(expected, top("s:a\tn:9", "s:b\tn:7", "s:q\tn:5", "s:r\tn:5")))
        .startsWith("row 4 of 4: got [s:r, n:5], which is not one of the 3 rows of the unlimited answer");
    assertThat(check.difference(expected, top("s:a\tn:9", "s:b\tn:7", "s:q\tn:5", "s:q\tn:5")))
        .as("each candidate once").startsWith("row 4 of 4");
    String overflow = top("s:a\tn:9", "s:b\tn:7", "s:c\tn:5", "s:d\tn:5") + TieCandidates.TIES + "\t"
        + TieCandidates.LAST + "\t" + TieCandidates.OVERFLOW + "\n";
    assertThat(check.difference(overflow, top("s:a\tn:9", "s:b\tn:7", "s:q\tn:5", "s:r\tn:5"))).isNull();
  }

  @Test
  void anUnorderedCutAnswerMustHoldRowsOfTheUnlimitedAnswer() {
    String expected = answer("", 2, 0, "k\tv", "n:1\tn:2", "n:2\tn:3") + TieCandidates.TIES + "\t"
        + TieCandidates.LAST + "\nn:1\tn:2\nn:2\tn:3\nn:7\tn:8\n";
    assertThat(check.difference(expected, answer("", 2, 0, "k\tv", "n:7\tn:8", "n:1\tn:2"))).isNull();
    assertThat(check.difference(expected, answer("", 2, 0, "k\tv", "n:7\tn:9", "n:1\tn:2")))
        .startsWith("row 1 of 2: got [n:7, n:9]");
  }

  @Test
  void anOffsetsCandidatesAreTheFirstRunsOnes() {
    String expected = answer("1", 3, 100, "phrase\tc", "s:a\tn:9", "s:b\tn:9", "s:c\tn:7") + TieCandidates.TIES
        + "\t" + TieCandidates.FIRST + "\ns:a\tn:9\ns:b\tn:9\ns:x\tn:9\n" + TieCandidates.TIES + "\t"
        + TieCandidates.LAST + "\ns:c\tn:7\n";
    assertThat(check.difference(expected, answer("1", 3, 100, "phrase\tc", "s:x\tn:9", "s:a\tn:9", "s:c\tn:7")))
        .isNull();
    assertThat(check.difference(expected, answer("1", 3, 100, "phrase\tc", "s:y\tn:9", "s:a\tn:9", "s:c\tn:7")))
        .startsWith("row 1 of 3");
    assertThat(check.difference(expected, answer("1", 3, 100, "phrase\tc", "s:x\tn:9", "s:a\tn:9", "s:d\tn:7")))
        .startsWith("row 3 of 3");
  }

  @Test
  void fewerRowsThanTheLimitMeansNothingWasCut() {
    String expected = answer("1", 10, 0, "phrase\tc", "s:a\tn:9", "s:c\tn:5", "s:d\tn:5");
    assertThat(check.difference(expected, answer("1", 10, 0, "phrase\tc", "s:a\tn:9", "s:d\tn:5", "s:c\tn:5")))
        .isNull();
    assertThat(check.difference(expected, answer("1", 10, 0, "phrase\tc", "s:a\tn:9", "s:d\tn:5", "s:q\tn:5")))
        .contains("rows 2–3 (tied)");
  }

  @Test
  void anOffsetCutsTheFirstRunOfTies() {
    String expected = answer("1", 3, 100, "phrase\tc", "s:a\tn:9", "s:b\tn:9", "s:c\tn:7");
    assertThat(check.difference(expected, answer("1", 3, 100, "phrase\tc", "s:x\tn:9", "s:y\tn:9", "s:c\tn:7")))
        .isNull();
    String middle = answer("1", 5, 100, "phrase\tc", "s:a\tn:9", "s:c\tn:7", "s:d\tn:6", "s:e\tn:5", "s:f\tn:5");
    assertThat(check.difference(middle,
        answer("1", 5, 100, "phrase\tc", "s:a\tn:9", "s:x\tn:7", "s:d\tn:6", "s:e\tn:5", "s:f\tn:5")))
        .startsWith("row 2 of 5");
  }

  @Test
  void unorderedAnswersAreMultisetsAndCutOnesAreCheckedByRowCount() {
    String expected = answer("", -1, 0, "k\tv", "n:1\tn:2.5", "n:2\tn:3");
    assertThat(check.difference(expected, answer("", -1, 0, "k\tv", "n:2\tn:3", "n:1\tn:2.5000000001"))).isNull();
    assertThat(check.difference(expected, answer("", -1, 0, "k\tv", "n:2\tn:3", "n:1\tn:2.6"))).isNotNull();
    String cut = answer("", 2, 0, "k\tv", "n:1\tn:2", "n:2\tn:3");
    assertThat(check.difference(cut, answer("", 2, 0, "k\tv", "n:7\tn:8", "n:9\tn:10"))).isNull();
    assertThat(check.difference(cut, answer("", 2, 0, "k\tv", "n:7\tn:8"))).startsWith("expected 2 rows, got 1");
    assertThat(check.difference(cut, answer("", 2, 0, "k", "n:7", "n:9"))).startsWith("expected the 2 columns");
  }

  @Test
  void shapesParseTheirCutAndResolveKeys() {
    AnswerShape shape = AnswerShape.of("SELECT a, COUNT(*) AS c FROM t GROUP BY a ORDER BY c DESC LIMIT 10 OFFSET 1000",
        "C", "#0");
    assertThat(shape.limit()).isEqualTo(10);
    assertThat(shape.offset()).isEqualTo(1000);
    assertThat(shape.keyColumns(java.util.List.of("a", "c"))).containsExactly(1, 0);
    assertThat(AnswerShape.of("SELECT COUNT(*) FROM t").limit()).isEqualTo(-1);
    assertThat(AnswerShape.withoutCut("SELECT a FROM t ORDER BY a LIMIT 10 OFFSET 5")).isEqualTo(
        "SELECT a FROM t ORDER BY a");
    assertThat(AnswerShape.withoutCut("SELECT a FROM t")).isEqualTo("SELECT a FROM t");
  }
}
