package dev.quiver.format.encoding;

import dev.quiver.common.QuiverException;
import dev.quiver.common.memory.Allocators;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The strings of one fsst segment kept compressed ({@link ChunkCodec#openStrings}): the symbol
 * table, the codes and per-row code offsets, and the validity bitmap, all owned by this view and
 * freed by {@link #close}. Every code was checked when the view opened (each below the symbol count
 * or an escape followed by a byte of its row, the rows' decompressed bytes adding up to what the
 * metadata says), so matching and decompressing trust them.
 *
 * <p>Use: {@link #compile} a {@link FsstPattern} into a {@link FsstMatcher}, {@link FsstMatcher#match}
 * rows to positions, then {@link #decompress(int[], int, Field, BufferAllocator)} only those rows.
 * Not thread-safe to close while other threads use it; reading from several threads is fine.
 */
public final class FsstStrings implements AutoCloseable {
  private final FsstSymbolTable table;
  private final ArrowBuf codeOffsets;
  private final ArrowBuf codes;
  private final ArrowBuf validity;
  private final int rows;
  private final int nullCount;
  private final long decompressedBytes;
  private final String name;
  private boolean closed;

  private FsstStrings(FsstEncoding.Parts parts, ArrowBuf validity, int rows, int nullCount, String name) {
    this.table = parts.table();
    this.codeOffsets = parts.offsets();
    this.codes = parts.codes();
    this.validity = validity;
    this.rows = rows;
    this.nullCount = nullCount;
    this.decompressedBytes = parts.decompressedBytes();
    this.name = name;
  }

  /** The view of a parsed segment whose values node is fsst, or null when it is not. */
  static FsstStrings open(SegmentParser.ParsedSegment parsed, DecodeContext context) {
    SegmentNode values = parsed.values();
    if (values.kind != EncodingFormat.ENCODING_FSST || parsed.type() != PhysicalType.BINARY) {
      return null;
    }
    int rows = parsed.rows();
    ArrowBuf validity = null;
    FsstEncoding.Parts parts = null;
    try {
      validity = SegmentDecoder.validity(parsed, context);
      context.expect(values, PhysicalType.BINARY, rows);
      parts = FsstEncoding.readParts(values, context);
      long total = 0;
      long base = parts.codes().memoryAddress();
      long offsets = parts.offsets().memoryAddress();
      for (int row = 0; row < rows; row++) {
        long length = parts.table().measure(base + MemoryUtil.getInt(offsets + 4L * row),
            base + MemoryUtil.getInt(offsets + 4L * row + 4));
        if (length < 0) {
          throw FsstEncoding.problem(values, context, length, row, parts.table(), parts.decompressedBytes());
        }
        total += length;
      }
      if (total != parts.decompressedBytes()) {
        throw context.corrupt(values, "decodes to " + total + " bytes; the metadata says " + parts.decompressedBytes());
      }
      return new FsstStrings(parts, validity, rows, parsed.nullCount(), context.name);
    } catch (RuntimeException failure) {
      if (validity != null) {
        validity.close();
      }
      if (parts != null) {
        parts.close();
      }
      throw failure;
    }
  }

  /** Rows of the segment. */
  public int rows() {
    return rows;
  }

  /** NULL rows of the segment. */
  public int nullCount() {
    return nullCount;
  }

  /** Bytes of all rows decompressed (NULL rows hold stand-ins, see {@link EncodingFormat}). */
  public long decompressedBytes() {
    return decompressedBytes;
  }

  /** Bytes of the codes of all rows. */
  public long compressedBytes() {
    return codes.capacity();
  }

  /** Symbols in the table (at most 255). */
  public int symbolCount() {
    return table.count;
  }

  /** A matcher of {@code pattern} over this segment's codes; valid while this view is open. */
  public FsstMatcher compile(FsstPattern pattern) {
    checkOpen();
    return new FsstMatcher(this, pattern, table);
  }

  /**
   * Rows {@code rowsToTake[0, count)} (ascending or not, repeats allowed) decompressed into a new
   * vector of {@code field} (utf8 or binary, nullable), row i of it being row {@code rowsToTake[i]}.
   *
   * @throws IllegalArgumentException when a row is outside the segment
   * @throws QuiverException USER when {@code field} is not utf8 or binary; RESOURCE when the
   *     allocator refuses
   */
  public FieldVector decompress(int[] rowsToTake, int count, Field field, BufferAllocator allocator) {
    checkOpen();
    if (count < 0 || count > rowsToTake.length) {
      throw new IllegalArgumentException(count + " rows asked of an array of " + rowsToTake.length);
    }
    for (int i = 0; i < count; i++) {
      if (rowsToTake[i] < 0 || rowsToTake[i] >= rows) {
        throw new IllegalArgumentException("row " + rowsToTake[i] + " is outside the segment of " + rows + " rows");
      }
    }
    return build(rowsToTake, 0, count, field, allocator);
  }

  /** Rows {@code [fromRow, fromRow + count)} decompressed into a new vector of {@code field}. */
  public FieldVector decompress(int fromRow, int count, Field field, BufferAllocator allocator) {
    checkOpen();
    checkRange(fromRow, count);
    return build(null, fromRow, count, field, allocator);
  }

  private FieldVector build(int[] rowsToTake, int fromRow, int count, Field field, BufferAllocator allocator) {
    ArrowType type = field.getType();
    if (!(type instanceof ArrowType.Utf8) && !(type instanceof ArrowType.Binary)) {
      throw QuiverException.user("fsst strings decompress to utf8 or binary, not " + type);
    }
    long base = codes.memoryAddress();
    long offsets = codeOffsets.memoryAddress();
    long total = 0;
    for (int i = 0; i < count; i++) {
      int row = rowsToTake == null ? fromRow + i : rowsToTake[i];
      total += table.measure(base + MemoryUtil.getInt(offsets + 4L * row),
          base + MemoryUtil.getInt(offsets + 4L * row + 4));
    }
    if (total > EncodingFormat.MAXIMUM_DATA_BYTES) {
      throw QuiverException
          .user(name + ": " + count + " rows decompress to " + total + " bytes, more than the limit of "
              + EncodingFormat.MAXIMUM_DATA_BYTES);
    }
    ArrowBuf outValidity = null;
    ArrowBuf outOffsets = null;
    ArrowBuf outData = null;
    try {
      long validityBytes = Bitmaps.bytesFor(count);
      outValidity = Allocators.exactBuffer(allocator, validityBytes);
      outOffsets = Allocators.exactBuffer(allocator, 4L * count + 4);
      outData = Allocators.exactBuffer(allocator, total);
      long validityOut = outValidity.memoryAddress();
      MemoryUtil.setMemory(validityOut, validityBytes, (byte) 0);
      long offsetsOut = outOffsets.memoryAddress();
      long dataStart = outData.memoryAddress();
      long dataEnd = dataStart + total;
      long target = dataStart;
      long sourceValidity = validityAddress();
      int nulls = 0;
      MemoryUtil.putInt(offsetsOut, 0);
      for (int i = 0; i < count; i++) {
        int row = rowsToTake == null ? fromRow + i : rowsToTake[i];
        if (sourceValidity == 0 || (MemoryUtil.getByte(sourceValidity + (row >>> 3)) & (1 << (row & 7))) != 0) {
          long at = validityOut + (i >>> 3);
          MemoryUtil.putByte(at, (byte) (MemoryUtil.getByte(at) | (1 << (i & 7))));
        } else {
          nulls++;
        }
        target = table.expand(base + MemoryUtil.getInt(offsets + 4L * row),
            base + MemoryUtil.getInt(offsets + 4L * row + 4),
            target, dataEnd);
        MemoryUtil.putInt(offsetsOut + 4L * i + 4, (int) (target - dataStart));
      }
      FieldVector vector = field.createVector(allocator);
      try {
        vector.loadFieldBuffers(new ArrowFieldNode(count, nulls), List.of(outValidity, outOffsets, outData));
      } catch (RuntimeException failure) {
        vector.close();
        throw failure;
      }
      return vector;
    } finally {
      for (ArrowBuf buffer : new ArrowBuf[] {outValidity, outOffsets, outData}) {
        if (buffer != null) {
          buffer.close();
        }
      }
    }
  }

  void checkRange(int fromRow, int count) {
    if (fromRow < 0 || count < 0 || (long) fromRow + count > rows) {
      throw new IllegalArgumentException("rows " + fromRow + " to " + ((long) fromRow + count)
          + " are outside the segment of " + rows + " rows");
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException(name + ": the fsst strings are closed");
    }
  }

  long codeOffsetsAddress() {
    checkOpen();
    return codeOffsets.memoryAddress();
  }

  long codesAddress() {
    return codes.memoryAddress();
  }

  /** The validity bitmap's address, or 0 when the segment has no nulls. */
  long validityAddress() {
    return validity == null ? 0 : validity.memoryAddress();
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      codeOffsets.close();
      codes.close();
      if (validity != null) {
        validity.close();
      }
    }
  }
}
