package dev.quiver.format.file;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.DictionaryCodeException;
import dev.quiver.common.batch.DictionaryDecoder;
import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.format.FormatConstants;
import dev.quiver.format.encoding.ChunkCodec;
import dev.quiver.format.encoding.DictionaryChunk;
import dev.quiver.format.encoding.EncodedIntegers;
import dev.quiver.format.encoding.EncodingFormat;
import dev.quiver.format.encoding.FsstStrings;
import dev.quiver.format.encoding.SegmentCorruptException;
import dev.quiver.format.layout.ChunkedLayout;
import dev.quiver.format.layout.DictLayout;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.Layout;
import dev.quiver.format.layout.Layouts;
import dev.quiver.format.layout.StructLayout;
import dev.quiver.format.layout.ZonedLayout;
import dev.quiver.format.storage.CoalescingPolicy;
import dev.quiver.format.storage.FileSegmentSource;
import dev.quiver.format.storage.SegmentSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;
import org.apache.arrow.vector.util.VectorBatchAppender;

/**
 * An open {@code .qvr} file. Opening is one read of the file's tail (a second one only for a footer
 * longer than {@link FormatConstants#TAIL_READ_BYTES}); the postscript, version and footer checksum
 * are checked before the footer is parsed, and every length and offset in it is checked against the
 * file before it is trusted. Thread-safe for reads.
 */
public final class QuiverFile implements AutoCloseable {
  private final Path path;
  private final FileChannel channel;
  private final long size;
  private final Footer footer;
  private final int footerChecksum;
  private final FileSegmentSource segments;

  private QuiverFile(Path path, FileChannel channel, long size, Footer footer, int footerChecksum,
      CoalescingPolicy coalescing) {
    this.path = path;
    this.channel = channel;
    this.size = size;
    this.footer = footer;
    this.footerChecksum = footerChecksum;
    this.segments = new FileSegmentSource(path.toString(), channel, footer.segments(), coalescing);
  }

  /**
   * Opens a file.
   *
   * @throws CorruptFileException when the file is not a sound {@code .qvr} file, naming the part
   */
  public static QuiverFile open(Path path) throws IOException {
    return open(path, CoalescingPolicy.DEFAULT);
  }

  /**
   * Opens a file whose segment reads are coalesced by {@code coalescing}. The footer and every
   * segment are read through this one open file, so a file replaced on disk while it is open is never
   * mixed with the one opened.
   *
   * @throws CorruptFileException when the file is not a sound {@code .qvr} file, naming the part
   */
  public static QuiverFile open(Path path, CoalescingPolicy coalescing) throws IOException {
    if (Files.isDirectory(path)) {
      throw QuiverException.user(path + " is a folder, not a .qvr file");
    }
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
    try {
      long size = channel.size();
      String name = path.toString();
      int tailLength = (int) Math.min(size, FormatConstants.TAIL_READ_BYTES);
      byte[] tail = new byte[tailLength];
      readFully(channel, ByteBuffer.wrap(tail), size - tailLength, name, "tail");
      Postscript postscript = Postscript.parse(tail, size, name);
      checkLeadingMagic(channel, size, name);
      byte[] footerBytes = new byte[postscript.footerLength()];
      long footerInTail = postscript.footerOffset() - (size - tailLength);
      if (footerInTail >= 0) {
        System.arraycopy(tail, (int) footerInTail, footerBytes, 0, footerBytes.length);
      } else {
        readFully(channel, ByteBuffer.wrap(footerBytes), postscript.footerOffset(), name, "footer");
      }
      if (Postscript.checksum(footerBytes, postscript.majorVersion(), postscript.minorVersion()) != postscript
          .footerChecksum()) {
        throw new CorruptFileException(name, "footer checksum does not match: the footer is damaged", null);
      }
      Footer footer = FooterCache.footer(name, size, postscript.footerOffset(), footerBytes);
      return new QuiverFile(path, channel, size, footer, postscript.footerChecksum(), coalescing);
    } catch (IOException | RuntimeException failure) {
      channel.close();
      throw failure;
    }
  }

