package dev.quiver.format.file;

import dev.quiver.format.encoding.ChunkCodec;
import dev.quiver.format.encoding.EncodedChunk;
import dev.quiver.format.encoding.EncodingOptions;
import dev.quiver.format.layout.ChunkedLayout;
import dev.quiver.format.layout.DictLayout;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.Layout;
import dev.quiver.format.layout.ZonedLayout;
import dev.quiver.format.stats.StatisticKind;
import dev.quiver.format.stats.ZoneMap;
import dev.quiver.format.stats.ZoneMapBuilder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.TransferPair;
import org.apache.arrow.vector.util.VectorBatchAppender;

/**
 * One column of a file being written: rows wait in a pending vector until they reach the chunk byte
 * target, then are encoded into one segment. Memory is bounded by one chunk plus one input batch
 * (plus, for a string or binary column, a dictionary of at most {@link ColumnDictionary#MAXIMUM_BYTES}).
 *
 * <p>A string or binary column starts with a column-wide dictionary when its first chunk has few
 * distinct values (at most a quarter of its rows, holding at most half of its value bytes): chunks
 * are then written as int32 codes, and the values once, at the end, under a {@link DictLayout}. When
 * a later chunk would push the dictionary past its bounds, or brings new values in more than half of
 * its rows (the dictionary has stopped paying), that chunk and every one after it are written plainly, so the column's chunks are the dictionary run followed by flat chunks.
 */
final class ColumnWriter implements AutoCloseable {
  /** Where encoded chunks go. */
  interface SegmentSink {
    int writeSegment(byte[] bytes) throws IOException;
  }

  private final Field field;
  private final BufferAllocator allocator;
  private final long chunkBytes;
  private final int zoneRows;
  private final EncodingOptions encoding;
  private final ZoneMapBuilder zones;
  private final List<Layout> chunks = new ArrayList<>();
  private FieldVector pending;
  private int pendingStart;
  private long rows;
  private long encodedBytes;
  private long uncompressedBytes;
  private ColumnDictionary dictionary;
  private boolean dictionaryDecided;
  private final List<Layout> codeChunks = new ArrayList<>();
  private long dictionaryRows;

  ColumnWriter(Field field, BufferAllocator allocator, long chunkBytes, int zoneRows, EncodingOptions encoding) {
    this.field = field;
    this.allocator = allocator;
    this.chunkBytes = chunkBytes;
    this.zoneRows = zoneRows;
    this.encoding = encoding;
    this.zones = new ZoneMapBuilder(StatisticKind.of(field.getType()), zoneRows);
  }

  /** Lets this column start with a column-wide dictionary if its data turns out to suit one. */
  ColumnWriter withDictionary(boolean enabled) {
    boolean variableWidth = field.getType() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Utf8
        || field.getType() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Binary;
    if (enabled && variableWidth && encoding.forcedKind() == null) {
      dictionary = new ColumnDictionary();
    } else {
      dictionary = null;
      dictionaryDecided = true;
    }
    return this;
  }

  /** Takes the rows of {@code vector} (which the caller keeps) and writes every full chunk. */
  void append(FieldVector vector, int rowCount, SegmentSink sink) throws IOException {
    zones.add(vector, 0, rowCount);
    rows += rowCount;
    if (pending == null) {
      pending = newPending();
    }
    if (rowCount > 0) {
      if (vector.getValueCount() == rowCount) {
        VectorBatchAppender.batchAppend(pending, vector);
      } else {
        TransferPair slice = vector.getTransferPair(allocator);
        slice.splitAndTransfer(0, rowCount);
        try (FieldVector part = (FieldVector) slice.getTo()) {
          VectorBatchAppender.batchAppend(pending, part);
        }
      }
    }
    while (true) {
      int available = pending.getValueCount() - pendingStart;
      int chunkRows = ColumnChunker.rowsForTarget(pending, pendingStart, available, chunkBytes, zoneRows);
      if (chunkRows < 0) {
        break;
      }
      encodeChunk(chunkRows, sink);
    }
    compact();
  }

  /** Encodes whatever is pending as the last chunk. */
  void finish(SegmentSink sink) throws IOException {
    if (pending != null) {
      int available = pending.getValueCount() - pendingStart;
      if (available > 0) {
        encodeChunk(available, sink);
      }
    }
    endDictionary(sink);
  }

