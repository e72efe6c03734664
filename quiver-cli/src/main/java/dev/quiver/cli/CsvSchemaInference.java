package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Infers a CSV file's schema: the header line names the columns, and every data row (or the first
 * {@code rowLimit}) widens each column's {@link CsvColumnType}. All columns are nullable.
 */
final class CsvSchemaInference {
  private CsvSchemaInference() {}

  /** The inferred columns: names and types, in file order. */
  record Columns(List<String> names, List<CsvColumnType> types) {
    Schema schema() {
      List<Field> fields = new ArrayList<>(names.size());
      for (int i = 0; i < names.size(); i++) {
        fields.add(Field.nullable(names.get(i), types.get(i).arrowType()));
      }
      return new Schema(fields);
    }
  }

  /**
   * Reads the header and scans the rows of {@code reader}.
   *
   * @param rowLimit how many data rows to scan; 0 scans them all
   */
  static Columns infer(CsvRecordReader reader, long rowLimit) throws IOException {
    List<String> names = readHeader(reader);
    CsvColumnType[] types = new CsvColumnType[names.size()];
    java.util.Arrays.fill(types, CsvColumnType.NULL);
    CsvRecord record = new CsvRecord();
    long rows = 0;
    while ((rowLimit == 0 || rows < rowLimit) && reader.next(record)) {
      checkFieldCount(reader, record, names);
      for (int i = 0; i < types.length; i++) {
        CsvColumnType type = types[i];
        if (type == CsvColumnType.UTF8 || record.isNull(i)) {
          continue;
        }
        String value = record.value(i);
        if (!type.accepts(value)) {
          types[i] = type.widen(CsvColumnType.of(value));
        }
      }
      rows++;
    }
    return new Columns(names, List.of(types));
  }

  /** The column names from the header line. */
  static List<String> readHeader(CsvRecordReader reader) throws IOException {
    CsvRecord header = new CsvRecord();
    if (!reader.next(header)) {
      throw QuiverException.user(reader.source() + ": the CSV input is empty; it needs a header line of column names");
    }
    return header.values();
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
