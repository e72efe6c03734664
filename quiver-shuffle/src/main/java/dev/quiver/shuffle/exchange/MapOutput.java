package dev.quiver.shuffle.exchange;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The files one map task committed: a data file (every partition's blocks, partitions in id
 * order), an index file (P + 1 big-endian longs: where each partition starts, then the data file's
 * length; Spark's layout) and, optionally, a checksum file (P big-endian longs, the CRC-32C of each
 * partition's bytes in the low 32 bits).
 *
 * @param dataFile the data file
 * @param indexFile the index file
 * @param checksumFile the checksum file, or null when there is none
 * @param partitionCount the number of partitions the index must hold, or 0 to take it from the index
 */
public record MapOutput(Path dataFile, Path indexFile, Path checksumFile, int partitionCount) {
  public static final String DATA_SUFFIX = ".data";
  public static final String INDEX_SUFFIX = ".index";
  public static final String CHECKSUM_SUFFIX = ".checksum";

  /**
   * The files {@code NAME.data}, {@code NAME.index} and {@code NAME.checksum} in {@code directory}
   * (the checksum file only if {@code checksum}), for {@code partitions} partitions (0: unknown).
   */
  public static MapOutput named(Path directory, String name, boolean checksum, int partitions) {
    return new MapOutput(directory.resolve(name + DATA_SUFFIX), directory.resolve(name + INDEX_SUFFIX),
        checksum ? directory.resolve(name + CHECKSUM_SUFFIX) : null, partitions);
  }

  /**
   * The map output whose index file is {@code indexFile} ({@code NAME.index}): its data file beside
   * it, and its checksum file if one exists; the partition count is taken from the index.
   */
  public static MapOutput ofIndex(Path indexFile) {
    String file = indexFile.getFileName().toString();
    String name = file.endsWith(INDEX_SUFFIX) ? file.substring(0, file.length() - INDEX_SUFFIX.length()) : file;
    Path directory = indexFile.toAbsolutePath().getParent();
    Path checksum = directory.resolve(name + CHECKSUM_SUFFIX);
    return new MapOutput(directory.resolve(name + DATA_SUFFIX), indexFile, Files.exists(checksum) ? checksum : null, 0);
  }

  /** The same files with the checksum file left out (not written, or not to be verified). */
  public MapOutput withoutChecksum() {
    return new MapOutput(dataFile, indexFile, null, partitionCount);
  }
}
