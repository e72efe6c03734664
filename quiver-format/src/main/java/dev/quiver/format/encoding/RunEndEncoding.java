package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Run-end: children {@code ends} (int32, strictly increasing, the last equal to rows) and {@code
 * values} (one per run, of the node's type). Run r covers rows {@code [ends[r-1], ends[r])}.
 */
final class RunEndEncoding {
  private RunEndEncoding() {}

  /** The runs of a column: exclusive end row of each run (int32) and each run's value. */
  record Runs(LongColumn ends, Column values) {}

  static Runs runs(Column column) {
    int rows = column.rows();
    ColumnSelection.RowList starts = new ColumnSelection.RowList();
    if (column instanceof LongColumn longs) {
      long[] values = longs.values();
      for (int i = 0; i < rows; i++) {
        if (i == 0 || values[i] != values[i - 1]) {
          starts.add(i);
        }
      }
    } else if (column instanceof BooleanColumn booleans) {
      for (int i = 0; i < rows; i++) {
        if (i == 0 || booleans.get(i) != booleans.get(i - 1)) {
          starts.add(i);
        }
      }
    } else {
      BinaryColumn binary = (BinaryColumn) column;
      for (int i = 0; i < rows; i++) {
        if (i == 0 || binary.length(i) != binary.length(i - 1) || !binary.sameValue(i, i - 1)) {
          starts.add(i);
        }
      }
    }
    int runs = starts.count;
    long[] ends = new long[runs];
    for (int r = 0; r < runs; r++) {
      ends[r] = r + 1 < runs ? starts.rows[r + 1] : rows;
    }
    return new Runs(LongColumn.int32(ends, runs), ColumnSelection.select(column, starts.rows, runs));
  }

  static EncodedNode encode(Column column, ChildEncoder children) {
    Runs runs = runs(column);
    return EncodedNode.parent(EncodingFormat.ENCODING_RUN_END, column.type(), column.rows(),
        children.encode(runs.ends()), children.encode(runs.values()));
  }

  static void decodeFixed(SegmentNode node, DecodeContext context, long destination) {
    int runs = node.node(0).rows;
    int width = node.type.width;
    ArrowBuf endBuffer = FixedWidthDecoder.decodeTemporary(node.node(0), context, PhysicalType.INT32, runs);
    ArrowBuf valueBuffer = FixedWidthDecoder.decodeTemporary(node.node(1), context, node.type, runs);
    long ends = endBuffer.memoryAddress();
    long values = valueBuffer.memoryAddress();
    long previous = 0;
    for (long r = 0; r < runs; r++) {
      long end = checkedEnd(node, context, ends, r, previous);
      FixedWidthMemory.fillFrom(values + r * width, destination + previous * width, end - previous, width);
      previous = end;
    }
    checkLastEnd(node, context, previous);
    context.release(endBuffer);
    context.release(valueBuffer);
  }

  static void decodeBoolean(SegmentNode node, DecodeContext context, long destination) {
    int runs = node.node(0).rows;
    long ends = FixedWidthDecoder.decodeTemporary(node.node(0), context, PhysicalType.INT32, runs).memoryAddress();
    long values = BooleanDecoder.decodeTemporary(node.node(1), context, runs).memoryAddress();
    long previous = 0;
    for (long r = 0; r < runs; r++) {
      long end = checkedEnd(node, context, ends, r, previous);
      Bitmaps.setRange(destination, previous, end, Bitmaps.get(values, r));
      previous = end;
    }
    checkLastEnd(node, context, previous);
  }

  static BinaryBuffers decodeBinary(SegmentNode node, DecodeContext context) {
    int runs = node.node(0).rows;
    long rows = node.rows;
    long ends = FixedWidthDecoder.decodeTemporary(node.node(0), context, PhysicalType.INT32, runs).memoryAddress();
    try (BinaryBuffers values = BinaryDecoder.decode(node.node(1), context, runs)) {
      long valueOffsets = values.offsets().memoryAddress();
      long valueData = values.data().memoryAddress();
      long previous = 0;
      long total = 0;
      for (long r = 0; r < runs; r++) {
        long end = checkedEnd(node, context, ends, r, previous);
        total += (end - previous)
            * (MemoryUtil.getInt(valueOffsets + 4 * r + 4) - MemoryUtil.getInt(valueOffsets + 4 * r));
        previous = end;
      }
      checkLastEnd(node, context, previous);
      BinaryBuffers out = BinaryDecoder.allocate(context, node, rows, total);
      try {
        long offsets = out.offsets().memoryAddress();
        long data = out.data().memoryAddress();
        int position = 0;
        long row = 0;
        MemoryUtil.putInt(offsets, 0);
        for (long r = 0; r < runs; r++) {
          long end = MemoryUtil.getInt(ends + 4 * r);
          int start = MemoryUtil.getInt(valueOffsets + 4 * r);
          int length = MemoryUtil.getInt(valueOffsets + 4 * r + 4) - start;
          for (; row < end; row++) {
            BinaryDecoder.copyBytes(valueData + start, data + position, length);
            position += length;
            MemoryUtil.putInt(offsets + 4 * row + 4, position);
          }
        }
        return out;
      } catch (RuntimeException failure) {
        out.close();
        throw failure;
      }
    }
  }

  static long checkedEnd(SegmentNode node, DecodeContext context, long ends, long run, long previous) {
    long end = MemoryUtil.getInt(ends + 4 * run);
    if (end <= previous || end > node.rows) {
      throw context.corrupt(node, "run " + run + " ends at row " + end + ", not after " + previous + " and within "
          + node.rows);
    }
    return end;
  }

  static void checkLastEnd(SegmentNode node, DecodeContext context, long previous) {
    if (previous != node.rows) {
      throw context.corrupt(node, "runs end at row " + previous + ", not at " + node.rows);
    }
  }
}
