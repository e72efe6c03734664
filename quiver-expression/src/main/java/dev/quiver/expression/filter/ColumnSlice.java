package dev.quiver.expression.filter;

import java.util.Objects;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;

/**
 * One column's rows for evaluation, starting at {@code offset} of the vector: plain, or dictionary
 * codes into values. Row i of a plain slice is {@code vector[offset + i]}; row i of a dictionary slice
 * is {@code vector[codes[offset + i]]}, NULL where the code is null.
 *
 * @param vector the column's values (plain), or the distinct non-null values (dictionary)
 * @param codes the rows' indexes into {@code vector}, or null for a plain slice
 * @param offset the vector row (plain) or code row (dictionary) of slice row 0
 */
public record ColumnSlice(FieldVector vector, IntVector codes, int offset) {
  public ColumnSlice {
    Objects.requireNonNull(vector, "vector");
    if (offset < 0) {
      throw new IllegalArgumentException("offset " + offset + " is negative");
    }
  }

  /** A plain slice: row i is {@code vector[offset + i]}. */
  public static ColumnSlice plain(FieldVector vector, int offset) {
    return new ColumnSlice(vector, null, offset);
  }

  /**
   * A dictionary slice: {@code values} holds distinct non-null values, {@code codes} the rows' indexes
   * into it (a null code is a null row). Row i of the slice is {@code codes[offset + i]}. Evaluation
   * caches per-value results by the identity of {@code values}: do not change a values vector while
   * slices of it are being evaluated.
   */
  public static ColumnSlice dictionary(FieldVector values, IntVector codes, int offset) {
    return new ColumnSlice(values, Objects.requireNonNull(codes, "codes"), offset);
  }

  /** Whether this slice holds dictionary codes. */
  public boolean isDictionary() {
    return codes != null;
  }
}
