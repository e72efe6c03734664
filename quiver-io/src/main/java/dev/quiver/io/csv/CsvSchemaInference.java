package dev.quiver.io.csv;

import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Infers a CSV file's schema: the header line names the columns (each name once), and every data
 * row (or the first {@link CsvReadOptions#inferRows}) widens each column's {@link CsvColumnType};
 * a column given a type in {@link CsvReadOptions#columnTypes} keeps it. All columns are nullable.
 */
final class CsvSchemaInference {
  private CsvSchemaInference() {}

  /**
   * The inferred columns: names and types, in file order.
   *
   * @param given for each column, whether its type was given rather than inferred
   */
  record Columns(List<String> names, List<CsvColumnType> types, List<Boolean> given) {
    Schema schema() {
      List<Field> fields = new ArrayList<>(names.size());
      for (int i = 0; i < names.size(); i++) {
        fields.add(Field.nullable(names.get(i), types.get(i).arrowType()));
      }
      return new Schema(fields);
    }
  }

  /**
   * Takes the names from the header (or the options, or numbers them {@code column0, column1, ...}
   * without a header) and scans the rows of {@code reader} as {@code options} say.
   */
  static Columns infer(CsvRecordReader reader, CsvReadOptions options) throws IOException {
    CsvRecord pending = null;
    List<String> names;
    if (options.header()) {
      names = readHeader(reader);
      if (!options.columnNames().isEmpty() && options.columnNames().size() != names.size()) {
        throw QuiverException.user(reader.source() + ": " + options.columnNames().size()
            + " column names are given, the header has " + names.size() + " columns");
      }
    } else {
      pending = new CsvRecord();
      if (!reader.next(pending)) {
        pending = null;
      }
      if (!options.columnNames().isEmpty()) {
        names = options.columnNames();
      } else if (pending == null) {
        throw QuiverException.user(reader.source() + ": the CSV input is empty and no column names are given");
      } else {
        names = numberedNames(pending.size());
      }
    }
    if (!options.columnNames().isEmpty()) {
      names = options.columnNames();
    }
    CsvColumnType[] types = new CsvColumnType[names.size()];
    Arrays.fill(types, CsvColumnType.NULL);
    Boolean[] given = new Boolean[names.size()];
    Arrays.fill(given, false);
    Map<String, Integer> positions = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      positions.put(names.get(i), i);
    }
    for (Map.Entry<String, CsvColumnType> override : options.columnTypes().entrySet()) {
      Integer position = positions.get(override.getKey());
      if (position == null) {
        throw QuiverException.user(reader.source() + ": no column " + override.getKey()
            + " to give type " + override.getValue().displayName() + "; the header has " + names.size() + " columns");
      }
      types[position] = override.getValue();
      given[position] = Boolean.TRUE;
    }
    CsvRecord record = new CsvRecord();
    long rowLimit = options.inferRows();
    long rows = 0;
    boolean anyInferred = positions.size() > options.columnTypes().size();
    while (anyInferred && (rowLimit == 0 || rows < rowLimit) && (pending != null || reader.next(record))) {
      if (pending != null) {
        record = pending;
        pending = null;
      }
      checkFieldCount(reader, record, names);
      for (int i = 0; i < types.length; i++) {
        CsvColumnType type = types[i];
        if (type == CsvColumnType.UTF8 || given[i] || record.isNull(i)) {
          continue;
        }
        String value = record.value(i);
        if (!type.accepts(value)) {
          types[i] = type.widen(CsvColumnType.of(value));
        }
      }
      rows++;
    }
    return new Columns(names, List.of(types), List.of(given));
  }

  /** {@code column0, column1, ...} as DuckDB names the columns of a file without a header (zero-padded from ten columns). */
  static List<String> numberedNames(int count) {
    int width = String.valueOf(Math.max(0, count - 1)).length();
    List<String> names = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      names.add("column" + "0".repeat(width - String.valueOf(i).length()) + i);
    }
    return names;
  }

  /**
   * The column names from the header line.
   *
   * @throws QuiverException USER when the input is empty, or naming the file, line and column when a
   *     name appears twice
   */
  static List<String> readHeader(CsvRecordReader reader) throws IOException {
    CsvRecord header = new CsvRecord();
    if (!reader.next(header)) {
      throw QuiverException.user(reader.source() + ": the CSV input is empty; it needs a header line of column names");
    }
    List<String> names = header.values();
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      Integer earlier = seen.putIfAbsent(names.get(i), i);
      if (earlier != null) {
        throw QuiverException.user(reader.source() + " line " + header.line() + " column " + (i + 1)
            + ": duplicate column name '" + names.get(i) + "' (also column " + (earlier + 1)
            + "); every column needs its own name");
      }
    }
    return names;
  }

  /** Fails, naming line and column, when a record's field count differs from the header's. */
  static void checkFieldCount(CsvRecordReader reader, CsvRecord record, List<String> names) {
    int fields = record.size();
    if (fields == names.size()) {
      return;
    }
    String where = reader.source() + " line " + record.line() + " column ";
    if (fields < names.size()) {
      throw QuiverException.user(where + (fields + 1) + " (" + names.get(fields) + "): missing: the line has "
          + fields + " fields, the header " + names.size());
    }
    throw QuiverException.user(where + (names.size() + 1) + ": extra field: the line has " + fields
        + " fields, the header " + names.size());
  }
}
