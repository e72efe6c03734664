package dev.quiver.scan.plan;

import dev.quiver.common.QuiverException;
import dev.quiver.format.file.QuiverFile;
import java.io.Serializable;
import java.util.Objects;

/**
 * The file of a split, as a split names it wherever it runs: the path, the file's length and its
 * footer checksum when the scan was planned. A split run against a file whose length or footer differ
 * (rewritten, replaced, truncated) is refused instead of reading rows the plan never saw.
 *
 * @param path the file's path, as the scan was given it
 * @param length the file's length in bytes at planning
 * @param footerChecksum the CRC-32C of the file's footer at planning
 */
public record SplitFile(String path, long length, int footerChecksum) implements Serializable {
  private static final long serialVersionUID = 1L;

  public SplitFile {
    Objects.requireNonNull(path, "path");
  }

  /** The split file of an open file. */
  public static SplitFile of(QuiverFile file) {
    return new SplitFile(file.path().toString(), file.fileSize(), file.footerChecksum());
  }

  /** Checks that {@code opened} is the file the split was planned on; a USER error naming the change when not. */
  public void verify(QuiverFile opened) {
    if (opened.fileSize() != length || opened.footerChecksum() != footerChecksum) {
      throw QuiverException.user(path + " changed since the scan was planned (length " + length + " -> "
          + opened.fileSize() + (opened.footerChecksum() != footerChecksum ? ", footer differs" : "")
          + "); plan the scan again");
    }
  }
}
