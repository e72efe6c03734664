package dev.quiver.io.parquet;

import dev.quiver.io.AtomicOutputFile;
import dev.quiver.io.ColumnNames;
import dev.quiver.io.TableWriter;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** Batches as a Parquet file ({@link ParquetArrowWriter}) written to an {@link AtomicOutputFile}. */
public final class ParquetTableWriter implements TableWriter {
  private final AtomicOutputFile file;
  private final Schema schema;
  private final ParquetArrowWriter writer;
  private boolean writerClosed;

  private ParquetTableWriter(AtomicOutputFile file, Schema schema, ParquetArrowWriter writer) {
    this.file = file;
    this.schema = schema;
    this.writer = writer;
  }

  /**
   * Starts writing {@code target} with {@code options}' codec and row group size.
   *
   * @throws dev.quiver.common.QuiverException USER when two columns share a name (the file could not
   *     be read back)
   */
  public static ParquetTableWriter create(Path target, Schema schema, ParquetArrowWriter.Options options)
      throws IOException {
    ColumnNames.requireUnique(target.toString(), schema);
    return AtomicOutputFile.start(target, file -> new ParquetTableWriter(file, schema,
        ParquetArrowWriter.create(new StreamOutputFile(file.stream(), target.toString()), schema, options)));
  }

  @Override
  public Schema schema() {
    return schema;
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
