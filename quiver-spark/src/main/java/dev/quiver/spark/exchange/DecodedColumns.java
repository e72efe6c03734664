package dev.quiver.spark.exchange;

import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.spark.batch.DecimalColumnVector;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * One decoded block as a Spark {@link ColumnarBatch} of {@link ArrowColumnVector}s over the decoded
 * vectors (no copy); decimals of at most 18 digits through {@link DecimalColumnVector} (wider ones through {@code BigDecimal}). A dictionary-encoded column (which the exchange's own blocks never have, but
 * Comet's may) is materialized into its values first: Spark's vectors do not read Arrow dictionaries.
 * Closing frees the vectors; the batch must not be read afterwards.
 */
final class DecodedColumns implements AutoCloseable {
  private final DecodedBatch decoded;
  private final List<ValueVector> materialized;
  private final ColumnarBatch batch;
  private boolean closed;

  private DecodedColumns(DecodedBatch decoded, List<ValueVector> materialized, ColumnarBatch batch) {
    this.decoded = decoded;
    this.materialized = materialized;
    this.batch = batch;
  }

  /** Wraps {@code decoded}, which this takes over (closed here on failure too). */
  static DecodedColumns of(DecodedBatch decoded, BufferAllocator allocator) {
    List<ValueVector> materialized = new ArrayList<>();
    try {
      List<FieldVector> vectors = decoded.root().getFieldVectors();
      ColumnVector[] columns = new ColumnVector[vectors.size()];
      for (int i = 0; i < columns.length; i++) {
        FieldVector vector = vectors.get(i);
        DictionaryEncoding encoding = vector.getField().getDictionary();
        if (encoding == null && vector instanceof DecimalVector decimals) {
          columns[i] = DecimalColumnVector.of(decimals);
        } else if (encoding == null) {
          columns[i] = new ArrowColumnVector(vector);
        } else {
          Dictionary dictionary = decoded.dictionaries().lookup(encoding.getId());
          ValueVector values = DictionaryEncoder.decode(vector, dictionary, allocator);
          materialized.add(values);
          columns[i] = new ArrowColumnVector(values);
        }
      }
      return new DecodedColumns(decoded, materialized, new ColumnarBatch(columns, decoded.rowCount()));
    } catch (RuntimeException failure) {
      materialized.forEach(ValueVector::close);
      decoded.close();
      throw failure;
    }
  }

  ColumnarBatch batch() {
    return batch;
  }

  int rowCount() {
    return batch.numRows();
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    materialized.forEach(ValueVector::close);
    decoded.close();
  }
}
