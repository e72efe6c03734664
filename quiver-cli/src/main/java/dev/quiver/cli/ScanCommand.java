package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.io.csv.CsvFormat;
import dev.quiver.scan.Scan;
import dev.quiver.scan.execution.ScanResult;
import dev.quiver.scan.plan.SplitStrategy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.arrow.vector.VectorSchemaRoot;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code quiver scan}: runs a split-parallel scan of a {@code .qvr} file (or a folder of them) and
 * prints the rows returned: with {@code --format csv} every row, otherwise the count and the first
 * rows; with {@code --metrics} one line per scan metric, {@code metric NAME VALUE}, on standard error.
 */
@Command(name = "scan", description = "Scan a .qvr file or folder: columns, a SQL filter, threads, metrics.")
public final class ScanCommand implements Callable<Integer> {
  private static final int PREVIEW_ROWS = 10;

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "A .qvr file, or a folder of .qvr files with one schema.")
  Path file;

  @Option(names = "--columns", split = ",", paramLabel = "a,b", description = "Columns to return (default: all).")
  List<String> columns;

  @Option(names = "--filter", paramLabel = "EXPR",
      description = "SQL filter, e.g. \"l_shipdate >= DATE '1994-01-01' AND l_discount BETWEEN 0.05 AND 0.07\".")
  String filter;

  @Option(names = "--threads", paramLabel = "N", description = "Scan threads (default: the available cores).")
  Integer threads;

  @Option(names = "--split-rows", paramLabel = "N",
      description = "Fixed splits of N rows (default: by layout, at most 131,072 rows each).")
  Long splitRows;

  @Option(names = "--limit", paramLabel = "N", description = "Return at most N rows.")
  Long limit;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "summary",
      description = "summary (row count and the first rows) or csv (every row).")
  String format;

  @Option(names = "--metrics",
      description = "Print the scan's metrics, one 'metric NAME VALUE' line each, on standard error.")
  boolean metrics;

  @Option(names = "--no-shared-decodes", hidden = true, description = "Decode per split (for comparison only).")
  boolean noSharedDecodes;

  @Override
  public Integer call() throws IOException {
    if (!format.equals("summary") && !format.equals("csv")) {
      throw QuiverException.user("unknown --format '" + format + "': use summary or csv");
    }
    InputFormat.requireQuiverFile(file);
    Scan scan = Scan.of(file);
    if (columns != null) {
      scan.columns(columns.stream().map(String::strip).toList());
    }
    if (filter != null) {
      scan.filter(filter);
    }
    if (threads != null) {
      scan.threads(threads);
    }
    if (splitRows != null) {
      scan.splitBy(SplitStrategy.fixed(splitRows));
    }
    if (limit != null) {
      scan.limit(limit);
    }
    scan.shareDecodes(!noSharedDecodes);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    boolean csv = format.equals("csv");
    long started = System.nanoTime();
    long rows = 0;
    StringBuilder text = new StringBuilder(1 << 16);
    try (CommandMemory memory = QuiverCommand.of(spec).openMemory("scan");
        ScanResult result = scan.open(memory.allocator())) {
      text.setLength(0);
      CsvFormat.appendHeader(text, result.schema().getFields());
      if (csv) {
        out.append(text).append('\n');
      }
      StringBuilder preview = new StringBuilder();
      for (VectorSchemaRoot next = result.nextBatch(); next != null; next = result.nextBatch()) {
        try (VectorSchemaRoot batch = next) {
          for (int row = 0; row < batch.getRowCount(); row++) {
            if (csv || rows + row < PREVIEW_ROWS) {
              text.setLength(0);
              CsvFormat.appendRow(text, batch, row, null);
              if (csv) {
                out.append(text).append('\n');
              } else {
                preview.append(text).append('\n');
              }
            }
          }
          rows += batch.getRowCount();
        }
        if (csv && out.checkError()) {
          break;
        }
      }
      if (!csv) {
        out.println(NumberText.grouped(rows) + " rows in " + NumberText.seconds(System.nanoTime() - started)
            + " (" + result.metrics().get("splits") + " splits, " + result.plan().splits().size() + " planned)");
        text.setLength(0);
        CsvFormat.appendHeader(text, result.schema().getFields());
        out.println(text);
        out.print(preview);
        if (rows > PREVIEW_ROWS) {
          out.println("… " + NumberText.grouped(rows - PREVIEW_ROWS) + " more rows (--format csv prints them all)");
        }
      }
      out.flush();
      if (metrics) {
        for (Map.Entry<String, Long> metric : result.metrics().asMap().entrySet()) {
          err.println("metric " + metric.getKey() + " " + metric.getValue());
        }
        err.flush();
      }
    } finally {
      out.flush();
    }
    return 0;
  }
}
