package dev.quiver.format.encoding;

import dev.quiver.common.simd.Simd;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Evaluates an {@link IntegerPredicate} on an integer node without expanding it: a constant once;
 * frame of reference on the packed offsets against bounds shifted by the base; a dictionary once per
 * value, then by code; run-end once per run; sparse once for the fill, then per exception. Any other
 * node (plain, delta) is decoded into a temporary buffer and compared block by block. Every lie is
 * refused as decoding refuses it.
 */
final class IntegerSelector {
  private IntegerSelector() {}

  /** Widths up to this get a per-offset table for IN lists on frame-of-reference nodes. */
  private static final int TABLE_BITS = 12;
  /** Code widths up to this map codes through a table of 2^width entries (wider: the block path). */
  private static final int TABLE_CODE_BITS = 16;
  /** Whether whole words of codes are tested by {@link VectorCodeBits} (streams of up to 32 bits). */
  private static final boolean VECTOR_BITS = Simd.enabled() && VectorCodeBits.available();
  /** Code widths up to this are tested by {@link VectorCodeBits#table} (a table of at most 64 codes). */
  private static final int VECTOR_TABLE_BITS = 6;

  /**
   * Sets bit i of {@code bits} (clear on entry, at least {@code RowBits.words(rows)} words) for each
   * row i of {@code node} (rows of integer {@code type}) whose value passes {@code predicate}.
   */
  static void select(SegmentNode node, DecodeContext context, PhysicalType type, int rows, IntegerPredicate predicate,
      long[] bits) {
    context.expect(node, type, rows);
    switch (node.kind) {
      case EncodingFormat.ENCODING_CONSTANT:
        if (predicate.test(node.metadataValue(0, type.width))) {
          RowBits.setRange(bits, 0, rows);
        }
        break;
      case EncodingFormat.ENCODING_FRAME_OF_REFERENCE:
        frameOfReference(node, context, predicate, bits);
        break;
      case EncodingFormat.ENCODING_DICTIONARY:
        dictionary(node, context, predicate, bits);
        break;
      case EncodingFormat.ENCODING_RUN_END:
        runEnd(node, context, predicate, bits);
        break;
      case EncodingFormat.ENCODING_SPARSE:
        sparse(node, context, predicate, bits);
        break;
      default:
        decoded(node, context, type, rows, predicate, bits);
        break;
    }
  }

  /** Any node: decoded into a temporary buffer (never a vector), compared block by block. */
  private static void decoded(SegmentNode node, DecodeContext context, PhysicalType type, int rows,
      IntegerPredicate predicate, long[] bits) {
    IntegerBlocks blocks = IntegerBlocks.open(node, context, type, rows);
    long[] block = new long[Math.min(IntegerBlocks.BLOCK, rows)];
    for (int first = 0; first < rows; first += IntegerBlocks.BLOCK) {
      int count = Math.min(IntegerBlocks.BLOCK, rows - first);
      blocks.read(first, count, block);
      RowBits.orBlock(bits, first, count, block, predicate);
    }
  }

  private static void frameOfReference(SegmentNode node, DecodeContext context, IntegerPredicate predicate,
      long[] bits) {
    long base = node.metadataLong(0);
    int bitWidth = node.metadata[8] & 0xFF;
    int width = node.type.width;
    long typeMaximum = width == 8 ? Long.MAX_VALUE : (1L << (8 * width - 1)) - 1;
    long typeMinimum = -typeMaximum - 1;
    long maximumOffset = bitWidth >= 63 ? Long.MAX_VALUE : (1L << bitWidth) - 1;
    if (bitWidth >= 63 || base < typeMinimum || base > typeMaximum - maximumOffset) {
      // base + offset could wrap around the type: compare the decoded values instead
      decoded(node, context, node.type, node.rows, predicate, bits);
      return;
    }
    int rows = node.rows;
    long packed = context.buffer(node, 0, BitPacking.packedBytes(rows, bitWidth)).memoryAddress();
    long[] block = new long[Math.min(IntegerBlocks.BLOCK, rows)];
    if (predicate.members == null) {
      long low = Math.max(0, saturatedDifference(predicate.lower, base));
      long high = Math.min(maximumOffset, saturatedDifference(predicate.upper, base));
      if (low > high) {
        if (predicate.negated) {
          RowBits.setRange(bits, 0, rows);
        }
      } else if (bitWidth == 0) {
        if ((low == 0) != predicate.negated) { // every offset is 0
          RowBits.setRange(bits, 0, rows);
        }
      } else {
        intervalWords(packed, bitWidth, rows, low, high - low, predicate.negated, bits);
      }
    } else if (bitWidth <= TABLE_BITS) {
      long[] table = new long[1 << bitWidth];
      for (int offset = 0; offset < table.length; offset++) {
        table[offset] = predicate.test(base + offset) ? 1 : 0;
      }
      for (int first = 0; first < rows; first += IntegerBlocks.BLOCK) {
        int count = Math.min(IntegerBlocks.BLOCK, rows - first);
        BitPacking.unpack(packed, bitWidth, first, count, block);
        for (int j = 0; j < count; j++) {
          int row = first + j;
          bits[row >>> 6] |= table[(int) block[j]] << row;
        }
      }
    } else {
      for (int first = 0; first < rows; first += IntegerBlocks.BLOCK) {
        int count = Math.min(IntegerBlocks.BLOCK, rows - first);
        BitPacking.unpack(packed, bitWidth, first, count, block);
        for (int j = 0; j < count; j++) {
          block[j] += base;
        }
        RowBits.orBlock(bits, first, count, block, predicate);
      }
    }
    if (node.children.length == 2) {
      patch(node, context, predicate, bits);
    }
  }

