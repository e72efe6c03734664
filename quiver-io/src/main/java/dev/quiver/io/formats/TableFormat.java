package dev.quiver.io.formats;

import dev.quiver.common.QuiverException;
import dev.quiver.io.InputFiles;
import dev.quiver.io.TableReader;
import dev.quiver.io.TableWriter;
import dev.quiver.io.arrow.ArrowIpcTableReader;
import dev.quiver.io.arrow.ArrowIpcTableWriter;
import dev.quiver.io.csv.CsvTableReader;
import dev.quiver.io.csv.CsvTableWriter;
import dev.quiver.io.parquet.ParquetArrowReader;
import dev.quiver.io.parquet.ParquetTableWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The file formats tables are read from and written to, and how to open a {@link TableReader} or
 * {@link TableWriter} for one. An input is recognised by content first ({@code PAR1}: Parquet;
 * {@code ARROW1}: Arrow IPC file; {@code FF FF FF FF}: Arrow IPC stream), then by extension; a
 * {@code .csv} file is always CSV. An output by its extension.
 */
@SuppressWarnings("ImmutableEnumChecker") // the extension lists are List.of, immutable
public enum TableFormat {
  CSV("CSV", List.of("csv")),
  ARROW_FILE("Arrow IPC file", List.of("arrow", "feather")),
  ARROW_STREAM("Arrow IPC stream", List.of("arrows", "ipc")),
  PARQUET("Parquet", List.of("parquet"));

  /** How many leading bytes {@link #ofContent} needs at most. */
  public static final int MAGIC_BYTES = 6;

  private static final byte[] ARROW_MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] PARQUET_MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] STREAM_CONTINUATION = {-1, -1, -1, -1};

  private final String displayName;
  private final List<String> extensions;

  TableFormat(String displayName, List<String> extensions) {
    this.displayName = displayName;
    this.extensions = extensions;
  }

  /** The format's name in messages, e.g. {@code Arrow IPC file}. */
  public String displayName() {
    return displayName;
  }

  /** The file name extensions of the format, lowercase, without the dot. */
  public List<String> extensions() {
    return extensions;
  }

  /** The format whose magic bytes {@code start} begins with, or null. */
  public static TableFormat ofContent(byte[] start) {
    if (startsWith(start, PARQUET_MAGIC)) {
      return PARQUET;
    }
    if (startsWith(start, ARROW_MAGIC)) {
      return ARROW_FILE;
    }
    if (startsWith(start, STREAM_CONTINUATION)) {
      return ARROW_STREAM;
    }
    return null;
  }

  /** The format of a file name extension (lowercase, no dot), or null. */
  public static TableFormat ofExtension(String extension) {
    for (TableFormat format : values()) {
      if (format.extensions.contains(extension)) {
        return format;
      }
    }
    return null;
  }

  /** The lowercase extension of {@code path}'s file name, or the empty string. */
  public static String extension(Path path) {
    String name = path.getFileName() == null ? "" : path.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
  }

  /**
   * The format of the input file {@code path}: by content, then extension.
   *
   * @throws QuiverException USER when the file is missing, is a directory, or is of no format here
   */
  public static TableFormat detect(Path path) throws IOException {
    InputFiles.requireFile(path);
    String extension = extension(path);
    if (extension.equals("csv")) {
      return CSV;
    }
    TableFormat format = ofContent(InputFiles.firstBytes(path, MAGIC_BYTES));
    if (format == null) {
      format = ofExtension(extension);
    }
    if (format == null) {
      throw QuiverException.user("cannot tell the format of " + path
          + ": expected Parquet (.parquet), an Arrow IPC file or stream (.arrow, .arrows, .ipc) or CSV (.csv)");
    }
    return format;
  }

  /**
   * The format of {@code path} when the reader asks for {@code expected}: as {@link #detect}, except
   * that a file asked for as CSV is CSV whatever its extension ({@code .tsv}, {@code .txt}) unless its
   * content is Parquet or Arrow.
   */
  public static TableFormat detectAs(Path path, TableFormat expected) throws IOException {
    if (expected != CSV) {
      return detect(path);
    }
    InputFiles.requireFile(path);
    TableFormat byContent = ofContent(InputFiles.firstBytes(path, MAGIC_BYTES));
    return byContent == null ? CSV : byContent;
  }

  /**
   * The format to write {@code path} in, by its extension.
   *
   * @throws QuiverException USER for an extension of no format here
   */
  public static TableFormat forOutput(Path path) {
    TableFormat format = ofExtension(extension(path));
    if (format == null) {
      throw QuiverException.user("cannot tell which format to write " + path
          + ": name it .parquet, .arrow (Arrow IPC file), .arrows (Arrow IPC stream) or .csv");
    }
    return format;
  }

  /** Opens {@code path}, a file of this format, for reading. */
  public TableReader openReader(Path path, BufferAllocator allocator, ReadOptions options) throws IOException {
    InputFiles.requireFile(path);
    switch (this) {
      case ARROW_FILE:
        return ArrowIpcTableReader.openFile(path, allocator);
      case ARROW_STREAM:
        return ArrowIpcTableReader.openStream(path, allocator);
      case PARQUET:
        return ParquetArrowReader.open(path, allocator, options.batchRows());
      default:
        return CsvTableReader.open(path, allocator, options.batchRows(), options.csv());
    }
  }

  /** Starts writing {@code target} in this format, with batches of {@code schema}. */
  public TableWriter openWriter(Path target, Schema schema, BufferAllocator allocator, WriteOptions options)
      throws IOException {
    switch (this) {
      case CSV:
        return CsvTableWriter.create(target, schema);
      case ARROW_FILE:
        return ArrowIpcTableWriter.create(target, schema, allocator, true);
      case ARROW_STREAM:
        return ArrowIpcTableWriter.create(target, schema, allocator, false);
      default:
        return ParquetTableWriter.create(target, schema, options.parquet());
    }
  }

  private static boolean startsWith(byte[] bytes, byte[] prefix) {
    return bytes.length >= prefix.length && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
  }
}
