package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.VectorSlices;
import dev.quiver.io.csv.CsvFormat;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A batch without dictionary encoding: dictionary-encoded top-level columns are replaced by their
 * values (same name and nullability), other columns are shared with the input. The files
 * {@code convert} writes keep no Arrow dictionaries. Close it to free the decoded columns.
 */
final class PlainBatch implements AutoCloseable {
  private final VectorSchemaRoot root;
  private final boolean owned;

  private PlainBatch(VectorSchemaRoot root, boolean owned) {
    this.root = root;
    this.owned = owned;
  }

  /** {@code input} itself when nothing is dictionary-encoded, else a copy with decoded columns. */
  static PlainBatch of(VectorSchemaRoot input, DictionaryProvider dictionaries, BufferAllocator allocator) {
    if (!Rebatcher.hasDictionary(input.getSchema().getFields())) {
      return new PlainBatch(input, false);
    }
    List<FieldVector> vectors = new ArrayList<>();
    try {
      for (FieldVector vector : input.getFieldVectors()) {
        Field field = vector.getField();
        if (field.getDictionary() == null) {
          requireNoNestedDictionary(field);
          vectors.add(share(vector, allocator));
          continue;
        }
        Dictionary dictionary = CsvFormat.lookup(field.getDictionary(), field, dictionaries);
        try (ValueVector decoded = DictionaryEncoder.decode(vector, dictionary, allocator)) {
          FieldVector renamed = plainField(field, dictionary).createVector(allocator);
          decoded.makeTransferPair(renamed).transfer();
          renamed.setValueCount(input.getRowCount());
          vectors.add(renamed);
        }
      }
    } catch (RuntimeException failure) {
      vectors.forEach(FieldVector::close);
      throw failure;
    }
    List<Field> fields = new ArrayList<>();
    vectors.forEach(vector -> fields.add(vector.getField()));
    return new PlainBatch(new VectorSchemaRoot(fields, vectors, input.getRowCount()), true);
  }

  /**
   * The schema of an input without batches, which must have no dictionary-encoded column (their
   * value types come with the dictionaries, in the batches).
   */
  static Schema plainSchema(Schema schema) {
    for (Field field : schema.getFields()) {
      if (field.getDictionary() != null || Rebatcher.hasDictionary(field.getChildren())) {
        throw QuiverException.user("column " + field.getName()
            + " is dictionary-encoded and the input has no batches, so its value type is unknown");
      }
    }
    return schema;
  }

  private static Field plainField(Field field, Dictionary dictionary) {
    Field values = dictionary.getVector().getField();
    return new Field(field.getName(), new FieldType(field.isNullable(), values.getType(), null, field.getMetadata()),
        values.getChildren());
  }

  private static void requireNoNestedDictionary(Field field) {
    if (Rebatcher.hasDictionary(field.getChildren())) {
      throw QuiverException.user("column " + field.getName()
          + " has dictionary-encoded children, which convert does not decode; only top-level dictionaries");
    }
  }

  private static FieldVector share(FieldVector vector, BufferAllocator allocator) {
    return VectorSlices.slice(vector, 0, vector.getValueCount(), allocator);
  }

  VectorSchemaRoot root() {
    return root;
  }

  @Override
  public void close() {
    if (owned) {
      root.close();
    }
  }
}
