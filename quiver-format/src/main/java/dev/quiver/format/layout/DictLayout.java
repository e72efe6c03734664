package dev.quiver.format.layout;

/**
 * A column-wide dictionary over a run of rows: the distinct values once, in one flat segment, and
 * the rows as int32 codes into them, chunked like any column. A code is the index of a value in
 * {@code values}; a null row has a null code. The values child covers {@code values.rowCount()}
 * distinct values, not rows.
 *
 * @param rowCount rows this node covers (the codes child covers the same rows)
 * @param values the distinct values, one flat segment of the column's type
 * @param codes the codes, int32, chunked into flat segments
 */
public record DictLayout(long rowCount, FlatLayout values, ChunkedLayout codes) implements Layout {
  public DictLayout {
    if (codes.rowCount() != rowCount) {
      throw new IllegalArgumentException("codes cover " + codes.rowCount() + " rows of " + rowCount);
    }
  }

  @Override
  public String kind() {
    return "dict";
  }
}
