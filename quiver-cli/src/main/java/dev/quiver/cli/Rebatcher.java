package dev.quiver.cli;

import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Cuts and joins incoming batches into batches of exactly {@code batchRows} rows (the last one of a
 * run may be shorter) and hands them to a {@link Sink}.
 *
 * <ul>
 *   <li>A batch of exactly {@code batchRows} rows arriving while nothing is pending passes through
 *       without a copy; otherwise rows are copied into a pending batch.
 *   <li>A change of schema ends the pending batch: batches of different schemas never share one.
 *   <li>Dictionary-encoded batches are split when too long but never joined: each input batch may
 *       carry different dictionaries, so its rows never share an output batch with another's.
 * </ul>
 */
final class Rebatcher implements AutoCloseable {
  /** Where finished batches go; a batch is valid only during the call. */
  interface Sink {
    void accept(VectorSchemaRoot batch, DictionaryProvider dictionaries) throws IOException;
  }

  private final BufferAllocator allocator;
  private final int batchRows;
  private final Sink sink;
  private VectorSchemaRoot pending;
  private DictionaryProvider pendingDictionaries;
  private int pendingRows;

  Rebatcher(BufferAllocator allocator, int batchRows, Sink sink) {
    if (batchRows < 1) {
      throw new IllegalArgumentException("batchRows must be positive: " + batchRows);
    }
    this.allocator = allocator;
    this.batchRows = batchRows;
    this.sink = sink;
  }

  /** Adds the rows of {@code input}; the caller keeps owning it. */
  void add(VectorSchemaRoot input, DictionaryProvider dictionaries) throws IOException {
    int rows = input.getRowCount();
    if (rows == 0) {
      return;
    }
    boolean dictionaryEncoded = hasDictionary(input.getSchema().getFields());
    if (pending != null && (dictionaryEncoded || !pending.getSchema().equals(input.getSchema()))) {
      flush();
    }
    if (pending == null && (rows == batchRows || (dictionaryEncoded && rows <= batchRows))) {
      sink.accept(input, dictionaries);
      return;
    }
    int offset = 0;
    while (offset < rows) {
      if (pending == null) {
        pending = newPending(input.getSchema());
        pendingDictionaries = dictionaries;
      }
      int take = Math.min(rows - offset, batchRows - pendingRows);
      copy(input, offset, take);
      offset += take;
      if (pendingRows == batchRows) {
        flush();
      }
    }
    if (dictionaryEncoded) {
      flush();
    }
  }

  /** Hands over the pending rows, if any. */
  void finish() throws IOException {
    flush();
  }

  private VectorSchemaRoot newPending(Schema schema) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    for (FieldVector vector : root.getFieldVectors()) {
      vector.setInitialCapacity(batchRows);
    }
    root.allocateNew();
    pendingRows = 0;
    return root;
  }

  private void copy(VectorSchemaRoot input, int offset, int rows) {
    List<FieldVector> sources = input.getFieldVectors();
    List<FieldVector> targets = pending.getFieldVectors();
    for (int column = 0; column < sources.size(); column++) {
      FieldVector source = sources.get(column);
      FieldVector target = targets.get(column);
      for (int i = 0; i < rows; i++) {
        target.copyFromSafe(offset + i, pendingRows + i, source);
      }
    }
    pendingRows += rows;
  }

  private void flush() throws IOException {
    if (pending == null) {
      return;
    }
    try {
      pending.setRowCount(pendingRows);
      sink.accept(pending, pendingDictionaries);
    } finally {
      pending.close();
      pending = null;
      pendingDictionaries = null;
      pendingRows = 0;
    }
  }

  static boolean hasDictionary(List<Field> fields) {
    for (Field field : fields) {
      if (field.getDictionary() != null || hasDictionary(field.getChildren())) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void close() {
    if (pending != null) {
      pending.close();
      pending = null;
    }
  }
}
