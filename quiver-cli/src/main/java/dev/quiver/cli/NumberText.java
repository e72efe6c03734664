package dev.quiver.cli;

import java.util.Locale;

/** Numbers for people: grouped counts, byte sizes, ratios, rates and durations. */
final class NumberText {
  private NumberText() {}

  /** {@code 1234567} as {@code 1,234,567}. */
  static String grouped(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  /** A byte count as {@code 512 B}, {@code 1.5 KiB}, {@code 12.3 MiB}, {@code 2.0 GiB}. */
  static String bytes(long value) {
    if (value < 1024) {
      return value + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double scaled = value;
    int unit = -1;
    while (scaled >= 1024 && unit < units.length - 1) {
      scaled /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", scaled, units[unit]);
  }

  /** {@code numerator / denominator} with two decimals, or {@code -} when the denominator is 0. */
  static String ratio(double numerator, double denominator) {
    return denominator == 0 ? "-" : String.format(Locale.ROOT, "%.2f", numerator / denominator);
  }

  /** Megabytes (10^6 bytes) per second, one decimal. */
  static String megabytesPerSecond(long bytes, long nanos) {
    if (nanos <= 0) {
      return "-";
    }
    return String.format(Locale.ROOT, "%.1f", bytes / 1e6 / (nanos / 1e9));
  }

  /** Rows per second, grouped, or {@code -} for no time. */
  static String rowsPerSecond(long rows, long nanos) {
    return nanos <= 0 ? "-" : grouped(Math.round(rows / (nanos / 1e9)));
  }

  /** Nanoseconds as seconds with two decimals, {@code 1.23 s}. */
  static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
  }
}
