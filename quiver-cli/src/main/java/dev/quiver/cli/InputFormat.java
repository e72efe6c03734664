package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.io.InputFiles;
import dev.quiver.io.csv.CsvReadOptions;
import dev.quiver.io.formats.ReadOptions;
import dev.quiver.io.formats.TableFormat;
import dev.quiver.shuffle.block.BlockFormat;
import dev.quiver.shuffle.codec.CompressionCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The kinds of input {@code quiver shuffle write} and {@code quiver convert} read, and how they are
 * told apart: by content first ({@code QVR1} magic: a {@code .qvr} file; {@code PAR1}: Parquet;
 * {@code ARROW1}: Arrow IPC file; {@code FF FF FF FF}: Arrow IPC stream; a plausible 20-byte block
 * header: shuffle data), then by extension ({@code .csv}; {@code .qvr}; {@code .parquet};
 * {@code .data}; {@code .arrow}, {@code .arrows}, {@code .ipc}, {@code .feather}). A {@code .csv}
 * file is always CSV, a {@code .qvr} file always {@code .qvr} (so a damaged one is reported as such).
 */
enum InputFormat {
  SHUFFLE_BLOCKS(null, "shuffle data"),
  ARROW_FILE(TableFormat.ARROW_FILE, null),
  ARROW_STREAM(TableFormat.ARROW_STREAM, null),
  CSV(TableFormat.CSV, null),
  PARQUET(TableFormat.PARQUET, null),
  QUIVER(null, ".qvr");

  /** The largest field count a block header may claim before detection stops believing it. */
  static final long MAX_PLAUSIBLE_FIELDS = 1 << 20;

  private static final byte[] QUIVER_MAGIC = "QVR1".getBytes(StandardCharsets.US_ASCII);

  private final TableFormat tableFormat;
  private final String displayName;

  InputFormat(TableFormat tableFormat, String displayName) {
    this.tableFormat = tableFormat;
    this.displayName = tableFormat == null ? displayName : tableFormat.displayName();
  }

  String displayName() {
    return displayName;
  }

  /** The format as a noun with its article, e.g. {@code a Parquet file}, {@code an Arrow IPC stream}. */
  String described() {
    switch (this) {
      case SHUFFLE_BLOCKS:
        return "a shuffle data file";
      case ARROW_FILE:
      case ARROW_STREAM:
        return "an " + displayName;
      case QUIVER:
        return "a .qvr file";
      default:
        return "a " + displayName + " file";
    }
  }

  /**
   * Fails when {@code path} is a file of another format Quiver reads, naming it and the conversion
   * that makes a {@code .qvr} file of it; a folder, a missing file, a {@code .qvr} file (damaged or
   * not) and a file of no known format pass (the {@code .qvr} reader reports those).
   *
   * @throws QuiverException USER: "x.parquet is a Parquet file, not a .qvr file; convert it first: ..."
   */
  static void requireQuiverFile(Path path) throws IOException {
    if (!Files.isRegularFile(path)) {
      return;
    }
    InputFormat format;
    try {
      format = detect(path);
    } catch (QuiverException unknown) {
      return;
    }
    if (format != QUIVER) {
      throw QuiverException
          .user(path + " is " + format.described() + ", not a .qvr file; convert it first: quiver convert "
              + path + " " + withQvrExtension(path));
    }
  }

  private static Path withQvrExtension(Path path) {
    String name = path.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return path.resolveSibling((dot <= 0 ? name : name.substring(0, dot)) + ".qvr");
  }

  /** Opens {@code path} in this format. */
  InputBatches open(Path path, BufferAllocator allocator, int batchRows, CsvReadOptions csv) throws IOException {
    switch (this) {
      case SHUFFLE_BLOCKS:
        return ShuffleFileInput.open(path, allocator);
      case QUIVER:
        return QuiverFileInput.open(path, allocator, batchRows);
      default:
        return new TableInput(tableFormat.openReader(path, allocator, new ReadOptions(batchRows, csv)));
    }
  }

  /**
   * The format of {@code path}.
   *
   * @throws QuiverException USER when the file is missing, is a directory, or is of no format Quiver
   *     reads
   */
  static InputFormat detect(Path path) throws IOException {
    InputFiles.requireFile(path);
    String extension = TableFormat.extension(path);
    byte[] start = InputFiles.firstBytes(path, BlockFormat.HEADER_BYTES);
    if (extension.equals("csv")) {
      return CSV;
    }
    if (extension.equals("qvr") || startsWith(start, QUIVER_MAGIC)) {
      return QUIVER;
    }
    InputFormat byContent = of(TableFormat.ofContent(start));
    if (byContent != null) {
      return byContent;
    }
    if (isPlausibleBlockHeader(start)) {
      return SHUFFLE_BLOCKS;
    }
    if (extension.equals("data")) {
      return SHUFFLE_BLOCKS;
    }
    InputFormat byExtension = of(TableFormat.ofExtension(extension));
    if (byExtension == null || byExtension == CSV) {
      throw QuiverException.user("cannot tell the format of " + path
          + ": expected a .qvr file, Parquet (.parquet), an Arrow IPC file or stream (.arrow, .arrows, .ipc),"
          + " CSV (.csv) or a shuffle data file (.data)");
    }
    return byExtension;
  }

  /** The input format of a quiver-io table format, or null for null. */
  private static InputFormat of(TableFormat format) {
    for (InputFormat input : values()) {
      if (input.tableFormat != null && input.tableFormat == format) {
        return input;
      }
    }
    return null;
  }

  /** Whether {@code bytes} start like a shuffle block: sane length, field count and codec tag. */
  static boolean isPlausibleBlockHeader(byte[] bytes) {
    if (bytes.length < BlockFormat.HEADER_BYTES) {
      return false;
    }
    ByteBuffer header = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    long length = header.getLong(BlockFormat.LENGTH_OFFSET);
    long fields = header.getLong(BlockFormat.FIELD_COUNT_OFFSET);
    int tag = header.getInt(BlockFormat.CODEC_TAG_OFFSET) & ~BlockFormat.OFFSETS_AS_LENGTHS_FLAG;
    return length >= BlockFormat.MIN_LENGTH && length <= BlockFormat.MAX_LENGTH
        && fields >= 0 && fields <= MAX_PLAUSIBLE_FIELDS
        && CompressionCodec.fromTag(tag) != null;
  }

  private static boolean startsWith(byte[] bytes, byte[] prefix) {
    return bytes.length >= prefix.length && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
  }
}
