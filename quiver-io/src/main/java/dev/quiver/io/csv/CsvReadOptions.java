package dev.quiver.io.csv;

import dev.quiver.common.QuiverException;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How CSV input is read and typed: how many rows schema inference looks at, the columns whose type is
 * given instead of inferred, the delimiter (sniffed unless given), whether the first line is a header,
 * and the column names when the file's header does not give them (see docs/CSV.md). Immutable; the
 * {@code with} methods return copies.
 *
 * @param inferRows how many data rows inference scans; 0 scans them all
 * @param columnTypes the type of each named column that is not inferred, by column name
 * @param delimiter the character between fields, or {@link #SNIFF} to take the first of {@code , ; | tab}
 *     that splits the first lines consistently
 * @param header whether the first line names the columns (and is not data)
 * @param columnNames the names of all the columns in file order, or empty: the header's names, or
 *     {@code column0, column1, ...} without a header
 */
public record CsvReadOptions(
    long inferRows, Map<String, CsvColumnType> columnTypes, char delimiter, boolean header, List<String> columnNames) {
  /** The delimiter value that asks for sniffing. */
  public static final char SNIFF = '\0';

  /** Checks the options and keeps unmodifiable copies of the overrides and names. */
  public CsvReadOptions {
    if (inferRows < 0) {
      throw QuiverException.user("the CSV inference row count must not be negative, not " + inferRows);
    }
    for (Map.Entry<String, CsvColumnType> entry : columnTypes.entrySet()) {
      if (entry.getValue() == CsvColumnType.NULL) {
        throw QuiverException.user("column " + entry.getKey() + ": Null is not a type a column can be given");
      }
    }
    if (delimiter != SNIFF && !CsvFormat.isValidDelimiter(delimiter)) {
      throw QuiverException.user("the CSV delimiter '" + delimiter + "' cannot separate fields (a quote, a backslash"
          + " or a line break); use , ; | or a tab");
    }
    Set<String> seen = new HashSet<>();
    for (String name : columnNames) {
      if (!seen.add(name)) {
        throw QuiverException
            .user("the CSV column name '" + name + "' is given twice; every column needs its own name");
      }
    }
    columnTypes = Collections.unmodifiableMap(new LinkedHashMap<>(columnTypes));
    columnNames = List.copyOf(columnNames);
  }

  /** Options of a header line, a sniffed delimiter and the given column types. */
  public CsvReadOptions(long inferRows, Map<String, CsvColumnType> columnTypes) {
    this(inferRows, columnTypes, SNIFF, true, List.of());
  }

  /** Every type inferred from every row, the delimiter sniffed, the first line a header. */
  public static CsvReadOptions defaults() {
    return new CsvReadOptions(0, Map.of());
  }

  /** These options with inference over the first {@code rows} rows (0: all). */
  public CsvReadOptions withInferRows(long rows) {
    return new CsvReadOptions(rows, columnTypes, delimiter, header, columnNames);
  }

  /** These options with column {@code name} given type {@code type} instead of an inferred one. */
  public CsvReadOptions withColumnType(String name, CsvColumnType type) {
    Map<String, CsvColumnType> types = new LinkedHashMap<>(columnTypes);
    types.put(name, type);
    return new CsvReadOptions(inferRows, types, delimiter, header, columnNames);
  }

  /** These options with fields separated by {@code character} ({@link #SNIFF}: sniffed). */
  public CsvReadOptions withDelimiter(char character) {
    return new CsvReadOptions(inferRows, columnTypes, character, header, columnNames);
  }

  /** These options with or without a header line. */
  public CsvReadOptions withHeader(boolean hasHeader) {
    return new CsvReadOptions(inferRows, columnTypes, delimiter, hasHeader, columnNames);
  }

  /** These options with the columns named {@code names} in file order (a header line, if any, is skipped). */
  public CsvReadOptions withColumnNames(List<String> names) {
    return new CsvReadOptions(inferRows, columnTypes, delimiter, header, names);
  }
}
