package dev.quiver.spark.exchange;

import dev.quiver.common.QuiverException;
import dev.quiver.common.memory.Allocators;
import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.block.BlockFormat;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import scala.Tuple2;
import scala.collection.AbstractIterator;
import scala.collection.Iterator;
import scala.reflect.ClassTag;

/**
 * Reads one shuffle stream of blocks (one map output's bytes for one partition, as Spark hands them
 * over) and decodes each, in place, with the task's {@link BlockDecoder} (its per-thread schema cache)
 * into a {@link ColumnarBatch}. Records are (null, batch). A batch is valid until the next one of this
 * stream is read, the stream ends or closes, or the task ends: each frees the one before, so a stream
 * holds one decoded block at a time. Bytes that are not whole blocks are a CORRUPT error naming the
 * block.
 */
final class BlockDeserializationStream extends DeserializationStream {
  private static final int READ_BYTES = 64 << 10;

  private final InputStream in;
  private final BufferAllocator allocator;
  private final BlockDecoder decoder;
  private byte[] scratch = new byte[READ_BYTES];
  private DecodedColumns current;
  private DecodedColumns pending;
  private boolean ended;
  private boolean closed;
  private int blocks;

  BlockDeserializationStream(InputStream in, BufferAllocator allocator, BlockDecoder decoder) {
    this.in = in;
    this.allocator = allocator;
    this.decoder = decoder;
  }

  /** Whether another block follows; decodes it (freeing the previous batch). */
  boolean advance() throws IOException {
    if (pending != null) {
      return true;
    }
    if (ended || closed) {
      return false;
    }
    release();
    ArrowBuf block = readBlock();
    if (block == null) {
      ended = true;
      close();
      return false;
    }
    try {
      pending = DecodedColumns.of(decoder.decode(block, blockName()), allocator);
    } finally {
      block.close();
    }
    blocks++;
    return true;
  }

  /** The batch {@link #advance} decoded. */
  ColumnarBatch takeBatch() {
    if (pending == null) {
      throw new NoSuchElementException("no decoded block: call advance first");
    }
    current = pending;
    pending = null;
    return current.batch();
  }

  private String blockName() {
    return "shuffle stream block " + blocks;
  }

  /** The next block in Arrow memory, or null at the end of the stream. */
  private ArrowBuf readBlock() throws IOException {
    int got = readUpTo(scratch, BlockFormat.LENGTH_FIELD_BYTES);
    if (got == 0) {
      return null;
    }
    if (got < BlockFormat.LENGTH_FIELD_BYTES) {
      throw QuiverException.corrupt(blockName() + ": the stream ends " + got + " bytes into a block's length");
    }
    long length = littleEndianLong(scratch);
    if (length < BlockFormat.MIN_LENGTH || length > BlockFormat.MAX_LENGTH - BlockFormat.LENGTH_FIELD_BYTES) {
      throw QuiverException.corrupt(blockName() + ": the block length " + length + " is outside "
          + BlockFormat.MIN_LENGTH + ".." + (BlockFormat.MAX_LENGTH - BlockFormat.LENGTH_FIELD_BYTES)
          + " (is spark.shuffle.compress wrapping other bytes, or is this not a Quiver exchange?)");
    }
    long total = length + BlockFormat.LENGTH_FIELD_BYTES;
    ArrowBuf block = Allocators.exactBuffer(allocator, total);
    try {
      block.setBytes(0, scratch, 0, BlockFormat.LENGTH_FIELD_BYTES);
      long at = BlockFormat.LENGTH_FIELD_BYTES;
      while (at < total) {
        int want = (int) Math.min(scratch.length, total - at);
        int read = readUpTo(scratch, want);
        if (read < want) {
          throw QuiverException.corrupt(blockName() + ": the stream ends " + (at + read) + " bytes into a block of "
              + total);
        }
        block.setBytes(at, scratch, 0, read);
        at += read;
      }
      return block;
    } catch (IOException | RuntimeException failure) {
      block.close();
      throw failure;
    }
  }

  /** Reads until {@code bytes} bytes or the end of the stream; returns how many were read. */
  private int readUpTo(byte[] into, int bytes) throws IOException {
    int got = 0;
    while (got < bytes) {
      int read = in.read(into, got, bytes - got);
      if (read < 0) {
        break;
      }
      got += read;
    }
    return got;
  }

  private static long littleEndianLong(byte[] bytes) {
    long value = 0;
    for (int i = 7; i >= 0; i--) {
      value = (value << 8) | (bytes[i] & 0xFFL);
    }
    return value;
  }

  @Override
  public Iterator<Tuple2<Object, Object>> asKeyValueIterator() {
    return new AbstractIterator<>() {
      @Override
      public boolean hasNext() {
        return advanceUnchecked();
      }

      @Override
      public Tuple2<Object, Object> next() {
        if (!advanceUnchecked()) {
          throw new NoSuchElementException("the shuffle stream has no more blocks");
        }
        return new Tuple2<>(null, takeBatch());
      }
    };
  }

  @Override
  public Iterator<Object> asIterator() {
    return new AbstractIterator<>() {
      @Override
      public boolean hasNext() {
        return advanceUnchecked();
      }

      @Override
      public Object next() {
        if (!advanceUnchecked()) {
          throw new NoSuchElementException("the shuffle stream has no more blocks");
        }
        return takeBatch();
      }
    };
  }

  /** The key of the next record: decodes its block; at the end of the stream, an EOFException (Spark's rule). */
  @Override
  public <T> T readKey(ClassTag<T> tag) {
    if (!advanceUnchecked()) {
      throw Sneaky.rethrow(new EOFException("the shuffle stream has no more blocks"));
    }
    return null;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T readValue(ClassTag<T> tag) {
    return (T) takeBatch();
  }

  @Override
  public <T> T readObject(ClassTag<T> tag) {
    readKey(tag);
    return readValue(tag);
  }

  private boolean advanceUnchecked() {
    try {
      return advance();
    } catch (IOException failure) {
      throw Sneaky.rethrow(failure);
    }
  }

  private void release() {
    if (current != null) {
      current.close();
      current = null;
    }
  }

  /** Frees the batches this stream holds and closes its input; idempotent. */
  @Override
  public void close() {
    release();
    if (pending != null) {
      pending.close();
      pending = null;
    }
    if (closed) {
      return;
    }
    closed = true;
    scratch = null;
    try {
      in.close();
    } catch (IOException failure) {
      throw Sneaky.rethrow(failure);
    }
  }

  /** Throws a checked exception where Spark's Scala API expects one but Java cannot declare it. */
  private static final class Sneaky {
    private Sneaky() {}

    /** Throws {@code failure} as it is; the return type lets callers write {@code throw rethrow(...)}. */
    static RuntimeException rethrow(Throwable failure) {
      Sneaky.<RuntimeException>throwAs(failure);
      return new IllegalStateException("unreachable", failure);
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> void throwAs(Throwable failure) throws E {
      throw (E) failure;
    }
  }
}
