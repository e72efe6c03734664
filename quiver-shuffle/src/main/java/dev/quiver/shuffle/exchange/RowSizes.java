package dev.quiver.shuffle.exchange;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Estimated Arrow bytes of each row of a batch, for the target block size in bytes: fixed-width
 * columns count their width, strings and binaries (32-bit offsets) their value's length plus an
 * offset, every column a validity bit; other columns (booleans, nested, large types) count the
 * batch's average bytes per row.
 */
final class RowSizes {
  private int[] variable = new int[0];
  private long constant;
  private boolean hasVariable;

  /** Measures the rows of {@code batch}. */
  void measure(VectorSchemaRoot batch) {
    int rows = batch.getRowCount();
    List<FieldVector> vectors = batch.getFieldVectors();
    double perRow = vectors.size() / 8.0;
    hasVariable = false;
    for (FieldVector vector : vectors) {
      if (vector instanceof BaseFixedWidthVector && !(vector instanceof BitVector)) {
        perRow += ((BaseFixedWidthVector) vector).getTypeWidth();
      } else if (vector instanceof BaseVariableWidthVector) {
        perRow += 4;
        if (!hasVariable) {
          if (variable.length < rows) {
            variable = new int[Math.max(rows, variable.length * 2)];
          }
          java.util.Arrays.fill(variable, 0, rows, 0);
          hasVariable = true;
        }
        ArrowBuf offsets = vector.getOffsetBuffer();
        for (int row = 0; row < rows; row++) {
          variable[row] += offsets.getInt(row * 4L + 4) - offsets.getInt(row * 4L);
        }
      } else if (rows > 0) {
        perRow += (double) vector.getBufferSize() / rows;
      }
    }
    constant = (long) Math.ceil(perRow);
  }

  /** The estimated bytes of row {@code row}. */
  long bytes(int row) {
    return hasVariable ? constant + variable[row] : constant;
  }

  /** Whether every row has the same estimate. */
  boolean uniform() {
    return !hasVariable;
  }

  /** The estimate of a row when {@link #uniform()}. */
  long constant() {
    return constant;
  }
}
