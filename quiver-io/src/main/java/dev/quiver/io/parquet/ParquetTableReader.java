package dev.quiver.io.parquet;

import dev.quiver.io.TableReader;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** A Parquet file as a {@link TableReader} ({@link ParquetArrowReader}); each batch is the caller's. */
public final class ParquetTableReader implements TableReader {
  private final ParquetArrowReader reader;

  private ParquetTableReader(ParquetArrowReader reader) {
    this.reader = reader;
  }

  /** Opens {@code path}, reading batches of at most {@code batchRows} rows. */
  public static ParquetTableReader open(Path path, BufferAllocator allocator, int batchRows) throws IOException {
    return new ParquetTableReader(ParquetArrowReader.open(path, allocator, batchRows));
  }

  @Override
  public Schema schema() {
    return reader.schema();
  }

  @Override
  public VectorSchemaRoot next() throws IOException {
    return reader.next();
  }

  @Override
  public long bytesRead() {
    return reader.bytesRead();
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
