package dev.quiver.cli;

import dev.quiver.cli.parquet.ParquetArrowReader;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** A Parquet file as input batches ({@link ParquetArrowReader}); each batch is the caller's to close. */
final class ParquetInput implements InputBatches {
  private final ParquetArrowReader reader;

  private ParquetInput(ParquetArrowReader reader) {
    this.reader = reader;
  }

  static ParquetInput open(Path path, BufferAllocator allocator, int batchRows) throws IOException {
    return new ParquetInput(ParquetArrowReader.open(path, allocator, batchRows));
  }

  @Override
  public Schema schema() {
    return reader.schema();
  }

  @Override
  public Batch next() throws IOException {
    VectorSchemaRoot root = reader.next();
    return root == null ? null : new Batch(root, null, root::close);
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
