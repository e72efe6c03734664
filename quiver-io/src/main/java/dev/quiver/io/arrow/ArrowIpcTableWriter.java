package dev.quiver.io.arrow;

import dev.quiver.io.AtomicOutputFile;
import dev.quiver.io.TableWriter;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Batches as an Arrow IPC file or stream (Arrow Java's writers, uncompressed). Each batch is loaded
 * into the writer's own root without a copy (unload, load), then written.
 */
public final class ArrowIpcTableWriter implements TableWriter {
  private final AtomicOutputFile file;
  private final VectorSchemaRoot root;
  private final ArrowWriter writer;

  private ArrowIpcTableWriter(AtomicOutputFile file, VectorSchemaRoot root, ArrowWriter writer) {
    this.file = file;
    this.root = root;
    this.writer = writer;
  }

  /** An IPC file ({@code fileFormat}) or stream. */
  public static ArrowIpcTableWriter create(Path target, Schema schema, BufferAllocator allocator, boolean fileFormat)
      throws IOException {
    return AtomicOutputFile.start(target, file -> {
      VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
      try {
        WritableByteChannel channel = Channels.newChannel(file.stream());
        ArrowWriter writer = fileFormat ? new ArrowFileWriter(root, null, channel)
            : new ArrowStreamWriter(root, null, channel);
        writer.start();
        return new ArrowIpcTableWriter(file, root, writer);
      } catch (IOException | RuntimeException failure) {
        root.close();
        throw failure;
      }
    });
  }

  @Override
  public Schema schema() {
    return root.getSchema();
  }

  @Override
  public void write(VectorSchemaRoot batch) throws IOException {
    try (ArrowRecordBatch recordBatch = new VectorUnloader(batch).getRecordBatch()) {
      new VectorLoader(root).load(recordBatch);
    }
    writer.writeBatch();
  }

  @Override
  public void commit() throws IOException {
    // end() writes the footer (file) or end-of-stream marker; close() would close the stream too early.
    writer.end();
    file.commit();
  }

  @Override
  public void close() throws IOException {
    try {
      root.close();
    } finally {
      file.close();
    }
  }
}