  private static void checkLeadingMagic(FileChannel channel, long size, String name) throws IOException {
    byte[] magic = new byte[FormatConstants.MAGIC.length];
    if (size < magic.length) {
      throw new CorruptFileException(name, "the file has " + size + " bytes, too few for a .qvr file", null);
    }
    readFully(channel, ByteBuffer.wrap(magic), 0, name, "leading magic");
    if (!Arrays.equals(magic, FormatConstants.MAGIC)) {
      throw new CorruptFileException(name, "the file does not start with the .qvr magic "
          + new String(FormatConstants.MAGIC, StandardCharsets.US_ASCII) + ": it is not a .qvr file, or it is damaged",
          null);
    }
  }

  private static void readFully(FileChannel channel, ByteBuffer target, long at, String name, String part)
      throws IOException {
    long cursor = at;
    while (target.hasRemaining()) {
      int read = channel.read(target, cursor);
      if (read < 0) {
        throw new CorruptFileException(name, part + ": the file ends at byte " + cursor, null);
      }
      cursor += read;
    }
  }

  public Path path() {
    return path;
  }

  public long fileSize() {
    return size;
  }

  public Footer footer() {
    return footer;
  }

  /** The CRC-32C of the footer (from the postscript): with the length, what identifies this version of the file. */
  public int footerChecksum() {
    return footerChecksum;
  }

  public Schema schema() {
    return footer.schema();
  }

  public long rowCount() {
    return footer.rowCount();
  }

  public StructLayout layout() {
    return footer.layout();
  }

  /** Statistics of every top-level column, in schema order. */
  public List<ZoneStatistics> statistics() {
    return footer.columnStatistics();
  }

