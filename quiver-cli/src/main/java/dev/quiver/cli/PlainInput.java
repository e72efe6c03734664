package dev.quiver.cli;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.VectorSlices;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The batches of a convert input as plain roots owned by whoever takes them ({@link PlainBatch}:
 * dictionary columns decoded), all of one schema, with the progress line updated as they are read.
 * The first batch can be looked at and put back ({@link #expect}). Read by one thread at a time (the
 * caller's, or the sort's input thread while the caller waits for the sorted rows).
 */
final class PlainInput implements AutoCloseable {
  private final String name;
  private final InputBatches in;
  private final BufferAllocator allocator;
  private final Progress progress;
  private Schema schema;
  private VectorSchemaRoot pending;
  private long rows;
  private long batches;

  PlainInput(String name, InputBatches in, BufferAllocator allocator, Progress progress) {
    this.name = name;
    this.in = in;
    this.allocator = allocator;
    this.progress = progress;
  }

  /** From now on every batch must have {@code expected}'s columns; {@code first} (or null) comes next again. */
  void expect(Schema expected, VectorSchemaRoot first) {
    this.schema = expected;
    this.pending = first;
  }

  /** The next batch, owned by the caller, or null at the end of the input. */
  VectorSchemaRoot next() throws IOException {
    if (pending != null) {
      VectorSchemaRoot first = pending;
      pending = null;
      return first;
    }
    InputBatches.Batch next = in.next();
    if (next == null) {
      return null;
    }
    try (InputBatches.Batch batch = next;
        PlainBatch plain = PlainBatch.of(batch.root(), batch.dictionaries(), allocator)) {
      VectorSchemaRoot root = plain.root();
      if (schema != null && !root.getSchema().equals(schema)) {
        throw QuiverException.user(name + ": batch " + (batches + 1) + " has columns " + root.getSchema()
            + ", the first batch " + schema + "; convert writes one table");
      }
      VectorSchemaRoot owned = owned(root);
      batches++;
      rows += owned.getRowCount();
      progress.updateRows(in.bytesRead(), rows);
      return owned;
    }
  }

  /** {@link #next} for a reader that takes no checked exceptions (the sort's input): IO errors as IO. */
  VectorSchemaRoot nextOrFail() {
    try {
      return next();
    } catch (IOException failure) {
      throw new QuiverException(ErrorCode.IO, "cannot read " + name + ": " + failure.getMessage(), failure);
    }
  }

  /** A root of its own over the same buffers (the input may reuse its root at the next batch). */
  private VectorSchemaRoot owned(VectorSchemaRoot root) {
    List<FieldVector> vectors = new ArrayList<>();
    try {
      for (FieldVector vector : root.getFieldVectors()) {
        vectors.add(VectorSlices.slice(vector, 0, root.getRowCount(), allocator));
      }
    } catch (RuntimeException failure) {
      vectors.forEach(FieldVector::close);
      throw failure;
    }
    List<Field> fields = new ArrayList<>();
    vectors.forEach(vector -> fields.add(vector.getField()));
    return new VectorSchemaRoot(fields, vectors, root.getRowCount());
  }

  @Override
  public void close() {
    if (pending != null) {
      pending.close();
      pending = null;
    }
  }
}