  private void encodeChunk(int chunkRows, SegmentSink sink) throws IOException {
    if (dictionary != null && encodeCodes(chunkRows, sink)) {
      pendingStart += chunkRows;
      return;
    }
    if (dictionary != null) {
      endDictionary(sink);
    }
    EncodedChunk chunk = ChunkCodec.encode(pending, pendingStart, chunkRows, encoding);
    int segment = sink.writeSegment(chunk.encodedBytes());
    chunks.add(new FlatLayout(chunkRows, segment, chunk.uncompressedBytes()));
    encodedBytes += chunk.encodedBytes().length;
    uncompressedBytes += chunk.uncompressedBytes();
    pendingStart += chunkRows;
  }

  /** Writes the chunk as codes into the dictionary; false when the dictionary does not take it. */
  private boolean encodeCodes(int chunkRows, SegmentSink sink) throws IOException {
    BaseVariableWidthVector values = (BaseVariableWidthVector) pending;
    int sizeBefore = dictionary.size();
    long bytesBefore = dictionary.valueBytes();
    try (IntVector codes = dictionary.codes(values, pendingStart, chunkRows, allocator)) {
      if (codes == null) {
        return false;
      }
      int added = dictionary.size() - sizeBefore;
      if (!dictionaryDecided) {
        dictionaryDecided = true;
        long chunkValueBytes = (long) values.getEndOffset(pendingStart + chunkRows - 1)
            - values.getStartOffset(pendingStart);
        boolean pays = added * 4L <= chunkRows && (dictionary.valueBytes() - bytesBefore) * 2 <= chunkValueBytes;
        if (!pays) {
          dictionary = null;
          return false;
        }
      } else if (added * 2L > chunkRows) {
        dictionary.truncate(sizeBefore); // mostly new values: the dictionary has stopped paying
        return false;
      }
      EncodedChunk chunk = ChunkCodec.encode(codes, 0, chunkRows, encoding);
      int segment = sink.writeSegment(chunk.encodedBytes());
      codeChunks.add(new FlatLayout(chunkRows, segment, chunk.uncompressedBytes()));
      dictionaryRows += chunkRows;
      encodedBytes += chunk.encodedBytes().length;
      uncompressedBytes += chunk.uncompressedBytes();
      return true;
    }
  }

  /** Writes the dictionary's values, if any chunk was coded, as the column's first chunk; stops coding. */
  private void endDictionary(SegmentSink sink) throws IOException {
    ColumnDictionary ended = dictionary;
    dictionary = null;
    dictionaryDecided = true;
    if (ended == null || codeChunks.isEmpty()) {
      return;
    }
    try (FieldVector values = ended.values(field, allocator)) {
      EncodedChunk chunk = ChunkCodec.encode(values, 0, values.getValueCount(), encoding);
      int segment = sink.writeSegment(chunk.encodedBytes());
      FlatLayout valuesLayout = new FlatLayout(values.getValueCount(), segment, chunk.uncompressedBytes());
      chunks.add(0, new DictLayout(dictionaryRows, valuesLayout, new ChunkedLayout(dictionaryRows, codeChunks)));
      encodedBytes += chunk.encodedBytes().length;
      uncompressedBytes += chunk.uncompressedBytes();
    }
  }

  /** Drops encoded rows from the pending vector once they are the larger part of it. */
  private void compact() {
    int total = pending.getValueCount();
    if (pendingStart == 0 || pendingStart < total - pendingStart) {
      return;
    }
    FieldVector rest = newPending();
    int left = total - pendingStart;
    if (left > 0) {
      TransferPair transfer = pending.makeTransferPair(rest);
      transfer.splitAndTransfer(pendingStart, left);
    }
    pending.close();
    pending = rest;
    pendingStart = 0;
  }

  /** An empty vector with its buffers allocated (Arrow's appender reads the first offset). */
  private FieldVector newPending() {
    FieldVector vector = field.createVector(allocator);
    vector.allocateNew();
    return vector;
  }

  /** The column's layout: zoned over chunked over flat segments. */
  Layout layout() {
    ZoneMap zoneMap = zones.finish();
    return new ZonedLayout(rows, zoneRows, zoneMap, new ChunkedLayout(rows, chunks));
  }

  long encodedBytes() {
    return encodedBytes;
  }

  long uncompressedBytes() {
    return uncompressedBytes;
  }

  @Override
  public void close() {
    if (pending != null) {
      pending.close();
      pending = null;
    }
  }
}
