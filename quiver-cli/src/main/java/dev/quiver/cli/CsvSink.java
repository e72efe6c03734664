package dev.quiver.cli;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** Batches as CSV in the DESIGN §7 dialect ({@link CsvFormat}): the header once, LF line ends. */
final class CsvSink implements BatchSink {
  private final AtomicOutputFile file;
  private final Writer writer;
  private final StringBuilder line = new StringBuilder(256);

  private CsvSink(AtomicOutputFile file) {
    this.file = file;
    this.writer = new OutputStreamWriter(file.stream(), StandardCharsets.UTF_8);
  }

  static CsvSink create(Path target, Schema schema) throws IOException {
    AtomicOutputFile file = AtomicOutputFile.create(target);
    try {
      CsvSink sink = new CsvSink(file);
      CsvFormat.appendHeader(sink.line, schema.getFields());
      sink.writer.append(sink.line).append('\n');
      return sink;
    } catch (IOException | RuntimeException failure) {
      file.close();
      throw failure;
    }
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
