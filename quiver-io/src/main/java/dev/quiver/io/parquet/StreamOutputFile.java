package dev.quiver.io.parquet;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A Parquet {@link OutputFile} over an already open stream, so the caller decides where the bytes go
 * (an atomically committed temporary file, for instance). Closing the Parquet writer flushes the
 * stream but does not close it: the caller does.
 */
public final class StreamOutputFile implements OutputFile {
  private final OutputStream stream;
  private final String name;
  private boolean created;

  /**
   * @param stream where the file's bytes go, from its first byte on
   * @param name the file's name, for messages
   */
  public StreamOutputFile(OutputStream stream, String name) {
    this.stream = stream;
    this.name = name;
  }

  @Override
  public PositionOutputStream create(long blockSizeHint) {
    if (created) {
      throw new IllegalStateException(name + " is already being written");
    }
    created = true;
    return new CountingStream(stream);
  }

  @Override
  public PositionOutputStream createOrOverwrite(long blockSizeHint) {
    return create(blockSizeHint);
  }

  @Override
  public boolean supportsBlockSize() {
    return false;
  }

  @Override
  public long defaultBlockSize() {
    return 0;
  }

  @Override
  public String getPath() {
    return name;
  }

  private static final class CountingStream extends PositionOutputStream {
    private final OutputStream stream;
    private long position;

    CountingStream(OutputStream stream) {
      this.stream = stream;
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void write(int value) throws IOException {
      stream.write(value);
      position++;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      stream.write(bytes, offset, length);
      position += length;
    }

    @Override
    public void flush() throws IOException {
      stream.flush();
    }

    @Override
    public void close() throws IOException {
      stream.flush();
    }
  }
}
