package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads an Arrow IPC file ({@code ARROW1} magic) or stream with Arrow Java's readers. The reader owns
 * its root and reuses it from batch to batch; dictionary-encoded columns are resolved through the
 * reader. Failures of a malformed input become {@link QuiverException} CORRUPT naming the file.
 */
final class ArrowIpcInput implements InputBatches {
  private final Path path;
  private final ArrowReader reader;
  private final String formatName;

  private ArrowIpcInput(Path path, ArrowReader reader, String formatName) {
    this.path = path;
    this.reader = reader;
    this.formatName = formatName;
  }

  /** Opens an Arrow IPC file (random access format). */
  static ArrowIpcInput openFile(Path path, BufferAllocator allocator) throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
    return new ArrowIpcInput(path, new ArrowFileReader(channel, allocator), "Arrow IPC file");
  }

  /** Opens an Arrow IPC stream. */
  static ArrowIpcInput openStream(Path path, BufferAllocator allocator) throws IOException {
    BufferedInputStream in = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
    return new ArrowIpcInput(path, new ArrowStreamReader(in, allocator), "Arrow IPC stream");
  }

  @Override
  public Schema schema() {
    try {
      return reader.getVectorSchemaRoot().getSchema();
    } catch (IOException | RuntimeException malformed) {
      throw QuiverException.corrupt(path + ": not a readable " + formatName + ": " + malformed.getMessage(), malformed);
    }
  }

  @Override
  public Batch next() {
    try {
      if (!reader.loadNextBatch()) {
        return null;
      }
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      boolean dictionaries = !reader.getDictionaryIds().isEmpty();
      return new Batch(root, dictionaries ? reader : null, null);
    } catch (IOException | RuntimeException malformed) {
      throw QuiverException.corrupt(path + ": not a readable " + formatName + ": " + malformed.getMessage(), malformed);
    }
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
