package dev.quiver.exec.sort;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.util.TransferPair;

/** Reads a spilled run back batch by batch; each batch's vectors are handed to the caller. */
final class SpillReader implements AutoCloseable {
  private final SpillFile file;
  private final BufferAllocator allocator;
  private final ArrowStreamReader reader;
  private int rows;

  SpillReader(SpillFile file, BufferAllocator allocator) {
    this.file = file;
    this.allocator = allocator;
    try {
      this.reader = new ArrowStreamReader(new BufferedInputStream(Files.newInputStream(file.path()), 1 << 16),
          allocator);
    } catch (IOException failure) {
      throw failed(failure);
    }
  }

  /** The next batch's vectors (owned by the caller), or null at the end; {@link #rows()} is its size. */
  FieldVector[] next() {
    try {
      if (!reader.loadNextBatch()) {
        return null;
      }
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      List<FieldVector> vectors = root.getFieldVectors();
      FieldVector[] result = new FieldVector[vectors.size()];
      for (int i = 0; i < result.length; i++) {
        TransferPair transfer = vectors.get(i).getTransferPair(allocator);
        transfer.transfer();
        result[i] = (FieldVector) transfer.getTo();
      }
      rows = root.getRowCount();
      return result;
    } catch (IOException failure) {
      throw failed(failure);
    }
  }

  int rows() {
    return rows;
  }

  private QuiverException failed(IOException failure) {
    return new QuiverException(ErrorCode.IO, "Sort could not read its spill file " + file.path() + ": "
        + failure.getMessage(), failure);
  }

  /** Closes the reader and removes the file. */
  @Override
  public void close() {
    try {
      reader.close();
    } catch (IOException ignored) {
      // nothing more to read; the file goes below
    }
    delete(file.path());
  }

  static void delete(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException ignored) {
      // the query's spill folder is removed when the query ends
    }
  }
}
