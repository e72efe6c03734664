package dev.quiver.io.csv;

import dev.quiver.common.QuiverException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How CSV input is typed: how many rows schema inference looks at, and the columns whose type is
 * given instead of inferred (see docs/CSV.md). Immutable; the {@code with} methods return copies.
 *
 * @param inferRows how many data rows inference scans; 0 scans them all
 * @param columnTypes the type of each named column that is not inferred, by column name
 */
public record CsvReadOptions(long inferRows, Map<String, CsvColumnType> columnTypes) {
  /** Checks the options and keeps an unmodifiable copy of the overrides. */
  public CsvReadOptions {
    if (inferRows < 0) {
      throw QuiverException.user("the CSV inference row count must not be negative, not " + inferRows);
    }
    for (Map.Entry<String, CsvColumnType> entry : columnTypes.entrySet()) {
      if (entry.getValue() == CsvColumnType.NULL) {
        throw QuiverException.user("column " + entry.getKey() + ": Null is not a type a column can be given");
      }
    }
    columnTypes = Collections.unmodifiableMap(new LinkedHashMap<>(columnTypes));
  }

  /** Every type inferred from every row. */
  public static CsvReadOptions defaults() {
    return new CsvReadOptions(0, Map.of());
  }

  /** These options with inference over the first {@code rows} rows (0: all). */
  public CsvReadOptions withInferRows(long rows) {
    return new CsvReadOptions(rows, columnTypes);
  }

  /** These options with column {@code name} given type {@code type} instead of an inferred one. */
  public CsvReadOptions withColumnType(String name, CsvColumnType type) {
    Map<String, CsvColumnType> types = new LinkedHashMap<>(columnTypes);
    types.put(name, type);
    return new CsvReadOptions(inferRows, types);
  }
}
