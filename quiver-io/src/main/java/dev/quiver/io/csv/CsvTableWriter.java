package dev.quiver.io.csv;

import dev.quiver.common.QuiverException;
import dev.quiver.io.AtomicOutputFile;
import dev.quiver.io.TableWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Batches as CSV in the dialect of docs/CSV.md ({@link CsvFormat}): the header once (unless left
 * out), LF line ends, ',' or another delimiter.
 */
public final class CsvTableWriter implements TableWriter {
  private final AtomicOutputFile file;
  private final Schema schema;
  private final char delimiter;
  private String nullText = CsvFormat.NULL_TEXT;
  private final Writer writer;
  private final StringBuilder line = new StringBuilder(256);

  private CsvTableWriter(AtomicOutputFile file, Schema schema, char delimiter) {
    this.file = file;
    this.schema = schema;
    this.delimiter = delimiter;
    this.writer = new OutputStreamWriter(file.stream(), StandardCharsets.UTF_8);
  }

  /** Starts writing {@code target}; the header line is written at once. */
  public static CsvTableWriter create(Path target, Schema schema) throws IOException {
    return create(target, schema, ',', true);
  }

  /**
   * Starts writing {@code target} with fields separated by {@code delimiter} ({@link
   * CsvFormat#isValidDelimiter}); the header line, when {@code header}, is written at once.
   */
  public static CsvTableWriter create(Path target, Schema schema, char delimiter, boolean header) throws IOException {
    if (!CsvFormat.isValidDelimiter(delimiter)) {
      throw QuiverException.user("'" + delimiter + "' cannot separate CSV fields");
    }
    return AtomicOutputFile.start(target, file -> {
      CsvTableWriter writer = new CsvTableWriter(file, schema, delimiter);
      if (header) {
        CsvFormat.appendHeader(writer.line, schema.getFields(), delimiter);
        writer.writer.append(writer.line).append('\n');
      }
      return writer;
    });
  }

  /**
   * Starts writing {@code target} as {@link #create(Path, Schema, char, boolean)} does, nulls written
   * as {@code nullText} (SQL's COPY: empty by default).
   */
  public static CsvTableWriter create(Path target, Schema schema, char delimiter, boolean header, String nullText)
      throws IOException {
    if (nullText.indexOf(delimiter) >= 0 || nullText.indexOf('"') >= 0 || nullText.indexOf('\n') >= 0
        || nullText.indexOf('\r') >= 0) {
      throw QuiverException.user("the CSV null text must not hold the delimiter, a quote or a line end: '"
          + nullText + "'");
    }
    CsvTableWriter writer = create(target, schema, delimiter, header);
    writer.nullText = nullText;
    return writer;
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public void write(VectorSchemaRoot batch) throws IOException {
    int rows = batch.getRowCount();
    for (int row = 0; row < rows; row++) {
      line.setLength(0);
      CsvFormat.appendRow(line, batch, row, null, delimiter, nullText);
      line.append('\n');
      writer.append(line);
    }
  }

  @Override
  public void commit() throws IOException {
    writer.flush();
    file.commit();
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
