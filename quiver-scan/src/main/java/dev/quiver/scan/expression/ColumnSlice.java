package dev.quiver.scan.expression;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;

/** STUB until the expressions branch lands. */
public record ColumnSlice(FieldVector vector, IntVector codes, int offset) {
  public static ColumnSlice plain(FieldVector vector, int offset) {
    return new ColumnSlice(vector, null, offset);
  }

  public static ColumnSlice dictionary(FieldVector values, IntVector codes, int offset) {
    return new ColumnSlice(values, codes, offset);
  }

  public boolean isDictionary() {
    return codes != null;
  }
}
