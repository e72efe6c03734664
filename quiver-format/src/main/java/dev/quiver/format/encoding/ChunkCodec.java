package dev.quiver.format.encoding;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.util.Objects;
import java.util.function.Function;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Encodes one column chunk into the bytes of one flat segment ({@link EncodingFormat}), and decodes
 * it back. Thread-safe: every call keeps its own state.
 *
 * <p>Supported column types: signed int8 to int64, float32/64, bool, utf8, binary, date32 (days),
 * timestamps of every unit with or without zone, decimal128; nulls in all of them.
 */
public final class ChunkCodec {
  private ChunkCodec() {}

  /**
   * Encodes rows {@code [start, start + count)} of {@code vector} (count may be 0) with the
   * compressor's choice, or the top encoding {@code options} forces.
   *
   * @throws QuiverException USER when the rows are outside the vector, the type is unsupported, the
   *     chunk exceeds {@link EncodingFormat#MAXIMUM_ROWS} rows or {@link EncodingFormat#MAXIMUM_DATA_BYTES}
   *     bytes of data, or a forced encoding cannot take the column
   */
  public static EncodedChunk encode(FieldVector vector, int start, int count, EncodingOptions options) {
    Objects.requireNonNull(vector, "vector");
    Objects.requireNonNull(options, "options");
    String column = vector.getName();
    if (start < 0 || count < 0 || (long) start + count > vector.getValueCount()) {
      throw QuiverException.user("rows " + start + " to " + ((long) start + count) + " are outside column " + column
          + " of " + vector.getValueCount() + " rows");
    }
    PhysicalType type = supportedType(vector.getField().getType(), column);
    if (count > EncodingFormat.MAXIMUM_ROWS) {
      throw QuiverException.user("a chunk of " + count + " rows of column " + column + " exceeds the limit of "
          + EncodingFormat.MAXIMUM_ROWS + " rows; encode fewer rows at a time");
    }
    ColumnReader.ReadColumn read = ColumnReader.read(vector, start, count, type);
    Compressor compressor = new Compressor(options);
    EncodedNode values;
    try {
      values = compressor.encodeValues(read.values());
    } catch (QuiverException failure) {
      if (failure.errorCode() == ErrorCode.USER) {
        throw QuiverException.user("column " + column + ": " + failure.getMessage());
      }
      throw failure;
    }
    EncodedNode validity = read.validity() == null ? null : compressor.encodeValidity(read.validity());
    byte[] bytes = SegmentWriter.write(type, count, read.nullCount(), values, validity);
    return new EncodedChunk(bytes, TreeDescriber.describe(values, validity),
        uncompressedBytes(vector, start, count, type), count, read.nullCount());
  }

  /**
   * Decodes a whole segment into a new vector of {@code field}'s type named {@code field.getName()};
   * the caller owns (closes) it. Plain buffers become slices of {@code segment} (retained); no other
   * reference to {@code segment} is kept.
   *
   * @throws QuiverException CORRUPT, its message starting with {@code name + ": "}, when the
   *     segment lies in any way; USER when {@code field}'s type is not supported; RESOURCE when the
   *     allocator refuses memory
   */
  public static FieldVector decode(ArrowBuf segment, Field field, BufferAllocator allocator, String name) {
    return decodeWith(segment, field, allocator, name, SegmentDecoder::decode);
  }

  /**
   * Decodes a string or binary segment whose values are dictionary-encoded as its codes and its
   * dictionary, without gathering the values per row; null (nothing allocated) for any other segment,
   * which {@link #decode} takes. The caller owns (closes) the result.
   *
   * @throws QuiverException as {@link #decode}; a code beyond the dictionary is CORRUPT
   */
  public static DictionaryChunk decodeDictionary(ArrowBuf segment, Field field, BufferAllocator allocator,
      String name) {
    return decodeWith(segment, field, allocator, name,
        (parsed, target, context) -> DictionaryChunkDecoder.applies(parsed)
            ? DictionaryChunkDecoder.decode(parsed, target, context)
            : null);
  }

  /**
   * Whether {@link #take} from this segment reads only what the taken rows need (see {@code docs/ENCODINGS.md},
   * "Taking rows"): then several readers of one segment may each take their rows for less than one shared
   * decode. False for a segment that does not parse (the decode reports why).
   */
  public static boolean takesByPosition(ArrowBuf segment, String name) {
    try {
      return TakeDecoder.randomAccess(SegmentParser.parse(segment, name));
    } catch (RuntimeException unreadable) {
      return false;
    }
  }

  /**
   * The rows of a segment at {@code positions[0, count)} (ascending, repeats allowed, each below the
   * segment's rows) as a new vector of {@code field}'s type, row {@code i} holding row {@code
   * positions[i]}; the caller owns (closes) it. Reads only what those rows need where the encodings
   * allow random access ({@code docs/ENCODINGS.md}, "Taking rows"); equal to {@link #decode} followed
   * by a gather of the same rows.
   *
   * @throws QuiverException USER when a position is outside the segment or positions decrease (or as
   *     {@link #decode}); CORRUPT and RESOURCE as {@link #decode}
   */
  public static FieldVector take(ArrowBuf segment, Field field, int[] positions, int count, BufferAllocator allocator,
      String name) {
    Objects.requireNonNull(positions, "positions");
    return decodeWith(segment, field, allocator, name,
        (parsed, target, context) -> TakeDecoder.take(parsed, target, positions, count, context));
  }

