package dev.quiver.shuffle.file;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.QuiverException;
import dev.quiver.common.memory.Allocators;
import dev.quiver.shuffle.block.BlockFormat;
import dev.quiver.shuffle.block.BlockHeader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Reads a shuffle data file (or a byte range of one) as blocks back to back. Each block's header is
 * read and checked against the bytes left before the block is allocated, so a lying length can never
 * ask for more memory than the file holds.
 */
public final class ShuffleBlockFile implements AutoCloseable {
  /** One block read from the file: its index, position, header and bytes (owned by the caller). */
  public record Block(int index, long position, BlockHeader header, ArrowBuf bytes) implements AutoCloseable {
    @Override
    public void close() {
      bytes.close();
    }
  }

  private final Path path;
  private final FileChannel channel;
  private final BufferAllocator allocator;
  private final long end;
  private long position;
  private int index;

  private ShuffleBlockFile(Path path, FileChannel channel, BufferAllocator allocator, long start, long end) {
    this.path = path;
    this.channel = channel;
    this.allocator = allocator;
    this.position = start;
    this.end = end;
  }

  /** Opens the whole file. */
  public static ShuffleBlockFile open(Path path, BufferAllocator allocator) throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
    return new ShuffleBlockFile(path, channel, allocator, 0, channel.size());
  }

  /** Opens the byte range {@code [start, end)} of the file (one partition of a data file). */
  public static ShuffleBlockFile open(Path path, BufferAllocator allocator, long start, long end) throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
    if (start < 0 || end < start || end > channel.size()) {
      channel.close();
      throw QuiverException
          .user(path + ": byte range " + start + ".." + end + " is outside the file of " + channel.size() + " bytes");
    }
    return new ShuffleBlockFile(path, channel, allocator, start, end);
  }

  /** A name for the block at {@code index}, for messages: {@code FILE block N}. */
  public String blockName(int blockIndex) {
    return path + " block " + blockIndex;
  }

  /** Whether another block follows. */
  public boolean hasNext() {
    return position < end;
  }

  /**
   * The next block, read into memory.
   *
   * @throws CorruptFileException when the header is impossible or the block runs past the range
   */
  public Block next() throws IOException {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    int blockIndex = index;
    String where = "block " + blockIndex + " at byte " + position;
    long remaining = end - position;
    if (remaining < BlockFormat.HEADER_BYTES) {
      throw new CorruptFileException(path.toString(), where + ": only " + remaining
          + " bytes left, fewer than a " + BlockFormat.HEADER_BYTES + "-byte block header", null);
    }
    ByteBuffer headerBytes = ByteBuffer.allocate(BlockFormat.HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    readFully(headerBytes, position, where);
    BlockHeader header;
    try (ArrowBuf headerBuffer = allocator.buffer(BlockFormat.HEADER_BYTES)) {
      headerBuffer.setBytes(0, headerBytes.array());
      header = BlockHeader.read(headerBuffer, 0, remaining, where);
    } catch (QuiverException corrupt) {
      throw new CorruptFileException(path.toString(), corrupt.getMessage(), corrupt);
    }
    long size = header.blockBytes();
    ArrowBuf bytes = Allocators.exactBuffer(allocator, size);
    try {
      ByteBuffer target = bytes.nioBuffer(0, (int) size);
      readFully(target, position, where);
    } catch (IOException | RuntimeException failure) {
      bytes.close();
      throw failure;
    }
    Block block = new Block(blockIndex, position, header, bytes);
    position += size;
    index++;
    return block;
  }

  private void readFully(ByteBuffer target, long at, String where) throws IOException {
    long cursor = at;
    while (target.hasRemaining()) {
      int read = channel.read(target, cursor);
      if (read < 0) {
        throw new CorruptFileException(path.toString(),
            where + ": the file ends at byte " + cursor + ", inside the block", null);
      }
      cursor += read;
    }
  }

  /** An iterator over the remaining blocks; its {@code next} wraps I/O failures unchecked. */
  public Iterator<Block> iterator() {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return ShuffleBlockFile.this.hasNext();
      }

      @Override
      public Block next() {
        try {
          return ShuffleBlockFile.this.next();
        } catch (IOException failure) {
          throw new java.io.UncheckedIOException(failure);
        }
      }
    };
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
