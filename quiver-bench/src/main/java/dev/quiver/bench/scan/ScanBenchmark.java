package dev.quiver.bench.scan;

import dev.quiver.bench.scan.query.TpchQ6;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.Layouts;
import dev.quiver.scan.Scan;
import dev.quiver.scan.execution.ScanResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One scan configuration measured in this process (run it once per configuration, under
 * {@code /usr/bin/time -v}, so the peak RSS is the configuration's own): a warm-up run, then
 * {@code --runs} timed runs; prints one result line with the median, min, max and the metrics of
 * the last run, and the uncompressed bytes of the columns touched (the target's denominator).
 *
 * <p>Usage: {@code ScanBenchmark FILE NAME THREADS COLUMNS|* [FILTER|-] [RUNS] [share|unshared]}; the
 * name {@code q6} also runs {@link TpchQ6} (the scan suite's Q6 loop) over the rows returned, so its
 * columns must include {@link TpchQ6#COLUMNS}.
 */
public final class ScanBenchmark {
  private ScanBenchmark() {}

  public static void main(String[] arguments) throws IOException {
    Path file = Path.of(arguments[0]);
    String name = arguments[1];
    int threads = Integer.parseInt(arguments[2]);
    List<String> columns = arguments[3].equals("*") ? null : Arrays.asList(arguments[3].split(","));
    String filter = arguments.length > 4 && !arguments[4].equals("-") ? arguments[4] : null;
    int runs = arguments.length > 5 ? Integer.parseInt(arguments[5]) : 5;
    boolean share = arguments.length <= 6 || arguments[6].equals("share");
    boolean q6 = name.equals("q6");
    if (q6 && (columns == null || !columns.containsAll(TpchQ6.COLUMNS))) {
      throw new IllegalArgumentException("q6 needs the columns " + String.join(",", TpchQ6.COLUMNS));
    }
    List<Double> seconds = new ArrayList<>();
    String metrics = "";
    String answer = "";
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int run = 0; run <= runs; run++) {
        Scan scan = Scan.of(file).threads(threads).shareDecodes(share);
        if (columns != null) {
          scan.columns(columns);
        }
        if (filter != null) {
          scan.filter(filter);
        }
        long started = System.nanoTime();
        TpchQ6 query = new TpchQ6();
        long rows = 0;
        try (ScanResult result = scan.open(allocator)) {
          for (VectorSchemaRoot next = result.nextBatch(); next != null; next = result.nextBatch()) {
            try (VectorSchemaRoot batch = next) {
              rows += batch.getRowCount();
              if (q6) {
                query.acceptBatch(TpchQ6.COLUMNS.stream().map(batch::getVector).toArray(FieldVector[]::new),
                    batch.getRowCount());
              }
            }
          }
          double elapsed = (System.nanoTime() - started) / 1e9;
          if (run > 0) {
            seconds.add(elapsed);
          }
          metrics = result.metrics().asMap().toString();
          answer = q6 ? "revenue=" + query.revenue().toPlainString() : "rows=" + rows;
        }
      }
    }
    long uncompressed = uncompressedBytes(file, columns);
    List<Double> sorted = new ArrayList<>(seconds);
    sorted.sort(Double::compare);
    System.out.printf(Locale.ROOT,
        "result %s threads=%d share=%s median=%.3f min=%.3f max=%.3f %s uncompressed.touched=%d %s%n",
        name, threads, share, sorted.get(sorted.size() / 2), sorted.get(0), sorted.get(sorted.size() - 1), answer,
        uncompressed, metrics);
  }

  /** The layout's uncompressed (Arrow) bytes of the columns (all when null), filter columns included. */
  private static long uncompressedBytes(Path path, List<String> columns) throws IOException {
    long bytes = 0;
    try (QuiverFile file = QuiverFile.open(path)) {
      for (int column = 0; column < file.schema().getFields().size(); column++) {
        if (columns == null || columns.contains(file.schema().getFields().get(column).getName())) {
          for (FlatLayout flat : Layouts.flats(file.layout().children().get(column))) {
            bytes += flat.uncompressedBytes();
          }
        }
      }
    }
    return bytes;
  }
}
