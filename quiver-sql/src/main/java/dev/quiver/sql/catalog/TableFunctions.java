package dev.quiver.sql.catalog;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.source.TableSource;
import dev.quiver.io.csv.CsvColumnType;
import dev.quiver.io.csv.CsvReadOptions;
import dev.quiver.io.formats.TableFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * DuckDB's table functions, opened from their constant arguments: {@code read_parquet} ({@code
 * parquet_scan}), {@code read_csv} ({@code read_csv_auto}) with {@code delim}/{@code sep}, {@code
 * header}, {@code columns} and {@code types}, {@code range} and {@code generate_series}. See
 * docs/SQL.md, "Table functions".
 */
public final class TableFunctions {
  /** The functions a FROM clause may call. */
  public static final Set<String> NAMES = Set.of("read_parquet", "parquet_scan", "read_csv", "read_csv_auto", "range",
      "generate_series");

  private static final Set<String> PARQUET_OPTIONS = Set.of("hive_partitioning");
  private static final Set<String> CSV_OPTIONS = Set.of("delim", "sep", "header", "columns", "types", "dtypes",
      "auto_detect", "hive_partitioning");

  /** A typed constant argument: {@code DATE '...'}, {@code TIMESTAMP '...'} or {@code INTERVAL ...}, as written. */
  public record Typed(String type, String text) {}

  private TableFunctions() {}

  /**
   * The table {@code function} makes of its arguments.
   *
   * @param text the call as written (the table's name in EXPLAIN and messages)
   * @throws QuiverException USER naming the function and the argument that is wrong
   */
  public static TableSource open(Catalog catalog, String function, String text, List<Object> arguments,
      Map<String, Object> named) {
    return switch (function) {
      case "read_parquet", "parquet_scan" -> {
        checkOptions(function, named, PARQUET_OPTIONS);
        yield catalog.openFiles(text, paths(function, arguments), TableFormat.PARQUET, CsvReadOptions.defaults());
      }
      case "read_csv", "read_csv_auto" -> {
        checkOptions(function, named, CSV_OPTIONS);
        yield catalog.openFiles(text, paths(function, arguments), TableFormat.CSV, csvOptions(function, named));
      }
      case "range", "generate_series" -> SeriesTable.of(function, text, arguments, named);
      default -> throw QuiverException.user("unknown table function '" + function + "'");
    };
  }

  private static void checkOptions(String function, Map<String, Object> named, Set<String> known) {
    for (String option : named.keySet()) {
      if (!known.contains(option)) {
        throw QuiverException.user(function + ": unknown argument '" + option + "'; it takes "
            + String.join(", ", known.stream().sorted().toList()));
      }
    }
    if (Boolean.FALSE.equals(named.get("hive_partitioning"))) {
      throw QuiverException.user(function + ": hive_partitioning = false is not supported: key=value folders"
          + " always give partition columns");
    }
  }

  private static List<String> paths(String function, List<Object> arguments) {
    if (arguments.size() != 1) {
      throw QuiverException.user(function + " takes one path (or a list of paths), not " + arguments.size()
          + " arguments");
    }
    Object argument = arguments.get(0);
    List<String> paths = new ArrayList<>();
    if (argument instanceof String path) {
      paths.add(path);
    } else if (argument instanceof List<?> list && !list.isEmpty()) {
      for (Object element : list) {
        if (!(element instanceof String path)) {
          throw QuiverException.user(function + ": every path in the list must be a string, not " + element);
        }
        paths.add(path);
      }
    } else {
      throw QuiverException.user(function + ": the first argument must be a path or a list of paths, not "
          + argument);
    }
    return paths;
  }

  private static CsvReadOptions csvOptions(String function, Map<String, Object> named) {
    CsvReadOptions options = CsvReadOptions.defaults();
    Object delimiter = named.containsKey("delim") ? named.get("delim") : named.get("sep");
    if (delimiter != null) {
      String text = delimiter.toString().equals("\\t") ? "\t" : delimiter.toString();
      if (text.length() != 1) {
        throw QuiverException.user(function + ": the delimiter must be one character, not '" + text + "'");
      }
      options = options.withDelimiter(text.charAt(0));
    }
    Object header = named.get("header");
    if (header != null) {
      if (!(header instanceof Boolean value)) {
        throw QuiverException.user(function + ": header must be true or false, not " + header);
      }
      options = options.withHeader(value);
    }
    Object columns = named.get("columns");
    if (columns != null) {
      Map<?, ?> struct = struct(function, "columns", columns);
      List<String> names = new ArrayList<>();
      for (Map.Entry<?, ?> entry : struct.entrySet()) {
        names.add(entry.getKey().toString());
      }
      options = options.withColumnNames(names);
      for (Map.Entry<?, ?> entry : struct.entrySet()) {
        options = options.withColumnType(entry.getKey().toString(), csvType(function, entry.getValue()));
      }
    }
    Object types = named.containsKey("types") ? named.get("types") : named.get("dtypes");
    if (types != null) {
      for (Map.Entry<?, ?> entry : struct(function, "types", types).entrySet()) {
        options = options.withColumnType(entry.getKey().toString(), csvType(function, entry.getValue()));
      }
    }
    return options;
  }

  private static Map<?, ?> struct(String function, String option, Object value) {
    if (!(value instanceof Map<?, ?> struct) || struct.isEmpty()) {
      throw QuiverException.user(function + ": " + option + " must be a struct of column names and types, as in"
          + " {'a': 'INTEGER', 'b': 'VARCHAR'}, not " + value);
    }
    return struct;
  }

  /** The CSV column type that holds a column of the SQL type {@code name}. */
  static CsvColumnType csvType(String function, Object name) {
    String type = String.valueOf(name).trim().toUpperCase(Locale.ROOT);
    String base = type.replaceAll("\\s*\\(.*\\)$", "");
    return switch (base) {
      case "VARCHAR", "TEXT", "STRING", "CHAR", "BPCHAR" -> CsvColumnType.UTF8;
      case "TINYINT", "SMALLINT", "INTEGER", "INT", "BIGINT", "INT2", "INT4", "INT8", "LONG", "SHORT" ->
        CsvColumnType.INT64;
      case "DOUBLE", "FLOAT", "REAL", "FLOAT4", "FLOAT8" -> CsvColumnType.FLOAT64;
      case "DECIMAL", "NUMERIC" -> {
        if (type.matches(".*,\\s*[1-9][0-9]*\\s*\\)$")) {
          throw QuiverException.user(function + ": a CSV column cannot be read as " + type + " yet (only whole"
              + " decimals); read it as DOUBLE or VARCHAR and CAST it");
        }
        yield CsvColumnType.DECIMAL;
      }
      case "DATE" -> CsvColumnType.DATE;
      case "TIMESTAMP", "DATETIME" -> CsvColumnType.TIMESTAMP_LOCAL;
      case "TIMESTAMPTZ", "TIMESTAMP WITH TIME ZONE" -> CsvColumnType.TIMESTAMP_UTC;
      case "BOOLEAN", "BOOL" -> CsvColumnType.BOOLEAN;
      default -> throw QuiverException.user(function + ": unknown column type '" + name + "'; use VARCHAR, BIGINT,"
          + " INTEGER, DOUBLE, DECIMAL, DATE, TIMESTAMP, TIMESTAMPTZ or BOOLEAN");
    };
  }
}
