package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.execution.QueryOptions;
import dev.quiver.io.TableWriter;
import dev.quiver.io.csv.CsvReadOptions;
import dev.quiver.io.parquet.ParquetArrowWriter;
import dev.quiver.io.parquet.ParquetCodec;
import dev.quiver.sql.copy.SortOrder;
import dev.quiver.sql.copy.SortedRows;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * {@code quiver convert IN OUT}: any of CSV, Arrow IPC (file or stream), Parquet, {@code .qvr} (and
 * shuffle data files) to CSV, Arrow IPC, Parquet or {@code .qvr}. IN is recognised by content, then
 * extension ({@link InputFormat}); OUT by extension ({@link OutputFormat}). Dictionary-encoded input
 * columns are written as plain values. The output appears atomically: a failed run leaves no file
 * and no temporary file, and an existing OUT untouched. A progress line on long runs, one summary
 * line at the end, both on standard error.
 *
 * <p>With {@code --sort-by} the rows are written in that order ({@link SortOrder}), sorted by the
 * engine's spilling sort ({@link SortedRows}) under {@code --memory-limit}, so a table larger than
 * memory converts; a {@code .qvr} footer records the order ({@code sorted_by}), so zone maps prune.
 */
@Command(
    name = "convert",
    description = {
        "Convert IN to OUT: csv, Arrow IPC (.arrow file, .arrows stream), Parquet (.parquet) or .qvr, either way.",
        "IN is recognised by content first, then extension; OUT by extension.",
        "CSV is read and written in the dialect of docs/CSV.md (header line, RFC 4180 quoting, \\N for null).",
        "--sort-by writes the rows in that order (the engine's sort, spilling past --memory-limit)."
    })
public final class ConvertCommand implements Callable<Integer> {
  static final int DEFAULT_BATCH_ROWS = 65_536;

  @Spec
  CommandSpec spec;

  @Option(names = "--batch-rows", paramLabel = "N", defaultValue = "" + DEFAULT_BATCH_ROWS,
      description = "Rows per batch read from IN (default: ${DEFAULT-VALUE}); the batches of Arrow output.")
  int batchRows;

  @Option(names = "--codec", paramLabel = "CODEC",
      description = "Parquet output only: page compression zstd (default), snappy or none.")
  String codecName;

  @Option(names = "--row-group-bytes", paramLabel = "BYTES",
      description = "Parquet output only: target row group size (default: parquet-java's, 128 MiB).")
  Long rowGroupBytes;

  @Option(names = "--sort-by", paramLabel = "COLS",
      description = "Write the rows sorted by these columns: 'a, b DESC' (ASC default, NULLs last unless "
          + "NULLS FIRST); a .qvr footer records the order, so zone maps prune.")
  String sortBy;

  @Option(names = "--memory-limit", paramLabel = "SIZE",
      description = "With --sort-by: memory the sort may hold, e.g. 512m or 4g (default: 3/4 of the heap); "
          + "past it sorted runs spill to disk.")
  String memoryLimit;

  @Option(names = "--spill-dir", paramLabel = "DIR",
      description = "With --sort-by: where the sort spills (default: the temp folder).")
  Path spillDirectory;

  @Mixin
  CsvInputOptions csv;

  @Parameters(index = "0", paramLabel = "IN", description = "The input file.")
  Path input;

  @Parameters(index = "1", paramLabel = "OUT", description = "The file to write (replaced atomically).")
  Path output;

