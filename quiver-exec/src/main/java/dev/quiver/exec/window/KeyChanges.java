package dev.quiver.exec.window;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.compare.Range;
import org.apache.arrow.vector.compare.RangeEqualsVisitor;

/**
 * Where a key column's value changes between neighbouring rows: one typed loop per column and range
 * (NULLs equal to each other; floats by value, so -0.0 equals 0.0 and NaN equals NaN, as the sort
 * orders them).
 */
final class KeyChanges {
  private KeyChanges() {}

  /** Sets {@code changed[row - base]} for each row in [from, to) (from at least 1) whose value differs from the row before. */
  static void mark(FieldVector vector, int from, int to, boolean[] changed, int base) {
    if (vector instanceof Float8Vector doubles) {
      for (int row = from; row < to; row++) {
        boolean nullHere = doubles.isNull(row);
        boolean nullBefore = doubles.isNull(row - 1);
        if (nullHere != nullBefore) {
          changed[row - base] = true;
        } else if (!nullHere) {
          double a = doubles.get(row - 1);
          double b = doubles.get(row);
          changed[row - base] |= !(a == b || Double.isNaN(a) && Double.isNaN(b));
        }
      }
    } else if (vector instanceof Float4Vector floats) {
      for (int row = from; row < to; row++) {
        boolean nullHere = floats.isNull(row);
        boolean nullBefore = floats.isNull(row - 1);
        if (nullHere != nullBefore) {
          changed[row - base] = true;
        } else if (!nullHere) {
          float a = floats.get(row - 1);
          float b = floats.get(row);
          changed[row - base] |= !(a == b || Float.isNaN(a) && Float.isNaN(b));
        }
      }
    } else if (vector instanceof BaseFixedWidthVector fixed && !(vector instanceof BitVector)) {
      fixedWidth(fixed, from, to, changed, base);
    } else if (vector instanceof BaseVariableWidthVector variable) {
      variableWidth(variable, from, to, changed, base);
    } else {
      RangeEqualsVisitor visitor = new RangeEqualsVisitor(vector, vector);
      Range range = new Range(0, 0, 1);
      for (int row = from; row < to; row++) {
        range.setLeftStart(row - 1).setRightStart(row);
        changed[row - base] |= !visitor.rangeEquals(range);
      }
    }
  }

  private static void fixedWidth(BaseFixedWidthVector vector, int from, int to, boolean[] changed, int base) {
    ArrowBuf data = vector.getDataBuffer();
    int width = vector.getTypeWidth();
    for (int row = from; row < to; row++) {
      boolean nullHere = vector.isNull(row);
      boolean nullBefore = vector.isNull(row - 1);
      if (nullHere != nullBefore) {
        changed[row - base] = true;
      } else if (!nullHere) {
        long at = (long) row * width;
        boolean same = switch (width) {
          case 1 -> data.getByte(at - 1) == data.getByte(at);
          case 2 -> data.getShort(at - 2) == data.getShort(at);
          case 4 -> data.getInt(at - 4) == data.getInt(at);
          case 8 -> data.getLong(at - 8) == data.getLong(at);
          case 16 -> data.getLong(at - 16) == data.getLong(at) && data.getLong(at - 8) == data.getLong(at + 8);
          default -> ByteFunctionHelpers.equal(data, at - width, at, data, at, at + width) == 1;
        };
        changed[row - base] |= !same;
      }
    }
  }

  private static void variableWidth(BaseVariableWidthVector vector, int from, int to, boolean[] changed, int base) {
    ArrowBuf data = vector.getDataBuffer();
    ArrowBuf offsets = vector.getOffsetBuffer();
    for (int row = from; row < to; row++) {
      boolean nullHere = vector.isNull(row);
      boolean nullBefore = vector.isNull(row - 1);
      if (nullHere != nullBefore) {
        changed[row - base] = true;
      } else if (!nullHere) {
        int startBefore = offsets.getInt((long) (row - 1) * 4);
        int start = offsets.getInt((long) row * 4);
        int end = offsets.getInt((long) (row + 1) * 4);
        changed[row - base] |= ByteFunctionHelpers.equal(data, startBefore, start, data, start, end) == 0;
      }
    }
  }
}
