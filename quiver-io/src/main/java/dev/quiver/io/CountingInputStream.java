package dev.quiver.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** An input stream that counts the bytes read through it, for progress lines. */
public final class CountingInputStream extends FilterInputStream {
  private long count;

  public CountingInputStream(InputStream in) {
    super(in);
  }

  public long count() {
    return count;
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    if (b >= 0) {
      count++;
    }
    return b;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    int read = in.read(buffer, offset, length);
    if (read > 0) {
      count += read;
    }
    return read;
  }

  @Override
  public long skip(long bytes) throws IOException {
    long skipped = in.skip(bytes);
    count += skipped;
    return skipped;
  }
}
