package dev.quiver.io;

import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Checks on a path given as an input file, with the messages every command shares. */
public final class InputFiles {
  private InputFiles() {}

  /**
   * Fails with a USER error when {@code path} does not exist or is a folder.
   *
   * @throws QuiverException USER naming the path and the problem
   */
  public static void requireFile(Path path) {
    if (Files.isDirectory(path)) {
      throw QuiverException.user(path + " is a folder, not a file");
    }
    if (!Files.exists(path)) {
      throw QuiverException.user("no such file: " + path);
    }
  }

  /** Up to the first {@code count} bytes of {@code path}. */
  public static byte[] firstBytes(Path path, int count) throws IOException {
    try (InputStream in = Files.newInputStream(path)) {
      return in.readNBytes(count);
    }
  }
}
