package dev.quiver.cli;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.io.AtomicOutputFile;
import dev.quiver.io.TableWriter;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** Batches as a {@code .qvr} file; {@link QuiverWriter} commits atomically itself. */
final class QuiverSink implements TableWriter {
  private final QuiverWriter writer;
  private final Schema schema;
  private boolean committed;

  private QuiverSink(QuiverWriter writer, Schema schema) {
    this.writer = writer;
    this.schema = schema;
  }

  @Override
  public Schema schema() {
    return schema;
  }

  static QuiverSink create(Path target, Schema schema, BufferAllocator allocator) throws IOException {
    AtomicOutputFile.checkTarget(target);
    return new QuiverSink(QuiverWriter.create(target, schema, allocator), schema);
  }

  @Override
  public void write(VectorSchemaRoot batch) throws IOException {
    writer.write(batch);
  }

  @Override
  public void commit() throws IOException {
    committed = true;
    writer.close();
  }

  @Override
  public void close() {
    if (!committed) {
      writer.abort();
    }
  }
}
