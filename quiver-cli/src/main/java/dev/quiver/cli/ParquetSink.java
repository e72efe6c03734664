package dev.quiver.cli;

import dev.quiver.cli.parquet.ParquetArrowWriter;
import dev.quiver.cli.parquet.StreamOutputFile;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** Batches as a Parquet file ({@link ParquetArrowWriter}) written to an {@link AtomicOutputFile}. */
final class ParquetSink implements BatchSink {
  private final AtomicOutputFile file;
  private final ParquetArrowWriter writer;
  private boolean writerClosed;

  private ParquetSink(AtomicOutputFile file, ParquetArrowWriter writer) {
    this.file = file;
    this.writer = writer;
  }

  static ParquetSink create(Path target, Schema schema, ParquetArrowWriter.Options options) throws IOException {
    AtomicOutputFile file = AtomicOutputFile.create(target);
    try {
      return new ParquetSink(file, ParquetArrowWriter.create(new StreamOutputFile(file.stream(), target.toString()), schema, options));
    } catch (IOException | RuntimeException failure) {
      file.close();
      throw failure;
    }
  }

  @Override
  public void write(VectorSchemaRoot batch) throws IOException {
    writer.write(batch);
  }

  @Override
  public void commit() throws IOException {
    writerClosed = true;
    writer.close();
    file.commit();
  }

  @Override
  public void close() throws IOException {
    if (!writerClosed) {
      writerClosed = true;
      try {
        // Releases the writer's compressors; what it writes goes to the temporary file, deleted next.
        writer.close();
      } catch (IOException | RuntimeException ignored) {
        // the write already failed; that failure is the one reported
      }
    }
    file.close();
  }
}
