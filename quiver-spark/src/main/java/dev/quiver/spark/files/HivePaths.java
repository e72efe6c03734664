package dev.quiver.spark.files;

/**
 * Hive's escaping of partition folder names ({@code column=value}): the characters Hive escapes
 * (control characters, {@code " # % ' * / : = ? \ [ ] ^ { }} and DEL) become {@code %XX} with two
 * upper-case hex digits; everything else is kept. {@link #unescape} reverses it; a {@code %} not
 * followed by two hex digits is kept as written. A null value is {@link #NULL_PARTITION}.
 */
public final class HivePaths {
  /** Hive's name for a null partition value. */
  public static final String NULL_PARTITION = "__HIVE_DEFAULT_PARTITION__";

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private HivePaths() {}

  /** The folder name {@code column=value} of one partition value (null: {@link #NULL_PARTITION}). */
  public static String folder(String column, String value) {
    return escape(column) + "=" + (value == null ? NULL_PARTITION : escape(value));
  }

  /** Whether Hive escapes {@code c} in a folder name. */
  static boolean needsEscape(char c) {
    return c < 0x20 || c == 0x7F || "\"#%'*/:=?\\[]^{}".indexOf(c) >= 0;
  }

  /** Escapes one folder name part the way Hive does. */
  public static String escape(String text) {
    StringBuilder escaped = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (needsEscape(c)) {
        if (escaped == null) {
          escaped = new StringBuilder(text.length() + 8).append(text, 0, i);
        }
        escaped.append('%').append(HEX[(c >> 4) & 0xF]).append(HEX[c & 0xF]);
      } else if (escaped != null) {
        escaped.append(c);
      }
    }
    return escaped == null ? text : escaped.toString();
  }

  /** Reverses Hive's escaping of folder names ({@code %XX}). */
  public static String unescape(String name) {
    if (name.indexOf('%') < 0) {
      return name;
    }
    StringBuilder text = new StringBuilder(name.length());
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '%' && i + 2 < name.length()) {
        int high = Character.digit(name.charAt(i + 1), 16);
        int low = Character.digit(name.charAt(i + 2), 16);
        if (high >= 0 && low >= 0) {
          text.append((char) (high << 4 | low));
          i += 2;
          continue;
        }
      }
      text.append(c);
    }
    return text.toString();
  }
}
