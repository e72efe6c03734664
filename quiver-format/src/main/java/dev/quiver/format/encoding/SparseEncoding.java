package dev.quiver.format.encoding;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Sparse: a fill value for every row (metadata: the value for fixed widths, 0 or 1 for booleans, a
 * u32 length plus one buffer of bytes for binary) and patches children {@code positions} (int32,
 * strictly increasing) and {@code values} for the rows that differ. The encoder fills with the most
 * frequent value (the majority for booleans).
 */
final class SparseEncoding {
  private SparseEncoding() {}

  static EncodedNode encode(Column column, ColumnStatistics statistics, ChildEncoder children) {
    int rows = column.rows();
    int kind = EncodingFormat.ENCODING_SPARSE;
    Dictionary dictionary = statistics.dictionary();
    ColumnSelection.RowList differing = new ColumnSelection.RowList();
    byte[] metadata;
    EncodedBuffer[] buffers = EncodedNode.NO_BUFFERS;
    if (column instanceof LongColumn longs) {
      long[] values = longs.values();
      long fill = dictionary != null ? ((LongColumn) dictionary.values()).values()[dictionary.topCode()]
          : rows > 0 ? values[0] : 0;
      for (int i = 0; i < rows; i++) {
        if (values[i] != fill) {
          differing.add(i);
        }
      }
      metadata = new byte[longs.type().width];
      LittleEndian.putValue(metadata, 0, metadata.length, fill);
    } else if (column instanceof BooleanColumn booleans) {
      boolean fill = statistics.rows() > 0 && statistics.trueCount() * 2L >= statistics.rows(); // of the whole column
      for (int i = 0; i < rows; i++) {
        if (booleans.get(i) != fill) {
          differing.add(i);
        }
      }
      metadata = new byte[] {(byte) (fill ? 1 : 0)};
    } else {
      BinaryColumn binary = (BinaryColumn) column;
      byte[] fill = dictionary != null ? ((BinaryColumn) dictionary.values()).value(dictionary.topCode())
          : rows > 0 ? binary.value(0) : new byte[0];
      for (int i = 0; i < rows; i++) {
        if (!Arrays.equals(binary.data(), binary.start(i), binary.start(i + 1), fill, 0, fill.length)) {
          differing.add(i);
        }
      }
      metadata = new byte[4];
      LittleEndian.putInt(metadata, 0, fill.length);
      buffers = new EncodedBuffer[] {EncodedBuffer.of(fill)};
    }
    EncodedNode[] patches = {
        children.encode(ColumnSelection.positions(differing.rows, differing.count)),
        children.encode(ColumnSelection.select(column, differing.rows, differing.count))};
    return new EncodedNode(kind, column.type(), rows, metadata, buffers, patches);
  }

  static void decodeFixed(SegmentNode node, DecodeContext context, long destination) {
    ConstantEncoding.decodeFixed(node, destination);
    Patches.applyFixed(node, node.node(0), node.node(1), context, destination);
  }

  static void decodeBoolean(SegmentNode node, DecodeContext context, long destination) {
    ConstantEncoding.decodeBoolean(node, context, destination);
    int count = node.node(0).rows;
    long positions = Patches.positions(node, node.node(0), context).memoryAddress();
    long values = BooleanDecoder.decodeTemporary(node.node(1), context, count).memoryAddress();
    for (long k = 0; k < count; k++) {
      Bitmaps.set(destination, MemoryUtil.getInt(positions + 4 * k), Bitmaps.get(values, k));
    }
  }

  static BinaryBuffers decodeBinary(SegmentNode node, DecodeContext context) {
    long rows = node.rows;
    long fillLength = node.metadataUnsignedInt(0);
    if (fillLength > EncodingFormat.MAXIMUM_DATA_BYTES) {
      throw context.corrupt(node, "fill value of " + fillLength + " bytes exceeds the limit of "
          + EncodingFormat.MAXIMUM_DATA_BYTES);
    }
    ArrowBuf fill = context.buffer(node, 0, fillLength);
    int count = node.node(0).rows;
    long positions = Patches.positions(node, node.node(0), context).memoryAddress();
    try (BinaryBuffers values = BinaryDecoder.decode(node.node(1), context, count)) {
      long total = (rows - count) * fillLength + values.data().capacity();
      BinaryBuffers out = BinaryDecoder.allocate(context, node, rows, total);
      try {
        long offsets = out.offsets().memoryAddress();
        long data = out.data().memoryAddress();
        long valueOffsets = values.offsets().memoryAddress();
        long valueData = values.data().memoryAddress();
        long fillAddress = fill.memoryAddress();
        int position = 0;
        int patch = 0;
        long nextPatch = count > 0 ? MemoryUtil.getInt(positions) : rows;
        MemoryUtil.putInt(offsets, 0);
        for (long row = 0; row < rows; row++) {
          if (row == nextPatch) {
            int start = MemoryUtil.getInt(valueOffsets + 4L * patch);
            int length = MemoryUtil.getInt(valueOffsets + 4L * patch + 4) - start;
            BinaryDecoder.copyBytes(valueData + start, data + position, length);
            position += length;
            patch++;
            nextPatch = patch < count ? MemoryUtil.getInt(positions + 4L * patch) : rows;
          } else {
            BinaryDecoder.copyBytes(fillAddress, data + position, (int) fillLength);
            position += (int) fillLength;
          }
          MemoryUtil.putInt(offsets + 4 * row + 4, position);
        }
        return out;
      } catch (RuntimeException failure) {
        out.close();
        throw failure;
      }
    }
  }
}
