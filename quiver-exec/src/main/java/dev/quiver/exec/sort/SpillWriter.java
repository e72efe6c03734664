package dev.quiver.exec.sort;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/** Writes one sorted run as an Arrow IPC stream, batch by batch (each batch closed once written). */
final class SpillWriter implements AutoCloseable {
  private final Path path;
  private final Schema schema;
  private final OutputStream stream;
  private final WriteChannel channel;
  private long rows;
  private long largestBatchBytes;
  private int largestBatchRows;
  private boolean finished;

  SpillWriter(Path path, Schema schema) {
    this.path = path;
    this.schema = schema;
    try {
      this.stream = new BufferedOutputStream(Files.newOutputStream(path, StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE), 1 << 16);
      this.channel = new WriteChannel(Channels.newChannel(stream));
      MessageSerializer.serialize(channel, schema);
    } catch (IOException failure) {
      throw failed(failure);
    }
  }

  /** Writes a batch of {@code count} rows and closes its vectors. */
  void write(FieldVector[] columns, int count) {
    try (VectorSchemaRoot root = new VectorSchemaRoot(schema.getFields(), Arrays.asList(columns), count)) {
      long bytes = SortSink.bytes(columns);
      largestBatchRows = Math.max(largestBatchRows, count);
      try (ArrowRecordBatch batch = new VectorUnloader(root).getRecordBatch()) {
        largestBatchBytes = Math.max(largestBatchBytes, Math.max(bytes, readBackBytes(batch.computeBodyLength())));
        MessageSerializer.serialize(channel, batch);
      }
      rows += count;
    } catch (IOException failure) {
      throw failed(failure);
    }
  }

  /**
   * What reading a batch of {@code bodyLength} body bytes back holds: the IPC reader reads the body
   * into one buffer, which the allocator rounds up to a power of two.
   */
  static long readBackBytes(long bodyLength) {
    return bodyLength <= 1 ? 1 : Long.highestOneBit(bodyLength - 1) << 1;
  }

  /** Ends the stream and closes the file: the run as written. */
  SpillFile finish() {
    try {
      ArrowStreamWriter.writeEndOfStream(channel, IpcOption.DEFAULT);
      long bytes = channel.getCurrentPosition();
      finished = true;
      stream.close();
      return new SpillFile(path, rows, bytes, largestBatchBytes, largestBatchRows);
    } catch (IOException failure) {
      throw failed(failure);
    }
  }

  long bytesWritten() {
    return channel.getCurrentPosition();
  }

  private QuiverException failed(IOException failure) {
    return new QuiverException(ErrorCode.IO, "Sort could not write its spill file " + path + ": "
        + failure.getMessage(), failure);
  }

  /** Closes and removes an unfinished file (a failure or a cancellation). */
  @Override
  public void close() {
    if (finished) {
      return;
    }
    finished = true;
    try {
      stream.close();
    } catch (IOException ignored) {
      // the file is removed below (or with the query's spill folder)
    }
    try {
      Files.deleteIfExists(path);
    } catch (IOException ignored) {
      // the query's spill folder is removed when the query ends
    }
  }
}
