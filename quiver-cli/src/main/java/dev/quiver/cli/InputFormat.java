package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.block.BlockFormat;
import dev.quiver.shuffle.codec.CompressionCodec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
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
  SHUFFLE_BLOCKS("shuffle data"),
  ARROW_FILE("Arrow IPC file"),
  ARROW_STREAM("Arrow IPC stream"),
  CSV("CSV"),
  PARQUET("Parquet"),
  QUIVER(".qvr");

  /** The largest field count a block header may claim before detection stops believing it. */
  static final long MAX_PLAUSIBLE_FIELDS = 1 << 20;

  private static final byte[] ARROW_MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] PARQUET_MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] QUIVER_MAGIC = "QVR1".getBytes(StandardCharsets.US_ASCII);

  private final String displayName;

  InputFormat(String displayName) {
    this.displayName = displayName;
  }

  String displayName() {
    return displayName;
  }

  /** Opens {@code path} in this format. */
  InputBatches open(Path path, BufferAllocator allocator, int batchRows, long inferRows) throws IOException {
    switch (this) {
      case SHUFFLE_BLOCKS:
        return ShuffleFileInput.open(path, allocator);
      case ARROW_FILE:
        return ArrowIpcInput.openFile(path, allocator);
      case ARROW_STREAM:
        return ArrowIpcInput.openStream(path, allocator);
      case PARQUET:
        return ParquetInput.open(path, allocator, batchRows);
      case QUIVER:
        return QuiverFileInput.open(path, allocator, batchRows);
      default:
        return CsvBatchReader.open(path, allocator, batchRows, inferRows);
    }
  }

  /**
   * The format of {@code path}.
   *
   * @throws QuiverException USER when the file is missing, is a directory, or is of no format Quiver
   *     reads
   */
  static InputFormat detect(Path path) throws IOException {
    if (!Files.exists(path)) {
      throw QuiverException.user("no such file: " + path);
    }
    if (Files.isDirectory(path)) {
      throw QuiverException.user(path + " is a directory, not an input file");
    }
    String extension = extension(path);
    byte[] start = firstBytes(path, BlockFormat.HEADER_BYTES);
    if (extension.equals("csv")) {
      return CSV;
    }
    if (extension.equals("qvr") || startsWith(start, QUIVER_MAGIC)) {
      return QUIVER;
    }
    if (startsWith(start, PARQUET_MAGIC)) {
      return PARQUET;
    }
    if (startsWith(start, ARROW_MAGIC)) {
      return ARROW_FILE;
    }
    if (startsWith(start, new byte[] {-1, -1, -1, -1})) {
      return ARROW_STREAM;
    }
    if (isPlausibleBlockHeader(start)) {
      return SHUFFLE_BLOCKS;
    }
    switch (extension) {
      case "data":
        return SHUFFLE_BLOCKS;
      case "parquet":
        return PARQUET;
      case "arrow":
      case "feather":
        return ARROW_FILE;
      case "arrows":
      case "ipc":
        return ARROW_STREAM;
      default:
        throw QuiverException.user("cannot tell the format of " + path
            + ": expected a .qvr file, Parquet (.parquet), an Arrow IPC file or stream (.arrow, .arrows, .ipc),"
            + " CSV (.csv) or a shuffle data file (.data)");
    }
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

  private static String extension(Path path) {
    String name = path.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
  }

  private static byte[] firstBytes(Path path, int count) throws IOException {
    try (InputStream in = Files.newInputStream(path)) {
      return in.readNBytes(count);
    }
  }

  private static boolean startsWith(byte[] bytes, byte[] prefix) {
    return bytes.length >= prefix.length && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
  }
}
