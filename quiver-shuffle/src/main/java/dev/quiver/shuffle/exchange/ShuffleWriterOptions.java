package dev.quiver.shuffle.exchange;

import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.block.ShuffleBlockWriter;
import dev.quiver.shuffle.codec.CompressionCodec;
import java.nio.file.Path;

/**
 * Settings of a {@link ShuffleWriter}.
 *
 * @param codec the block codec
 * @param blockOptions zstd level and the offsets-as-lengths flag
 * @param targetBatchRows a partition's buffered rows become a block at this many rows
 * @param targetBatchBytes ... or once they hold about this many bytes (Arrow bytes, estimated while
 *     buffering: exact for fixed and variable-width columns, the batch's average for nested ones)
 * @param memoryLimitBytes the writer's memory: buffered rows (Arrow memory) plus encoded blocks
 *     waiting in memory. Past it, the blocks are spilled; buffered rows may hold at most half of it
 * @param spillDirectory where the spill file goes, or null for the data file's directory
 * @param checksums whether to write a side file of CRC-32C values, one per partition
 * @param durable whether {@link ShuffleWriter#commit} forces the files and their folder to disk before it returns (a
 *     shuffle other processes read); false for files that die with the process that wrote them (a query's own
 *     exchange), which are still made visible atomically
 */
public record ShuffleWriterOptions(
    CompressionCodec codec,
    ShuffleBlockWriter.Options blockOptions,
    int targetBatchRows,
    long targetBatchBytes,
    long memoryLimitBytes,
    Path spillDirectory,
    boolean checksums,
    boolean durable) {

  public static final int DEFAULT_BATCH_ROWS = 8192;
  public static final long DEFAULT_BATCH_BYTES = 8L << 20;
  public static final long DEFAULT_MEMORY_LIMIT = 256L << 20;
  /**
   * The largest target block row count, 2^20 = 1,048,576 (Comet writes 8,192): readers of the input
   * size their batches' vectors up front for that many rows.
   */
  public static final int MAXIMUM_BATCH_ROWS = 1 << 20;
  /** The largest target block size: a block (and a string column's offsets) must stay under 2 GiB. */
  public static final long MAXIMUM_BATCH_BYTES = 1L << 30;

  public ShuffleWriterOptions {
    if (codec == null || blockOptions == null) {
      throw QuiverException.user("a shuffle writer needs a codec and block options");
    }
    if (targetBatchRows < 1) {
      throw QuiverException.user("the target batch size must be at least 1 row, not " + targetBatchRows);
    }
    if (targetBatchRows > MAXIMUM_BATCH_ROWS) {
      throw QuiverException.user("the target batch size must be at most " + MAXIMUM_BATCH_ROWS + " rows, not "
          + targetBatchRows);
    }
    if (targetBatchBytes < 1 || targetBatchBytes > MAXIMUM_BATCH_BYTES) {
      throw QuiverException.user("the target batch size must be 1 byte to 1 GiB, not " + targetBatchBytes);
    }
    if (memoryLimitBytes < 1) {
      throw QuiverException.user("the memory limit must be at least 1 byte, not " + memoryLimitBytes);
    }
  }

  /** lz4 (Comet's default), 8192 rows or 8 MiB per block, 256 MiB of memory, no checksums, durable commits. */
  public static ShuffleWriterOptions defaults() {
    return new ShuffleWriterOptions(CompressionCodec.LZ4, ShuffleBlockWriter.Options.defaults(), DEFAULT_BATCH_ROWS,
        DEFAULT_BATCH_BYTES, DEFAULT_MEMORY_LIMIT, null, false, true);
  }

  public ShuffleWriterOptions withCodec(CompressionCodec newCodec) {
    return new ShuffleWriterOptions(newCodec, blockOptions, targetBatchRows, targetBatchBytes, memoryLimitBytes,
        spillDirectory, checksums, durable);
  }

  public ShuffleWriterOptions withBlockOptions(ShuffleBlockWriter.Options newBlockOptions) {
    return new ShuffleWriterOptions(codec, newBlockOptions, targetBatchRows, targetBatchBytes, memoryLimitBytes,
        spillDirectory, checksums, durable);
  }

  public ShuffleWriterOptions withTargetBatchRows(int rows) {
    return new ShuffleWriterOptions(codec, blockOptions, rows, targetBatchBytes, memoryLimitBytes, spillDirectory,
        checksums, durable);
  }

  public ShuffleWriterOptions withTargetBatchBytes(long bytes) {
    return new ShuffleWriterOptions(codec, blockOptions, targetBatchRows, bytes, memoryLimitBytes, spillDirectory,
        checksums, durable);
  }

  public ShuffleWriterOptions withMemoryLimit(long bytes) {
    return new ShuffleWriterOptions(codec, blockOptions, targetBatchRows, targetBatchBytes, bytes, spillDirectory,
        checksums, durable);
  }

  public ShuffleWriterOptions withSpillDirectory(Path directory) {
    return new ShuffleWriterOptions(codec, blockOptions, targetBatchRows, targetBatchBytes, memoryLimitBytes,
        directory, checksums, durable);
  }

  public ShuffleWriterOptions withChecksums(boolean enabled) {
    return new ShuffleWriterOptions(codec, blockOptions, targetBatchRows, targetBatchBytes, memoryLimitBytes,
        spillDirectory, enabled, durable);
  }

  public ShuffleWriterOptions withDurable(boolean forced) {
    return new ShuffleWriterOptions(codec, blockOptions, targetBatchRows, targetBatchBytes, memoryLimitBytes,
        spillDirectory, checksums, forced);
  }
}
