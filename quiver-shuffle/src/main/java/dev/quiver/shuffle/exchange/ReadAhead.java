package dev.quiver.shuffle.exchange;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.memory.Allocators;
import dev.quiver.shuffle.block.BlockFormat;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The reader's I/O thread: reads the partition's byte ranges, one map output after another, into a
 * small pool of reusable read buffers and hands them over as chunks of whole blocks, while the
 * consumer decodes the chunks before. Memory is bounded by the pool: at most {@code readBuffers}
 * buffers of {@code readBufferBytes} (a buffer grows only for a block larger than it, and a block's
 * length is checked against the bytes left in its range before anything is allocated for it).
 *
 * <p>Each chunk ends on a block boundary: the I/O thread walks the block headers it read (checking
 * every length) and re-reads the cut-off block at the start of the next chunk. It also keeps the
 * CRC-32C of each range and compares it with the checksum file at the range's end.
 */
final class ReadAhead extends BackgroundTask implements AutoCloseable {
  /**
   * Whole blocks of one range in a read buffer.
   *
   * @param range the range the bytes belong to
   * @param buffer the read buffer; hand it back with {@link #release}
   * @param position the data file position of {@code buffer}'s first byte
   * @param length bytes of whole blocks in the buffer
   * @param firstBlock the index of the first block within its range
   */
  record Chunk(ShuffleIndex.Range range, ArrowBuf buffer, long position, int length, int firstBlock) {}

  private static final Object END = new Object();
  private static final long POLL_MILLISECONDS = 20;

  private final List<ShuffleIndex.Range> ranges;
  private final BufferAllocator allocator;
  private final int readBufferBytes;
  private final int readBuffers;
  private final boolean verifyChecksums;
  private final ReaderMetrics metrics;
  private final BlockingQueue<Object> ready = new LinkedBlockingQueue<>();
  private final BlockingQueue<ArrowBuf> free = new LinkedBlockingQueue<>();
  private final List<ArrowBuf> owned = new ArrayList<>();

  ReadAhead(List<ShuffleIndex.Range> ranges, BufferAllocator allocator, ShuffleReaderOptions options,
      ReaderMetrics metrics) {
    this.ranges = ranges;
    this.allocator = allocator;
    this.readBufferBytes = options.readBufferBytes();
    this.readBuffers = options.readBuffers();
    this.verifyChecksums = options.verifyChecksums();
    this.metrics = metrics;
  }

  /** Starts reading on {@code executor}, or on a daemon thread of its own when it is null. */
  void start(Executor executor) {
    start(executor, "quiver-shuffle-read-ahead");
  }

  @Override
  void work() {
    try {
      for (ShuffleIndex.Range range : ranges) {
        if (closed()) {
          return;
        }
        readRange(range);
        metrics.mapOutputsRead.increment();
      }
      ready.add(END);
    } catch (Throwable failure) {
      ready.add(failure);
    }
  }

  private void readRange(ShuffleIndex.Range range) throws IOException, InterruptedException {
    CRC32C checksum = verifyChecksums && range.checksum() != ShuffleIndex.NO_CHECKSUM ? new CRC32C() : null;
    try (FileChannel channel = FileChannel.open(range.output().dataFile(), StandardOpenOption.READ)) {
      long position = range.start();
      int blockIndex = 0;
      long needed = 0;
      while (position < range.end() && !closed()) {
        long left = range.end() - position;
        ArrowBuf buffer = obtain(Math.max(needed, Math.min(readBufferBytes, left)));
        if (buffer == null) {
          return;
        }
        int length = (int) Math.min(buffer.capacity(), left);
        read(channel, buffer, length, position, range, blockIndex);
        int whole = 0;
        int blocks = 0;
        while (whole < length) {
          long blockBytes = checkedBlockBytes(buffer, whole, length, position + whole, range, blockIndex + blocks);
          if (blockBytes < 0 || whole + blockBytes > length) {
            break;
          }
          whole += (int) blockBytes;
          blocks++;
        }
        if (blocks == 0) {
          // The first block is larger than the buffer: read it again into a buffer of its size.
          needed = buffer.getLong(0) + BlockFormat.LENGTH_FIELD_BYTES;
          free.add(buffer);
          continue;
        }
        needed = 0;
        if (checksum != null) {
          checksum.update(buffer.nioBuffer(0, whole));
        }
        ready.add(new Chunk(range, buffer, position, whole, blockIndex));
        position += whole;
        blockIndex += blocks;
      }
    }
    if (checksum != null && !closed()) {
      if (checksum.getValue() != range.checksum()) {
        throw new CorruptFileException(range.output().dataFile().toString(), "partition " + range.partition()
            + ": the CRC-32C of its bytes is " + checksum.getValue() + " but " + range.output().checksumFile()
            + " says " + range.checksum(), null);
      }
      metrics.checksumsVerified.increment();
    }
  }

