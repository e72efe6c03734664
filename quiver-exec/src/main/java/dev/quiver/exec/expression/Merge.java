package dev.quiver.exec.expression;

import org.apache.arrow.vector.types.pojo.ArrowType;

/** Assembles a column from pieces computed on subsets of the rows (CASE branches, COALESCE arguments). */
final class Merge {
  private Merge() {}

  /**
   * Row i of the result is row {@code index[i]} of {@code sources[source[i]]}; a source of -1 is NULL.
   * Every source is of the type's kind (and scale).
   */
  static Column select(Column[] sources, int[] source, int[] index, int count, ArrowType type) {
    Column result = CastNode.nulls(type, count);
    if (result instanceof StringColumn) {
      StringColumn.Builder builder = new StringColumn.Builder(count, count * 8);
      for (int i = 0; i < count; i++) {
        StringColumn from = source[i] < 0 ? null : (StringColumn) sources[source[i]];
        int row = index[i];
        if (from == null || from.isNull(row)) {
          builder.appendNull();
        } else {
          builder.append(from.data, from.offsets[row], from.length(row));
        }
      }
      return builder.build();
    }
    result.nulls = new boolean[count];
    for (int i = 0; i < count; i++) {
      if (source[i] < 0) {
        result.nulls[i] = true;
      } else {
        sources[source[i]].copyRow(index[i], result, i);
      }
    }
    return result;
  }
}
