package dev.quiver.shuffle.exchange;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads a partition's byte range from a map output's index file, checking everything it trusts
 * before anything is allocated or read from the data file: the index is a whole number of 8-byte
 * big-endian offsets (at least two), holds the expected number of partitions, starts at 0, ends
 * at the data file's length (a truncated or grown data file fails here), and the partition's range
 * is increasing and inside the data file. A checksum file must hold one 8-byte value per partition.
 * Every failure names the file and the partition.
 */
public final class ShuffleIndex {
  private ShuffleIndex() {}

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
    if (partitions > Integer.MAX_VALUE) {
      throw new CorruptFileException(indexFile.toString(), where + " claims " + partitions + " partitions", null);
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
    long first;
    long start;
    long end;
    long last;
    try (FileChannel channel = FileChannel.open(index, StandardOpenOption.READ)) {
      first = readLong(channel, 0, index, where);
      start = readLong(channel, (long) partition * Long.BYTES, index, where);
      end = readLong(channel, (long) (partition + 1) * Long.BYTES, index, where);
      last = readLong(channel, (long) partitions * Long.BYTES, index, where);
    }
    long dataBytes = Files.size(output.dataFile());
    if (first != 0) {
      throw new CorruptFileException(index.toString(), where + ": the first offset is " + first + ", not 0", null);
    }
    if (last != dataBytes) {
      throw new CorruptFileException(output.dataFile().toString(), where + ": the index " + index + " says the data file"
          + " has " + last + " bytes, but it has " + dataBytes + (dataBytes < last ? " (truncated)" : ""), null);
    }
    if (start < 0 || end < start || end > dataBytes) {
      throw new CorruptFileException(index.toString(), where + ": offsets " + start + ".." + end
          + " are not an increasing range inside the data file of " + dataBytes + " bytes", null);
    }
    long checksum = output.checksumFile() == null ? NO_CHECKSUM : readChecksum(output.checksumFile(), partitions, partition);
    return new Range(output, partition, start, end, checksum);
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
        throw new CorruptFileException(file.toString(), where + ": checksum " + value + " is not a CRC-32C value", null);
      }
      return value;
    }
  }

  private static long readLong(FileChannel channel, long position, Path file, String where) throws IOException {
    ByteBuffer bytes = ByteBuffer.allocate(Long.BYTES);
    while (bytes.hasRemaining()) {
      if (channel.read(bytes, position + bytes.position()) < 0) {
        throw new CorruptFileException(file.toString(), where + ": the file ends at byte " + (position + bytes.position())
            + ", inside an offset", null);
      }
    }
    return bytes.flip().getLong();
  }
}
