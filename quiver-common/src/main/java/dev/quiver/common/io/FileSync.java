package dev.quiver.common.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Making renames durable: after a file is renamed into place, its directory is forced to disk too. */
public final class FileSync {
  private FileSync() {}

  /**
   * Forces {@code directory}'s entries to disk, where the platform can; some cannot open or sync a
   * directory, and there the renames stay atomic, only not yet durable.
   */
  public static void directory(Path directory) {
    try (FileChannel handle = FileChannel.open(directory, StandardOpenOption.READ)) {
      handle.force(true);
    } catch (IOException | RuntimeException unsupported) {
      // Nothing more can be done here; see above.
    }
  }
}