  /**
   * The interval test {@code low <= offset <= low + span} on a packed stream of {@code bitWidth} (1 to
   * 62) bits: with the vector kernels and at most 32 bits, a block of codes unpacked at once and tested
   * a vector at a time; else unpacked and compared in one pass, 64 rows to a word kept in a register.
   */
  private static void intervalWords(long packed, int bitWidth, int rows, long low, long span, boolean negated,
      long[] bits) {
    int whole = 0;
    if (VECTOR_BITS && bitWidth <= 32) {
      // offsets, low and span all fit 32 unsigned bits: the kernel's unsigned int arithmetic is exact
      whole = rows & ~63;
      int[] block = new int[Math.min(IntegerBlocks.BLOCK, whole)];
      for (int first = 0; first < whole; first += IntegerBlocks.BLOCK) {
        int count = Math.min(IntegerBlocks.BLOCK, whole - first);
        BitPacking.unpackInts(packed, bitWidth, first, count, block);
        VectorCodeBits.interval(block, count, (int) low, (int) span, negated, bits, first >>> 6);
      }
    }
    long mask = (1L << bitWidth) - 1;
    long bit = (long) whole * bitWidth;
    int words = RowBits.words(rows);
    for (int w = whole >>> 6; w < words; w++) {
      int count = Math.min(64, rows - (w << 6));
      long word = 0;
      for (int j = 0; j < count; j++, bit += bitWidth) {
        long value = ScalarBitUnpacking.valueAt(packed, bit, bitWidth, mask);
        word |= (Long.compareUnsigned(value - low, span) <= 0 ? 1L : 0L) << j;
      }
      if (negated) {
        word ^= count == 64 ? -1L : (1L << count) - 1;
      }
      bits[w] = word;
    }
  }

