package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.io.csv.CsvColumnType;
import dev.quiver.io.csv.CsvReadOptions;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * How CSV input is typed, for the commands that read any input ({@code convert}, {@code shuffle
 * write}, {@code shuffle partition}): a picocli mixin. The rules are those of docs/CSV.md.
 */
final class CsvInputOptions {
  @Option(names = "--infer-rows", paramLabel = "N", defaultValue = "0",
      description = "CSV input only: infer column types from the first N rows (default 0: all rows; see docs/CSV.md).")
  long inferRows;

  @Option(names = "--column-type", paramLabel = "NAME=TYPE", mapFallbackValue = "",
      description = "CSV input only: give column NAME the type TYPE instead of inferring it (bool, int64, decimal,"
          + " float64, date, timestamp_utc, timestamp_local, utf8); repeatable.")
  Map<String, String> columnTypes = new LinkedHashMap<>();

  /** The options, checked: USER errors for a negative row count or an unknown type. */
  CsvReadOptions readOptions() {
    if (inferRows < 0) {
      throw QuiverException.user("--infer-rows must not be negative, not " + inferRows);
    }
    CsvReadOptions options = CsvReadOptions.defaults().withInferRows(inferRows);
    for (Map.Entry<String, String> entry : columnTypes.entrySet()) {
      options = options.withColumnType(entry.getKey(), CsvColumnType.parse(entry.getValue()));
    }
    return options;
  }
}