  /**
   * The size of the block whose header starts at {@code offset} of the buffer, checked against the
   * bytes left in the range; -1 when its header is cut off by the end of the buffer.
   */
  private static long checkedBlockBytes(ArrowBuf buffer, int offset, int length, long position,
      ShuffleIndex.Range range, int blockIndex) throws CorruptFileException {
    long left = range.end() - position;
    String where = "partition " + range.partition() + " block " + blockIndex + " at byte " + position;
    if (left < BlockFormat.HEADER_BYTES) {
      throw new CorruptFileException(range.output().dataFile().toString(), where + ": only " + left
          + " bytes left in the partition, fewer than a " + BlockFormat.HEADER_BYTES + "-byte block header", null);
    }
    if (offset + BlockFormat.HEADER_BYTES > length) {
      return -1;
    }
    long lengthField = buffer.getLong(offset + BlockFormat.LENGTH_OFFSET);
    if (lengthField < BlockFormat.MIN_LENGTH || lengthField > BlockFormat.MAX_LENGTH) {
      throw new CorruptFileException(range.output().dataFile().toString(), where + ": length field "
          + Long.toUnsignedString(lengthField) + " is outside " + BlockFormat.MIN_LENGTH + ".."
          + BlockFormat.MAX_LENGTH, null);
    }
    long blockBytes = lengthField + BlockFormat.LENGTH_FIELD_BYTES;
    if (blockBytes > left) {
      throw new CorruptFileException(range.output().dataFile().toString(), where + ": the length field says "
          + blockBytes + " block bytes but only " + left + " are left in the partition", null);
    }
    return blockBytes;
  }

  private void read(FileChannel channel, ArrowBuf buffer, int length, long position, ShuffleIndex.Range range,
      int blockIndex) throws IOException {
    long started = System.nanoTime();
    java.nio.ByteBuffer target = buffer.nioBuffer(0, length);
    while (target.hasRemaining()) {
      long at = position + target.position();
      if (channel.read(target, at) < 0) {
        throw new CorruptFileException(range.output().dataFile().toString(), "partition " + range.partition()
            + " block " + blockIndex + ": the file ends at byte " + at + ", inside the partition", null);
      }
    }
    metrics.ioNanos.add(System.nanoTime() - started);
    metrics.bytesRead.add(length);
  }

  /** A free read buffer of at least {@code bytes} (waiting for one if all are in use), or null once closed. */
  private ArrowBuf obtain(long bytes) throws InterruptedException {
    ArrowBuf buffer = free.poll();
    if (buffer == null && ownedCount() < readBuffers) {
      return allocate(bytes);
    }
    if (buffer == null) {
      metrics.bufferWaits.increment();
      while (buffer == null) {
        if (closed()) {
          return null;
        }
        buffer = free.poll(POLL_MILLISECONDS, TimeUnit.MILLISECONDS);
      }
    }
    if (buffer.capacity() >= bytes) {
      return buffer;
    }
    synchronized (owned) {
      owned.remove(buffer);
    }
    buffer.close();
    return allocate(bytes);
  }

  private ArrowBuf allocate(long bytes) {
    ArrowBuf buffer = Allocators.exactBuffer(allocator, bytes);
    synchronized (owned) {
      owned.add(buffer);
    }
    return buffer;
  }

  private int ownedCount() {
    synchronized (owned) {
      return owned.size();
    }
  }

  /**
   * The next chunk, waiting for the I/O thread if it is not read yet; null after the last.
   *
   * @throws CorruptFileException (or another failure) when reading failed
   */
  Chunk take() throws IOException {
    Object next = ready.poll();
    if (next == null) {
      metrics.readAheadWaits.increment();
      long started = System.nanoTime();
      try {
        while (next == null) {
          if (closed()) {
            throw new InterruptedIOException("the shuffle reader was closed");
          }
          next = ready.poll(POLL_MILLISECONDS, TimeUnit.MILLISECONDS);
        }
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for shuffle data");
      } finally {
        metrics.readAheadWaitNanos.add(System.nanoTime() - started);
      }
    }
    if (next == END) {
      ready.add(END);
      return null;
    }
    if (next instanceof Throwable) {
      ready.add(next);
      throw rethrow((Throwable) next, "shuffle read-ahead");
    }
    return (Chunk) next;
  }

  /** Returns a chunk's buffer to the pool. */
  void release(ArrowBuf buffer) {
    free.add(buffer);
  }

  /** Stops the I/O thread, waits for it, and frees every buffer. */
  @Override
  public void close() {
    stopAndWait();
    synchronized (owned) {
      for (ArrowBuf buffer : owned) {
        buffer.close();
      }
      owned.clear();
    }
    free.clear();
    ready.clear();
  }
}
