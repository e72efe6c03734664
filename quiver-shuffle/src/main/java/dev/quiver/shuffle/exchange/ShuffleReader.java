package dev.quiver.shuffle.exchange;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.memory.Allocators;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.block.BlockFormat;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.codec.CompressionCodec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The reduce side of a shuffle: the blocks of one partition from every map output, in map output
 * order, decoded into Arrow batches. Each index is read and checked when the reader opens; an I/O
 * thread ({@link ReadAhead}) then reads the partition's bytes ahead into a few reusable buffers
 * while blocks are decoded on the caller's thread (or, with {@code decodeAhead}, on a decode thread
 * of the reader's own, a couple of batches ahead). Memory: the read buffers, plus the batches the
 * caller holds (plus two with decode-ahead).
 *
 * <p>Compressed blocks are decoded straight from the read buffer (decompression makes the batch's
 * own memory); an uncompressed block, whose batch would slice the block itself, is first copied out
 * of the read buffer. Corrupt bytes raise a {@link CorruptFileException} naming the data file, the
 * partition and the block. Batches come from the reader's own child allocator: close every batch
 * before the reader (its allocator is checked empty then). Not thread-safe: one caller.
 */
public final class ShuffleReader implements AutoCloseable {
  private static final String DECODER_PREFIX = "decoder";
  private final int partition;
  private final ShuffleReaderOptions options;
  private final ReaderMetrics metrics;
  private final BufferAllocator allocator;
  private final BlockDecoder decoder;
  private final ReadAhead readAhead;
  private final DecodeAhead decodeAhead;
  private ReadAhead.Chunk chunk;
  private int offset;
  private int blockIndex;
  private boolean closed;

  private ShuffleReader(int partition, List<ShuffleIndex.Range> ranges, ShuffleReaderOptions options,
      ReaderMetrics metrics, BufferAllocator allocator) {
    this.partition = partition;
    this.options = options;
    this.metrics = metrics;
    this.allocator = allocator;
    this.decoder = new BlockDecoder(allocator);
    this.readAhead = ranges.isEmpty() ? null : new ReadAhead(ranges, allocator, options, metrics);
    this.decodeAhead = options.decodeAhead() && readAhead != null ? new DecodeAhead(this::decodeNext, metrics) : null;
  }

  /**
   * A reader of partition {@code partition} of {@code outputs}.
   *
   * @throws CorruptFileException when an index (or checksum) file is damaged, naming it and the partition
   * @throws QuiverException USER when a map output has no such partition
   */
  public static ShuffleReader open(List<MapOutput> outputs, int partition, ShuffleReaderOptions options,
      BufferAllocator parentAllocator) throws IOException {
    List<ShuffleIndex.Range> ranges = new ArrayList<>();
    for (MapOutput output : outputs) {
      ShuffleIndex.Range range = ShuffleIndex.read(options.verifyChecksums() ? output : output.withoutChecksum(),
          partition);
      if (range.length() > 0) {
        ranges.add(range);
      }
    }
    BufferAllocator allocator = parentAllocator.newChildAllocator("shuffle reader partition " + partition, 0,
        Long.MAX_VALUE);
    ShuffleReader reader = new ShuffleReader(partition, ranges, options, new ReaderMetrics(), allocator);
    try {
      if (reader.readAhead != null) {
        reader.readAhead.start(options.ioExecutor());
      }
      if (reader.decodeAhead != null) {
        reader.decodeAhead.start(options.ioExecutor());
      }
      return reader;
    } catch (RuntimeException rejected) {
      reader.close();
      throw rejected;
    }
  }

  public int partition() {
    return partition;
  }

  /**
   * What this reader did so far: {@code map.outputs.read} (map outputs with bytes for the
   * partition), {@code blocks.read}, {@code bytes.read} (from data files), {@code rows.read},
   * {@code read.ahead.waits} and {@code time.read.ahead.wait} (the consumer found no block read
   * yet), {@code buffer.waits} (the I/O thread found every read buffer in use), {@code time.io},
   * {@code time.decode}, {@code decode.ahead.waits}, {@code checksums.verified}; then the block
   * decoder's metrics prefixed {@code decoder.} ({@code decoder.cache.hits},
   * {@code decoder.bytes.decompressed}, ...; see {@link BlockDecoder#metrics()}).
   */
  public MetricsSnapshot metrics() {
    return metrics(metrics, decoder);
  }

  /** A reader's metrics: its own, then its decoder's prefixed {@code decoder.}. */
  static MetricsSnapshot metrics(ReaderMetrics metrics, BlockDecoder decoder) {
    return metrics.snapshot().plus(decoder.metrics().prefixed(DECODER_PREFIX));
  }

  /**
   * The next batch of the partition (the caller's to close), or null after the last.
   *
   * @throws CorruptFileException when a data file is damaged, naming it, the partition and the block
   */
  public DecodedBatch next() throws IOException {
    if (closed) {
      throw new QuiverException(ErrorCode.INTERNAL, "the shuffle reader of partition " + partition + " is closed");
    }
    if (decodeAhead != null) {
      return decodeAhead.next();
    }
    return readAhead == null ? null : decodeNext();
  }

  /** Decodes the next block; runs on one thread at a time (the caller's or the decode-ahead thread). */
  private DecodedBatch decodeNext() throws IOException {
    while (chunk == null || offset >= chunk.length()) {
      if (chunk != null) {
        readAhead.release(chunk.buffer());
        chunk = null;
      }
      chunk = readAhead.take();
      if (chunk == null) {
        return null;
      }
      offset = 0;
      blockIndex = chunk.firstBlock();
    }
    ArrowBuf buffer = chunk.buffer();
    long length = buffer.getLong(offset + BlockFormat.LENGTH_OFFSET) + BlockFormat.LENGTH_FIELD_BYTES;
    String name = "partition " + partition + " block " + blockIndex + " at byte " + (chunk.position() + offset);
    boolean uncompressed = (buffer.getInt(offset + BlockFormat.CODEC_TAG_OFFSET)
        & ~BlockFormat.OFFSETS_AS_LENGTHS_FLAG) == CompressionCodec.NONE.tag();
    long started = System.nanoTime();
    DecodedBatch batch;
    try {
      if (uncompressed) {
        try (ArrowBuf copy = Allocators.exactBuffer(allocator, length)) {
          copy.setBytes(0, buffer, offset, length);
          batch = decode(copy, name);
        }
      } else {
        batch = decode(buffer.slice(offset, length), name);
      }
    } catch (QuiverException failure) {
      if (failure.errorCode() == ErrorCode.CORRUPT) {
        throw new CorruptFileException(chunk.range().output().dataFile().toString(), failure.getMessage(), failure);
      }
      throw failure;
    }
    metrics.decodeNanos.add(System.nanoTime() - started);
    metrics.blocksRead.increment();
    metrics.rowsRead.add(batch.rowCount());
    offset += (int) length;
    blockIndex++;
    return batch;
  }

  private DecodedBatch decode(ArrowBuf block, String name) {
    return options.validate() ? decoder.decodeValidated(block, name) : decoder.decode(block, name);
  }

  /** Stops the I/O (and decode) thread, frees the read buffers and any batch decoded ahead. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (readAhead != null) {
      readAhead.signalClose();
    }
    try {
      if (decodeAhead != null) {
        decodeAhead.close();
      }
    } finally {
      try {
        if (readAhead != null) {
          readAhead.close();
        }
      } finally {
        chunk = null;
        Allocators.closeChecked(allocator);
      }
    }
  }
}
