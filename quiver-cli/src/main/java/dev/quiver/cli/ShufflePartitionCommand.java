package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.exchange.MapOutput;
import dev.quiver.shuffle.exchange.ShuffleWriter;
import dev.quiver.shuffle.exchange.ShuffleWriterOptions;
import dev.quiver.shuffle.partition.Partitioning;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code quiver shuffle partition}: runs one map task of a shuffle over an input file: Spark's hash
 * partitioning on the {@code --by} columns into {@code --partitions} partitions, written as
 * {@code OUTDIR/map-0.data} and {@code OUTDIR/map-0.index} (and {@code map-0.checksum} with
 * {@code --checksum}), which appear together or not at all. Dictionary-encoded input columns are
 * decoded first. A summary line goes to standard error.
 */
@Command(
    name = "partition",
    description = {
        "Hash-partition IN (Spark's Murmur3 partitioning) into a shuffle map output in OUTDIR:"
            + " map-0.data (the partitions' blocks, in partition order) and map-0.index (P + 1 big-endian offsets).",
        "IN: CSV, Arrow IPC, Parquet, .qvr or a shuffle data file, as for 'shuffle write'."
    })
public final class ShufflePartitionCommand implements Callable<Integer> {
  /** The name of the map output the command writes. */
  static final String MAP_OUTPUT_NAME = "map-0";

  @Spec
  CommandSpec spec;

  @Option(names = "--by", required = true, split = ",", paramLabel = "COL",
      description = "The column(s) to hash, comma separated, in order (as Spark's hash(a, b, ...)).")
  List<String> columns;

  @Option(names = "--partitions", required = true, paramLabel = "N", description = "The number of partitions.")
  int partitions;

  @Option(names = "--codec", paramLabel = "CODEC", defaultValue = "lz4",
      description = "Block compression: none, lz4, zstd or snappy (default: ${DEFAULT-VALUE}).")
  String codecName;

  @Option(names = "--batch-rows", paramLabel = "N", defaultValue = "" + ShuffleWriterOptions.DEFAULT_BATCH_ROWS,
      description = "A partition's rows become a block at this many rows (default: ${DEFAULT-VALUE}).")
  int batchRows;

  @Option(names = "--batch-bytes", paramLabel = "SIZE", defaultValue = "8m",
      description = "... or at about this many Arrow bytes (default: ${DEFAULT-VALUE}; k, m, g suffixes).")
  String batchBytes;

  @Option(names = "--memory-limit", paramLabel = "SIZE", defaultValue = "256m",
      description = "Memory for buffered rows and blocks before blocks are spilled (default: ${DEFAULT-VALUE}).")
  String memoryLimit;

  @Option(names = "--checksum", description = "Also write map-0.checksum: the CRC-32C of each partition.")
  boolean checksum;

  @Mixin
  CsvInputOptions csv;

  @Parameters(index = "0", paramLabel = "IN", description = "The input file.")
  Path input;

  @Parameters(index = "1", paramLabel = "OUTDIR",
      description = "The directory for the map output (created if missing).")
  Path outputDirectory;

  @Override
  public Integer call() throws IOException {
    ShuffleWriterOptions options = options();
    csv.readOptions();
    Partitioning partitioning = Partitioning.hash(partitions, columns);
    InputFormat format = InputFormat.detect(input);
    if (Files.exists(outputDirectory) && !Files.isDirectory(outputDirectory)) {
      throw QuiverException.user(outputDirectory + " is a file, not a directory");
    }
    boolean created = !Files.exists(outputDirectory);
    Files.createDirectories(outputDirectory);
    try {
      return partition(options, partitioning, format);
    } catch (IOException | RuntimeException failure) {
      if (created) {
        try (java.util.stream.Stream<Path> left = Files.list(outputDirectory)) {
          if (left.findAny().isEmpty()) {
            Files.delete(outputDirectory);
          }
        }
      }
      throw failure;
    }
  }

