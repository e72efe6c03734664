package dev.quiver.sql.catalog;

import dev.quiver.common.QuiverException;
import dev.quiver.common.stats.ZoneStatistics;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Hive-style partition columns: the {@code key=value} folders a table's files sit in
 * ({@code year=2024/month=07/part-0.parquet}) as columns of the table, as DuckDB's
 * {@code hive_partitioning} reads them. A column's type is BIGINT when every value is an integer,
 * DATE when every value is an ISO date, VARCHAR otherwise; {@code __HIVE_DEFAULT_PARTITION__} (and an
 * empty value) is NULL; values are URL-decoded ({@code %2F}). Every file must have the same keys in
 * the same order.
 *
 * @param fields the partition columns, in folder order (none when the files are not partitioned)
 * @param values per file, per column: a Long (BIGINT, and DATE as days since 1970), a String, or null
 */
record HivePartitions(List<Field> fields, List<Object[]> values) {
  static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";

  /** The partitions of {@code files} (all or none of them under {@code key=value} folders). */
  static HivePartitions of(String table, List<Path> files) {
    List<Map<String, String>> perFile = new ArrayList<>(files.size());
    for (Path file : files) {
      perFile.add(keys(file));
    }
    List<String> names = new ArrayList<>(perFile.get(0).keySet());
    for (int i = 1; i < files.size(); i++) {
      List<String> other = new ArrayList<>(perFile.get(i).keySet());
      if (!other.equals(names)) {
        throw QuiverException.user("table " + table + ": " + files.get(i) + " sits in partition folders "
            + describe(other) + " but " + files.get(0) + " in " + describe(names)
            + "; every file of a table needs the same key=value folders");
      }
    }
    if (names.isEmpty()) {
      return new HivePartitions(List.of(), List.of());
    }
    List<Field> fields = new ArrayList<>();
    List<Object[]> values = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      values.add(new Object[names.size()]);
    }
    for (int column = 0; column < names.size(); column++) {
      String name = names.get(column);
      List<String> texts = new ArrayList<>(files.size());
      for (Map<String, String> file : perFile) {
        String text = file.get(name);
        texts.add(text.isEmpty() || text.equals(DEFAULT_PARTITION) ? null : text);
      }
      ArrowType type = infer(texts);
      fields.add(Field.nullable(name, type));
      for (int file = 0; file < files.size(); file++) {
        values.get(file)[column] = parse(texts.get(file), type);
      }
    }
    return new HivePartitions(List.copyOf(fields), List.copyOf(values));
  }

  boolean isEmpty() {
    return fields.isEmpty();
  }

  /** The position of the partition column {@code name}, or -1. */
  int indexOf(String name) {
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).getName().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The statistics of partition column {@code column} in file {@code file}: one value in every one of
   * {@code rows} rows (or all NULL); strings as UTF-8 bytes, as {@link ZoneStatistics} holds them.
   */
  ZoneStatistics statistics(int file, int column, long rows) {
    Object value = values.get(file)[column];
    long count = Math.max(1, rows);
    if (value == null) {
      return new ZoneStatistics(count, count, null, null, false, null, false);
    }
    Object bound = value instanceof String text ? text.getBytes(StandardCharsets.UTF_8) : value;
    return new ZoneStatistics(count, 0, bound, bound, false, null, false);
  }

  /** The {@code key=value} folder names in {@code file}'s path, outermost first. */
  private static Map<String, String> keys(Path file) {
    Map<String, String> keys = new LinkedHashMap<>();
    Path parent = file.toAbsolutePath().getParent();
    if (parent == null) {
      return keys;
    }
    for (Path segment : parent) {
      String text = segment.toString();
      int equals = text.indexOf('=');
      if (equals > 0) {
        String key = decode(text.substring(0, equals));
        // a key seen again further in wins, as in DuckDB
        keys.remove(key);
        keys.put(key, decode(text.substring(equals + 1)));
      }
    }
    return keys;
  }

  private static String decode(String text) {
    if (text.indexOf('%') < 0) {
      return text;
    }
    try {
      return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException malformed) {
      return text;
    }
  }

  private static ArrowType infer(List<String> texts) {
    boolean integers = true;
    boolean dates = true;
    for (String text : texts) {
      if (text == null) {
        continue;
      }
      integers &= isInteger(text);
      dates &= isDate(text);
    }
    if (integers) {
      return new ArrowType.Int(64, true);
    }
    return dates ? new ArrowType.Date(DateUnit.DAY) : ArrowType.Utf8.INSTANCE;
  }

  private static boolean isInteger(String text) {
    try {
      Long.parseLong(text);
      return true;
    } catch (NumberFormatException notInteger) {
      return false;
    }
  }

  private static boolean isDate(String text) {
    if (text.length() != 10) {
      return false;
    }
    try {
      LocalDate.parse(text);
      return true;
    } catch (DateTimeParseException notDate) {
      return false;
    }
  }

  private static Object parse(String text, ArrowType type) {
    if (text == null) {
      return null;
    }
    if (type instanceof ArrowType.Int) {
      return Long.parseLong(text);
    }
    if (type instanceof ArrowType.Date) {
      return LocalDate.parse(text).toEpochDay();
    }
    return text;
  }

  private static String describe(List<String> names) {
    return names.isEmpty() ? "(none)" : names.toString();
  }
}
