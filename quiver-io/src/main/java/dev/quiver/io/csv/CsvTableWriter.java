package dev.quiver.io.csv;

import dev.quiver.io.AtomicOutputFile;
import dev.quiver.io.TableWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** Batches as CSV in the dialect of docs/CSV.md ({@link CsvFormat}): the header once, LF line ends. */
public final class CsvTableWriter implements TableWriter {
  private final AtomicOutputFile file;
  private final Schema schema;
  private final Writer writer;
  private final StringBuilder line = new StringBuilder(256);

  private CsvTableWriter(AtomicOutputFile file, Schema schema) {
    this.file = file;
    this.schema = schema;
    this.writer = new OutputStreamWriter(file.stream(), StandardCharsets.UTF_8);
  }

  /** Starts writing {@code target}; the header line is written at once. */
  public static CsvTableWriter create(Path target, Schema schema) throws IOException {
    return AtomicOutputFile.start(target, file -> {
      CsvTableWriter writer = new CsvTableWriter(file, schema);
      CsvFormat.appendHeader(writer.line, schema.getFields());
      writer.writer.append(writer.line).append('\n');
      return writer;
    });
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
      CsvFormat.appendRow(line, batch, row, null);
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
