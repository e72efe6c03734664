package dev.quiver.io.arrow;

import dev.quiver.common.QuiverException;
import dev.quiver.io.ColumnNames;
import dev.quiver.io.MagicNumbers;
import dev.quiver.io.TableReader;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Reads an Arrow IPC file ({@code ARROW1} magic) or stream with Arrow Java's readers. Each batch the
 * reader loads is handed to the caller by moving its buffers into a new root (no copy).
 * Dictionary-encoded columns are resolved through {@link #dictionaries}. A malformed input is a
 * {@link QuiverException} CORRUPT naming the file; a schema with a column name twice a USER error.
 */
public final class ArrowIpcTableReader implements TableReader {
  private static final byte[] FILE_MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);

  private final Path path;
  private final ArrowReader reader;
  private final String formatName;
  private final BufferAllocator allocator;
  private Schema schema;

  private ArrowIpcTableReader(Path path, ArrowReader reader, String formatName, BufferAllocator allocator) {
    this.path = path;
    this.reader = reader;
    this.formatName = formatName;
    this.allocator = allocator;
  }

  /** Opens an Arrow IPC file (random access format). */
  public static ArrowIpcTableReader openFile(Path path, BufferAllocator allocator) throws IOException {
    // ARROW1, two bytes of padding, the stream, the footer, its length (4 bytes), ARROW1.
    MagicNumbers.requireAtBothEnds(path, "an Arrow IPC file", FILE_MAGIC, 2L * FILE_MAGIC.length + 2 + 4);
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
    return new ArrowIpcTableReader(path, new ArrowFileReader(channel, allocator), "Arrow IPC file", allocator);
  }

  /** Opens an Arrow IPC stream. */
  public static ArrowIpcTableReader openStream(Path path, BufferAllocator allocator) throws IOException {
    BufferedInputStream in = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
    return new ArrowIpcTableReader(path, new ArrowStreamReader(in, allocator), "Arrow IPC stream", allocator);
  }

  @Override
  public Schema schema() {
    if (schema == null) {
      try {
        schema = reader.getVectorSchemaRoot().getSchema();
      } catch (IOException | RuntimeException malformed) {
        throw malformed(malformed);
      }
      ColumnNames.requireUnique(path.toString(), schema);
    }
    return schema;
  }

  @Override
  public VectorSchemaRoot next() {
    schema();
    VectorSchemaRoot loaded;
    try {
      if (!reader.loadNextBatch()) {
        return null;
      }
      loaded = reader.getVectorSchemaRoot();
    } catch (IOException | RuntimeException malformed) {
      throw malformed(malformed);
    }
    List<Field> fields = new ArrayList<>();
    List<FieldVector> vectors = new ArrayList<>();
    for (FieldVector vector : loaded.getFieldVectors()) {
      TransferPair pair = vector.getTransferPair(allocator);
      pair.transfer();
      FieldVector moved = (FieldVector) pair.getTo();
      fields.add(moved.getField());
      vectors.add(moved);
    }
    return new VectorSchemaRoot(fields, vectors, loaded.getRowCount());
  }

  @Override
  public DictionaryProvider dictionaries() {
    try {
      return reader.getDictionaryIds().isEmpty() ? null : reader;
    } catch (RuntimeException malformed) {
      throw malformed(malformed);
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

  private QuiverException malformed(Exception malformed) {
    String message = malformed.getMessage();
    String problem = message != null && message.startsWith("Unexpected end of stream")
        ? "it ends in the middle of a message (cut short?)" : QuiverException.describe(malformed);
    return QuiverException.corrupt(path + ": not a readable " + formatName + ": " + problem, malformed);
  }
}
