package dev.quiver.shuffle.exchange;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.partition.Partitioning;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads a partition's byte range from a map output's index file, checking the whole index before
 * anything is allocated or read from the data file: the index is a whole number of 8-byte
 * big-endian offsets (at least two, at most {@link Partitioning#MAX_PARTITIONS} + 1), holds the
 * expected number of partitions, starts at 0, never decreases and ends at the data file's length
 * (a truncated or grown data file fails here). So one partition's range can be trusted only when
 * every range is: an index whose own range for the partition looks fine but that runs backwards
 * elsewhere is damaged, and another partition's rows must not come back. A checksum file must hold
 * one 8-byte value per partition. Every failure names the file, the partition and the first bad entry.
 */
public final class ShuffleIndex {
  private ShuffleIndex() {}

  /** Bytes of the index read at a time while its offsets are checked. */
  private static final int INDEX_READ_BYTES = 64 << 10;

  /** No checksum to verify. */
  public static final long NO_CHECKSUM = -1;

  /**
   * One partition's bytes in one map output.
   *
   * @param output the map output
   * @param partition the partition
   * @param start first byte in the data file
   * @param end one past the last byte
   * @param checksum the CRC-32C the checksum file gives, or {@link #NO_CHECKSUM}
   */
  public record Range(MapOutput output, int partition, long start, long end, long checksum) {
    public long length() {
      return end - start;
    }
  }

  /** The number of partitions the index file {@code indexFile} holds offsets for. */
  public static int partitionCount(Path indexFile) throws IOException {
    return partitionCount(indexFile, Files.size(indexFile), "the index");
  }

  private static int partitionCount(Path indexFile, long bytes, String where) throws IOException {
    if (bytes % Long.BYTES != 0 || bytes < 2 * Long.BYTES) {
      throw new CorruptFileException(indexFile.toString(), where + " has " + bytes + " bytes; an index holds P + 1 "
          + "8-byte offsets, at least 16 bytes", null);
    }
    long partitions = bytes / Long.BYTES - 1;
    if (partitions > Partitioning.MAX_PARTITIONS) {
      throw new CorruptFileException(indexFile.toString(), where + " claims " + partitions + " partitions, more than"
          + " the " + Partitioning.MAX_PARTITIONS + " a shuffle may have", null);
    }
    return (int) partitions;
  }

  /**
   * The range of {@code partition} in {@code output}, with its checksum when the output has a
   * checksum file.
   *
   * @throws CorruptFileException naming the index, data or checksum file and the partition
   * @throws QuiverException USER when the map output has no such partition
   */
  public static Range read(MapOutput output, int partition) throws IOException {
    Path index = output.indexFile();
    String where = "partition " + partition;
    int partitions = partitionCount(index, Files.size(index), where + ": the index");
    if (output.partitionCount() > 0 && partitions != output.partitionCount()) {
      throw new CorruptFileException(index.toString(), where + ": the index holds offsets for " + partitions
          + " partitions, expected " + output.partitionCount(), null);
    }
    if (partition < 0 || partition >= partitions) {
      throw QuiverException.user(index + ": no partition " + partition + "; the map output has " + partitions
          + " partitions (0.." + (partitions - 1) + ")");
    }
    long dataBytes = Files.size(output.dataFile());
    long start;
    long end;
    try (FileChannel channel = FileChannel.open(index, StandardOpenOption.READ)) {
      checkOffsets(channel, partitions, dataBytes, output, where);
      start = readLong(channel, (long) partition * Long.BYTES, index, where);
      end = readLong(channel, (long) (partition + 1) * Long.BYTES, index, where);
    }
    long checksum = output.checksumFile() == null ? NO_CHECKSUM
        : readChecksum(output.checksumFile(), partitions, partition);
    return new Range(output, partition, start, end, checksum);
  }

  /**
   * Reads every offset of the index, a buffer at a time: the first is 0, none is below the one
   * before it, the last is the data file's length.
   */
  private static void checkOffsets(FileChannel channel, int partitions, long dataBytes, MapOutput output, String where)
      throws IOException {
    Path index = output.indexFile();
    long entries = partitions + 1L;
    ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(entries * Long.BYTES, INDEX_READ_BYTES));
    long previous = 0;
    long entry = 0;
    while (entry < entries) {
      buffer.clear();
      buffer.limit((int) Math.min(buffer.capacity(), (entries - entry) * Long.BYTES));
      readFully(channel, buffer, entry * Long.BYTES, index, where);
      buffer.flip();
      for (; buffer.hasRemaining(); entry++) {
        long offset = buffer.getLong();
        if (entry == 0 && offset != 0) {
          throw new CorruptFileException(index.toString(), where + ": the first offset is " + offset + ", not 0", null);
        }
        if (offset < previous) {
          throw new CorruptFileException(index.toString(), where + ": the offsets are not an increasing range from 0 to"
              + " the data file's length: entry " + entry + " (" + offset + ") is below entry " + (entry - 1) + " ("
              + previous + "), so partitions " + (entry - 1) + " and " + entry + " cannot both be right", null);
        }
        previous = offset;
      }
    }
    if (previous != dataBytes) {
      throw new CorruptFileException(output.dataFile().toString(),
          where + ": the index " + index + " says the data file"
              + " has " + previous + " bytes, but it has " + dataBytes + (dataBytes < previous ? " (truncated)" : ""),
          null);
    }
  }

  private static long readChecksum(Path file, int partitions, int partition) throws IOException {
    String where = "partition " + partition;
    long bytes = Files.size(file);
    if (bytes != (long) partitions * Long.BYTES) {
      throw new CorruptFileException(file.toString(), where + ": the checksum file has " + bytes + " bytes, expected "
          + partitions + " 8-byte checksums", null);
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long value = readLong(channel, (long) partition * Long.BYTES, file, where);
      if (value < 0 || value > 0xFFFF_FFFFL) {
        throw new CorruptFileException(file.toString(), where + ": checksum " + value + " is not a CRC-32C value",
            null);
      }
      return value;
    }
  }

  private static long readLong(FileChannel channel, long position, Path file, String where) throws IOException {
    ByteBuffer bytes = ByteBuffer.allocate(Long.BYTES);
    readFully(channel, bytes, position, file, where);
    return bytes.flip().getLong();
  }

  private static void readFully(FileChannel channel, ByteBuffer bytes, long position, Path file, String where)
      throws IOException {
    long start = position - bytes.position();
    while (bytes.hasRemaining()) {
      if (channel.read(bytes, start + bytes.position()) < 0) {
        throw new CorruptFileException(file.toString(), where + ": the file ends at byte " + (start + bytes.position())
            + ", inside an offset", null);
      }
    }
  }
}
