package dev.quiver.bench.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** When two canonical values are the same answer: tolerances that accept it, and differences they must catch. */
class AnswerValuesTest {
  @Test
  void aDoubleMatchesADecimalAtTheDecimalsScaleOrWithinTheRelativeTolerance() {
    assertThat(AnswerValues.same("n:25.50", "n:25.501999")).isTrue();
    assertThat(AnswerValues.same("n:1000000.000", "n:1000000.0004")).isTrue();
    assertThat(AnswerValues.close(new BigDecimal("100.01"), new BigDecimal("100.02"))).isFalse();
    assertThat(AnswerValues.close(new BigDecimal("5"), new BigDecimal("6"))).isFalse();
    assertThat(AnswerValues.close(new BigDecimal("123456789.1234"), new BigDecimal("123456789.12"))).isTrue();
  }

  @Test
  void differentKindsAreNeverTheSame() {
    assertThat(AnswerValues.same("s:1", "n:1")).isFalse();
    assertThat(AnswerValues.same("-", "n:0")).isFalse();
    assertThat(AnswerValues.same("s:a", "s:a")).isTrue();
    assertThat(AnswerValues.sameRow(new String[] {"n:1", "s:x"}, new String[] {"n:1.0000000001", "s:x"})).isTrue();
    assertThat(AnswerValues.sameRow(new String[] {"n:1"}, new String[] {"n:1", "s:x"})).isFalse();
    assertThat(AnswerValues.escape("a\tb\nc\\")).isEqualTo("a\\tb\\nc\\\\");
  }
}
