package dev.quiver.common;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file's bytes are not what its format promises. Checked, because a caller reading files must
 * decide what to do with a bad one; the message names the file and the part that is wrong.
 */
public class CorruptFileException extends IOException {
  private static final long serialVersionUID = 1L;

  private final String file;

  public CorruptFileException(Path file, String problem) {
    this(String.valueOf(file), problem, null);
  }

  public CorruptFileException(String file, String problem, Throwable cause) {
    super(file + ": " + problem, cause);
    this.file = file;
  }

  /** The file, as the caller named it. */
  public String file() {
    return file;
  }

  public ErrorCode errorCode() {
    return ErrorCode.CORRUPT;
  }
}
