package dev.quiver.shuffle.block;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.common.memory.Allocators;
import dev.quiver.common.metrics.Counter;
import dev.quiver.common.metrics.Metrics;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.shuffle.codec.PayloadCodecs;
import dev.quiver.shuffle.ipc.IpcFormat;
import dev.quiver.shuffle.ipc.IpcMessage;
import dev.quiver.shuffle.ipc.RecordBatchLoader;
import java.util.Map;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Decodes shuffle blocks into Arrow batches.
 *
 * <p>Two entry points: {@link #decode} for trusted, local blocks (O(buffers) structural checks:
 * nothing is read outside its buffer) and {@link #decodeValidated} for untrusted ones (also every
 * offset, UTF-8 string, null count and dictionary index). Each has a twin that returns a
 * {@link Batch} ({@link #decodeBatch}, {@link #decodeBatchValidated}): the same vectors, handed on
 * without a copy, with int32-indexed dictionary columns kept as codes plus their dictionary.
 *
 * <p>Each thread has its own cache of parsed schemas (4 entries by default, most recently used
 * first, 1 MiB of raw schema bytes), keyed on the raw schema-message bytes. On a hit the record batch
 * is decoded in place: the vectors take slices of the decompressed block, nothing is zero-filled or
 * copied, and no flatbuffer schema is parsed. A miss, a dictionary, a second batch, trailing bytes,
 * or any failure leaves the fast path without a trace and the general path decodes from scratch,
 * so results and error messages are identical with a warm or a cold cache. The general path is the
 * only one that throws.
 *
 * <p>Thread-safe: one decoder may serve many threads; each thread's cache is its own.
 */
public final class BlockDecoder {
  public static final int DEFAULT_CACHE_ENTRIES = 4;
  public static final long DEFAULT_CACHE_BYTES = 1 << 20;
  /** The most schemas a thread's cache may hold (its entry array is sized up front, per thread). */
  public static final int MAX_CACHE_ENTRIES = 1024;

  private final BufferAllocator allocator;
  private final int cacheEntries;
  private final ThreadLocal<SchemaCache> caches;
  private final Metrics metrics = new Metrics();
  private final Counter blocksDecoded = metrics.counter("blocks.decoded");
  private final Counter cacheHits = metrics.counter("cache.hits");
  private final Counter cacheMisses = metrics.counter("cache.misses");
  private final Counter cacheFallbacks = metrics.counter("cache.fallbacks");
  private final Counter blocksFailed = metrics.counter("blocks.failed");
  private final Counter bytesIn = metrics.bytes("bytes.in");
  private final Counter bytesDecompressed = metrics.bytes("bytes.decompressed");
  private final Counter rowsDecoded = metrics.counter("rows.decoded");

  /** A decoder with the default cache (4 entries, 1 MiB per thread). */
  public BlockDecoder(BufferAllocator allocator) {
    this(allocator, DEFAULT_CACHE_ENTRIES, DEFAULT_CACHE_BYTES);
  }

  /** A decoder whose per-thread cache holds {@code cacheEntries} schemas (0: no cache). */
  public BlockDecoder(BufferAllocator allocator, int cacheEntries, long cacheBytes) {
    if (cacheEntries < 0 || cacheBytes < 0) {
      throw QuiverException.user("cache entries and bytes must not be negative");
    }
    if (cacheEntries > MAX_CACHE_ENTRIES) {
      throw QuiverException.user("a schema cache holds at most " + MAX_CACHE_ENTRIES + " entries, not " + cacheEntries);
    }
    this.allocator = allocator;
    this.cacheEntries = cacheEntries;
    this.caches = ThreadLocal.withInitial(() -> new SchemaCache(cacheEntries, cacheBytes));
  }

  /**
   * What this decoder did, over every thread: {@code blocks.decoded}; then, unless the cache is off,
   * exactly one of {@code cache.hits} (the in-place path decoded the block), {@code cache.misses}
   * (its schema was not cached) or {@code cache.fallbacks} (its schema was cached but something
   * unusual sent it to the general path) per decoded block; {@code blocks.failed};
   * {@code bytes.in} (block bytes), {@code bytes.decompressed} (payload bytes after decompression)
   * and {@code rows.decoded}.
   */
  public MetricsSnapshot metrics() {
    return metrics.snapshot();
  }

  /** Empties this thread's schema cache. */
  public void clearThreadCache() {
    caches.get().clear();
  }

  /** How many schemas this thread's cache holds. */
  public int threadCacheSize() {
    return caches.get().size();
  }

  /** Decodes a trusted block; {@code block} holds exactly one block. The caller keeps owning it. */
  public DecodedBatch decode(ArrowBuf block, String name) {
    return decode(block, name, false);
  }

  /** Decodes an untrusted block with every check; {@code block} holds exactly one block. */
  public DecodedBatch decodeValidated(ArrowBuf block, String name) {
    return decode(block, name, true);
  }

  /** Decodes a trusted block held on the heap (copied once into Arrow memory). */
  public DecodedBatch decode(byte[] block, String name) {
    try (ArrowBuf buffer = copyIn(block)) {
      return decode(buffer, name, false);
    }
  }

  /** Decodes an untrusted block held on the heap (copied once into Arrow memory). */
  public DecodedBatch decodeValidated(byte[] block, String name) {
    try (ArrowBuf buffer = copyIn(block)) {
      return decode(buffer, name, true);
    }
  }

  /**
   * Decodes a trusted block as a {@link Batch} (the caller's to close): the same vectors as
   * {@link #decode}, handed on without a copy; top-level dictionary columns with int32 indices stay
   * dictionary-encoded (see {@link DecodedBatch#toBatch}). {@code block} holds exactly one block.
   */
  public Batch decodeBatch(ArrowBuf block, String name) {
    return handOn(decode(block, name, false));
  }

  /** {@link #decodeBatch} for an untrusted block, with every check of {@link #decodeValidated}. */
  public Batch decodeBatchValidated(ArrowBuf block, String name) {
    return handOn(decode(block, name, true));
  }

  /** {@link #decodeBatch} for a trusted block held on the heap (copied once into Arrow memory). */
  public Batch decodeBatch(byte[] block, String name) {
    try (ArrowBuf buffer = copyIn(block)) {
      return decodeBatch(buffer, name);
    }
  }

  /** {@link #decodeBatchValidated} for an untrusted block held on the heap (copied once into Arrow memory). */
  public Batch decodeBatchValidated(byte[] block, String name) {
    try (ArrowBuf buffer = copyIn(block)) {
      return decodeBatchValidated(buffer, name);
    }
  }

  private Batch handOn(DecodedBatch decoded) {
    try {
      return decoded.toBatch(allocator);
    } catch (RuntimeException failure) {
      decoded.close();
      throw failure;
    }
  }

  private ArrowBuf copyIn(byte[] block) {
    ArrowBuf buffer = Allocators.exactBuffer(allocator, block.length);
    buffer.setBytes(0, block);
    return buffer;
  }

  private DecodedBatch decode(ArrowBuf block, String name, boolean deep) {
    try {
      BlockHeader header = BlockHeader.read(block, 0, block.capacity(), name);
      if (header.blockBytes() != block.capacity()) {
        throw QuiverException.corrupt(
            name + ": " + (block.capacity() - header.blockBytes()) + " bytes after the block's "
                + header.blockBytes());
      }
      ArrowBuf payload = PayloadCodecs.decompress(
          header.codec(), block, BlockFormat.HEADER_BYTES, header.payloadBytes(), allocator, name);
      try {
        DecodedBatch batch = null;
        SchemaCache cache = cacheEntries > 0 ? caches.get() : null;
        SchemaCache.Entry entry = cache == null ? null : lookup(cache, payload);
        if (entry != null) {
          batch = decodeInPlace(header, payload, entry, deep, name);
          if (batch == null) {
            cacheFallbacks.increment();
          } else {
            cacheHits.increment();
          }
        } else if (cache != null) {
          cacheMisses.increment();
        }
        if (batch == null) {
          GeneralDecoder.Result result = GeneralDecoder.decode(header, payload, deep, allocator, name);
          batch = result.batch();
          if (cache != null && entry == null) {
            cache.insert(new SchemaCache.Entry(result.schemaKey(), result.schema(), result.plan()));
          }
        }
        blocksDecoded.increment();
        bytesIn.add(block.capacity());
        bytesDecompressed.add(payload.capacity());
        rowsDecoded.add(batch.rowCount());
        return batch;
      } finally {
        payload.close();
      }
    } catch (QuiverException typed) {
      blocksFailed.increment();
      throw typed;
    } catch (OutOfMemoryException exhausted) {
      blocksFailed.increment();
      throw new QuiverException(ErrorCode.RESOURCE, name + ": out of Arrow memory: " + exhausted.getMessage(),
          exhausted);
    } catch (RuntimeException unexpected) {
      blocksFailed.increment();
      throw QuiverException.corrupt(name + ": cannot decode: " + QuiverException.describe(unexpected), unexpected);
    }
  }

  /** The cache entry whose key is this payload's schema message, or null. */
  private static SchemaCache.Entry lookup(SchemaCache cache, ArrowBuf payload) {
    long size = payload.capacity();
    if (size < IpcFormat.MESSAGE_PREFIX_BYTES || payload.getInt(0) != IpcFormat.CONTINUATION) {
      return null;
    }
    int metadataLength = payload.getInt(4);
    if (metadataLength <= 0 || metadataLength > size - IpcFormat.MESSAGE_PREFIX_BYTES) {
      return null;
    }
    return cache.lookup(payload, IpcFormat.MESSAGE_PREFIX_BYTES, metadataLength);
  }

  /**
   * The fast path: a cached schema, exactly one record batch, nothing unusual. Returns null (and
   * leaves nothing allocated) whenever it cannot decode the block; never throws.
   */
  private DecodedBatch decodeInPlace(
      BlockHeader header, ArrowBuf payload, SchemaCache.Entry entry, boolean deep, String name) {
    if (entry.plan.fieldCount() != header.fieldCount() || entry.plan.hasDictionaries()) {
      return null;
    }
    long size = payload.capacity();
    VectorSchemaRoot root = null;
    try {
      long position = IpcFormat.MESSAGE_PREFIX_BYTES + (long) entry.key.length;
      IpcMessage message = IpcMessage.read(payload, position, size, name);
      if (message.isEndOfStream() || message.message().headerType() != MessageHeader.RecordBatch) {
        return null;
      }
      long after = message.end();
      if (after != size
          && (after + IpcFormat.END_OF_STREAM_BYTES != size
              || payload.getInt(after) != IpcFormat.CONTINUATION
              || payload.getInt(after + 4) != 0)) {
        return null;
      }
      RecordBatch batch = (RecordBatch) message.message().header(new RecordBatch());
      if (batch == null) {
        return null;
      }
      root = VectorSchemaRoot.create(entry.schema, allocator);
      ArrowBuf body = payload.slice(message.bodyOffset(), message.bodyLength());
      int rows = RecordBatchLoader.load(
          entry.plan, root.getFieldVectors(), batch, body, header.offsetsAsLengths(), deep, allocator, name);
      root.setRowCount(rows);
      return new DecodedBatch(root, Map.of(), true);
    } catch (RuntimeException unusual) {
      if (root != null) {
        root.close();
      }
      return null;
    }
  }
}
