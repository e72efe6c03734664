package dev.quiver.exec.aggregate;

import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.DictionaryDecoder;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.Field;

/** The columns an aggregate's calls read from a batch: arguments, FILTER flags and second arguments. */
final class AggregateInputs {
  private AggregateInputs() {}

  /** The values of a column, dense when it was dictionary-encoded (then owned by {@code decoded}). */
  static FieldVector column(Batch batch, int ordinal, List<FieldVector> decoded) {
    if (!batch.isDictionaryEncoded(ordinal)) {
      return batch.vector(ordinal);
    }
    Field field = batch.schema().getFields().get(ordinal);
    FieldVector values = DictionaryDecoder.decode(batch.dictionary(ordinal), (IntVector) batch.vector(ordinal),
        batch.selection(), batch.rowCount(), field, batch.vector(ordinal).getAllocator());
    decoded.add(values);
    return values;
  }

  /** The physical row each batch row reads in {@link #column}'s vector (null: the identity). */
  static int[] rowsOf(Batch batch, int ordinal) {
    return batch.isDictionaryEncoded(ordinal) ? null : batch.selection();
  }

  /** Whether each batch row passes the boolean FILTER column {@code ordinal} (NULL does not). */
  static boolean[] filterRows(Batch batch, int ordinal, List<FieldVector> decoded) {
    FieldVector vector = column(batch, ordinal, decoded);
    int[] rows = rowsOf(batch, ordinal);
    long validity = vector.getValidityBuffer().memoryAddress();
    long data = vector.getDataBuffer().memoryAddress();
    int count = batch.rowCount();
    boolean[] passes = new boolean[count];
    for (int i = 0; i < count; i++) {
      int row = rows == null ? i : rows[i];
      passes[i] = ValueReader.isSet(validity, row) && ValueReader.isSet(data, row);
    }
    return passes;
  }
}
