package dev.quiver.sql.database;

import dev.quiver.common.QuiverException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * How a schema's, table's or view's name is spelled on disk: letters, digits, {@code -} and {@code
 * _} as they are, every other byte of its UTF-8 as {@code %XX} (so any name is one safe file name), a
 * leading {@code .} or {@code _} escaped too (those names are hidden or metadata). Names compare
 * ignoring case, as in SQL.
 */
final class DatabaseNames {
  private DatabaseNames() {}

  /** The file name of {@code name}. */
  static String encode(String name) {
    check(name);
    StringBuilder out = new StringBuilder();
    byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < bytes.length; i++) {
      int b = bytes[i] & 0xff;
      boolean plain = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '-'
          || b == '_' && i > 0;
      if (plain) {
        out.append((char) b);
      } else {
        out.append('%').append(String.format(Locale.ROOT, "%02X", b));
      }
    }
    return out.toString();
  }

  /** The name a file name spells, or null when it is not one {@link #encode} makes. */
  static String decode(String fileName) {
    if (fileName.isEmpty() || fileName.startsWith(".") || fileName.startsWith("_")) {
      return null;
    }
    byte[] out = new byte[fileName.length()];
    int length = 0;
    for (int i = 0; i < fileName.length(); i++) {
      char c = fileName.charAt(i);
      if (c == '%') {
        if (i + 2 >= fileName.length()) {
          return null;
        }
        try {
          out[length++] = (byte) Integer.parseInt(fileName.substring(i + 1, i + 3), 16);
        } catch (NumberFormatException notEscape) {
          return null;
        }
        i += 2;
      } else if (c < 128) {
        out[length++] = (byte) c;
      } else {
        return null;
      }
    }
    return new String(out, 0, length, StandardCharsets.UTF_8);
  }

  /** Whether two names are the same name (SQL ignores case). */
  static boolean same(String left, String right) {
    return left.equalsIgnoreCase(right);
  }

  /** A USER error for a name no object can have. */
  static void check(String name) {
    if (name.isEmpty() || name.length() > 200 || name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0
        || name.indexOf('\0') >= 0) {
      throw QuiverException.user("'" + name + "' cannot name a table, view or schema (empty, longer than 200"
          + " characters, or holding a line break or NUL)");
    }
  }
}
