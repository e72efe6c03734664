package dev.quiver.sql.session;

import dev.quiver.sql.SqlException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DuckDB's {@code SET name = 'value'} (or {@code TO}; {@code SESSION}/{@code LOCAL}/{@code GLOBAL} allowed)
 * for the settings a session keeps: {@code TimeZone} (any case), a zone name such as {@code
 * 'Europe/Berlin'}, {@code 'UTC'} or an offset {@code '+02:00'}. Any other SET is a USER error naming it.
 */
final class SessionSettings {
  private static final Pattern SET = Pattern.compile(
      "(?is)\\s*SET\\s+(?:(?:SESSION|LOCAL|GLOBAL)\\s+)?(\"?)([A-Za-z_][A-Za-z0-9_]*)\\1\\s*(?:=|\\bTO\\b)\\s*"
          + "(?:'((?:[^']|'')*)'|([A-Za-z0-9_/+:-]+))\\s*;?\\s*");

  private SessionSettings() {}

  /** The zone a {@code SET TimeZone} statement names; null when the text is not a SET statement. */
  static ZoneId timeZone(String sql) {
    if (!sql.stripLeading().regionMatches(true, 0, "set", 0, 3)) {
      return null;
    }
    Matcher matcher = SET.matcher(sql);
    if (!matcher.matches()) {
      if (sql.strip().toLowerCase(Locale.ROOT).matches("set\\s+.*")) {
        throw SqlException.unpositioned("SET needs a name and a value: SET TimeZone = 'Europe/Berlin'");
      }
      return null;
    }
    String name = matcher.group(2);
    String value = matcher.group(3) != null ? matcher.group(3).replace("''", "'") : matcher.group(4);
    if (!name.equalsIgnoreCase("timezone")) {
      throw SqlException.unpositioned("SET " + name + ": not a setting Quiver knows (known: TimeZone)");
    }
    try {
      return ZoneId.of(value.strip().equalsIgnoreCase("utc") ? "UTC" : value.strip());
    } catch (DateTimeException unknown) {
      throw SqlException.unpositioned("SET TimeZone: unknown time zone '" + value + "'");
    }
  }
}