  /** {@code a - b}, saturated at the ends of the long range instead of wrapping. */
  static long saturatedDifference(long a, long b) {
    long difference = a - b;
    if (((a ^ b) & (a ^ difference)) < 0) {
      return a < b ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    return difference;
  }

  /** Overwrites the bits of the patched rows of a frame-of-reference or sparse node with their own test. */
  private static void patch(SegmentNode node, DecodeContext context, IntegerPredicate predicate, long[] bits) {
    int count = node.node(0).rows;
    ArrowBuf positions = Patches.positions(node, node.node(0), context);
    long[] values = IntegerBlocks.open(node.node(1), context, node.type, count).readAll();
    long address = positions.memoryAddress();
    for (int k = 0; k < count; k++) {
      RowBits.set(bits, MemoryUtil.getInt(address + 4L * k), predicate.test(values[k]));
    }
  }

  private static void sparse(SegmentNode node, DecodeContext context, IntegerPredicate predicate, long[] bits) {
    if (predicate.test(node.metadataValue(0, node.type.width))) {
      RowBits.setRange(bits, 0, node.rows);
    }
    patch(node, context, predicate, bits);
  }

  private static void dictionary(SegmentNode node, DecodeContext context, IntegerPredicate predicate, long[] bits) {
    SegmentNode valuesNode = node.node(0);
    int size = valuesNode.rows;
    long[] values = IntegerBlocks.open(valuesNode, context, node.type, size).readAll();
    long[] passes = new long[size];
    for (int code = 0; code < size; code++) {
      passes[code] = predicate.test(values[code]) ? 1 : 0;
    }
    int rows = node.rows;
    if (packedCodes(node, node.node(1), context, passes, bits)) {
      return;
    }
    IntegerBlocks codes = IntegerBlocks.open(node.node(1), context, PhysicalType.INT32, rows);
    long[] block = new long[Math.min(IntegerBlocks.BLOCK, rows)];
    for (int first = 0; first < rows; first += IntegerBlocks.BLOCK) {
      int count = Math.min(IntegerBlocks.BLOCK, rows - first);
      codes.readCodes(first, count, block, size, node, context);
      for (int j = 0; j < count; j++) {
        int row = first + j;
        bits[row >>> 6] |= passes[(int) block[j]] << row;
      }
    }
  }

  /**
   * Bit {@code offset} set when code {@code base + offset} passes ({@code passes[code]} is 1), for every offset of
   * {@code bitWidth} bits; offsets past the dictionary's {@code passes.length} codes pass nothing.
   */
  private static long[] passingBits(long[] passes, long base, int bitWidth) {
    long[] table = new long[Math.max(1, (1 << bitWidth) >>> 6)];
    long end = Math.min(passes.length, base + (1L << bitWidth));
    for (long code = base; code < end; code++) {
      int offset = (int) (code - base);
      table[offset >>> 6] |= passes[(int) code] << offset;
    }
    return table;
  }

  /**
   * Maps codes stored as frame of reference without patches (at most {@link #TABLE_CODE_BITS} bits,
   * base 0 or more, every base + offset an int) through the per-code table in one pass, 64 rows to a word; false (nothing done) for any other
   * codes node. A code beyond the table is refused as decoding refuses it, naming its first row.
   */
  private static boolean packedCodes(SegmentNode node, SegmentNode codes, DecodeContext context, long[] passes,
      long[] bits) {
    if (codes.kind != EncodingFormat.ENCODING_FRAME_OF_REFERENCE || codes.children.length != 0) {
      return false;
    }
    context.expect(codes, PhysicalType.INT32, node.rows);
    long base = codes.metadataLong(0);
    int bitWidth = codes.metadata[8] & 0xFF;
    if (bitWidth == 0 || bitWidth > TABLE_CODE_BITS || base < 0 || base > Integer.MAX_VALUE - (1L << bitWidth)) {
      return false;
    }
    int rows = node.rows;
    long packed = context.buffer(codes, 0, BitPacking.packedBytes(rows, bitWidth)).memoryAddress();
    long mask = (1L << bitWidth) - 1;
    int size = passes.length;
    long limit = size - base; // offsets of valid codes are below this
    long outside = 0;
    int whole = 0;
    // offsets at or past the dictionary's size pass nothing (bits left clear; such a code is refused below)
    long[] table = passingBits(passes, base, bitWidth);
    if (VECTOR_BITS && bitWidth <= VECTOR_TABLE_BITS) {
      long passing = table[0]; // every offset of at most 6 bits in one word
      whole = rows & ~63;
      int[] block = new int[Math.min(IntegerBlocks.BLOCK, whole)];
      for (int first = 0; first < whole; first += IntegerBlocks.BLOCK) {
        int count = Math.min(IntegerBlocks.BLOCK, whole - first);
        BitPacking.unpackInts(packed, bitWidth, first, count, block);
        int largest = VectorCodeBits.table(block, count, passing, bits, first >>> 6);
        outside |= largest >= limit ? 1 : 0;
      }
    } else {
      // one bit an offset (2^16 offsets: 8 KiB, where a long an offset took 512 KiB and missed the cache at
      // every row), whole words of rows unpacked a block at a time
      whole = rows & ~63;
      int[] block = new int[Math.min(IntegerBlocks.BLOCK, whole)];
      for (int first = 0; first < whole; first += IntegerBlocks.BLOCK) {
        int count = Math.min(IntegerBlocks.BLOCK, whole - first);
        BitPacking.unpackInts(packed, bitWidth, first, count, block);
        int largest = 0;
        for (int word = 0; word < count >>> 6; word++) {
          long result = 0;
          int at = word << 6;
          for (int j = 0; j < 64; j++) {
            int offset = block[at + j];
            largest = Math.max(largest, offset);
            result |= ((table[offset >>> 6] >>> offset) & 1L) << j;
          }
          bits[(first >>> 6) + word] = result;
        }
        outside |= largest >= limit ? 1 : 0;
      }
    }
    long bit = (long) whole * bitWidth;
    int words = RowBits.words(rows);
    for (int w = whole >>> 6; w < words; w++) {
      int count = Math.min(64, rows - (w << 6));
      long word = 0;
      for (int j = 0; j < count; j++, bit += bitWidth) {
        long value = ScalarBitUnpacking.valueAt(packed, bit, bitWidth, mask);
        outside |= value >= limit ? 1 : 0;
        word |= ((table[(int) (value >>> 6)] >>> value) & 1L) << j;
      }
      bits[w] = word;
    }
    if (outside != 0) {
      for (int row = 0; row < rows; row++) {
        long code = base + BitPacking.get(packed, bitWidth, row);
        if (code >= size) {
          throw context.corrupt(node, "code " + code + " at row " + row + " is outside the dictionary of " + size
              + " values");
        }
      }
    }
    return true;
  }

  private static void runEnd(SegmentNode node, DecodeContext context, IntegerPredicate predicate, long[] bits) {
    int runs = node.node(0).rows;
    long ends = FixedWidthDecoder.decodeTemporary(node.node(0), context, PhysicalType.INT32, runs).memoryAddress();
    long[] values = IntegerBlocks.open(node.node(1), context, node.type, runs).readAll();
    long previous = 0;
    for (int r = 0; r < runs; r++) {
      long end = RunEndEncoding.checkedEnd(node, context, ends, r, previous);
      if (predicate.test(values[r])) {
        RowBits.setRange(bits, previous, end);
      }
      previous = end;
    }
    RunEndEncoding.checkLastEnd(node, context, previous);
  }
}
