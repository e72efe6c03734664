package dev.quiver.common.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The temporary files atomic writers write before they rename into place, named so they can be
 * recognised and cleaned up: {@code .NAME.quiver-tmp-PID-RANDOM} beside the target {@code NAME},
 * where PID is the writing process. A process killed while writing (kill -9, a power cut) leaves its
 * file behind; the next writer of the same target removes every such file whose process is gone.
 */
public final class TemporaryFiles {
  /** What every temporary file name holds after the target's name. */
  public static final String MARK = ".quiver-tmp-";

  private TemporaryFiles() {}

  /**
   * A new temporary file name beside {@code target} (the file is not created): hidden, naming this
   * process and a random part.
   */
  public static Path nameFor(Path target) {
    Path absolute = target.toAbsolutePath();
    String random = Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36);
    return absolute.resolveSibling(prefix(absolute) + ProcessHandle.current().pid() + "-" + random);
  }

  /**
   * Deletes the temporary files of {@code target} left by processes that no longer run. Files of a
   * running process (this one included) are kept: they may still be written.
   *
   * @return the files deleted
   */
  public static List<Path> removeStale(Path target) throws IOException {
    Path absolute = target.toAbsolutePath();
    String prefix = prefix(absolute);
    List<Path> removed = new ArrayList<>();
    Path directory = absolute.getParent();
    if (directory == null || !Files.isDirectory(directory)) {
      return removed;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
      for (Path entry : entries) {
        String name = entry.getFileName().toString();
        if (name.startsWith(prefix) && isStale(name.substring(prefix.length())) && Files.deleteIfExists(entry)) {
          removed.add(entry);
        }
      }
    }
    return removed;
  }

  /** Whether the PID at the start of {@code rest} ({@code PID-RANDOM}) names no running process. */
  static boolean isStale(String rest) {
    int dash = rest.indexOf('-');
    if (dash <= 0) {
      return false;
    }
    long pid;
    try {
      pid = Long.parseLong(rest.substring(0, dash));
    } catch (NumberFormatException notOurs) {
      return false;
    }
    return ProcessHandle.of(pid).map(process -> !process.isAlive()).orElse(true);
  }

  private static String prefix(Path absolute) {
    return "." + absolute.getFileName() + MARK;
  }
}
