package dev.quiver.shuffle.block;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One decoded block: its rows as a {@link VectorSchemaRoot} and, for dictionary-encoded columns, the
 * dictionaries. The caller owns it and closes it; closing frees the vectors and the dictionaries
 * (the block's memory is freed when the last slice of it is released). {@link #toBatch} hands
 * everything on to a {@link Batch} instead.
 */
public final class DecodedBatch implements AutoCloseable {
  private final VectorSchemaRoot root;
  private final DictionaryProvider.MapDictionaryProvider dictionaries;
  private final boolean decodedInPlaceFromCache;
  private boolean handedOn;

  DecodedBatch(VectorSchemaRoot root, Map<Long, Dictionary> dictionaries, boolean decodedInPlaceFromCache) {
    this.root = root;
    this.dictionaries = new DictionaryProvider.MapDictionaryProvider();
    for (Dictionary dictionary : dictionaries.values()) {
      this.dictionaries.put(dictionary);
    }
    this.decodedInPlaceFromCache = decodedInPlaceFromCache;
  }

  /** The rows. Dictionary-encoded columns hold indices; see {@link #dictionaries()}. */
  public VectorSchemaRoot root() {
    requireNotHandedOn();
    return root;
  }

  public Schema schema() {
    return root.getSchema();
  }

  public int rowCount() {
    return root.getRowCount();
  }

  /** The dictionaries of dictionary-encoded columns, by id (empty when there are none). */
  public DictionaryProvider.MapDictionaryProvider dictionaries() {
    requireNotHandedOn();
    return dictionaries;
  }

  /** Whether the cached-schema in-place path decoded this block (false: the general path did). */
  public boolean decodedInPlaceFromCache() {
    return decodedInPlaceFromCache;
  }

  /**
   * The rows as a {@link Batch}, which takes over the vectors without copying them. A top-level
   * column whose dictionary indices are int32 stays dictionary-encoded: its codes vector and its
   * dictionary's values become the batch's column and dictionary, and the batch's schema gives the
   * values' type. A column with another index type is decoded into its values in {@code allocator}
   * (a copy, as {@code DictionaryEncoder.decode} makes). This batch is left empty: closing it
   * afterwards does nothing.
   *
   * @throws QuiverException USER when a column has dictionary-encoded children (a batch keeps
   *     top-level dictionaries only; use {@link #root()} and {@link #dictionaries()} for such a block)
   */
  public Batch toBatch(BufferAllocator allocator) {
    requireNotHandedOn();
    List<FieldVector> vectors = root.getFieldVectors();
    Batch.Builder builder = Batch.builder(root.getRowCount());
    Set<Long> kept = new HashSet<>();
    List<FieldVector> made = new ArrayList<>();
    List<FieldVector> replaced = new ArrayList<>();
    try {
      for (FieldVector vector : vectors) {
        Field field = vector.getField();
        requireNoNestedDictionary(field);
        DictionaryEncoding encoding = field.getDictionary();
        if (encoding == null) {
          builder.add(field, vector);
          continue;
        }
        Dictionary dictionary = dictionaries.lookup(encoding.getId());
        if (dictionary == null) {
          throw QuiverException.corrupt("column " + field.getName() + " uses dictionary " + encoding.getId()
              + ", which the block does not hold");
        }
        Field valuesField = valuesField(field, dictionary);
        if (vector instanceof IntVector codes) {
          builder.addDictionary(valuesField, codes, dictionary.getVector());
          kept.add(encoding.getId());
        } else {
          FieldVector values = decodeValues(vector, dictionary, valuesField, allocator);
          made.add(values);
          replaced.add(vector);
          builder.add(valuesField, values);
        }
      }
    } catch (RuntimeException failure) {
      made.forEach(FieldVector::close);
      throw failure;
    }
    handedOn = true;
    Batch batch = builder.build();
    replaced.forEach(FieldVector::close);
    for (long id : dictionaries.getDictionaryIds()) {
      if (!kept.contains(id)) {
        dictionaries.lookup(id).getVector().close();
      }
    }
    return batch;
  }

  /** The column's field with its values' type instead of the dictionary encoding. */
  private static Field valuesField(Field field, Dictionary dictionary) {
    Field values = dictionary.getVector().getField();
    return new Field(field.getName(), new FieldType(field.isNullable(), values.getType(), null, field.getMetadata()),
        values.getChildren());
  }

  private static FieldVector decodeValues(FieldVector indices, Dictionary dictionary, Field valuesField,
      BufferAllocator allocator) {
    try (ValueVector decoded = DictionaryEncoder.decode(indices, dictionary, allocator)) {
      FieldVector values = valuesField.createVector(allocator);
      decoded.makeTransferPair(values).transfer();
      values.setValueCount(indices.getValueCount());
      return values;
    }
  }

  private static void requireNoNestedDictionary(Field field) {
    for (Field child : field.getChildren()) {
      if (child.getDictionary() != null) {
        throw QuiverException.user("column " + field.getName() + " has dictionary-encoded children; a Batch keeps"
            + " top-level dictionaries only: use the decoded batch's root and dictionaries");
      }
      requireNoNestedDictionary(child);
    }
  }

  private void requireNotHandedOn() {
    if (handedOn) {
      throw new IllegalStateException("this decoded batch's vectors were handed on to a Batch");
    }
  }

  @Override
  public void close() {
    if (handedOn) {
      return;
    }
    try {
      AutoCloseables.close(root, dictionaries);
    } catch (Exception failure) {
      throw new IllegalStateException("closing a decoded batch failed", failure);
    }
  }
}
