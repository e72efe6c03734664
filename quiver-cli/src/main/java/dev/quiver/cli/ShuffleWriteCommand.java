package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.io.AtomicOutputFile;
import dev.quiver.io.csv.CsvReadOptions;
import dev.quiver.shuffle.block.ShuffleBlockWriter;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.exchange.ShuffleWriterOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code quiver shuffle write}: converts CSV, Arrow IPC, Parquet, .qvr or a shuffle data file into a shuffle data
 * file of blocks of {@code --batch-rows} rows with the chosen codec. The output appears atomically:
 * a failed run leaves no file and no temporary file behind. A summary line goes to standard error.
 */
@Command(
    name = "write",
    description = {
        "Write IN as a shuffle data file OUT (Comet 1.2.0 blocks back to back).",
        "IN: CSV (.csv), Arrow IPC file or stream (.arrow, .arrows, .ipc), Parquet (.parquet), .qvr, or a shuffle"
            + " data file (.data); recognised by content first, then extension."
    })
public final class ShuffleWriteCommand implements Callable<Integer> {
  static final int DEFAULT_BATCH_ROWS = 8192;

  @Spec
  CommandSpec spec;

  @Option(names = "--codec", required = true, paramLabel = "CODEC",
      description = "Block compression: none, lz4, zstd or snappy.")
  String codecName;

  @Option(names = "--offsets-as-lengths",
      description = "Store offsets buffers as byte-planed lengths (Comet 1.2.0 flag; skipped for blocks"
          + " without offsets or with dictionaries).")
  boolean offsetsAsLengths;

  @Option(names = "--zstd-level", paramLabel = "N", description = "zstd level, -7 to 22 (default: 1, as Comet).")
  Integer zstdLevel;

  @Option(names = "--batch-rows", paramLabel = "N", defaultValue = "" + DEFAULT_BATCH_ROWS,
      description = "Rows per block (default: ${DEFAULT-VALUE}).")
  int batchRows;

  @Mixin
  CsvInputOptions csv;

  @Parameters(index = "0", paramLabel = "IN", description = "The input file.")
  Path input;

  @Parameters(index = "1", paramLabel = "OUT", description = "The shuffle data file to write (replaced atomically).")
  Path output;

  @Override
  public Integer call() throws IOException {
    CompressionCodec codec = CompressionCodec.parse(codecName);
    ShuffleBlockWriter.Options options = options(codec);
    if (batchRows < 1) {
      throw QuiverException.user("--batch-rows must be at least 1, not " + batchRows);
    }
    if (batchRows > ShuffleWriterOptions.MAXIMUM_BATCH_ROWS) {
      throw QuiverException.user("--batch-rows must be at most "
          + NumberText.grouped(ShuffleWriterOptions.MAXIMUM_BATCH_ROWS) + ", not " + NumberText.grouped(batchRows));
    }
    CsvReadOptions csvOptions = csv.readOptions();
    InputFormat format = InputFormat.detect(input);
    long inputBytes = Files.size(input);
    PrintWriter standardError = spec.commandLine().getErr();
    long started = System.nanoTime();
    BlockOutput blocks;
    try (CommandMemory memory = QuiverCommand.of(spec).openMemory("shuffle write");
        AtomicOutputFile file = AtomicOutputFile.create(output)) {
      BufferAllocator allocator = memory.allocator();
      Progress progress = new Progress(standardError, "shuffle write", inputBytes, Progress.standardErrorIsTerminal());
      try (InputBatches batches = format.open(input, allocator, batchRows, csvOptions);
          BlockOutput blockOutput = new BlockOutput(codec, options, file.stream());
          Rebatcher rebatcher = new Rebatcher(allocator, batchRows, blockOutput)) {
        blocks = blockOutput;
        for (InputBatches.Batch next = batches.next(); next != null; next = batches.next()) {
          try (InputBatches.Batch batch = next) {
            rebatcher.add(batch.root(), batch.dictionaries());
          }
          progress.update(batches.bytesRead(), blockOutput.rows(), blockOutput.blocks());
        }
        rebatcher.finish();
      } finally {
        progress.finish();
      }
      file.commit();
    }
    long elapsed = System.nanoTime() - started;
    standardError.println("shuffle write: " + output + ": " + NumberText.grouped(blocks.blocks()) + " blocks, "
        + NumberText.grouped(blocks.rows()) + " rows, codec " + codec.displayName()
        + (blocks.offsetsAsLengthsWritten() ? " with offsets as lengths" : "")
        + "; input " + format.displayName() + " " + NumberText.grouped(inputBytes) + " bytes, output "
        + NumberText.grouped(blocks.bytes()) + " bytes, size ratio " + NumberText.ratio(blocks.bytes(), inputBytes)
        + " (output/input); " + NumberText.seconds(elapsed));
    standardError.flush();
    return 0;
  }

  private ShuffleBlockWriter.Options options(CompressionCodec codec) {
    ShuffleBlockWriter.Options options = ShuffleBlockWriter.Options.defaults().withOffsetsAsLengths(offsetsAsLengths);
    if (zstdLevel != null) {
      if (codec != CompressionCodec.ZSTD) {
        throw QuiverException.user("--zstd-level applies to --codec zstd only");
      }
      if (zstdLevel < -7 || zstdLevel > 22) {
        throw QuiverException.user("--zstd-level must be between -7 and 22, not " + zstdLevel);
      }
      options = options.withZstdLevel(zstdLevel);
    }
    return options;
  }
}
