package dev.quiver.cli;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.scan.Scan;
import dev.quiver.scan.execution.ScanResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The demo's second half: the orders as a {@code .qvr} file, then a filtered split-parallel scan,
 * its answer checked against a row-by-row count of the same batches, and its metrics.
 */
final class DemoScan {
  static final String FILTER = "category = 'books' AND amount > 100";
  private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

  private DemoScan() {}

  static void run(List<VectorSchemaRoot> batches, BufferAllocator allocator, Path directory, PrintWriter out)
      throws IOException {
    Path file = directory.resolve("orders.qvr");
    try (QuiverWriter writer = QuiverWriter.create(file, DemoTable.SCHEMA, allocator)) {
      for (VectorSchemaRoot batch : batches) {
        writer.write(batch);
      }
    }
    long expected = 0;
    for (VectorSchemaRoot batch : batches) {
      VarCharVector category = (VarCharVector) batch.getVector("category");
      DecimalVector amount = (DecimalVector) batch.getVector("amount");
      for (int row = 0; row < batch.getRowCount(); row++) {
        Object name = category.getObject(row);
        if (name != null && name.toString().equals("books") && !amount.isNull(row)
            && amount.getObject(row).compareTo(HUNDRED) > 0) {
          expected++;
        }
      }
    }
    long started = System.nanoTime();
    long returned = 0;
    Map<String, Long> metrics;
    try (ScanResult result = Scan.of(file).columns("id", "name", "amount").filter(FILTER).threads(2).open(allocator)) {
      for (VectorSchemaRoot next = result.nextBatch(); next != null; next = result.nextBatch()) {
        try (VectorSchemaRoot batch = next) {
          returned += batch.getRowCount();
        }
      }
      metrics = result.metrics().asMap();
    }
    long elapsed = System.nanoTime() - started;
    out.println();
    out.println("scan: " + file + " (" + NumberText.bytes(Files.size(file)) + "), filter " + FILTER + ", 2 threads");
    out.println("  " + NumberText.grouped(returned) + " rows returned in " + NumberText.seconds(elapsed)
        + (returned == expected ? " (equal to a row-by-row count)" : " (a row-by-row count says " + expected + ")"));
    out.println("  metrics: splits " + metrics.get("splits") + ", rows scanned "
        + NumberText.grouped(metrics.get("rows.scanned"))
        + ", zones pruned " + metrics.get("zones.pruned") + ", segments " + metrics.get("segments.requested")
        + ", decodes started " + metrics.get("decodes.started") + " / reused " + metrics.get("decodes.reused")
        + ", bytes decoded " + NumberText.bytes(metrics.get("bytes.decoded")));
    out.println("look inside:  ./quiver inspect " + file);
    out.println("              ./quiver scan " + file + " --filter \"" + FILTER + "\" --metrics");
    if (returned != expected) {
      throw new QuiverException(ErrorCode.INTERNAL,
          "demo: the scan returned " + returned + " rows where a row-by-row count finds "
              + expected + "; this is a bug in the scan");
    }
  }
}