  private interface Decoding<T> {
    T decode(SegmentParser.ParsedSegment parsed, Field field, DecodeContext context);
  }

  private static <T> T decodeWith(ArrowBuf segment, Field field, BufferAllocator allocator, String name,
      Decoding<T> decoding) {
    Objects.requireNonNull(segment, "segment");
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(allocator, "allocator");
    PhysicalType expected = supportedType(field.getType(), field.getName());
    return guarded(segment, allocator, name, context -> {
      SegmentParser.ParsedSegment parsed = SegmentParser.parse(segment, name);
      if (parsed.type() != expected) {
        throw context.corrupt("segment holds " + parsed.type().label + " values but column " + field.getName()
            + " has type " + field.getType());
      }
      return decoding.decode(parsed, field, context);
    });
  }

  /** Runs {@code work} over a decode context, every failure typed: CORRUPT for lies, RESOURCE for memory. */
  static <T> T guarded(ArrowBuf segment, BufferAllocator allocator, String name,
      Function<DecodeContext, T> work) {
    try (DecodeContext context = new DecodeContext(segment, allocator, name)) {
      return work.apply(context);
    } catch (QuiverException failure) {
      throw failure;
    } catch (OutOfMemoryException failure) {
      throw new QuiverException(ErrorCode.RESOURCE, name + ": not enough memory to decode: " + failure.getMessage(),
          failure);
    } catch (RuntimeException failure) {
      throw new SegmentCorruptException(name, QuiverException.describe(failure), failure);
    }
  }

  /**
   * The strings of a segment whose values tree is fsst (with or without a validity tree), kept
   * compressed for matching ({@link FsstStrings#compile}) and late decompression; null when the
   * segment is not a binary column stored as fsst (the caller decodes it). The view owns what it
   * keeps (no reference to {@code segment} unless retained); the caller closes it.
   *
   * @throws QuiverException CORRUPT, its message starting with {@code name + ": "}, when the
   *     segment lies in any way (checked as {@link #decode} checks it); RESOURCE when the allocator
   *     refuses memory
   */
  public static FsstStrings openStrings(ArrowBuf segment, BufferAllocator allocator, String name) {
    Objects.requireNonNull(segment, "segment");
    Objects.requireNonNull(allocator, "allocator");
    return guarded(segment, allocator, name, context -> FsstStrings.open(SegmentParser.parse(segment, name), context));
  }

  /**
   * The integer-like values of a segment (int8 to int64, date32, timestamps, decimal128 stored
   * decimal-scaled) kept encoded, for predicates and sums evaluated per encoding node ({@link
   * EncodedIntegers}); null (nothing held) when {@code field}'s type is not integer-like or the decimal
   * segment is not decimal-scaled. The view retains the segment's memory; the caller closes it.
   *
   * @throws QuiverException CORRUPT, its message starting with {@code name + ": "}, when the
   *     segment lies (its header, tree, type against {@code field}, validity); RESOURCE when the
   *     allocator refuses memory
   */
  public static EncodedIntegers openIntegers(ArrowBuf segment, Field field, BufferAllocator allocator, String name) {
    Objects.requireNonNull(segment, "segment");
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(allocator, "allocator");
    return guarded(segment, allocator, name,
        context -> EncodedIntegers.open(SegmentParser.parse(segment, name), field, context));
  }

  /**
   * The encoding tree of a segment as text, e.g. {@code dict(values=zstd(plain), codes=for(bitpack 4))},
   * followed by {@code , validity=...} when the segment has nulls.
   *
   * @throws QuiverException CORRUPT, its message starting with {@code name + ": "}, when the tree lies
   */
  public static String describe(ArrowBuf segment, String name) {
    Objects.requireNonNull(segment, "segment");
    try {
      SegmentParser.ParsedSegment parsed = SegmentParser.parse(segment, name);
      return TreeDescriber.describe(parsed.values(), parsed.validity());
    } catch (QuiverException failure) {
      throw failure;
    } catch (RuntimeException failure) {
      throw new SegmentCorruptException(name, QuiverException.describe(failure), failure);
    }
  }

  private static PhysicalType supportedType(ArrowType type, String column) {
    PhysicalType physical = PhysicalType.of(type);
    if (physical == null) {
      throw QuiverException.user("column " + column + " has type " + type + ", which the encodings do not support");
    }
    return physical;
  }

  private static long uncompressedBytes(FieldVector vector, int start, int count, PhysicalType type) {
    long validity = Bitmaps.bytesFor(count);
    switch (type) {
      case BOOLEAN:
        return validity + Bitmaps.bytesFor(count);
      case BINARY: {
        long data = count == 0 ? 0
            : vector.getOffsetBuffer().getInt(4L * (start + count)) - vector.getOffsetBuffer().getInt(4L * start);
        return validity + 4L * (count + 1) + data;
      }
      default:
        return validity + (long) count * type.width;
    }
  }
}
