package dev.quiver.format.encoding;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * FSST (encoding {@link EncodingFormat#ENCODING_FSST}) of binary values: metadata u32 decompressed
 * bytes of all rows and u8 symbol count n (at most 255); buffer 0 the symbol table (n u64 symbols,
 * little-endian, zero past their length, then n u8 lengths of 1 to 8); children {@code lengths}
 * (int32, the compressed bytes of each row) and {@code codes} (bytes, their sum): each row is its
 * codes, code c &lt; n standing for symbol c and code 255 for the literal byte after it.
 */
final class FsstEncoding {
  private FsstEncoding() {}

  /** Metadata bytes: u32 decompressed bytes, u8 symbol count. */
  static final int METADATA_BYTES = 5;

  static EncodedNode encode(BinaryColumn column, ChildEncoder children) {
    return encode(column, FsstTrainer.train(column), children);
  }

  /** Encodes {@code column} with a given table (the compressor's estimate trains on the whole column). */
  static EncodedNode encode(BinaryColumn column, FsstSymbolTable table, ChildEncoder children) {
    int rows = column.rows();
    byte[] data = column.data();
    byte[] out = new byte[Math.max(64, column.dataLength() + column.dataLength() / 4 + 16)];
    long[] compressedLengths = new long[rows];
    int written = 0;
    for (int row = 0; row < rows; row++) {
      int position = column.start(row);
      int end = position + column.length(row);
      int rowStart = written;
      if (out.length - written < 2 * (end - position)) {
        long needed = Math.max((long) out.length * 3 / 2, (long) written + 2L * (end - position) + 16);
        if (needed > Integer.MAX_VALUE - 16) {
          throw new IllegalStateException("fsst codes exceed 2 GiB");
        }
        out = Arrays.copyOf(out, (int) needed);
      }
      while (position < end) {
        long word = FsstSymbolTable.word(data, position, end);
        int code = table.longestMatch(word, end - position);
        if (code >= 0) {
          out[written++] = (byte) code;
          position += table.lengths[code];
        } else {
          out[written++] = (byte) FsstSymbolTable.ESCAPE;
          out[written++] = data[position++];
        }
      }
      compressedLengths[row] = (long) written - rowStart;
    }
    byte[] metadata = new byte[METADATA_BYTES];
    LittleEndian.putInt(metadata, 0, column.dataLength());
    metadata[4] = (byte) table.count;
    EncodedNode lengths = children.encode(LongColumn.int32(compressedLengths, rows));
    EncodedNode codes = PlainEncoding.encodeBytes(new BytesColumn(out, 0, written));
    return new EncodedNode(EncodingFormat.ENCODING_FSST, PhysicalType.BINARY, rows, metadata,
        new EncodedBuffer[] {EncodedBuffer.of(table.serialize())}, new EncodedNode[] {lengths, codes});
  }

  /**
   * The parts of an fsst node, every buffer owned: the table, the compressed offsets (rows + 1
   * int32, the first 0, the last the codes' length), the codes, and the decompressed bytes the
   * metadata declares. Checked: the table, the declared total, the offsets against the codes child.
   * The codes themselves are checked by whoever walks them (decode, or {@link FsstStrings} at open).
   */
  record Parts(FsstSymbolTable table, ArrowBuf offsets, ArrowBuf codes, long decompressedBytes)
      implements AutoCloseable {
    @Override
    public void close() {
      offsets.close();
      codes.close();
    }
  }

  static Parts readParts(SegmentNode node, DecodeContext context) {
    long total = node.metadataUnsignedInt(0);
    if (total > EncodingFormat.MAXIMUM_DATA_BYTES) {
      throw context.corrupt(node, "declares " + total + " decompressed bytes, more than the limit of "
          + EncodingFormat.MAXIMUM_DATA_BYTES);
    }
    FsstSymbolTable table = readTable(node, context);
    int rows = node.rows;
    ArrowBuf offsets = context.allocateOwned((rows + 1L) * 4);
    try {
      long codesTotal = BinaryDecoder.lengthsToOffsets(node.node(0), context, rows, offsets.memoryAddress());
      if (codesTotal > EncodingFormat.MAXIMUM_DATA_BYTES) {
        throw context.corrupt(node, "compressed lengths add up to more than the limit of "
            + EncodingFormat.MAXIMUM_DATA_BYTES + " bytes");
      }
      ArrowBuf codes = BinaryDecoder.decodeBytesOwned(node.node(1), context, codesTotal);
      return new Parts(table, offsets, codes, total);
    } catch (RuntimeException failure) {
      offsets.close();
      throw failure;
    }
  }

  private static FsstSymbolTable readTable(SegmentNode node, DecodeContext context) {
    int count = node.metadata[4] & 0xFF;
    if (count > FsstSymbolTable.MAXIMUM_SYMBOLS) {
      throw context.corrupt(node, "has " + count + " symbols; at most " + FsstSymbolTable.MAXIMUM_SYMBOLS);
    }
    ArrowBuf buffer = context.buffer(node, 0, (long) count * FsstSymbolTable.SERIALIZED_BYTES_PER_SYMBOL);
    long[] symbols = new long[count];
    int[] lengths = new int[count];
    for (int code = 0; code < count; code++) {
      symbols[code] = buffer.getLong(8L * code);
      lengths[code] = buffer.getByte(8L * count + code) & 0xFF;
      if (lengths[code] < 1 || lengths[code] > FsstSymbolTable.MAXIMUM_SYMBOL_LENGTH) {
        throw context.corrupt(node, "symbol " + code + " has length " + lengths[code] + "; lengths are 1 to "
            + FsstSymbolTable.MAXIMUM_SYMBOL_LENGTH);
      }
      if ((symbols[code] & ~FsstSymbolTable.mask(lengths[code])) != 0) {
        throw context.corrupt(node, "symbol " + code + " has bytes set past its length " + lengths[code]);
      }
    }
    return new FsstSymbolTable(symbols, lengths, count);
  }

  static BinaryBuffers decodeBinary(SegmentNode node, DecodeContext context) {
    try (Parts parts = readParts(node, context)) {
      int rows = node.rows;
      BinaryBuffers out = BinaryDecoder.allocate(context, node, rows, parts.decompressedBytes());
      try {
        long offsets = out.offsets().memoryAddress();
        long outStart = out.data().memoryAddress();
        long outEnd = outStart + parts.decompressedBytes();
        long codes = parts.codes().memoryAddress();
        long codeOffsets = parts.offsets().memoryAddress();
        FsstSymbolTable table = parts.table();
        long target = outStart;
        MemoryUtil.putInt(offsets, 0);
        for (int row = 0; row < rows; row++) {
          long from = codes + MemoryUtil.getInt(codeOffsets + 4L * row);
          long to = codes + MemoryUtil.getInt(codeOffsets + 4L * row + 4);
          long next = table.expand(from, to, target, outEnd);
          if (next < 0) {
            throw problem(node, context, next, row, table, parts.decompressedBytes());
          }
          target = next;
          MemoryUtil.putInt(offsets + 4L * row + 4, (int) (target - outStart));
        }
        if (target != outEnd) {
          throw context.corrupt(node, "decodes to " + (target - outStart) + " bytes; the metadata says "
              + parts.decompressedBytes());
        }
        return out;
      } catch (RuntimeException failure) {
        out.close();
        throw failure;
      }
    }
  }

  /** The corruption an {@link FsstSymbolTable#expand} or {@code measure} failure code stands for. */
  static RuntimeException problem(SegmentNode node, DecodeContext context, long failure, long row,
      FsstSymbolTable table, long declared) {
    if (failure == FsstSymbolTable.BAD_CODE) {
      return context.corrupt(node, "row " + row + " has a code outside the table of " + table.count + " symbols");
    }
    if (failure == FsstSymbolTable.ESCAPE_AT_END) {
      return context.corrupt(node, "row " + row + " ends with an escape code");
    }
    return context.corrupt(node, "row " + row + " decodes past the " + declared + " bytes the metadata says");
  }
}
