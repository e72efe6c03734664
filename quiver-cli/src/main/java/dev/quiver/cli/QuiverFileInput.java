package dev.quiver.cli;

import dev.quiver.common.CorruptFileException;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.Layout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;
import org.apache.arrow.vector.util.VectorBatchAppender;

/**
 * A {@code .qvr} file as input batches of exactly {@code batchRows} rows (the last one fewer). Columns
 * are chunked independently, so each column keeps a cursor into its current decoded chunk: every chunk
 * is decoded once, and a batch takes slices of one or more chunks (a whole chunk without a copy).
 */
final class QuiverFileInput implements InputBatches {
  private final QuiverFile file;
  private final BufferAllocator allocator;
  private final int batchRows;
  private final List<ColumnCursor> cursors = new ArrayList<>();
  private long rowsRead;
  private long bytesRead;

  private QuiverFileInput(QuiverFile file, BufferAllocator allocator, int batchRows) {
    this.file = file;
    this.allocator = allocator;
    this.batchRows = batchRows;
    for (int column = 0; column < file.schema().getFields().size(); column++) {
      cursors.add(new ColumnCursor(column, file.chunks(column)));
    }
  }

  /** Opens {@code path}; a damaged file fails here or at the batch that reaches the damage. */
  static QuiverFileInput open(Path path, BufferAllocator allocator, int batchRows) throws IOException {
    return new QuiverFileInput(QuiverFile.open(path), allocator, batchRows);
  }

  @Override
  public Schema schema() {
    return file.schema();
  }

  @Override
  public Batch next() throws IOException {
    long remaining = file.rowCount() - rowsRead;
    if (remaining <= 0) {
      return null;
    }
    int rows = (int) Math.min(batchRows, remaining);
    List<Field> fields = new ArrayList<>();
    List<FieldVector> vectors = new ArrayList<>();
    try {
      for (ColumnCursor cursor : cursors) {
        FieldVector vector = cursor.take(rows);
        vectors.add(vector);
        fields.add(vector.getField());
      }
    } catch (IOException | RuntimeException failure) {
      vectors.forEach(FieldVector::close);
      throw failure;
    }
    rowsRead += rows;
    VectorSchemaRoot root = new VectorSchemaRoot(fields, vectors, rows);
    return new Batch(root, null, root::close);
  }

  @Override
  public long bytesRead() {
    return bytesRead;
  }

  @Override
  public void close() throws IOException {
    try {
      cursors.forEach(ColumnCursor::close);
    } finally {
      file.close();
    }
  }

  /** One column's position: the decoded chunk being consumed and the next row in it. */
  private final class ColumnCursor {
    private final int column;
    private final List<Layout> chunks;
    private int nextChunk;
    private FieldVector current;
    private int position;

    ColumnCursor(int column, List<Layout> chunks) {
      this.column = column;
      this.chunks = chunks;
    }

    /** The next {@code rows} rows of the column as a new vector. */
    FieldVector take(int rows) throws IOException {
      FieldVector result = null;
      try {
        int wanted = rows;
        while (wanted > 0) {
          if (current == null || position == current.getValueCount()) {
            decodeNextChunk();
          }
          int count = Math.min(wanted, current.getValueCount() - position);
          TransferPair pair = current.getTransferPair(allocator);
          if (position == 0 && count == current.getValueCount()) {
            pair.transfer();
            current.close();
            current = null;
          } else {
            pair.splitAndTransfer(position, count);
            position += count;
          }
          FieldVector piece = (FieldVector) pair.getTo();
          if (result == null) {
            result = piece;
          } else {
            try (piece) {
              VectorBatchAppender.batchAppend(result, piece);
            }
          }
          wanted -= count;
        }
        return result;
      } catch (IOException | RuntimeException failure) {
        if (result != null) {
          result.close();
        }
        throw failure;
      }
    }

    private void decodeNextChunk() throws IOException {
      close();
      if (nextChunk >= chunks.size()) {
        throw new CorruptFileException(file.path().toString(),
            "column " + file.schema().getFields().get(column).getName()
                + ": its chunks end before the file's " + file.rowCount() + " rows",
            null);
      }
      Layout chunk = chunks.get(nextChunk++);
      current = file.readChunk(column, chunk, allocator);
      position = 0;
      bytesRead += file.segmentBytes(chunk);
    }

    void close() {
      if (current != null) {
        current.close();
        current = null;
      }
    }
  }
}
