package dev.quiver.shuffle.exchange;

import dev.quiver.common.io.FileSync;
import dev.quiver.common.io.TemporaryFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A map output's files written under temporary names and made visible together. {@link #commit}
 * forces every file to disk (unless the writer's options say the files need not outlive the process), then renames the checksum file, the data file and, last, the index
 * file: the index is the commit point, as in Spark, and a reader checks that the index's last offset
 * is the data file's length. If a rename fails, the files already renamed are deleted again; closing
 * without a commit deletes the temporary files. Nothing partial is ever visible under the final names.
 */
final class MapOutputCommit implements AutoCloseable {
  private final MapOutput target;
  private final Path dataTemporary;
  private final Path indexTemporary;
  private final Path checksumTemporary;
  private final FileChannel data;
  /** Whether the files and their folder are forced to disk (see {@link ShuffleWriterOptions#durable}). */
  private final boolean durable;
  private boolean committed;
  private boolean closed;

  private MapOutputCommit(MapOutput target, Path dataTemporary, Path indexTemporary, Path checksumTemporary,
      FileChannel data, boolean durable) {
    this.target = target;
    this.durable = durable;
    this.dataTemporary = dataTemporary;
    this.indexTemporary = indexTemporary;
    this.checksumTemporary = checksumTemporary;
    this.data = data;
  }

  /**
   * Starts writing {@code target}: a temporary data file, opened for writing. Temporary files of the
   * same targets left by processes that died ({@code kill -9} mid-write) are removed first. {@code durable}: whether
   * the commit forces the files and their folder to disk.
   */
  static MapOutputCommit start(MapOutput target, boolean durable) throws IOException {
    TemporaryFiles.removeStale(target.dataFile());
    TemporaryFiles.removeStale(target.indexFile());
    if (target.checksumFile() != null) {
      TemporaryFiles.removeStale(target.checksumFile());
    }
    Path dataTemporary = temporaryFor(target.dataFile());
    FileChannel channel = FileChannel.open(dataTemporary, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
    return new MapOutputCommit(target, dataTemporary, temporaryFor(target.indexFile()),
        target.checksumFile() == null ? null : temporaryFor(target.checksumFile()), channel, durable);
  }

  private static Path temporaryFor(Path file) {
    return TemporaryFiles.nameFor(file);
  }

  /** The temporary data file's channel. */
  FileChannel data() {
    return data;
  }

  /** Writes the index (the P + 1 offsets) and, if there is a checksum file, the P checksums. */
  void writeIndexAndChecksums(long[] offsets, long[] checksums) throws IOException {
    writeLongs(indexTemporary, offsets);
    if (checksumTemporary != null) {
      writeLongs(checksumTemporary, checksums);
    }
  }

  private void writeLongs(Path file, long[] values) throws IOException {
    ByteBuffer bytes = ByteBuffer.allocate(values.length * Long.BYTES);
    for (long value : values) {
      bytes.putLong(value);
    }
    bytes.flip();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW)) {
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
      if (durable) {
        channel.force(true);
      }
    }
  }

  /** Makes the files visible under their names (durably when asked), the index last. */
  void commit() throws IOException {
    if (durable) {
      data.force(true);
    }
    data.close();
    List<Path> renamed = new ArrayList<>();
    try {
      if (checksumTemporary != null) {
        move(checksumTemporary, target.checksumFile(), renamed);
      }
      move(dataTemporary, target.dataFile(), renamed);
      move(indexTemporary, target.indexFile(), renamed);
      committed = true;
    } finally {
      if (!committed) {
        for (Path file : renamed) {
          Files.deleteIfExists(file);
        }
      }
    }
    if (durable) {
      FileSync.directory(target.indexFile().toAbsolutePath().getParent());
    }
  }

  private static void move(Path from, Path to, List<Path> renamed) throws IOException {
    Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    renamed.add(to);
  }

  /** Deletes the temporary files unless they were committed. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (!committed) {
      try {
        data.close();
      } finally {
        Files.deleteIfExists(dataTemporary);
        Files.deleteIfExists(indexTemporary);
        if (checksumTemporary != null) {
          Files.deleteIfExists(checksumTemporary);
        }
      }
    }
  }
}
