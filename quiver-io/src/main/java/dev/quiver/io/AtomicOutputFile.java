package dev.quiver.io;

import dev.quiver.common.QuiverException;
import dev.quiver.common.io.FileSync;
import dev.quiver.common.io.TemporaryFiles;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A file written all at once or not at all: bytes go to a hidden temporary file in the target's
 * directory ({@link TemporaryFiles}: {@code .NAME.quiver-tmp-PID-RANDOM}); {@link #commit} flushes,
 * fsyncs and renames it over the target atomically (then fsyncs the directory); closing without a
 * commit deletes the temporary file. Readers never see a partial file under the target's name. A
 * process killed while writing leaves its temporary file; the next write of the same target removes
 * it.
 */
public final class AtomicOutputFile implements AutoCloseable {
  private final Path target;
  private final Path temporary;
  private final FileChannel channel;
  private final OutputStream stream;
  private boolean committed;
  private boolean closed;

  private AtomicOutputFile(Path target, Path temporary, FileChannel channel) {
    this.target = target;
    this.temporary = temporary;
    this.channel = channel;
    this.stream = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 20);
  }

  /** Starts writing {@code target}; fails with USER when it is a directory or its directory is missing. */
  public static AtomicOutputFile create(Path target) throws IOException {
    Path absolute = checkTarget(target);
    TemporaryFiles.removeStale(absolute);
    Path temporary = TemporaryFiles.nameFor(absolute);
    // Not Files.createTempFile: that makes the file readable by its owner only.
    FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
    dev.quiver.common.io.ExitCleanup.register(temporary); // removed if the JVM stops first (Ctrl-C, SIGTERM)
    return new AtomicOutputFile(absolute, temporary, channel);
  }

  /** Builds a writer on an {@link AtomicOutputFile}; see {@link #start}. */
  @FunctionalInterface
  public interface WriterOnFile<W> {
    /** A writer whose bytes go to {@code file}. */
    W on(AtomicOutputFile file) throws IOException;
  }

  /**
   * Starts writing {@code target} and builds a writer on the file; when building the writer fails,
   * the temporary file is removed before the failure is rethrown.
   */
  public static <W> W start(Path target, WriterOnFile<W> writer) throws IOException {
    AtomicOutputFile file = create(target);
    try {
      return writer.on(file);
    } catch (IOException | RuntimeException failure) {
      file.close();
      throw failure;
    }
  }

  /**
   * The absolute path of {@code target} after checking it can be written: fails with USER when it is
   * a directory or its directory is missing.
   */
  public static Path checkTarget(Path target) {
    Path absolute = target.toAbsolutePath();
    if (Files.isDirectory(absolute)) {
      throw QuiverException.user(target + " is a folder; give an output file name");
    }
    Path directory = absolute.getParent();
    if (directory == null || !Files.isDirectory(directory)) {
      throw QuiverException.user("cannot write " + target + ": directory " + directory + " does not exist");
    }
    return absolute;
  }

  /** Where to write the bytes; do not close it (commit or close this object instead). */
  public OutputStream stream() {
    return stream;
  }

  /** Makes the written bytes the target file, atomically and durably. */
  public void commit() throws IOException {
    stream.flush();
    channel.force(true);
    channel.close();
    Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    committed = true;
    dev.quiver.common.io.ExitCleanup.unregister(temporary);
    FileSync.directory(target.getParent());
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (!committed) {
      try {
        channel.close();
      } finally {
        Files.deleteIfExists(temporary);
        dev.quiver.common.io.ExitCleanup.unregister(temporary);
      }
    }
  }
}