  private int partition(ShuffleWriterOptions options, Partitioning partitioning, InputFormat format)
      throws IOException {
    MapOutput target = MapOutput.named(outputDirectory, MAP_OUTPUT_NAME, checksum, partitions);
    PrintWriter standardError = spec.commandLine().getErr();
    Progress progress = new Progress(standardError, "shuffle partition", Files.size(input),
        Progress.standardErrorIsTerminal());
    long started = System.nanoTime();
    MetricsSnapshot metrics;
    try (CommandMemory memory = QuiverCommand.of(spec).openMemory("shuffle partition");
        InputBatches in = format.open(input, memory.allocator(), batchRows, csv.readOptions())) {
      BufferAllocator allocator = memory.allocator();
      ShuffleWriter writer = null;
      Schema schema = null;
      try {
        for (InputBatches.Batch next = in.next(); next != null; next = in.next()) {
          try (InputBatches.Batch batch = next;
              PlainBatch plain = PlainBatch.of(batch.root(), batch.dictionaries(), allocator)) {
            VectorSchemaRoot root = plain.root();
            if (writer == null) {
              schema = root.getSchema();
              writer = open(target, schema, partitioning, options, allocator);
            } else if (!root.getSchema().equals(schema)) {
              throw QuiverException.user(input + ": batch " + (writer.metrics().get("batches") + 1) + " has columns "
                  + root.getSchema() + ", the first batch " + schema + "; a shuffle carries one table");
            }
            writer.write(root);
          }
          progress.updateRows(in.bytesRead(), writer == null ? 0 : writer.metrics().get("rows"));
        }
        if (writer == null) {
          Schema declared = in.schema();
          if (declared == null) {
            throw QuiverException.user(input + " holds no batches, so it has no schema to partition");
          }
          writer = open(target, PlainBatch.plainSchema(declared), partitioning, options, allocator);
        }
        writer.commit();
        metrics = writer.metrics();
      } finally {
        progress.finish();
        if (writer != null) {
          writer.close();
        }
      }
    }
    long elapsed = System.nanoTime() - started;
    long rows = metrics.get("rows");
    standardError.println("shuffle partition: " + target.dataFile() + ": " + NumberText.grouped(rows) + " rows into "
        + partitions + " partitions by hash(" + String.join(", ", columns) + "), "
        + NumberText.grouped(metrics.get("blocks.written")) + " blocks, "
        + NumberText.grouped(metrics.get("bytes.written"))
        + " bytes (" + NumberText.ratio(metrics.get("bytes.written"), rows) + " bytes/row), codec "
        + options.codec().displayName() + ", " + metrics.get("spills") + " spills; index "
        + target.indexFile().getFileName()
        + (checksum ? ", checksums " + target.checksumFile().getFileName() : "") + "; " + NumberText.seconds(elapsed));
    standardError.flush();
    return 0;
  }

  private ShuffleWriter open(MapOutput target, Schema schema, Partitioning partitioning,
      ShuffleWriterOptions options, BufferAllocator allocator) {
    long needed = ShuffleWriter.minimumMemory(schema, partitions, options, allocator);
    if (needed > options.memoryLimitBytes()) {
      throw QuiverException.user("--partitions " + partitions + " needs at least " + NumberText.bytes(needed)
          + " for the partitions' buffers and bookkeeping (" + NumberText.grouped(needed / partitions)
          + " bytes each), more than --memory-limit " + memoryLimit + ": raise --memory-limit or use fewer partitions");
    }
    return ShuffleWriter.create(target, schema, partitioning.newPartitioner(schema, 0), options, allocator);
  }

  private ShuffleWriterOptions options() {
    if (batchRows < 1) {
      throw QuiverException.user("--batch-rows must be at least 1, not " + batchRows);
    }
    if (batchRows > ShuffleWriterOptions.MAXIMUM_BATCH_ROWS) {
      throw QuiverException.user("--batch-rows must be at most "
          + NumberText.grouped(ShuffleWriterOptions.MAXIMUM_BATCH_ROWS) + ", not " + NumberText.grouped(batchRows));
    }
    if (partitions > Partitioning.MAX_PARTITIONS) {
      throw QuiverException.user("--partitions must be at most " + NumberText.grouped(Partitioning.MAX_PARTITIONS)
          + " (2^24, Spark's limit for a serialized shuffle), not " + NumberText.grouped(partitions));
    }
    return ShuffleWriterOptions.defaults()
        .withCodec(CompressionCodec.parse(codecName))
        .withTargetBatchRows(batchRows)
        .withTargetBatchBytes(size("--batch-bytes", batchBytes))
        .withMemoryLimit(size("--memory-limit", memoryLimit))
        .withChecksums(checksum);
  }

  /** A size such as {@code 4096}, {@code 64k}, {@code 256m} or {@code 1g} (powers of 1024). */
  static long size(String option, String text) {
    String lower = text.trim().toLowerCase(Locale.ROOT);
    long unit = 1;
    if (lower.endsWith("k") || lower.endsWith("m") || lower.endsWith("g")) {
      unit = lower.endsWith("k") ? 1L << 10 : lower.endsWith("m") ? 1L << 20 : 1L << 30;
      lower = lower.substring(0, lower.length() - 1);
    }
    try {
      long value = Long.parseLong(lower);
      if (value < 1) {
        throw QuiverException.user(option + " must be at least 1 byte, not " + text);
      }
      return Math.multiplyExact(value, unit);
    } catch (NumberFormatException | ArithmeticException notASize) {
      throw QuiverException.user(option + " must be a size such as 65536, 64k, 256m or 1g, not '" + text + "'");
    }
  }
}
