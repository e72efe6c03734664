package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A compiled strftime/strptime format with DuckDB's specifiers: {@code %Y} (year, 4 digits), {@code %y}
 * (2 digits; parsing 69-99 as 19xx, 00-68 as 20xx), {@code %m}, {@code %d}, {@code %H}, {@code %I}
 * (12-hour), {@code %M}, {@code %S} (2 digits; {@code %-m} etc. without padding), {@code %f}
 * (microseconds, 6 digits), {@code %g} (milliseconds, 3), {@code %n} (nanoseconds, 9), {@code %p}
 * (AM/PM), {@code %b}/{@code %B} (month name, short/full), {@code %a}/{@code %A} (weekday name),
 * {@code %w} (weekday, 0 = Sunday), {@code %u} (ISO weekday, 1 = Monday), {@code %j} (day of the year,
 * 3 digits), {@code %U}/{@code %W} (week of the year, weeks from Sunday/Monday), {@code %V}/{@code %G}
 * (ISO week and year), {@code %c} ({@code %Y-%m-%d %H:%M:%S}), {@code %x} ({@code %Y-%m-%d}), {@code %X}
 * ({@code %H:%M:%S}), {@code %z} (the offset: {@code +00} for a timestamp in UTC), {@code %Z} (the zone
 * name: empty for UTC), {@code %%}. Parsing skips leading spaces, reads up to the field's width of
 * digits (fewer are fine), matches names without case, a space against any run of spaces, and needs
 * the whole text used; {@code %z}, {@code %Z}, {@code %U}, {@code %W}, {@code %V}, {@code %G},
 * {@code %u} and {@code %w} are only for formatting (a weekday name is read and ignored).
 */
