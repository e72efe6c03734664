package dev.quiver.spark.options;

import dev.quiver.common.QuiverException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The connector's options, read in one place. Paths come as Spark passes them: {@code path} for one
 * ({@code load(p)}, {@code save(p)}), {@code paths} as a JSON array of strings for several.
 */
public final class QuiverOptions {
  /**
   * Most bytes (of the columns a query touches) one input partition reads; splits are packed up to it.
   * Default: the session's {@code spark.sql.files.maxPartitionBytes} (128 MiB unless set).
   */
  public static final String PARTITION_BYTES = "partitionBytes";

  private QuiverOptions() {}

  /** The paths the options name, in order; a USER error when there are none. */
  public static List<String> paths(CaseInsensitiveStringMap options) {
    List<String> paths = new ArrayList<>();
    String single = options.get("path");
    if (single != null && !single.isEmpty()) {
      paths.add(single);
    }
    String several = options.get("paths");
    if (several != null && !several.isEmpty()) {
      paths.addAll(parseJsonStrings(several));
    }
    if (paths.isEmpty()) {
      throw QuiverException.user("format(\"quiver\") needs a path: load(path) or save(path)");
    }
    return paths;
  }

  /** A long option, or {@code fallback}; a USER error naming the option when it is not a positive number. */
  public static long positiveLong(CaseInsensitiveStringMap options, String name, long fallback) {
    String text = options.get(name);
    if (text == null) {
      return fallback;
    }
    try {
      long value = Long.parseLong(text.trim());
      if (value > 0) {
        return value;
      }
    } catch (NumberFormatException notANumber) {
      // reported below
    }
    throw QuiverException.user("option " + name + " must be a positive integer, got '" + text + "'");
  }

  /** Parses Spark's {@code paths} option: a JSON array of strings (with JSON's escapes). */
  public static List<String> parseJsonStrings(String json) {
    List<String> values = new ArrayList<>();
    String text = json.trim();
    if (!text.startsWith("[") || !text.endsWith("]")) {
      throw QuiverException.user("option paths must be a JSON array of strings, got " + json);
    }
    int position = 1;
    int end = text.length() - 1;
    while (position < end) {
      char c = text.charAt(position);
      if (c == ' ' || c == ',' || c == '\n' || c == '\t' || c == '\r') {
        position++;
        continue;
      }
      if (c != '"') {
        throw QuiverException.user("option paths must be a JSON array of strings, got " + json);
      }
      StringBuilder value = new StringBuilder();
      position++;
      while (position < end && text.charAt(position) != '"') {
        char next = text.charAt(position);
        if (next == '\\' && position + 1 < end) {
          char escaped = text.charAt(++position);
          switch (escaped) {
            case 'n' -> value.append('\n');
            case 't' -> value.append('\t');
            case 'r' -> value.append('\r');
            case 'b' -> value.append('\b');
            case 'f' -> value.append('\f');
            case 'u' -> {
              value.append((char) Integer.parseInt(text.substring(position + 1, position + 5), 16));
              position += 4;
            }
            default -> value.append(escaped);
          }
        } else {
          value.append(next);
        }
        position++;
      }
      if (position >= end) {
        throw QuiverException.user("option paths has an unterminated string: " + json);
      }
      values.add(value.toString());
      position++;
    }
    return values;
  }
}
