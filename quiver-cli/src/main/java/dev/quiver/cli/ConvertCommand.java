package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.io.TableWriter;
import dev.quiver.io.csv.CsvReadOptions;
import dev.quiver.io.parquet.ParquetArrowWriter;
import dev.quiver.io.parquet.ParquetCodec;
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
 */
@Command(
    name = "convert",
    description = {
        "Convert IN to OUT: csv, Arrow IPC (.arrow file, .arrows stream), Parquet (.parquet) or .qvr, either way.",
        "IN is recognised by content first, then extension; OUT by extension.",
        "CSV is read and written in the dialect of docs/CSV.md (header line, RFC 4180 quoting, \\N for null)."
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
    InputFormat inputFormat = InputFormat.detect(input);
    if (Files.exists(output) && Files.isSameFile(input, output)) {
      throw QuiverException.user("IN and OUT are the same file: " + output);
    }
    long inputBytes = Files.size(input);
    PrintWriter standardError = spec.commandLine().getErr();
    long started = System.nanoTime();
    Progress progress = new Progress(standardError, "convert", inputBytes, Progress.standardErrorIsTerminal());
    long rows = 0;
    long batches = 0;
    Schema schema = null;
    try (CommandMemory memory = QuiverCommand.of(spec).openMemory("convert");
        InputBatches in = inputFormat.open(input, memory.allocator(), batchRows, csvOptions)) {
      BufferAllocator allocator = memory.allocator();
      TableWriter sink = null;
      try {
        for (InputBatches.Batch next = in.next(); next != null; next = in.next()) {
          try (InputBatches.Batch batch = next;
              PlainBatch plain = PlainBatch.of(batch.root(), batch.dictionaries(), allocator)) {
            VectorSchemaRoot root = plain.root();
            if (sink == null) {
              schema = root.getSchema();
              sink = outputFormat.open(output, schema, allocator, parquet);
            } else if (!root.getSchema().equals(schema)) {
              throw QuiverException.user(input + ": batch " + (batches + 1) + " has columns " + root.getSchema()
                  + ", the first batch " + schema + "; convert writes one table");
            }
            sink.write(root);
            rows += root.getRowCount();
            batches++;
          }
          progress.updateRows(in.bytesRead(), rows);
        }
        if (sink == null) {
          Schema declared = in.schema();
          if (declared == null) {
            throw QuiverException.user(input + " holds no batches, so it has no schema to write");
          }
          schema = PlainBatch.plainSchema(declared);
          sink = outputFormat.open(output, schema, allocator, parquet);
        }
        sink.commit();
      } finally {
        progress.finish();
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
        + " rows/s");
    standardError.flush();
    return 0;
  }
}
