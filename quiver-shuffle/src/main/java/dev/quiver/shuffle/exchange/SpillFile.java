package dev.quiver.shuffle.exchange;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A map task's spill file: each spill appends one run, the waiting blocks of every partition in id
 * order, and remembers where each partition's blocks lie. At commit each partition's byte ranges
 * are copied into the data file as they are. The file is a temporary file, deleted on close.
 */
final class SpillFile implements AutoCloseable {
  private final Path path;
  private final FileChannel channel;
  private final int partitions;
  private final List<Run> runs = new ArrayList<>();
  private final DataFileOutput out;

  private SpillFile(Path path, FileChannel channel, int partitions) {
    this.path = path;
    this.channel = channel;
    this.partitions = partitions;
    this.out = new DataFileOutput(channel, 0, false);
  }

  /** A new, empty spill file in {@code directory}. */
  static SpillFile create(Path directory, String prefix, int partitions) throws IOException {
    Path path = Files.createTempFile(directory, prefix, ".spill");
    try {
      return new SpillFile(path, FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE), partitions);
    } catch (IOException | RuntimeException failure) {
      Files.deleteIfExists(path);
      throw failure;
    }
  }

  Path path() {
    return path;
  }

  /**
   * One spill: the partitions that had blocks in it, ascending, and where each one's bytes start
   * and end. Sized by the partitions spilled, not by every partition, so many spills of a shuffle
   * with many partitions keep little on the heap.
   */
  private record Run(int[] partitions, long[] starts, long[] ends) {}

  /** Appends a run of {@code blocks} (per partition, in order); returns the bytes written. */
  long spill(PendingBlocks blocks) throws IOException {
    int spilled = 0;
    for (int p = 0; p < partitions; p++) {
      if (!blocks.of(p).isEmpty()) {
        spilled++;
      }
    }
    Run run = new Run(new int[spilled], new long[spilled], new long[spilled]);
    long start = out.position();
    int entry = 0;
    for (int p = 0; p < partitions && entry < spilled; p++) {
      List<byte[]> partition = blocks.of(p);
      if (partition.isEmpty()) {
        continue;
      }
      run.partitions()[entry] = p;
      run.starts()[entry] = out.position();
      for (byte[] block : partition) {
        out.write(block, 0, block.length);
      }
      run.ends()[entry] = out.position();
      entry++;
    }
    out.flush();
    runs.add(run);
    return out.position() - start;
  }

  int runCount() {
    return runs.size();
  }

  /** Copies partition {@code partition}'s bytes of every run, in run order, to {@code out}. */
  void copyPartition(int partition, DataFileOutput out) throws IOException {
    for (Run run : runs) {
      int entry = Arrays.binarySearch(run.partitions(), partition);
      if (entry >= 0) {
        out.copyFrom(channel, run.starts()[entry], run.ends()[entry] - run.starts()[entry]);
      }
    }
  }

  @Override
  public void close() throws IOException {
    try {
      channel.close();
    } finally {
      Files.deleteIfExists(path);
    }
  }
}
