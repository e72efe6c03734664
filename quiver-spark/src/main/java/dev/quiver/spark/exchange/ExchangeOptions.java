package dev.quiver.spark.exchange;

import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.codec.CompressionCodec;
import java.io.Serializable;

/**
 * How {@link QuiverExchange} writes its blocks.
 *
 * @param codec the block codec: {@link CompressionCodec#LZ4}, {@link CompressionCodec#ZSTD} or
 *     {@link CompressionCodec#NONE} (snappy is refused: Comet reads it, but nothing here measured it)
 * @param rowsPerBlock the most rows a block holds (a map task's partition becomes a block when it has
 *     this many rows, and at the end of the task)
 * @param mapMemoryBytes the Arrow memory a map task may hold in rows not yet in a block; past it the
 *     partitions holding the most rows become blocks early (smaller blocks, bounded memory)
 */
public record ExchangeOptions(CompressionCodec codec, int rowsPerBlock, long mapMemoryBytes) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The default codec: zstd, which wrote the fewest shuffle bytes (docs-exchange-section.md). */
  public static final CompressionCodec DEFAULT_CODEC = CompressionCodec.ZSTD;
  /** Comet's batch size. */
  public static final int DEFAULT_ROWS_PER_BLOCK = 8192;
  /** The largest block a map task builds, in rows. */
  public static final int MAXIMUM_ROWS_PER_BLOCK = 1 << 20;
  public static final long DEFAULT_MAP_MEMORY_BYTES = 64L << 20;
  /** The least map memory: one partition's block for a few wide rows. */
  public static final long MINIMUM_MAP_MEMORY_BYTES = 1L << 20;

  /**
   * Checks the settings.
   *
   * @throws QuiverException USER naming the setting that is out of range
   */
  public ExchangeOptions {
    if (codec == null) {
      throw QuiverException.user("the exchange needs a codec: lz4, zstd or none");
    }
    if (codec == CompressionCodec.SNAPPY) {
      throw QuiverException.user("the exchange writes lz4, zstd or none blocks, not snappy");
    }
    if (rowsPerBlock < 1 || rowsPerBlock > MAXIMUM_ROWS_PER_BLOCK) {
      throw QuiverException.user("rows per block must be 1 to " + MAXIMUM_ROWS_PER_BLOCK + ", not " + rowsPerBlock);
    }
    if (mapMemoryBytes < MINIMUM_MAP_MEMORY_BYTES) {
      throw QuiverException.user("map memory must be at least " + MINIMUM_MAP_MEMORY_BYTES + " bytes, not "
          + mapMemoryBytes);
    }
  }

  public static ExchangeOptions defaults() {
    return new ExchangeOptions(DEFAULT_CODEC, DEFAULT_ROWS_PER_BLOCK, DEFAULT_MAP_MEMORY_BYTES);
  }

  /** These options with {@code newCodec}. */
  public ExchangeOptions withCodec(CompressionCodec newCodec) {
    return new ExchangeOptions(newCodec, rowsPerBlock, mapMemoryBytes);
  }

  /** These options with the codec named {@code name}: lz4, zstd or none (any case). */
  public ExchangeOptions withCodec(String name) {
    return withCodec(CompressionCodec.parse(name));
  }

  public ExchangeOptions withRowsPerBlock(int rows) {
    return new ExchangeOptions(codec, rows, mapMemoryBytes);
  }

  public ExchangeOptions withMapMemoryBytes(long bytes) {
    return new ExchangeOptions(codec, rowsPerBlock, bytes);
  }
}
