package dev.quiver.bench.exchange;

import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.codec.CompressionCodec;
import java.util.Locale;

/**
 * A block of the shuffle decode suite: Comet's own benchmark table ({@code CometBenchmarkTable}:
 * column i {@code column_i}, even i Int64, odd i Utf8) with {@code columns} columns and {@code rows}
 * rows, compressed with {@code codec}. Text form: {@code 50x8192-lz4}.
 */
public record BlockShape(int columns, int rows, String codec) {
  public static BlockShape parse(String text) {
    String[] parts = text.split("[x-]");
    if (parts.length != 3) {
      throw QuiverException.user("a block shape is COLUMNSxROWS-CODEC (50x8192-lz4), not '" + text + "'");
    }
    try {
      BlockShape shape = new BlockShape(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]),
          parts[2].toLowerCase(Locale.ROOT));
      shape.compression();
      return shape;
    } catch (NumberFormatException malformed) {
      throw QuiverException.user("a block shape is COLUMNSxROWS-CODEC (50x8192-lz4), not '" + text + "'");
    }
  }

  public CompressionCodec compression() {
    return CompressionCodec.parse(codec);
  }

  @Override
  public String toString() {
    return columns + "x" + rows + "-" + codec;
  }
}