  @Override
  public Integer call() throws IOException {
    if (batchRows < 1) {
      throw QuiverException.user("--batch-rows must be at least 1, not " + batchRows);
    }
    CsvReadOptions csvOptions = csv.readOptions();
    OutputFormat outputFormat = OutputFormat.of(output);
    ParquetArrowWriter.Options parquet = ParquetArrowWriter.Options.defaults();
    if (codecName != null) {
      if (outputFormat != OutputFormat.PARQUET) {
        throw QuiverException.user("--codec applies to Parquet output (.parquet) only");
      }
      parquet = parquet.withCodec(ParquetCodec.parse(codecName));
    }
    if (rowGroupBytes != null) {
      if (outputFormat != OutputFormat.PARQUET) {
        throw QuiverException.user("--row-group-bytes applies to Parquet output (.parquet) only");
      }
      if (rowGroupBytes < 1024) {
        throw QuiverException.user("--row-group-bytes must be at least 1024, not " + rowGroupBytes);
      }
      parquet = parquet.withRowGroupBytes(rowGroupBytes);
    }
    SortOrder order = sortBy == null ? null : SortOrder.parse(sortBy);
    QueryOptions sortOptions = sortOptions(order);
    InputFormat inputFormat = InputFormat.detect(input);
    if (Files.exists(output) && Files.isSameFile(input, output)) {
      throw QuiverException.user("IN and OUT are the same file: " + output);
    }
    long inputBytes = Files.size(input);
    PrintWriter standardError = spec.commandLine().getErr();
    long started = System.nanoTime();
    Progress progress = new Progress(standardError, "convert", inputBytes, Progress.standardErrorIsTerminal());
    long rows = 0;
    long spills = 0;
    Schema schema;
    try (CommandMemory memory = QuiverCommand.of(spec).openMemory("convert");
        InputBatches in = inputFormat.open(input, memory.allocator(), batchRows, csvOptions)) {
      BufferAllocator allocator = memory.allocator();
      PlainInput plainInput = new PlainInput(input.toString(), in, allocator, progress);
      TableWriter sink = null;
      try {
        VectorSchemaRoot first = plainInput.next();
        if (first == null) {
          Schema declared = in.schema();
          if (declared == null) {
            throw QuiverException.user(input + " holds no batches, so it has no schema to write");
          }
          schema = PlainBatch.plainSchema(declared);
        } else {
          schema = first.getSchema();
        }
        plainInput.expect(schema, first);
        if (order == null) {
          sink = outputFormat.open(output, schema, allocator, parquet);
          for (VectorSchemaRoot next = plainInput.next(); next != null; next = plainInput.next()) {
            try (VectorSchemaRoot batch = next) {
              sink.write(batch);
              rows += batch.getRowCount();
            }
          }
        } else {
          order.resolve(schema);
          try (SortedRows sorted = SortedRows.start(plainInput::nextOrFail, schema, order, sortOptions, allocator)) {
            sink = outputFormat.open(output, schema, allocator, parquet, order);
            for (VectorSchemaRoot next = sorted.next(); next != null; next = sorted.next()) {
              try (VectorSchemaRoot batch = next) {
                if (batch.getRowCount() > 0) {
                  sink.write(batch);
                  rows += batch.getRowCount();
                }
              }
            }
            spills = sorted.spills();
          }
        }
        sink.commit();
      } finally {
        progress.finish();
        plainInput.close();
        if (sink != null) {
          sink.close();
        }
      }
    }
    long elapsed = System.nanoTime() - started;
    long outputBytes = Files.size(output);
    standardError.println("convert: " + input + " (" + inputFormat.displayName() + ", " + NumberText.bytes(inputBytes)
        + ") -> " + output + " (" + outputFormat.displayName()
        + (outputFormat == OutputFormat.PARQUET ? " " + parquet.codec().displayName() : "") + ", "
        + NumberText.bytes(outputBytes) + "): " + NumberText.grouped(rows) + " rows, "
        + schema.getFields().size() + " columns; size ratio " + NumberText.ratio(outputBytes, inputBytes)
        + " (output/input); " + NumberText.seconds(elapsed) + ", " + NumberText.rowsPerSecond(rows, elapsed)
        + " rows/s" + (order == null ? "" : "; sorted by " + order.spelledAs(schema).text()
            + (spills > 0 ? " (" + spills + " sorted runs spilled)" : "")));
    standardError.flush();
    return 0;
  }

  /** The sort's options from --memory-limit and --spill-dir (which need --sort-by), or null without a sort. */
  private QueryOptions sortOptions(SortOrder order) {
    if (order == null) {
      if (memoryLimit != null || spillDirectory != null) {
        throw QuiverException.user((memoryLimit != null ? "--memory-limit" : "--spill-dir")
            + " applies with --sort-by only");
      }
      return null;
    }
    QueryOptions options = QueryOptions.defaults().withBatchRows(batchRows);
    if (memoryLimit != null) {
      options = options.withMemoryLimit(ShufflePartitionCommand.size("--memory-limit", memoryLimit));
    }
    if (spillDirectory != null) {
      if (!Files.isDirectory(spillDirectory)) {
        throw QuiverException.user("--spill-dir " + spillDirectory + " is not a directory");
      }
      options = options.withSpillDirectory(spillDirectory);
    }
    return options;
  }
}
