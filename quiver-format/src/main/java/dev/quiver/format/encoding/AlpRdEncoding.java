package dev.quiver.format.encoding;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * ALP-RD, for "real doubles" that ALP cannot make integers of: each value's bits are cut into a left
 * part (the high {@code L = bits - r} bits, {@code 1 <= L <= 16}) and a right part (the low r bits).
 * Left parts take few distinct values (sign, exponent, the first mantissa bits), so they are coded
 * with a dictionary of at most {@link #DICTIONARY_LIMIT} entries; right parts are stored as they are.
 *
 * <p>Metadata (18 bytes): u8 right width r (48..63 for float64, 16..31 for float32), u8 dictionary
 * size D (at most 8), 8 × u16 dictionary entries (entries from D on are 0; each below 2^L).
 * Children: {@code codes} (int8, rows, each below D), {@code right} (int64 for float64, int32 for
 * float32, rows, each below 2^r), and optionally the exceptions {@code positions} (int32, strictly
 * increasing, below rows) and {@code left} (int16 read unsigned, each below 2^L): rows whose left
 * part is not in the dictionary; their code is 0 and the patch replaces their left part. Row i is
 * {@code (dictionary[codes[i]] << r) | right[i]}, then the patches.
 *
 * <p>The encoder chooses r from a sample of up to 1024 rows: for every L it counts the left parts,
 * keeps the 8 most frequent, and estimates right bits plus code bits plus exceptions; the dictionary
 * is then built from the whole column's left parts, most frequent first.
 */
final class AlpRdEncoding {
  private AlpRdEncoding() {}

  /** Most dictionary entries. */
  static final int DICTIONARY_LIMIT = 8;
  /** Most bits of a left part. */
  static final int MAXIMUM_LEFT_BITS = 16;
  /** Metadata bytes: right width, dictionary size, 8 u16 entries. */
  static final int METADATA_BYTES = 2 + 2 * DICTIONARY_LIMIT;
  private static final int SAMPLE_ROWS = 1024;
  /** Bits of one exception: its left part and its position. */
  private static final int EXCEPTION_BITS = 16 + 32;

  static EncodedNode encode(LongColumn column, ChildEncoder children) {
    PhysicalType type = column.type();
    int rows = column.rows();
    int totalBits = 8 * type.width;
    long mask = totalBits == 64 ? -1L : 0xFFFFFFFFL;
    long[] values = column.values();
    int leftBits = chooseLeftBits(values, rows, mask, totalBits);
    int right = totalBits - leftBits;
    long rightMask = (1L << right) - 1;
    int[] counts = new int[1 << leftBits];
    for (int i = 0; i < rows; i++) {
      counts[(int) ((values[i] & mask) >>> right)]++;
    }
    int[] dictionary = mostFrequent(counts);
    int[] codeOf = new int[counts.length];
    Arrays.fill(codeOf, -1);
    for (int code = 0; code < dictionary.length; code++) {
      codeOf[dictionary[code]] = code;
    }
    long[] codes = new long[rows];
    long[] rights = new long[rows];
    ColumnSelection.RowList exceptions = new ColumnSelection.RowList();
    for (int i = 0; i < rows; i++) {
      long bits = values[i] & mask;
      int code = codeOf[(int) (bits >>> right)];
      if (code < 0) {
        exceptions.add(i);
        code = 0;
      }
      codes[i] = code;
      rights[i] = bits & rightMask;
    }
    byte[] metadata = new byte[METADATA_BYTES];
    metadata[0] = (byte) right;
    metadata[1] = (byte) dictionary.length;
    for (int code = 0; code < dictionary.length; code++) {
      metadata[2 + 2 * code] = (byte) dictionary[code];
      metadata[3 + 2 * code] = (byte) (dictionary[code] >>> 8);
    }
    PhysicalType rightType = type == PhysicalType.FLOAT64 ? PhysicalType.INT64 : PhysicalType.INT32;
    EncodedNode codeNode = children.encode(new LongColumn(PhysicalType.INT8, codes, rows));
    EncodedNode rightNode = children.encode(new LongColumn(rightType, rights, rows));
    EncodedNode[] nodes;
    if (exceptions.count == 0) {
      nodes = new EncodedNode[] {codeNode, rightNode};
    } else {
      long[] lefts = new long[exceptions.count];
      for (int k = 0; k < exceptions.count; k++) {
        lefts[k] = (short) ((values[exceptions.rows[k]] & mask) >>> right); // int16 columns hold sign-extended values
      }
      nodes = new EncodedNode[] {codeNode, rightNode,
          children.encode(ColumnSelection.positions(exceptions.rows, exceptions.count)),
          children.encode(new LongColumn(PhysicalType.INT16, lefts, exceptions.count))};
    }
    return new EncodedNode(EncodingFormat.ENCODING_ALP_RD, type, rows, metadata, EncodedNode.NO_BUFFERS, nodes);
  }

  /** The left width of fewest estimated bits on a sample. */
  static int chooseLeftBits(long[] values, int rows, long mask, int totalBits) {
    int count = Math.min(rows, SAMPLE_ROWS);
    long[] lefts = new long[count];
    int bestLeft = MAXIMUM_LEFT_BITS;
    long bestBits = Long.MAX_VALUE;
    for (int left = 1; left <= MAXIMUM_LEFT_BITS; left++) {
      int right = totalBits - left;
      for (int k = 0; k < count; k++) {
        lefts[k] = (values[(int) ((long) k * rows / count)] & mask) >>> right;
      }
      Arrays.sort(lefts);
      int[] top = new int[DICTIONARY_LIMIT]; // the largest run lengths, descending
      int distinct = 0;
      for (int start = 0; start < count;) {
        int end = start;
        while (end < count && lefts[end] == lefts[start]) {
          end++;
        }
        distinct++;
        int run = end - start;
        for (int slot = 0; slot < top.length; slot++) {
          if (run > top[slot]) {
            System.arraycopy(top, slot, top, slot + 1, top.length - slot - 1);
            top[slot] = run;
            break;
          }
        }
        start = end;
      }
      long covered = 0;
      for (int run : top) {
        covered += run;
      }
      int entries = Math.min(distinct, DICTIONARY_LIMIT);
      int codeBits = entries <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(entries - 1);
      long bits = (long) count * (right + codeBits) + (count - covered) * EXCEPTION_BITS;
      if (bits < bestBits) {
        bestBits = bits;
        bestLeft = left;
      }
    }
    return bestLeft;
  }

  /** The left parts of the most rows, at most {@link #DICTIONARY_LIMIT}, most frequent first (ties: smaller first). */
  private static int[] mostFrequent(int[] counts) {
    int[] chosen = new int[DICTIONARY_LIMIT];
    int size = 0;
    for (int left = 0; left < counts.length; left++) {
      if (counts[left] == 0) {
        continue;
      }
      int slot = size;
      while (slot > 0 && counts[chosen[slot - 1]] < counts[left]) {
        slot--;
      }
      if (slot < DICTIONARY_LIMIT) {
        int moved = Math.min(size, DICTIONARY_LIMIT - 1) - slot;
        System.arraycopy(chosen, slot, chosen, slot + 1, moved);
        chosen[slot] = left;
        size = Math.min(size + 1, DICTIONARY_LIMIT);
      }
    }
    return Arrays.copyOf(chosen, size);
  }

  static void decode(SegmentNode node, DecodeContext context, long destination) {
    PhysicalType type = node.type;
    int totalBits = 8 * type.width;
    int right = node.metadata[0] & 0xFF;
    int entries = node.metadata[1] & 0xFF;
    int leftBits = totalBits - right;
    if (leftBits < 1 || leftBits > MAXIMUM_LEFT_BITS) {
      throw context.corrupt(node, "right width " + right + " is outside " + (totalBits - MAXIMUM_LEFT_BITS) + ".."
          + (totalBits - 1));
    }
    if (entries > DICTIONARY_LIMIT) {
      throw context.corrupt(node, "dictionary of " + entries + " entries; at most " + DICTIONARY_LIMIT);
    }
    long[] dictionary = new long[DICTIONARY_LIMIT];
    for (int code = 0; code < DICTIONARY_LIMIT; code++) {
      int entry = (node.metadata[2 + 2 * code] & 0xFF) | (node.metadata[3 + 2 * code] & 0xFF) << 8;
      if (code >= entries ? entry != 0 : entry >>> leftBits != 0) {
        throw context.corrupt(node, "dictionary entry " + code + " is " + entry + (code >= entries
            ? ", not 0 (the dictionary has " + entries + " entries)" : ", more than " + leftBits + " bits"));
      }
      dictionary[code] = (long) entry << right;
    }
    long rows = node.rows;
    ArrowBuf codeBuffer = FixedWidthDecoder.decodeTemporary(node.node(0), context, PhysicalType.INT8, rows);
    long codes = codeBuffer.memoryAddress();
    long high = 0;
    long row = -1;
    if (type == PhysicalType.FLOAT64) {
      FixedWidthDecoder.decodeInto(node.node(1), context, PhysicalType.INT64, rows, destination);
      for (long i = 0; i < rows; i++) {
        int code = MemoryUtil.getByte(codes + i) & 0xFF;
        if (code >= entries) {
          row = i;
          break;
        }
        long rightPart = MemoryUtil.getLong(destination + 8 * i);
        high |= rightPart >>> right;
        MemoryUtil.putLong(destination + 8 * i, dictionary[code] | rightPart);
      }
    } else {
      FixedWidthDecoder.decodeInto(node.node(1), context, PhysicalType.INT32, rows, destination);
      for (long i = 0; i < rows; i++) {
        int code = MemoryUtil.getByte(codes + i) & 0xFF;
        if (code >= entries) {
          row = i;
          break;
        }
        long rightPart = MemoryUtil.getInt(destination + 4 * i) & 0xFFFFFFFFL;
        high |= rightPart >>> right;
        MemoryUtil.putInt(destination + 4 * i, (int) (dictionary[code] | rightPart));
      }
    }
    context.release(codeBuffer);
    if (row >= 0) {
      throw context.corrupt(node, "row " + row + " has dictionary code " + (MemoryUtil.getByte(codes + row) & 0xFF)
          + "; the dictionary has " + entries + " entries");
    }
    if (high != 0) {
      throw context.corrupt(node, "a right part has bits above its " + right + " bits");
    }
    if (node.children.length == 4) {
      applyExceptions(node, context, destination, right, leftBits);
    }
  }

  private static void applyExceptions(SegmentNode node, DecodeContext context, long destination, int right,
      int leftBits) {
    int count = node.node(2).rows;
    long rightMask = (1L << right) - 1;
    int width = node.type.width;
    long positions = Patches.positions(node, node.node(2), context).memoryAddress();
    long lefts = FixedWidthDecoder.decodeTemporary(node.node(3), context, PhysicalType.INT16, count).memoryAddress();
    for (long k = 0; k < count; k++) {
      int left = MemoryUtil.getShort(lefts + 2 * k) & 0xFFFF;
      if (left >>> leftBits != 0) {
        throw context.corrupt(node, "exception " + k + " has left part " + left + ", more than " + leftBits
            + " bits");
      }
      long address = destination + (long) MemoryUtil.getInt(positions + 4 * k) * width;
      if (width == 8) {
        MemoryUtil.putLong(address, (long) left << right | (MemoryUtil.getLong(address) & rightMask));
      } else {
        MemoryUtil.putInt(address, (int) ((long) left << right | (MemoryUtil.getInt(address) & rightMask)));
      }
    }
  }
}
