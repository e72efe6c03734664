package dev.quiver.io.csv;

import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;

/**
 * A small RFC 4180 reader: fields separated by a comma, or by the first of {@code ;}, {@code |} or a
 * tab that {@link CsvDelimiterSniffer} finds in the first lines, {@code "}-quoted fields holding commas, quotes
 * (doubled) and line breaks, records ended by LF, CRLF or CR. Line breaks inside quotes are kept as
 * they are. Lenient where it costs nothing: a quote inside an unquoted field is an ordinary
 * character, empty lines are skipped, a byte-order mark is dropped. Strict where data would be lost:
 * an unterminated quoted field, or text after a closing quote, is a {@link QuiverException} USER
 * error naming the source, line and column (the field's 1-based position).
 */
final class CsvRecordReader implements AutoCloseable {
  private static final int END = -1;

  private final Reader reader;
  private final String source;
  private final char[] buffer = new char[1 << 16];
  private final StringBuilder field = new StringBuilder();
  private int position;
  private int limit;
  private long line = 1;
  private int column = 1;
  private boolean started;
  private boolean sniffed;
  private char delimiter = ',';

  /** A reader of {@code reader}; {@code source} names it in messages (usually the file). */
  CsvRecordReader(Reader reader, String source) {
    this.reader = reader;
    this.source = source;
  }

  /**
   * A reader of UTF-8 bytes; malformed UTF-8 is an error, not replaced, naming the line and column
   * of the first bad byte.
   */
  static CsvRecordReader utf8(InputStream in, String source) {
    return new CsvRecordReader(new Utf8Reader(in), source);
  }

  /**
   * A reader of UTF-8 bytes whose fields are separated by {@code delimiter}, or by a sniffed one when
   * it is {@link CsvReadOptions#SNIFF}.
   */
  static CsvRecordReader utf8(InputStream in, String source, char delimiter) {
    CsvRecordReader reader = utf8(in, source);
    if (delimiter != CsvReadOptions.SNIFF) {
      reader.sniffed = true;
      reader.delimiter = delimiter;
    }
    return reader;
  }

  /** The character that separates fields: given, or sniffed from the start of the input (docs/CSV.md). */
  char delimiter() {
    return delimiter;
  }

  String source() {
    return source;
  }

  /**
   * Reads the next record into {@code record}.
   *
   * @return false at the end of the input (and {@code record} is then empty)
   */
  boolean next(CsvRecord record) throws IOException {
    column = 1;
    int c = read();
    if (!started) {
      started = true;
      if (c == '\uFEFF') {
        c = read();
      }
    }
    while (c == '\n' || c == '\r') {
      endLine(c);
      c = read();
    }
    record.clear(line);
    if (c == END) {
      return false;
    }
    while (true) {
      column = record.size() + 1;
      field.setLength(0);
      boolean quoted = c == '"';
      c = quoted ? readQuoted(column) : readUnquoted(c);
      record.add(field.toString(), quoted);
      if (c == delimiter) {
        column = record.size() + 1;
        c = read();
        continue;
      }
      if (c == '\n' || c == '\r') {
        endLine(c);
      }
      return true;
    }
  }

  /** Reads an unquoted field starting with {@code c}; returns the character that ended it. */
  private int readUnquoted(int first) throws IOException {
    int c = first;
    while (c != delimiter && c != '\n' && c != '\r' && c != END) {
      field.append((char) c);
      c = read();
    }
    return c;
  }

  /** Reads a quoted field after its opening quote; returns the character after the closing quote. */
  private int readQuoted(int column) throws IOException {
    long startLine = line;
    while (true) {
      int c = read();
      if (c == END) {
        throw error(startLine, column, "unterminated quoted field: the input ends before its closing quote");
      }
      if (c == '"') {
        int after = read();
        if (after == '"') {
          field.append('"');
          continue;
        }
        if (after != delimiter && after != '\n' && after != '\r' && after != END) {
          throw error(line, column, "unexpected character '" + (char) after
              + "' after a closing quote (a quote inside a quoted field is written \"\")");
        }
        return after;
      }
      field.append((char) c);
      if (c == '\n') {
        line++;
      } else if (c == '\r') {
        if (peek() == '\n') {
          field.append((char) read());
        }
        line++;
      }
    }
  }

  private void endLine(int c) throws IOException {
    if (c == '\r' && peek() == '\n') {
      read();
    }
    line++;
  }

  private QuiverException error(long atLine, int column, String problem) {
    return QuiverException.user(source + " line " + atLine + " column " + column + ": " + problem);
  }

  private int read() throws IOException {
    if (position == limit && !fill()) {
      return END;
    }
    return buffer[position++];
  }

  private int peek() throws IOException {
    if (position == limit && !fill()) {
      return END;
    }
    return buffer[position];
  }

  private boolean fill() throws IOException {
    int count;
    try {
      count = reader.read(buffer, 0, buffer.length);
    } catch (CharacterCodingException malformed) {
      throw error(line, column, "the file is not valid UTF-8 text (a malformed byte sequence here)");
    }
    if (count <= 0) {
      return false;
    }
    position = 0;
    limit = count;
    if (!sniffed) {
      sniffed = true;
      delimiter = CsvDelimiterSniffer.sniff(buffer, count);
    }
    return true;
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
