package dev.quiver.shuffle.exchange;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
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
  private final List<long[]> runs = new ArrayList<>();
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

  /** Appends a run of {@code blocks} (per partition, in order); returns the bytes written. */
  long spill(PendingBlocks blocks) throws IOException {
    long[] starts = new long[partitions + 1];
    long start = out.position();
    for (int p = 0; p < partitions; p++) {
      starts[p] = out.position();
      for (byte[] block : blocks.of(p)) {
        out.write(block, 0, block.length);
      }
    }
    out.flush();
    starts[partitions] = out.position();
    runs.add(starts);
    return starts[partitions] - start;
  }

  int runCount() {
    return runs.size();
  }

  /** Copies partition {@code partition}'s bytes of every run, in run order, to {@code out}. */
  void copyPartition(int partition, DataFileOutput out) throws IOException {
    for (long[] run : runs) {
      long length = run[partition + 1] - run[partition];
      if (length > 0) {
        out.copyFrom(channel, run[partition], length);
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
