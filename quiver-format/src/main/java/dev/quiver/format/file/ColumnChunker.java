package dev.quiver.format.file;

import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Decides where column chunks end: the fewest rows from {@code start} whose Arrow bytes (values,
 * offsets, validity) reach the byte target, rounded down to whole zones when that leaves at least
 * one, so zones never straddle chunks.
 */
final class ColumnChunker {
  private ColumnChunker() {}

  /** Rows for one chunk starting at {@code start}, or -1 when fewer than the target are available. */
  static int rowsForTarget(FieldVector vector, int start, int available, long targetBytes, int zoneRows) {
    int rows = rowsReaching(vector, start, available, targetBytes);
    if (rows < 0) {
      return -1;
    }
    if (rows >= zoneRows) {
      rows -= rows % zoneRows;
    }
    return rows;
  }

  private static int rowsReaching(FieldVector vector, int start, int available, long targetBytes) {
    if (available == 0) {
      return -1;
    }
    if (vector instanceof BitVector) {
      long rows = targetBytes * 4; // two bits a row: value and validity
      return rows <= available ? (int) rows : -1;
    }
    if (vector instanceof BaseFixedWidthVector) {
      double perRow = ((BaseFixedWidthVector) vector).getTypeWidth() + 0.125;
      long rows = (long) Math.ceil(targetBytes / perRow);
      return rows <= available ? (int) Math.max(1, rows) : -1;
    }
    if (vector instanceof BaseVariableWidthVector || vector instanceof BaseLargeVariableWidthVector) {
      int width = vector instanceof BaseVariableWidthVector ? 4 : 8;
      long first = offset(vector, width, start);
      for (int rows = 1; rows <= available; rows++) {
        double bytes = offset(vector, width, start + rows) - first + rows * (width + 0.125);
        if (bytes >= targetBytes) {
          return rows;
        }
      }
      return -1;
    }
    long rows = targetBytes / 16;
    return rows <= available ? (int) Math.max(1, rows) : -1;
  }

  private static long offset(FieldVector vector, int width, int index) {
    return width == 4
        ? vector.getOffsetBuffer().getInt((long) index * 4)
        : vector.getOffsetBuffer().getLong((long) index * 8);
  }
}
