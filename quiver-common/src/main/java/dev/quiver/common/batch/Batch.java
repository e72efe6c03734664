package dev.quiver.common.batch;

import dev.quiver.common.QuiverException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Rows flowing between Quiver's components: Arrow vectors of equal length, an optional selection
 * vector naming the rows that are part of the batch, and per column an optional dictionary, so a
 * filter can pass on positions instead of copies and a dictionary column can stay as codes until an
 * operator must see its values.
 *
 * <p>Ownership: a batch owns its vectors (and dictionaries) and frees them on {@link #close()}.
 * {@link #withSelection} and {@link #materialize} hand the vectors on and leave this batch empty
 * (closing it afterwards does nothing), so exactly one owner frees each vector.
 *
 * <p>A dictionary column's vector holds nullable int32 codes into its dictionary's values; the
 * schema names the values' type. Codes come from files and blocks, so they are checked against the
 * dictionary when values are produced ({@link QuiverException} {@code CORRUPT}, naming the column).
 */
public final class Batch implements AutoCloseable {
  private final Schema schema;
  private final List<FieldVector> vectors;
  private final List<FieldVector> dictionaries;
  private final int physicalRows;
  private final int[] selection;
  private final int selectedCount;
  private boolean released;

  private Batch(Schema schema, List<FieldVector> vectors, List<FieldVector> dictionaries, int physicalRows,
      int[] selection, int selectedCount) {
    this.schema = schema;
    this.vectors = vectors;
    this.dictionaries = dictionaries;
    this.physicalRows = physicalRows;
    this.selection = selection;
    this.selectedCount = selectedCount;
  }

  /** A batch that takes over the vectors of {@code root} (the root must not be closed afterwards). */
  public static Batch of(VectorSchemaRoot root) {
    List<FieldVector> vectors = new ArrayList<>(root.getFieldVectors());
    List<FieldVector> none = new ArrayList<>(vectors.size());
    for (int i = 0; i < vectors.size(); i++) {
      none.add(null);
    }
    return new Batch(root.getSchema(), vectors, none, root.getRowCount(), null, root.getRowCount());
  }

  /** A builder of a batch whose vectors all hold {@code rowCount} rows. */
  public static Builder builder(int rowCount) {
    return new Builder(rowCount);
  }

  /** The logical schema: a dictionary column has its values' type. */
  public Schema schema() {
    return schema;
  }

  public int columnCount() {
    return vectors.size();
  }

  /** Rows in the batch: the selected rows, or every row of the vectors when there is no selection. */
  public int rowCount() {
    return selectedCount;
  }

  /** Rows the vectors hold (at least {@link #rowCount()}). */
  public int physicalRowCount() {
    return physicalRows;
  }

  /** Whether a selection vector names the rows (otherwise every row of the vectors is in the batch). */
  public boolean hasSelection() {
    return selection != null;
  }

  /**
   * The selection: {@code selection()[0, rowCount())} are the batch's rows, ascending positions in
   * the vectors; null when there is no selection. Read-only.
   */
  public int[] selection() {
    return selection;
  }

  /** The vector of a column as stored: its values, or int32 codes when {@link #isDictionaryEncoded}. */
  public FieldVector vector(int column) {
    requireOpen();
    FieldVector vector = vectors.get(column);
    if (vector == null) {
      throw new IllegalStateException("column " + column + " was handed on");
    }
    return vector;
  }

  /** Whether a column is kept as codes into a dictionary. */
  public boolean isDictionaryEncoded(int column) {
    return dictionaries.get(column) != null;
  }

  /** The values a dictionary column's codes point into, or null for a plain column. */
  public FieldVector dictionary(int column) {
    requireOpen();
    return dictionaries.get(column);
  }

  /**
   * The same vectors with a selection: {@code positions[0, count)} are positions in this batch's rows
   * (so a selection composes with an existing one). Takes over this batch's vectors.
   */
  public Batch withSelection(int[] positions, int count) {
    requireOpen();
    Objects.checkFromIndexSize(0, count, positions.length);
    int[] physical = new int[count];
    int previous = -1;
    for (int i = 0; i < count; i++) {
      int position = positions[i];
      if (position <= previous || position >= selectedCount) {
        throw new IllegalArgumentException("selection positions must ascend inside the batch's " + selectedCount
            + " rows; position " + i + " is " + position);
      }
      previous = position;
      physical[i] = selection == null ? position : selection[position];
    }
    released = true;
    return new Batch(schema, vectors, dictionaries, physicalRows, physical, count);
  }

  /**
   * The same vectors with a selection given as physical positions: {@code positions[0, count)} are
   * ascending indexes into the vectors, each one of this batch's rows (a filter that looked at the
   * vectors directly). The array is kept. Takes over this batch's vectors.
   */
  public Batch withPhysicalSelection(int[] positions, int count) {
    requireOpen();
    Objects.checkFromIndexSize(0, count, positions.length);
    if (count > 0 && (positions[0] < 0 || positions[count - 1] >= physicalRows)) {
      throw new IllegalArgumentException("selection positions must lie inside the batch's " + physicalRows + " rows");
    }
    released = true;
    return new Batch(schema, vectors, dictionaries, physicalRows, positions, count);
  }

  /**
   * The selected rows only, with dictionary columns still as codes (the codes gathered, the
   * dictionaries handed on): a batch without a selection. Without a selection this batch's vectors
   * are handed on as they are. This batch is left empty.
   */
  public Batch compact(BufferAllocator allocator) {
    requireOpen();
    if (selection == null) {
      released = true;
      return new Batch(schema, vectors, dictionaries, physicalRows, null, selectedCount);
    }
    List<FieldVector> result = new ArrayList<>(vectors.size());
    try {
      for (int column = 0; column < vectors.size(); column++) {
        FieldVector vector = vectors.get(column);
        result.add(VectorGather.gather(vector, selection, selectedCount, vector.getField(), allocator));
      }
    } catch (RuntimeException failure) {
      result.forEach(FieldVector::close);
      throw failure;
    }
    for (FieldVector vector : vectors) {
      vector.close();
    }
    released = true;
    return new Batch(schema, result, dictionaries, selectedCount, null, selectedCount);
  }

  /**
   * A second batch over the same memory: every vector (and dictionary) shares this batch's buffers, their
   * reference counts raised, nothing copied; the selection is the same rows. Each batch is closed on its own and
   * the memory is freed with the last. This batch stays as it was.
   */
  public Batch share(BufferAllocator allocator) {
    requireOpen();
    List<FieldVector> sharedVectors = new ArrayList<>(vectors.size());
    List<FieldVector> sharedDictionaries = new ArrayList<>(vectors.size());
    try {
      for (int column = 0; column < vectors.size(); column++) {
        sharedVectors.add(shareVector(vector(column), allocator));
        FieldVector values = dictionaries.get(column);
        sharedDictionaries.add(values == null ? null : shareVector(values, allocator));
      }
    } catch (RuntimeException failure) {
      sharedVectors.forEach(FieldVector::close);
      sharedDictionaries.forEach(vector -> {
        if (vector != null) {
          vector.close();
        }
      });
      throw failure;
    }
    return new Batch(schema, sharedVectors, sharedDictionaries, physicalRows,
        selection == null ? null : Arrays.copyOf(selection, selectedCount), selectedCount);
  }

  private static FieldVector shareVector(FieldVector vector, BufferAllocator allocator) {
    org.apache.arrow.vector.util.TransferPair pair = vector.getTransferPair(vector.getField(), allocator);
    // from row 0, every buffer is sliced whole and retained rather than copied
    pair.splitAndTransfer(0, vector.getValueCount());
    return (FieldVector) pair.getTo();
  }

  /**
   * Hands one column on: the caller owns the returned vector (and, for a dictionary column, the
   * dictionary from {@link #releaseDictionary} too) and this batch no longer frees it; the column can
   * no longer be read from this batch.
   */
  public FieldVector releaseVector(int column) {
    requireOpen();
    FieldVector vector = vectors.get(column);
    if (vector == null) {
      throw new IllegalStateException("column " + column + " was already handed on");
    }
    vectors.set(column, null);
    return vector;
  }

  /** Hands a dictionary column's values on (null for a plain column); see {@link #releaseVector}. */
  public FieldVector releaseDictionary(int column) {
    requireOpen();
    FieldVector values = dictionaries.get(column);
    dictionaries.set(column, null);
    return values;
  }

  /**
   * The batch as plain Arrow vectors: selected rows only, dictionary columns decoded. Vectors that
   * need no change are handed over as they are; the others are built in {@code allocator}. The root
   * is owned by the caller; this batch is left empty.
   */
  public VectorSchemaRoot materialize(BufferAllocator allocator) {
    requireOpen();
    List<FieldVector> result = new ArrayList<>(vectors.size());
    try {
      for (int column = 0; column < vectors.size(); column++) {
        result.add(materializeColumn(column, allocator));
      }
    } catch (RuntimeException failure) {
      result.forEach(FieldVector::close);
      throw failure;
    }
    closeReplaced(result);
    released = true;
    return new VectorSchemaRoot(schema.getFields(), result, selectedCount);
  }

  /**
   * One column's selected rows as a plain vector (a dictionary decoded, the selection applied): this batch's own
   * vector when it needs no change (still the batch's: not to be closed by the caller), else a new one in {@code
   * allocator} that the caller owns. The batch is left as it was.
   */
  public FieldVector materializeColumn(int column, BufferAllocator allocator) {
    requireOpen();
    FieldVector vector = vectors.get(column);
    FieldVector values = dictionaries.get(column);
    Field field = schema.getFields().get(column);
    if (values != null) {
      return DictionaryDecoder.decode(values, (IntVector) vector, selection, selectedCount, field, allocator);
    }
    if (selection == null) {
      return vector;
    }
    return VectorGather.gather(vector, selection, selectedCount, field, allocator);
  }

  /**
   * A column's values at some of this batch's rows ({@code positions[0, count)}, ascending positions among its
   * selected rows), as a new dense vector: dictionary codes decoded, the selection applied. The batch keeps its
   * vectors; the caller frees the result.
   */
  public FieldVector materializeRows(int column, int[] positions, int count, BufferAllocator allocator) {
    requireOpen();
    Objects.checkFromIndexSize(0, count, positions.length);
    int[] physical = new int[count];
    for (int i = 0; i < count; i++) {
      int position = positions[i];
      if (position < 0 || position >= selectedCount) {
        throw new IllegalArgumentException("position " + position + " is outside the batch's " + selectedCount
            + " rows");
      }
      physical[i] = selection == null ? position : selection[position];
    }
    FieldVector vector = vectors.get(column);
    FieldVector values = dictionaries.get(column);
    Field field = schema.getFields().get(column);
    if (values != null) {
      return DictionaryDecoder.decode(values, (IntVector) vector, physical, count, field, allocator);
    }
    return VectorGather.gather(vector, physical, count, field, allocator);
  }

  private void closeReplaced(List<FieldVector> kept) {
    for (int column = 0; column < vectors.size(); column++) {
      if (kept.get(column) != vectors.get(column)) {
        vectors.get(column).close();
      }
      if (dictionaries.get(column) != null) {
        dictionaries.get(column).close();
      }
    }
  }

  private void requireOpen() {
    if (released) {
      throw new IllegalStateException("this batch's vectors were handed on or closed");
    }
  }

  /** Frees the vectors and dictionaries (nothing when they were handed on). */
  @Override
  public void close() {
    if (released) {
      return;
    }
    released = true;
    for (int column = 0; column < vectors.size(); column++) {
      if (vectors.get(column) != null) {
        vectors.get(column).close();
      }
      if (dictionaries.get(column) != null) {
        dictionaries.get(column).close();
      }
    }
  }

  @Override
  public String toString() {
    return "Batch[rows=" + selectedCount + " of " + physicalRows + ", columns=" + vectors.size()
        + (selection == null ? "" : ", selected") + ", dictionaries=" + Arrays.toString(
            dictionaries.stream().map(dictionary -> dictionary != null).toArray())
        + "]";
  }

  /** Builds a batch column by column; the batch takes over every vector added. */
  public static final class Builder {
    private final int rowCount;
    private final List<Field> fields = new ArrayList<>();
    private final List<FieldVector> vectors = new ArrayList<>();
    private final List<FieldVector> dictionaries = new ArrayList<>();
    private int[] selection;
    private int selectedCount;

    private Builder(int rowCount) {
      this.rowCount = rowCount;
      this.selectedCount = rowCount;
    }

    /** A plain column of {@code rowCount} rows. */
    public Builder add(Field field, FieldVector vector) {
      requireRows(field, vector);
      fields.add(field);
      vectors.add(vector);
      dictionaries.add(null);
      return this;
    }

    /** A column kept as codes: {@code field} has the values' type; codes index {@code values}. */
    public Builder addDictionary(Field field, IntVector codes, FieldVector values) {
      requireRows(field, codes);
      fields.add(field);
      vectors.add(codes);
      dictionaries.add(Objects.requireNonNull(values, "values"));
      return this;
    }

    /** Only {@code positions[0, count)} (ascending, inside the rows) are the batch's rows; the array is kept. */
    public Builder selection(int[] positions, int count) {
      Objects.checkFromIndexSize(0, count, positions.length);
      this.selection = positions;
      this.selectedCount = count;
      return this;
    }

    private void requireRows(Field field, FieldVector vector) {
      if (vector.getValueCount() < rowCount) {
        throw new IllegalArgumentException("column " + field.getName() + " holds " + vector.getValueCount()
            + " rows, fewer than the batch's " + rowCount);
      }
    }

    /** The batch, owning every vector added. */
    public Batch build() {
      return new Batch(new Schema(fields), new ArrayList<>(vectors), new ArrayList<>(dictionaries), rowCount,
          selection, selectedCount);
    }

    /** Frees the vectors added so far (a build abandoned). */
    public void abandon() {
      vectors.forEach(FieldVector::close);
      dictionaries.stream().filter(Objects::nonNull).forEach(FieldVector::close);
    }
  }
}
