package dev.quiver.exec.expression;

import java.time.Instant;
import java.time.ZoneId;
import java.time.zone.ZoneRules;

/**
 * Proleptic Gregorian calendar arithmetic on days since 1970-01-01 without objects (the usual
 * era-of-400-years decomposition), and the offsets of time zones.
 */
final class CivilDates {
  private CivilDates() {}

  /** Days since 1970-01-01 of a year, month (1-12) and day (1-31). */
  static long days(long year, int month, int day) {
    long y = month <= 2 ? year - 1 : year;
    long era = Math.floorDiv(y, 400);
    long yearOfEra = y - era * 400;
    int shiftedMonth = month > 2 ? month - 3 : month + 9;
    long dayOfYear = (153L * shiftedMonth + 2) / 5 + day - 1;
    long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146_097 + dayOfEra - 719_468;
  }

  /** The year of a day. */
  static long year(long days) {
    long[] civil = civil(days);
    return civil[0];
  }

  /** {year, month, day} of a day. */
  static long[] civil(long days) {
    long shifted = days + 719_468;
    long era = Math.floorDiv(shifted, 146_097);
    long dayOfEra = shifted - era * 146_097;
    long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
    long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    long shiftedMonth = (5 * dayOfYear + 2) / 153;
    long day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1;
    long month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
    long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
    return new long[] {year, month, day};
  }

  static boolean isLeap(long year) {
    return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  }

  static int daysInMonth(long year, int month) {
    return switch (month) {
      case 2 -> isLeap(year) ? 29 : 28;
      case 4, 6, 9, 11 -> 30;
      default -> 31;
    };
  }

  /** The day {@code months} months after {@code days}, clamped to the last day of a shorter month. */
  static long addMonths(long days, long months) {
    long[] civil = civil(days);
    long total = Math.addExact(Math.multiplyExact(civil[0], 12L), civil[1] - 1 + months);
    long year = Math.floorDiv(total, 12);
    int month = (int) Math.floorMod(total, 12) + 1;
    int day = (int) Math.min(civil[2], daysInMonth(year, month));
    return days(year, month, day);
  }

  /** The offset of a zone, in microseconds, at an instant given in microseconds since the epoch. */
  static long offsetMicros(ZoneRules rules, long instantMicros) {
    if (rules.isFixedOffset()) {
      return rules.getOffset(Instant.EPOCH).getTotalSeconds() * Types.MICROS_PER_SECOND;
    }
    Instant instant = Instant.ofEpochSecond(Math.floorDiv(instantMicros, Types.MICROS_PER_SECOND));
    return rules.getOffset(instant).getTotalSeconds() * Types.MICROS_PER_SECOND;
  }

  /** Wall-clock micros in a zone of an instant. */
  static long toWall(ZoneId zone, long instantMicros) {
    return instantMicros + offsetMicros(zone.getRules(), instantMicros);
  }

  /** The instant of a wall-clock time in a zone (the earlier one in an overlap). */
  static long fromWall(ZoneId zone, long wallMicros) {
    ZoneRules rules = zone.getRules();
    if (rules.isFixedOffset()) {
      return wallMicros - offsetMicros(rules, wallMicros);
    }
    long seconds = Math.floorDiv(wallMicros, Types.MICROS_PER_SECOND);
    long fraction = Math.floorMod(wallMicros, Types.MICROS_PER_SECOND);
    java.time.LocalDateTime local = java.time.LocalDateTime.ofEpochSecond(seconds, 0, java.time.ZoneOffset.UTC);
    return local.atZone(zone).toEpochSecond() * Types.MICROS_PER_SECOND + fraction;
  }
}