  /** The index of the column named {@code name}. */
  public int columnIndex(String name) {
    List<Field> fields = schema().getFields();
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).getName().equals(name)) {
        return i;
      }
    }
    throw QuiverException.user(path + ": no column named '" + name + "'");
  }

  /** The bytes of segment {@code index}, checksum verified; the caller owns the buffer. */
  public ArrowBuf readSegment(int index, BufferAllocator allocator) throws IOException {
    return segments.read(List.of(index), allocator).get(0);
  }

  /**
   * Where this file's segments are read: coalesced, in-flight reads shared, checksums verified. Owned
   * by this file (closed with it); the scan reads through it.
   */
  public SegmentSource segments() {
    return segments;
  }

  /** Decodes the flat chunk {@code chunk} of column {@code column}; the caller owns the vector. */
  public FieldVector readChunk(int column, FlatLayout chunk, BufferAllocator allocator) throws IOException {
    Field field = schema().getFields().get(column);
    return decodeFlat(field, field.getName(), chunk, allocator);
  }

  /**
   * Decodes one chunk of column {@code column} (a flat chunk, or a dictionary run turned back into
   * values); the caller owns the vector.
   */
  public FieldVector readChunk(int column, Layout chunk, BufferAllocator allocator) throws IOException {
    if (chunk instanceof DictLayout) {
      return readDictionaryRows(column, (DictLayout) chunk, 0, chunk.rowCount(), allocator);
    }
    if (chunk instanceof FlatLayout) {
      return readChunk(column, (FlatLayout) chunk, allocator);
    }
    throw QuiverException.user(path + ": a " + chunk.kind() + " layout is not a chunk");
  }

  /** Takes the decoded pieces of a chunk (for {@link #readPieces}, closed when the call returns). */
  @FunctionalInterface
  public interface PieceConsumer {
    void accept(FieldVector piece) throws IOException;
  }

  /**
   * Decodes one chunk of column {@code column} piece by piece, one vector in memory at a time: a flat
   * chunk as one piece, a dictionary run as one piece per code chunk (its values decoded once).
   */
  public void readPieces(int column, Layout chunk, BufferAllocator allocator, PieceConsumer consumer)
      throws IOException {
    if (chunk instanceof FlatLayout) {
      try (FieldVector vector = readChunk(column, (FlatLayout) chunk, allocator)) {
        consumer.accept(vector);
      }
      return;
    }
    if (!(chunk instanceof DictLayout)) {
      throw QuiverException.user(path + ": a " + chunk.kind() + " layout is not a chunk");
    }
    dictionaryParts(column, (DictLayout) chunk, 0, chunk.rowCount(), allocator, piece -> {
      try (piece) {
        consumer.accept(piece);
      }
    });
  }

  private FieldVector gather(FieldVector values, IntVector codes, int from, int count, Field field,
      BufferAllocator allocator,
      FlatLayout codesLayout) throws CorruptFileException {
    try {
      return DictionaryDecoder.decode(values, codes, null, from, count, field, allocator, "dictionary codes");
    } catch (DictionaryCodeException corrupt) {
      throw new CorruptFileException(path.toString(), field.getName() + " codes", codesLayout.segment(),
          corrupt.problem(), corrupt);
    }
  }

  /**
   * Decodes one flat layout as {@code field}'s type, checking its row count; {@code what} names the
   * column (and part) in errors. The caller owns the vector.
   */
  public FieldVector decodeFlat(Field field, String what, FlatLayout chunk, BufferAllocator allocator)
      throws IOException {
    try (ArrowBuf segment = readSegment(chunk.segment(), allocator)) {
      return decodeSegment(segment, field, what, chunk, allocator);
    }
  }

  /**
   * The one checked decode of a segment's bytes (read by {@link #segments()}) as {@code field}'s
   * type: every lie in the encoding and a row count other than the layout's is a
   * {@link CorruptFileException} naming this file, the column ({@code what}) and the segment.
   */
  public FieldVector decodeSegment(ArrowBuf bytes, Field field, String what, FlatLayout chunk,
      BufferAllocator allocator)
      throws CorruptFileException {
    FieldVector vector;
    try {
      vector = ChunkCodec.decode(bytes, field, allocator, path + ": column " + what + " segment " + chunk.segment());
    } catch (SegmentCorruptException corrupt) {
      throw new CorruptFileException(path.toString(), what, chunk.segment(), corrupt.problem(), corrupt);
    }
    if (vector.getValueCount() != chunk.rowCount()) {
      long decoded = vector.getValueCount();
      vector.close();
      throw new CorruptFileException(path.toString(), what, chunk.segment(), "decodes to " + decoded
          + " rows; the layout says " + chunk.rowCount(), null);
    }
    return vector;
  }

  /**
   * The rows at {@code positions[0, count)} (ascending, within the chunk) of a segment's bytes as
   * {@code field}'s type (see {@link ChunkCodec#take}); lies, and a header row count other than the
   * layout's, are a {@link CorruptFileException} as in {@link #decodeSegment}. The caller owns the
   * vector.
   */
  public FieldVector takeSegment(ArrowBuf bytes, Field field, String what, FlatLayout chunk, int[] positions,
      int count, BufferAllocator allocator)
      throws CorruptFileException {
    if (bytes.capacity() >= EncodingFormat.HEADER_BYTES
        && (bytes.getInt(4) & 0xFFFFFFFFL) != chunk.rowCount()) {
      throw new CorruptFileException(path.toString(), what, chunk.segment(), "holds "
          + (bytes.getInt(4) & 0xFFFFFFFFL) + " rows; the layout says " + chunk.rowCount(), null);
    }
    try {
      return ChunkCodec.take(bytes, field, positions, count, allocator,
          path + ": column " + what + " segment " + chunk.segment());
    } catch (SegmentCorruptException corrupt) {
      throw new CorruptFileException(path.toString(), what, chunk.segment(), corrupt.problem(), corrupt);
    }
  }

  /** Whether {@link #takeSegment} reads only what the taken rows need from these bytes of a segment. */
  public boolean takesByPosition(ArrowBuf bytes, String what, FlatLayout chunk) {
    return ChunkCodec.takesByPosition(bytes, path + ": column " + what + " segment " + chunk.segment());
  }

  /**
   * The checked decode of a string or binary segment whose values are dictionary-encoded, as codes
   * and dictionary (see {@link ChunkCodec#decodeDictionary}); null for any other segment. Lies are a
   * {@link CorruptFileException} as in {@link #decodeSegment}.
   */
  public DictionaryChunk decodeDictionarySegment(ArrowBuf bytes, Field field, String what, FlatLayout chunk,
      BufferAllocator allocator)
      throws CorruptFileException {
    DictionaryChunk decoded;
    try {
      decoded = ChunkCodec.decodeDictionary(bytes, field, allocator,
          path + ": column " + what + " segment " + chunk.segment());
    } catch (SegmentCorruptException corrupt) {
      throw new CorruptFileException(path.toString(), what, chunk.segment(), corrupt.problem(), corrupt);
    }
    if (decoded != null && decoded.rowCount() != chunk.rowCount()) {
      long rows = decoded.rowCount();
      decoded.close();
      throw new CorruptFileException(path.toString(), what, chunk.segment(), "decodes to " + rows
          + " rows; the layout says " + chunk.rowCount(), null);
    }
    return decoded;
  }

  /**
   * The strings of an fsst segment kept compressed (see {@link ChunkCodec#openStrings}); null for any
   * other segment. Lies are a {@link CorruptFileException} as in {@link #decodeSegment}.
   */
  public FsstStrings openCompressedStrings(ArrowBuf bytes, String what, FlatLayout chunk, BufferAllocator allocator)
      throws CorruptFileException {
    FsstStrings strings;
    try {
      strings = ChunkCodec.openStrings(bytes, allocator, path + ": column " + what + " segment " + chunk.segment());
    } catch (SegmentCorruptException corrupt) {
      throw new CorruptFileException(path.toString(), what, chunk.segment(), corrupt.problem(), corrupt);
    }
    if (strings != null && strings.rows() != chunk.rowCount()) {
      long rows = strings.rows();
      strings.close();
      throw new CorruptFileException(path.toString(), what, chunk.segment(), "holds " + rows
          + " rows; the layout says " + chunk.rowCount(), null);
    }
    return strings;
  }

  /**
   * The integer-like values of a segment kept encoded for predicates and sums (see {@link
   * ChunkCodec#openIntegers}); null for a segment of another type (or a decimal not stored scaled).
   * Lies are a {@link CorruptFileException} as in {@link #decodeSegment}.
   */
  public EncodedIntegers openEncodedIntegers(ArrowBuf bytes, Field field, String what, FlatLayout chunk,
      BufferAllocator allocator) throws CorruptFileException {
    EncodedIntegers integers;
    try {
      integers = ChunkCodec.openIntegers(bytes, field, allocator, path + ": column " + what + " segment "
          + chunk.segment());
    } catch (SegmentCorruptException corrupt) {
      throw new CorruptFileException(path.toString(), what, chunk.segment(), corrupt.problem(), corrupt);
    }
    if (integers != null && integers.rows() != chunk.rowCount()) {
      long rows = integers.rows();
      integers.close();
      throw new CorruptFileException(path.toString(), what, chunk.segment(), "holds " + rows
          + " rows; the layout says " + chunk.rowCount(), null);
    }
    return integers;
  }

  /** Rows {@code [from, to)} of a dictionary run, as values; the caller owns the vector. */
  private FieldVector readDictionaryRows(int column, DictLayout dict, long from, long to, BufferAllocator allocator)
      throws IOException {
    Field field = schema().getFields().get(column);
    List<FieldVector> parts = new ArrayList<>();
    try {
      dictionaryParts(column, dict, from, to, allocator, parts::add);
      if (parts.size() == 1) {
        return parts.remove(0);
      }
      FieldVector result = field.createVector(allocator);
      try {
        result.allocateNew();
        if (!parts.isEmpty()) {
          VectorBatchAppender.batchAppend(result, parts.toArray(new FieldVector[0]));
        }
        return result;
      } catch (RuntimeException failure) {
        result.close();
        throw failure;
      }
    } finally {
      parts.forEach(FieldVector::close);
    }
  }

  /**
   * Rows {@code [from, to)} of a dictionary run, one gathered vector per code chunk they touch, handed
   * to {@code parts} (which owns each); the values are decoded once.
   */
  private void dictionaryParts(int column, DictLayout dict, long from, long to, BufferAllocator allocator,
      PieceConsumer parts) throws IOException {
    Field field = schema().getFields().get(column);
    try (FieldVector values = decodeFlat(field, field.getName() + " dictionary", dict.values(), allocator)) {
      long chunkStart = 0;
      for (Layout codeChunk : dict.codes().chunks()) {
        long chunkEnd = chunkStart + codeChunk.rowCount();
        if (chunkEnd > from && chunkStart < to) {
          FlatLayout codesLayout = (FlatLayout) codeChunk;
          try (IntVector codes = (IntVector) decodeFlat(
              DictionaryGather.CODES_FIELD, field.getName() + " codes", codesLayout, allocator)) {
            int start = (int) (Math.max(from, chunkStart) - chunkStart);
            int end = (int) (Math.min(to, chunkEnd) - chunkStart);
            parts.accept(gather(values, codes, start, end - start, field, allocator, codesLayout));
          }
        }
        chunkStart = chunkEnd;
      }
    }
  }

  /** Bytes of the segments below {@code node} (as stored: encoded and compressed). */
  public long segmentBytes(Layout node) {
    long bytes = 0;
    for (FlatLayout flat : Layouts.flats(node)) {
      bytes += footer.segments().get(flat.segment()).length();
    }
    return bytes;
  }

  /** The chunks of a column in row order: flat layouts, and dict layouts for dictionary runs. */
  public List<Layout> chunks(int column) {
    Layout node = layout().children().get(column);
    if (node instanceof ZonedLayout) {
      node = ((ZonedLayout) node).data();
    }
    if (node instanceof ChunkedLayout) {
      return ((ChunkedLayout) node).chunks();
    }
    return List.of(node);
  }

  /**
   * Rows {@code [start, start+count)} of one column as a new vector (owned by the caller).
   */
  public FieldVector read(int column, long start, long count, BufferAllocator allocator) throws IOException {
    if (start < 0 || count < 0 || start > rowCount() - count) {
      throw QuiverException.user(path + ": rows " + start + ".." + (start + count) + " are outside 0.." + rowCount());
    }
    Field field = schema().getFields().get(column);
    FieldVector result = field.createVector(allocator);
    try {
      result.allocateNew();
      long chunkStart = 0;
      for (Layout chunk : chunks(column)) {
        long chunkEnd = chunkStart + chunk.rowCount();
        if (chunkEnd > start && chunkStart < start + count) {
          int from = (int) (Math.max(start, chunkStart) - chunkStart);
          int to = (int) (Math.min(start + count, chunkEnd) - chunkStart);
          try (FieldVector decoded = chunk instanceof DictLayout
              ? readDictionaryRows(column, (DictLayout) chunk, from, to, allocator)
              : readChunk(column, (FlatLayout) chunk, allocator)) {
            if (chunk instanceof DictLayout) {
              to -= from;
              from = 0;
            }
            if (from == 0 && to == decoded.getValueCount() && result.getValueCount() == 0) {
              result.close();
              TransferPair whole = decoded.getTransferPair(allocator);
              whole.transfer();
              result = (FieldVector) whole.getTo();
            } else {
              TransferPair slice = decoded.getTransferPair(allocator);
              slice.splitAndTransfer(from, to - from);
              try (FieldVector part = (FieldVector) slice.getTo()) {
                VectorBatchAppender.batchAppend(result, part);
              }
            }
          }
        }
        chunkStart = chunkEnd;
      }
      return result;
    } catch (IOException | RuntimeException failure) {
      result.close();
      throw failure;
    }
  }

  @Override
  public void close() throws IOException {
    segments.close();
    channel.close();
  }
}
