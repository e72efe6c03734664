package dev.quiver.common.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IntervalValueTest {
  @Test
  void printsAsDuckDb() {
    // each text is DuckDB 2.0's for the same interval
    assertThat(new IntervalValue(-1, 0, 0).text()).isEqualTo("-1 month");
    assertThat(new IntervalValue(13, 0, 0).text()).isEqualTo("1 year 1 month");
    assertThat(new IntervalValue(-13, 0, 0).text()).isEqualTo("-1 year -1 month");
    assertThat(new IntervalValue(-10, 0, 0).text()).isEqualTo("-10 months");
    assertThat(new IntervalValue(0, -1, 0).text()).isEqualTo("-1 day");
    assertThat(IntervalValue.ZERO.text()).isEqualTo("00:00:00");
    assertThat(new IntervalValue(0, 0, -(25 * IntervalValue.MICROS_PER_HOUR + 3_000_000)).text())
        .isEqualTo("-25:00:03");
    assertThat(new IntervalValue(0, 0, 100 * IntervalValue.MICROS_PER_HOUR + 1).text())
        .isEqualTo("100:00:00.000001");
    assertThat(new IntervalValue(12, -2, 3 * IntervalValue.MICROS_PER_MINUTE).text())
        .isEqualTo("1 year -2 days 00:03:00");
    assertThat(new IntervalValue(0, 0, 120_000).text()).isEqualTo("00:00:00.12");
    assertThat(new IntervalValue(0, 69, IntervalValue.MICROS_PER_HOUR + 29 * IntervalValue.MICROS_PER_MINUTE
        + 59_500_000).text()).isEqualTo("69 days 01:29:59.5");
  }

  @Test
  void epochCountsYearsAsDuckDb() {
    assertThat(new IntervalValue(12, 0, 0).epochSeconds()).isEqualTo(31_557_600.0);
    assertThat(new IntervalValue(13, 0, 0).epochSeconds()).isEqualTo(34_149_600.0);
    assertThat(new IntervalValue(1, 1, 1_000_000).epochSeconds()).isEqualTo(2_678_401.0);
    assertThat(new IntervalValue(-13, 0, 0).epochSeconds()).isEqualTo(-34_149_600.0);
  }

  @Test
  void comparesBySpanWhateverTheMagnitude() {
    long seed = System.nanoTime();
    System.out.println("IntervalValueTest seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < 200_000; i++) {
      int[] months = new int[2];
      int[] days = new int[2];
      long[] micros = new long[2];
      for (int side = 0; side < 2; side++) {
        boolean huge = random.nextInt(8) == 0;
        months[side] = huge ? random.nextInt() : random.nextInt(-50, 50);
        days[side] = huge ? random.nextInt() : random.nextInt(-2000, 2000);
        micros[side] = huge ? random.nextLong() : random.nextLong(-3 * IntervalValue.MICROS_PER_DAY,
            3 * IntervalValue.MICROS_PER_DAY);
      }
      BigInteger a = IntervalValue.spanMicros(months[0], days[0], micros[0]);
      BigInteger b = IntervalValue.spanMicros(months[1], days[1], micros[1]);
      assertThat(IntervalValue.compare(months[0], days[0], micros[0], months[1], days[1], micros[1]))
          .as("seed %d: (%d,%d,%d) vs (%d,%d,%d)", seed, months[0], days[0], micros[0], months[1], days[1], micros[1])
          .isEqualTo(a.compareTo(b));
    }
    assertThat(IntervalValue.compare(1, 0, 0, 0, 30, 0)).isZero();
    assertThat(IntervalValue.compare(0, 1, -1, 0, 0, IntervalValue.MICROS_PER_DAY - 1)).isZero();
  }
}