final class DateFormat {
  static final String[] MONTHS = {"January", "February", "March", "April", "May", "June", "July", "August",
      "September", "October", "November", "December"};
  static final String[] DAYS = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};

  private final String text;
  /** Per part: a literal string, or a specifier character (with {@code '-'} before it when unpadded). */
  private final List<Object> parts;

  private DateFormat(String text, List<Object> parts) {
    this.text = text;
    this.parts = parts;
  }

  String text() {
    return text;
  }

  /** Compiles a format; an unknown specifier is a USER error naming it. */
  static DateFormat compile(String format, String function) {
    List<Object> parts = new ArrayList<>();
    StringBuilder literal = new StringBuilder();
    for (int i = 0; i < format.length(); i++) {
      char c = format.charAt(i);
      if (c != '%') {
        literal.append(c);
        continue;
      }
      boolean unpadded = i + 1 < format.length() && format.charAt(i + 1) == '-';
      int at = unpadded ? i + 2 : i + 1;
      if (at >= format.length()) {
        throw QuiverException.user(function + ": the format " + TextCasts.quote(format) + " ends with a lone %");
      }
      char specifier = format.charAt(at);
      i = at;
      switch (specifier) {
        case '%' -> literal.append('%');
        case 'c' -> expand(parts, literal, "%Y-%m-%d %H:%M:%S", function);
        case 'x' -> expand(parts, literal, "%Y-%m-%d", function);
        case 'X' -> expand(parts, literal, "%H:%M:%S", function);
        default -> {
          if ("YymdHIMSfgnpbBaAwujUWVGzZ".indexOf(specifier) < 0
              || (unpadded && "mdHIMSjy".indexOf(specifier) < 0)) {
            throw QuiverException.user(function + ": unknown format specifier %" + (unpadded ? "-" : "") + specifier
                + " in " + TextCasts.quote(format));
          }
          flush(parts, literal);
          parts.add(unpadded ? "-" + specifier : Character.valueOf(specifier));
        }
      }
    }
    flush(parts, literal);
    return new DateFormat(format, parts);
  }

  private static void expand(List<Object> parts, StringBuilder literal, String format, String function) {
    flush(parts, literal);
    parts.addAll(compile(format, function).parts);
  }

  private static void flush(List<Object> parts, StringBuilder literal) {
    if (literal.length() > 0) {
      parts.add(new StringBuilder(literal));
      literal.setLength(0);
    }
  }

  /** Appends the wall-clock time {@code wallMicros} (a date: its midnight) in this format; {@code zone} names it. */
  void format(long wallMicros, String offset, String zoneName, StringBuilder out) {
    long days = Math.floorDiv(wallMicros, Types.MICROS_PER_DAY);
    long micros = Math.floorMod(wallMicros, Types.MICROS_PER_DAY);
    long[] civil = CivilDates.civil(days);
    long year = civil[0];
    int month = (int) civil[1];
    int day = (int) civil[2];
    int hour = (int) (micros / 3_600_000_000L);
    int minute = (int) (micros / 60_000_000L % 60);
    int second = (int) (micros / Types.MICROS_PER_SECOND % 60);
    int fraction = (int) (micros % Types.MICROS_PER_SECOND);
    int dow = (int) Math.floorMod(days + 4, 7);
    long dayOfYear = days - CivilDates.days(year, 1, 1);
    for (Object part : parts) {
      if (part instanceof StringBuilder literal) {
        out.append(literal);
        continue;
      }
      if (part instanceof String unpadded) {
        char specifier = unpadded.charAt(1);
        out.append(switch (specifier) {
          case 'm' -> month;
          case 'd' -> day;
          case 'H' -> hour;
          case 'I' -> hour % 12 == 0 ? 12 : hour % 12;
          case 'M' -> minute;
          case 'S' -> second;
          case 'j' -> dayOfYear + 1;
          default -> Math.floorMod(year, 100);
        });
        continue;
      }
      switch ((Character) part) {
        case 'Y' -> {
          if (year < 0) {
            out.append(year);
          } else {
            pad(out, year, 4);
          }
        }
        case 'y' -> pad(out, Math.floorMod(year, 100), 2);
        case 'm' -> pad(out, month, 2);
        case 'd' -> pad(out, day, 2);
        case 'H' -> pad(out, hour, 2);
        case 'I' -> pad(out, hour % 12 == 0 ? 12 : hour % 12, 2);
        case 'M' -> pad(out, minute, 2);
        case 'S' -> pad(out, second, 2);
        case 'f' -> pad(out, fraction, 6);
        case 'g' -> pad(out, fraction / 1000, 3);
        case 'n' -> pad(out, fraction * 1000L, 9);
        case 'p' -> out.append(hour < 12 ? "AM" : "PM");
        case 'b' -> out.append(MONTHS[month - 1], 0, 3);
        case 'B' -> out.append(MONTHS[month - 1]);
        case 'a' -> out.append(DAYS[dow], 0, 3);
        case 'A' -> out.append(DAYS[dow]);
        case 'w' -> out.append(dow);
        case 'u' -> out.append(dow == 0 ? 7 : dow);
        case 'j' -> pad(out, dayOfYear + 1, 3);
        case 'U' -> pad(out, (dayOfYear + 7 - dow) / 7, 2);
        case 'W' -> pad(out, (dayOfYear + 7 - (dow + 6) % 7) / 7, 2);
        case 'V' -> pad(out, isoWeek(days), 2);
        case 'G' -> out.append(CivilDates.civil(days - Math.floorMod(days + 3, 7) + 3)[0]);
        case 'z' -> out.append(offset);
        case 'Z' -> out.append(zoneName);
        default -> throw new IllegalStateException(part.toString());
      }
    }
  }

  private static long isoWeek(long days) {
    long thursday = days - Math.floorMod(days + 3, 7) + 3;
    long year = CivilDates.civil(thursday)[0];
    return (thursday - CivilDates.days(year, 1, 1)) / 7 + 1;
  }

  private static void pad(StringBuilder out, long value, int width) {
    String digits = Long.toString(value);
    for (int i = digits.length(); i < width; i++) {
      out.append('0');
    }
    out.append(digits);
  }

  /** Whether the format reads a UTC offset ({@code %z}) or a zone name ({@code %Z}): strptime gives a TIMESTAMPTZ. */
  boolean zoned() {
    return parts.contains('z') || parts.contains('Z');
  }

  /**
   * The microseconds {@code input} gives in this format, or {@link Long#MIN_VALUE} when it does not match
   * (or names no valid date, time, offset or zone): the wall clock, or for a {@link #zoned()} format the
   * instant (the wall clock less the {@code %z} offset, else in the {@code %Z} zone, else in UTC).
   */
  long parse(String input, String function) {
    int[] position = {0};
    while (position[0] < input.length() && Character.isWhitespace(input.charAt(position[0]))) {
      position[0]++;
    }
    long year = 1900;
    int month = 1;
    int day = 1;
    long dayOfYear = -1;
    int hour = 0;
    int minute = 0;
    int second = 0;
    long fraction = 0;
    int pm = -1;
    long offset = Long.MIN_VALUE;
    java.time.ZoneId zone = null;
    for (Object part : parts) {
      if (part instanceof StringBuilder literal) {
        if (!matchLiteral(input, position, literal)) {
          return Long.MIN_VALUE;
        }
        continue;
      }
      char specifier = part instanceof String unpadded ? unpadded.charAt(1) : (Character) part;
      long value;
      switch (specifier) {
        case 'b', 'B' -> {
          value = name(input, position, MONTHS);
          if (value < 0) {
            return Long.MIN_VALUE;
          }
          month = (int) value + 1;
          continue;
        }
        case 'p' -> {
          String rest = input.substring(position[0]).toUpperCase(Locale.ROOT);
          if (!rest.startsWith("AM") && !rest.startsWith("PM")) {
            return Long.MIN_VALUE;
          }
          pm = rest.startsWith("PM") ? 1 : 0;
          position[0] += 2;
          continue;
        }
        case 'f', 'g', 'n' -> {
          int width = specifier == 'g' ? 3 : specifier == 'f' ? 6 : 9;
          int start = position[0];
          value = digits(input, position, width);
          if (value < 0) {
            return Long.MIN_VALUE;
          }
          int length = position[0] - start;
          long scaled = value;
          for (int i = length; i < 9; i++) {
            scaled *= 10;
          }
          fraction = scaled / 1000;
          continue;
        }
        case 'a', 'A' -> {
          if (name(input, position, DAYS) < 0) {
            return Long.MIN_VALUE;
          }
          continue;
        }
        case 'z' -> {
          offset = offset(input, position);
          if (offset == Long.MIN_VALUE) {
            return Long.MIN_VALUE;
          }
          continue;
        }
        case 'Z' -> {
          zone = zone(input, position);
          if (zone == null) {
            return Long.MIN_VALUE;
          }
          continue;
        }
        case 'U', 'W', 'V', 'G', 'u', 'w' -> throw QuiverException.user(function
            + ": %" + specifier + " is only for formatting, not for parsing (format " + TextCasts.quote(text) + ")");
        default -> {}
      }
      int width = switch (specifier) {
        case 'Y' -> 4;
        case 'j' -> 3;
        default -> 2;
      };
      value = digits(input, position, width);
      if (value < 0) {
        return Long.MIN_VALUE;
      }
      switch (specifier) {
        case 'Y' -> year = value;
        case 'y' -> year = value < 69 ? 2000 + value : 1900 + value;
        case 'm' -> month = (int) value;
        case 'd' -> day = (int) value;
        case 'j' -> dayOfYear = value;
        case 'H', 'I' -> hour = (int) value;
        case 'M' -> minute = (int) value;
        case 'S' -> second = (int) value;
        default -> throw new IllegalStateException(String.valueOf(specifier));
      }
    }
    if (position[0] != input.length()) {
      return Long.MIN_VALUE;
    }
    if (pm >= 0) {
      if (hour < 1 || hour > 12) {
        return Long.MIN_VALUE;
      }
      hour = hour % 12 + (pm == 1 ? 12 : 0);
    }
    if (month < 1 || month > 12 || day < 1 || day > CivilDates.daysInMonth(year, month) || hour > 23 || minute > 59
        || second > 59) {
      return Long.MIN_VALUE;
    }
    long days;
    if (dayOfYear >= 0) {
      if (dayOfYear < 1 || dayOfYear > (CivilDates.isLeap(year) ? 366 : 365)) {
        return Long.MIN_VALUE;
      }
      days = CivilDates.days(year, 1, 1) + dayOfYear - 1;
    } else {
      days = CivilDates.days(year, month, day);
    }
    long wall = days * Types.MICROS_PER_DAY + ((hour * 60L + minute) * 60 + second) * Types.MICROS_PER_SECOND
        + fraction;
    if (offset != Long.MIN_VALUE) {
      return wall - offset;
    }
    return zone == null ? wall : CivilDates.fromWall(zone, wall);
  }

  /** A UTC offset as DuckDB's %z reads it: {@code ±HH}, {@code ±HHMM} or {@code ±HH:MM}; micros or MIN_VALUE. */
  private static long offset(String input, int[] position) {
    int at = position[0];
    if (at >= input.length() || (input.charAt(at) != '+' && input.charAt(at) != '-')) {
      return Long.MIN_VALUE;
    }
    int sign = input.charAt(at) == '-' ? -1 : 1;
    position[0]++;
    int start = position[0];
    long hours = digits(input, position, 2);
    if (hours < 0 || position[0] - start != 2 || hours > 23) {
      return Long.MIN_VALUE;
    }
    long minutes = 0;
    if (position[0] < input.length() && input.charAt(position[0]) == ':') {
      position[0]++;
    }
    if (position[0] < input.length() && Character.isDigit(input.charAt(position[0]))) {
      int minuteStart = position[0];
      minutes = digits(input, position, 2);
      if (minutes < 0 || position[0] - minuteStart != 2 || minutes > 59) {
        return Long.MIN_VALUE;
      }
    }
    return sign * (hours * 60 + minutes) * 60 * Types.MICROS_PER_SECOND;
  }

  /** A zone name (IANA: {@code Europe/Berlin}, {@code UTC}) as %Z reads it, up to white space; null if unknown. */
  private static java.time.ZoneId zone(String input, int[] position) {
    int end = position[0];
    while (end < input.length() && !Character.isWhitespace(input.charAt(end))) {
      end++;
    }
    if (end == position[0]) {
      return null;
    }
    try {
      java.time.ZoneId zone = java.time.ZoneId.of(input.substring(position[0], end));
      position[0] = end;
      return zone;
    } catch (java.time.DateTimeException unknown) {
      return null;
    }
  }

  private static boolean matchLiteral(String input, int[] position, CharSequence literal) {
    for (int k = 0; k < literal.length(); k++) {
      char expected = literal.charAt(k);
      if (Character.isWhitespace(expected)) {
        while (position[0] < input.length() && Character.isWhitespace(input.charAt(position[0]))) {
          position[0]++;
        }
        continue;
      }
      if (position[0] >= input.length() || input.charAt(position[0]) != expected) {
        return false;
      }
      position[0]++;
    }
    return true;
  }

  /** Up to {@code width} digits (at least one) as a number, or -1. */
  private static long digits(String input, int[] position, int width) {
    long value = 0;
    int start = position[0];
    while (position[0] < input.length() && position[0] - start < width
        && input.charAt(position[0]) >= '0' && input.charAt(position[0]) <= '9') {
      value = value * 10 + (input.charAt(position[0]) - '0');
      position[0]++;
    }
    return position[0] == start ? -1 : value;
  }

  /** The index of the full or 3-letter name at the position (any case), or -1. */
  private static int name(String input, int[] position, String[] names) {
    String rest = input.substring(position[0]).toLowerCase(Locale.ROOT);
    for (int i = 0; i < names.length; i++) {
      String full = names[i].toLowerCase(Locale.ROOT);
      if (rest.startsWith(full)) {
        position[0] += full.length();
        return i;
      }
    }
    for (int i = 0; i < names.length; i++) {
      if (rest.startsWith(names[i].substring(0, 3).toLowerCase(Locale.ROOT))) {
        position[0] += 3;
        return i;
      }
    }
    return -1;
  }
}
