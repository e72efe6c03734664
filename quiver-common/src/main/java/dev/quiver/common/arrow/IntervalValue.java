package dev.quiver.common.arrow;

import java.math.BigInteger;

/**
 * An SQL INTERVAL as DuckDB and PostgreSQL hold it: months, days and microseconds, each signed and kept
 * apart (a month is not a fixed number of days, nor a day of hours across a daylight-saving change).
 * In Arrow it is an {@code Interval(MONTH_DAY_NANO)} value with nanoseconds = microseconds * 1000.
 *
 * <p>Intervals compare by their span with a month of 30 days and a day of 24 hours (so {@code 1 month =
 * 30 days} and {@code 1 day = 24 hours}, as in both DuckDB and PostgreSQL); {@link #text()} is DuckDB's
 * spelling: {@code 1 year 2 months 3 days 04:05:06.789}.
 */
public record IntervalValue(int months, int days, long micros) {
  public static final long MICROS_PER_SECOND = 1_000_000L;
  public static final long MICROS_PER_MINUTE = 60 * MICROS_PER_SECOND;
  public static final long MICROS_PER_HOUR = 60 * MICROS_PER_MINUTE;
  public static final long MICROS_PER_DAY = 24 * MICROS_PER_HOUR;
  /** The days a month counts for in comparisons (and in {@code epoch(interval)}, beside whole years). */
  public static final int DAYS_PER_MONTH = 30;
  /** A year in {@code epoch(interval)}: 365.25 days (DuckDB's). */
  public static final long MICROS_PER_YEAR = 36_525L * MICROS_PER_DAY / 100;

  public static final IntervalValue ZERO = new IntervalValue(0, 0, 0);

  /** The span in microseconds, months as 30 days (exact: up to ~2^107, beyond a long). */
  public static BigInteger spanMicros(int months, int days, long micros) {
    long wholeDays = (long) months * DAYS_PER_MONTH + days; // < 2^37: exact
    return BigInteger.valueOf(wholeDays).multiply(BigInteger.valueOf(MICROS_PER_DAY)).add(BigInteger.valueOf(micros));
  }

  /** The sign of {@code a - b} by span; compared in longs when it is safe, exactly otherwise. */
  public static int compare(int monthsA, int daysA, long microsA, int monthsB, int daysB, long microsB) {
    long wholeDaysA = (long) monthsA * DAYS_PER_MONTH + daysA;
    long wholeDaysB = (long) monthsB * DAYS_PER_MONTH + daysB;
    // |whole days| < 2^37 and |days * MICROS_PER_DAY| < 2^37 * 2^37: fold the days into the micros when that
    // cannot overflow, which is every interval of less than ~290,000 years
    long limit = Long.MAX_VALUE / MICROS_PER_DAY / 2;
    if (Math.abs(wholeDaysA) < limit && Math.abs(wholeDaysB) < limit
        && Math.abs(microsA) < Long.MAX_VALUE / 4 && Math.abs(microsB) < Long.MAX_VALUE / 4) {
      long a = wholeDaysA * MICROS_PER_DAY;
      long b = wholeDaysB * MICROS_PER_DAY;
      long difference = (a - b) + (microsA - microsB);
      // a - b < 2^62 and microsA - microsB < 2^62: the sum cannot overflow
      return Long.signum(difference);
    }
    return spanMicros(monthsA, daysA, microsA).compareTo(spanMicros(monthsB, daysB, microsB));
  }

  /**
   * Seconds of the interval as DuckDB's {@code epoch(interval)} counts them: a whole year (12 of the
   * months) as 365.25 days, each other month as 30 days, a day as 24 hours.
   */
  public double epochSeconds() {
    return epochSeconds(months, days, micros);
  }

  public static double epochSeconds(int months, int days, long micros) {
    long years = months / 12;
    long restDays = (long) (months % 12) * DAYS_PER_MONTH + days;
    try {
      long total = Math.addExact(Math.addExact(Math.multiplyExact(years, MICROS_PER_YEAR),
          Math.multiplyExact(restDays, MICROS_PER_DAY)), micros);
      return total / (double) MICROS_PER_SECOND;
    } catch (ArithmeticException beyondLong) {
      return years * (MICROS_PER_YEAR / (double) MICROS_PER_SECOND) + restDays * 86_400.0
          + micros / (double) MICROS_PER_SECOND;
    }
  }

  public String text() {
    return text(months, days, micros);
  }

  @Override
  public String toString() {
    return text();
  }

  /**
   * DuckDB's text of an interval: years and months (each with its own sign), days, then a clock of
   * hours (any number), minutes, seconds and the fraction without trailing zeros; {@code 00:00:00} for zero.
   */
  public static String text(int months, int days, long micros) {
    StringBuilder text = new StringBuilder();
    int years = months / 12;
    int restMonths = months % 12;
    unit(text, years, "year");
    unit(text, restMonths, "month");
    unit(text, days, "day");
    if (micros != 0 || text.length() == 0) {
      if (text.length() > 0) {
        text.append(' ');
      }
      // the magnitude of Long.MIN_VALUE does not fit a long: split it into hours and the rest unsigned
      boolean negative = micros < 0;
      long hours = Math.abs(micros / MICROS_PER_HOUR);
      long rest = Math.abs(micros % MICROS_PER_HOUR);
      if (negative) {
        text.append('-');
      }
      if (hours < 10) {
        text.append('0');
      }
      text.append(hours).append(':');
      two(text, rest / MICROS_PER_MINUTE).append(':');
      long secondMicros = rest % MICROS_PER_MINUTE;
      two(text, secondMicros / MICROS_PER_SECOND);
      long fraction = secondMicros % MICROS_PER_SECOND;
      if (fraction != 0) {
        String digits = Long.toString(fraction + MICROS_PER_SECOND).substring(1);
        int end = digits.length();
        while (digits.charAt(end - 1) == '0') {
          end--;
        }
        text.append('.').append(digits, 0, end);
      }
    }
    return text.toString();
  }

  private static void unit(StringBuilder text, int amount, String name) {
    if (amount == 0) {
      return;
    }
    if (text.length() > 0) {
      text.append(' ');
    }
    text.append(amount).append(' ').append(name);
    if (amount != 1 && amount != -1) {
      text.append('s');
    }
  }

  private static StringBuilder two(StringBuilder text, long value) {
    if (value < 10) {
      text.append('0');
    }
    return text.append(value);
  }
}
