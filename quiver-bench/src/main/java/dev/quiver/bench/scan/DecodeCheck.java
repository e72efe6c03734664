package dev.quiver.bench.scan;

import dev.quiver.bench.run.Outcome;
import dev.quiver.bench.scan.query.ColumnDigest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What a decode-all query answers: rows and values decoded (every pass), and when verifying the
 * per-column checksums of {@link ColumnDigest}. Thread-safe.
 */
public final class DecodeCheck {
  private final int columns;
  private final ColumnDigest digest;
  private final AtomicLong values = new AtomicLong();

  public DecodeCheck(Schema schema, boolean verify) {
    this.columns = schema.getFields().size();
    List<String> names = schema.getFields().stream().map(Field::getName).toList();
    this.digest = verify ? new ColumnDigest(names) : null;
  }

  /** Adds rows {@code [offset, offset + length)} of one column. */
  public void add(int column, FieldVector vector, int offset, int length) {
    values.addAndGet(length);
    if (digest != null) {
      digest.add(column, vector, offset, length);
    }
  }

  /** Adds every column of a batch (columns in the schema's order). */
  public void add(VectorSchemaRoot batch) {
    List<FieldVector> vectors = batch.getFieldVectors();
    for (int column = 0; column < vectors.size(); column++) {
      add(column, vectors.get(column), 0, batch.getRowCount());
    }
  }

  /** The outcome: {@code rows=R columns=C} (values / columns), the checksums when verifying. */
  public Outcome outcome(Map<String, Long> details) {
    long total = values.get();
    String answer = "rows=" + (columns == 0 ? 0 : total / columns) + " columns=" + columns
        + (total % Math.max(1, columns) == 0 ? "" : " values=" + total);
    return new Outcome(answer, digest == null ? null : digest.text(), details);
  }
}
