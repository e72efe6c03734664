package dev.quiver.exec.window;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;

/**
 * The order of a MIN/MAX argument's values, compared by row: numbers, dates and times as longs read
 * once, floats as doubles (NaN greatest, as DuckDB), strings and binaries by unsigned bytes, wide
 * decimals by their two words. Rows compared must not be NULL.
 */
abstract class RowOrder {
  abstract int compare(int a, int b);

  static RowOrder of(FieldVector vector, int rows, String function) {
    if (NumericReader.isFloating(vector)) {
      double[] values = NumericReader.doubles(vector, rows);
      return new RowOrder() {
        @Override
        int compare(int a, int b) {
          return Double.compare(values[a] == 0 ? 0 : values[a], values[b] == 0 ? 0 : values[b]);
        }
      };
    }
    if (vector instanceof DecimalVector decimal) {
      ArrowBuf data = decimal.getDataBuffer();
      return new RowOrder() {
        @Override
        int compare(int a, int b) {
          int high = Long.compare(data.getLong((long) a * 16 + 8), data.getLong((long) b * 16 + 8));
          return high != 0 ? high : Long.compareUnsigned(data.getLong((long) a * 16), data.getLong((long) b * 16));
        }
      };
    }
    if (vector instanceof BaseFixedWidthVector || vector instanceof BitVector) {
      long[] values = NumericReader.longs(vector, rows, function);
      return new RowOrder() {
        @Override
        int compare(int a, int b) {
          return Long.compare(values[a], values[b]);
        }
      };
    }
    if (vector instanceof BaseVariableWidthVector variable) {
      return new RowOrder() {
        @Override
        int compare(int a, int b) {
          ArrowBuf data = variable.getDataBuffer();
          ArrowBuf offsets = variable.getOffsetBuffer();
          return ByteFunctionHelpers.compare(data, offsets.getInt((long) a * 4), offsets.getInt((long) a * 4 + 4),
              data, offsets.getInt((long) b * 4), offsets.getInt((long) b * 4 + 4));
        }
      };
    }
    throw new dev.quiver.common.QuiverException(dev.quiver.common.ErrorCode.USER,
        "window " + function + " of " + vector.getField().getType() + " values is not supported");
  }
}
