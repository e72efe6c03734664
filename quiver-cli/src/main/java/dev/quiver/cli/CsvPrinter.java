package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.io.csv.CsvFormat;
import java.io.PrintWriter;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Prints batches of one table as CSV ({@link CsvFormat}): the header line before the first row, LF
 * line ends, at most a limit of rows. Every batch must have the first batch's column names.
 */
final class CsvPrinter {
  private final PrintWriter out;
  private final StringBuilder line = new StringBuilder(1 << 12);
  private List<String> columnNames;
  private long remaining;

  CsvPrinter(PrintWriter out, long limit) {
    this.out = out;
    this.remaining = limit;
  }

  /** Whether more rows are wanted (the limit is not reached and standard output is open). */
  boolean wantsMore() {
    return remaining > 0 && !out.checkError();
  }

  /** Prints the header line if it was not printed yet. */
  void header(List<Field> fields) {
    if (columnNames == null) {
      columnNames = fields.stream().map(Field::getName).toList();
      line.setLength(0);
      CsvFormat.appendHeader(line, fields);
      out.append(line).append('\n');
    }
  }

  /**
   * Prints the rows of {@code batch} (up to the limit).
   *
   * @param where names the batch in the error when its columns differ from the first batch's
   */
  void print(VectorSchemaRoot batch, DictionaryProvider dictionaries, String where) {
    List<Field> fields = batch.getSchema().getFields();
    header(fields);
    List<String> names = fields.stream().map(Field::getName).toList();
    if (!columnNames.equals(names)) {
      throw QuiverException.user(where + ": columns " + names + " differ from the first block's " + columnNames
          + "; one table is printed");
    }
    int rows = (int) Math.min(batch.getRowCount(), remaining);
    for (int row = 0; row < rows; row++) {
      line.setLength(0);
      CsvFormat.appendRow(line, batch, row, dictionaries);
      out.append(line).append('\n');
    }
    remaining -= rows;
  }
}
