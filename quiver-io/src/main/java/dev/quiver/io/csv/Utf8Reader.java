package dev.quiver.io.csv;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 bytes as characters, strict: malformed input is an error, never replaced. Unlike an
 * {@link java.io.InputStreamReader}, every character before the first malformed byte is delivered
 * before the error, so a caller counting lines knows where the bad byte is when the error comes.
 */
final class Utf8Reader extends Reader {
  private final InputStream in;
  private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
      .onMalformedInput(CodingErrorAction.REPORT)
      .onUnmappableCharacter(CodingErrorAction.REPORT);
  private final ByteBuffer bytes = ByteBuffer.allocate(1 << 16).flip();
  private boolean endOfInput;
  private boolean flushed;
  private CoderResult pendingError;

  Utf8Reader(InputStream in) {
    this.in = in;
  }

  @Override
  public int read(char[] buffer, int offset, int length) throws IOException {
    if (length == 0) {
      return 0;
    }
    CharBuffer out = CharBuffer.wrap(buffer, offset, length);
    while (true) {
      if (pendingError != null) {
        throw new MalformedInputException(pendingError.length());
      }
      if (flushed) {
        return -1;
      }
      CoderResult result = decoder.decode(bytes, out, endOfInput);
      if (result.isError()) {
        pendingError = result;
      } else if (result.isUnderflow() && endOfInput && !flushed) {
        flushed = true;
        decoder.flush(out);
      }
      int decoded = out.position() - offset;
      if (decoded > 0) {
        return decoded;
      }
      if (pendingError == null && !flushed) {
        refill();
      }
    }
  }

  /** Reads more bytes, or notes the end of the input. */
  private void refill() throws IOException {
    if (endOfInput) {
      return;
    }
    bytes.compact();
    int read = in.read(bytes.array(), bytes.position(), bytes.remaining());
    if (read < 0) {
      endOfInput = true;
    } else {
      bytes.position(bytes.position() + read);
    }
    bytes.flip();
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
