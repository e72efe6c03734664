package dev.quiver.exec.join;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.Schema;

/** One spill file of a grace hash join: dense batches of one side's rows as an Arrow IPC stream. */
final class JoinSpillFile implements AutoCloseable {
  final Path path;
  private final VectorSchemaRoot root;
  private final OutputStream stream;
  private final ArrowStreamWriter writer;
  private long rows;

  JoinSpillFile(Path path, Schema schema, BufferAllocator allocator) throws IOException {
    this.path = path;
    this.root = VectorSchemaRoot.create(schema, allocator);
    this.stream = new BufferedOutputStream(Files.newOutputStream(path), 8192);
    this.writer = new ArrowStreamWriter(root, null, stream);
    writer.start();
  }

  /** Writes {@code count} rows held by {@code vectors} (one per column; the vectors are freed). */
  void write(List<FieldVector> vectors, int count) throws IOException {
    try {
      for (int column = 0; column < vectors.size(); column++) {
        vectors.get(column).makeTransferPair(root.getVector(column)).transfer();
      }
      root.setRowCount(count);
      writer.writeBatch();
      rows += count;
    } finally {
      vectors.forEach(FieldVector::close);
      root.clear();
    }
  }

  long rows() {
    return rows;
  }

  /** Ends the stream; returns the bytes written. */
  long finish() throws IOException {
    writer.end();
    writer.close();
    stream.close();
    root.close();
    return Files.size(path);
  }

  @Override
  public void close() {
    try {
      writer.close();
      stream.close();
    } catch (IOException | RuntimeException ignored) {
      // the file is deleted below; nothing more to save
    }
    root.close();
    delete(path);
  }

  static void delete(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException ignored) {
      // the executor removes the spill folder with the query
    }
  }

  /** Hands each batch of a finished file, as vectors (owned by the consumer), to {@code consumer}. */
  static void forEach(Path path, BufferAllocator allocator, java.util.function.Consumer<List<FieldVector>> consumer) {
    try (ArrowStreamReader reader = new ArrowStreamReader(new BufferedInputStream(Files.newInputStream(path), 8192),
        allocator)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        List<FieldVector> vectors = new ArrayList<>();
        for (FieldVector vector : root.getFieldVectors()) {
          var transfer = vector.getTransferPair(allocator);
          transfer.transfer();
          vectors.add((FieldVector) transfer.getTo());
        }
        consumer.accept(vectors);
      }
    } catch (IOException failure) {
      throw new QuiverException(ErrorCode.IO, "HashJoin cannot read its spill file " + path + ": "
          + failure.getMessage(), failure);
    }
  }

  /** Reads every batch of a finished file as lists of vectors (owned by the caller). */
  static List<List<FieldVector>> read(Path path, BufferAllocator allocator) {
    List<List<FieldVector>> batches = new ArrayList<>();
    try {
      forEach(path, allocator, batches::add);
    } catch (RuntimeException failure) {
      batches.forEach(vectors -> vectors.forEach(FieldVector::close));
      throw failure;
    }
    return batches;
  }

}
