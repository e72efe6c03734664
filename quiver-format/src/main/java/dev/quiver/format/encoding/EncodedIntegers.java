package dev.quiver.format.encoding;

import java.util.Arrays;
import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * An integer-like segment (int8 to int64, date32, timestamps, and decimal128 stored decimal-scaled)
 * evaluated in its encoded form: interval and IN predicates into a row bitmap ({@link #select}) and
 * sums over a bitmap ({@link #sum}), per encoding node without expanding the column into a vector
 * ({@link IntegerSelector}, {@link IntegerSummer}). Values are the long keys filters use: integers,
 * dates as days, timestamps in their unit, decimals as unscaled values at the column's scale (which
 * is the scale a decimal-scaled segment stores, so no bound needs rescaling).
 *
 * <p>Opened by {@link ChunkCodec#openIntegers}; the view keeps its own reference to the segment's
 * memory until {@link #close}. Each call checks what it reads as decoding does: every lie is a
 * {@link SegmentCorruptException} naming the segment and the node. Not thread-safe.
 */
public final class EncodedIntegers implements AutoCloseable {
  private final ArrowBuf segment;
  private final BufferAllocator allocator;
  private final String name;
  private final SegmentNode values;
  private final PhysicalType type;
  private final int rows;
  /** Valid rows as bits, or null when no row is null. */
  private final long[] validity;
  private boolean closed;

  private EncodedIntegers(ArrowBuf segment, BufferAllocator allocator, String name, SegmentNode values,
      PhysicalType type, int rows, long[] validity) {
    this.segment = segment;
    this.allocator = allocator;
    this.name = name;
    this.values = values;
    this.type = type;
    this.rows = rows;
    this.validity = validity;
  }

  /** The view of a parsed segment, or null when its values are not integer-like for {@code field}. */
  static EncodedIntegers open(SegmentParser.ParsedSegment parsed, Field field, DecodeContext context) {
    PhysicalType expected = PhysicalType.of(field.getType());
    if (expected == null) {
      return null;
    }
    if (parsed.type() != expected) {
      throw context.corrupt("segment holds " + parsed.type().label + " values but column " + field.getName()
          + " has type " + field.getType());
    }
    SegmentNode node = parsed.values();
    PhysicalType type = parsed.type();
    if (type == PhysicalType.DECIMAL128 && node.kind == EncodingFormat.ENCODING_DECIMAL_SCALED) {
      node = node.node(0);
      type = PhysicalType.INT64;
    } else if (!type.isInteger()) {
      return null;
    }
    long[] validity = null;
    ArrowBuf bitmap = SegmentDecoder.validity(parsed, context);
    if (bitmap != null) {
      try {
        validity = new long[RowBits.words(parsed.rows())];
        for (int w = 0; w < validity.length; w++) {
          long bytes = Math.min(8, Bitmaps.bytesFor(parsed.rows()) - 8L * w);
          long word = 0;
          for (int b = 0; b < bytes; b++) {
            word |= (bitmap.getByte(8L * w + b) & 0xFFL) << (8 * b);
          }
          validity[w] = word;
        }
        clearTail(validity, parsed.rows());
      } finally {
        bitmap.close();
      }
    }
    context.segment.getReferenceManager().retain();
    return new EncodedIntegers(context.segment, context.allocator, context.name, node, type, parsed.rows(), validity);
  }

  /** Rows of the segment. */
  public int rows() {
    return rows;
  }

  /** Rows that are null. */
  public int nullCount() {
    return validity == null ? 0 : rows - (int) RowBits.count(validity, 0, rows);
  }

  /**
   * Overwrites words {@code [0, ceil(rows/64))} of {@code bitmapOut} with the rows that pass, LSB
   * first: a non-null row passes when its value lies in {@code [lower, upper]} (or, when {@code
   * members} is not null, equals one of them) XOR {@code negated}; NULL rows never pass.
   *
   * @return the number of rows that passed
   * @throws dev.quiver.common.QuiverException CORRUPT when the segment lies; RESOURCE without memory
   */
  public int select(long lower, long upper, boolean negated, long[] members, long[] bitmapOut) {
    checkOpen();
    int words = RowBits.words(rows);
    if (bitmapOut.length < words) {
      throw new IllegalArgumentException("bitmap of " + bitmapOut.length + " words is shorter than the " + words
          + " words of " + rows + " rows");
    }
    Arrays.fill(bitmapOut, 0, words, 0L);
    IntegerPredicate predicate = new IntegerPredicate(lower, upper, negated, members);
    ChunkCodec.guarded(segment, allocator, name, context -> {
      IntegerSelector.select(values, context, type, rows, predicate, bitmapOut);
      return null;
    });
    long passed = 0;
    for (int w = 0; w < words; w++) {
      if (validity != null) {
        bitmapOut[w] &= validity[w];
      }
      passed += Long.bitCount(bitmapOut[w]);
    }
    return (int) passed;
  }

  /**
   * The count, exact sum, minimum and maximum of the non-null rows whose bit is set in {@code bitmap}
   * (every non-null row when null); the bitmap is read, not changed.
   *
   * @throws dev.quiver.common.QuiverException CORRUPT when the segment lies; RESOURCE without memory
   */
  public IntegerSummary sum(long[] bitmap) {
    checkOpen();
    int words = RowBits.words(rows);
    long[] mask = null;
    if (bitmap != null || validity != null) {
      if (bitmap != null && bitmap.length < words) {
        throw new IllegalArgumentException("bitmap of " + bitmap.length + " words is shorter than the " + words
            + " words of " + rows + " rows");
      }
      mask = new long[words];
      for (int w = 0; w < words; w++) {
        mask[w] = (bitmap == null ? -1L : bitmap[w]) & (validity == null ? -1L : validity[w]);
      }
      clearTail(mask, rows);
    }
    long[] selected = mask;
    IntegerSummer.Accumulator accumulator = new IntegerSummer.Accumulator();
    ChunkCodec.guarded(segment, allocator, name, context -> {
      IntegerSummer.sum(values, context, type, rows, selected, accumulator);
      return null;
    });
    return accumulator.result();
  }

  private static void clearTail(long[] bits, int rows) {
    if ((rows & 63) != 0) {
      bits[rows >>> 6] &= -1L >>> (64 - (rows & 63));
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException(name + ": encoded integers are closed");
    }
  }

  /** Releases the view's reference to the segment's memory. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      segment.close();
    }
  }

  @Override
  public String toString() {
    return name + " (" + rows + " " + type.label + " rows, " + Objects.toString(values.describe()) + ")";
  }
}
