package dev.quiver.bench.exchange;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** Prints the exchange benchmark's medians as Markdown tables, ready for BENCHMARKS.md. */
final class ExchangeReport {
  private ExchangeReport() {}

  private static final double MIB = 1024.0 * 1024.0;

  static void print(BenchmarkSettings settings, Map<String, List<ExchangeBenchmark.Measured>> maps,
      Map<String, List<ExchangeBenchmark.Measured>> reduces) {
    System.out.println();
    System.out.println("Medians of " + settings.runs() + " runs.");
    System.out.println();
    System.out.println("| codec | Quiver bytes/row | Comet-style bytes/row | Quiver / Comet-style | target <= 0.7 | Quiver blocks | Comet-style blocks | Quiver spills |");
    System.out.println("|---|---:|---:|---:|---|---:|---:|---:|");
    for (String codec : settings.codecs()) {
      List<ExchangeBenchmark.Measured> quiver = maps.get(codec + " quiver");
      List<ExchangeBenchmark.Measured> comet = maps.get(codec + " comet");
      double quiverBytes = median(quiver, m -> m.get("bytes") / m.get("rows"));
      double cometBytes = median(comet, m -> m.get("bytes") / m.get("rows"));
      double ratio = quiverBytes / cometBytes;
      System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | **%.3f** | %s | %,.0f | %,.0f | %.0f |%n", codec, quiverBytes,
          cometBytes, ratio, ratio <= 0.7 ? "met" : "missed", median(quiver, m -> m.get("blocks")),
          median(comet, m -> m.get("blocks")), median(quiver, m -> m.get("spills")));
    }
    System.out.println();
    System.out.println("Map side (" + settings.maps() + " map tasks on " + settings.threads() + " threads). Writer time ="
        + " time inside ShuffleWriter.write/flush/commit, summed over tasks: wall clock, and the threads' CPU time"
        + " (which leaves out waiting for a core on this shared machine). Throughput per core = rows / writer CPU time.");
    System.out.println();
    System.out.println("| codec | style | writer wall s | writer CPU s | rows/s per core | MB/s written per core | phase wall s (with generation) | peak RSS MiB |");
    System.out.println("|---|---|---:|---:|---:|---:|---:|---:|");
    for (Map.Entry<String, List<ExchangeBenchmark.Measured>> entry : maps.entrySet()) {
      List<ExchangeBenchmark.Measured> runs = entry.getValue();
      String[] key = entry.getKey().split(" ");
      System.out.printf(Locale.ROOT, "| %s | %s | %.2f | %.2f | %,.0f | %.1f | %.2f | %.0f |%n", key[0], key[1],
          median(runs, m -> m.get("writerNanos") / 1e9), median(runs, m -> m.get("writerCpuNanos") / 1e9),
          median(runs, m -> m.get("rows") / (m.get("writerCpuNanos") / 1e9)),
          median(runs, m -> m.get("bytes") / 1e6 / (m.get("writerCpuNanos") / 1e9)),
          median(runs, m -> m.get("wallNanos") / 1e9), median(runs, m -> m.get("rssBytes") / MIB));
    }
    System.out.println();
    System.out.println("Where the map side's writer time goes (medians, % of writer time):");
    System.out.println();
    System.out.println("| codec | style | partitioning | scatter (copy into builders) | IPC encoding | compression | spill I/O | commit I/O (data+index, fsync) | other |");
    System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    String[] parts = {"partitionNanos", "scatterNanos", "encodeNanos", "compressNanos", "spillNanos", "commitNanos"};
    for (Map.Entry<String, List<ExchangeBenchmark.Measured>> entry : maps.entrySet()) {
      List<ExchangeBenchmark.Measured> runs = entry.getValue();
      String[] key = entry.getKey().split(" ");
      StringBuilder row = new StringBuilder("| " + key[0] + " | " + key[1] + " |");
      double others = median(runs, m -> {
        double rest = m.get("writerNanos");
        for (String part : parts) {
          rest -= m.get(part);
        }
        return 100 * rest / m.get("writerNanos");
      });
      for (String part : parts) {
        row.append(String.format(Locale.ROOT, " %.1f |", median(runs, m -> 100 * m.get(part) / m.get("writerNanos"))));
      }
      row.append(String.format(Locale.ROOT, " %.1f |", others));
      System.out.println(row);
    }
    System.out.println();
    System.out.println("Reduce side (" + settings.partitions() + " reduce tasks on " + settings.threads() + " threads,"
        + " each reading its partition of every map output; trusted decoding on the task's thread, read-ahead on an"
        + " I/O thread). Task CPU = the reduce threads' CPU time; decode, I/O and wait are wall clock summed over tasks.");
    System.out.println();
    System.out.println("| codec | style | wall s | rows/s | MB/s read | task CPU s | rows/s per core | decode s | I/O thread read s | waiting for I/O s | peak RSS MiB |");
    System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (Map.Entry<String, List<ExchangeBenchmark.Measured>> entry : reduces.entrySet()) {
      List<ExchangeBenchmark.Measured> runs = entry.getValue();
      String[] key = entry.getKey().split(" ");
      System.out.printf(Locale.ROOT, "| %s | %s | %.2f | %,.0f | %.1f | %.2f | %,.0f | %.2f | %.2f | %.2f | %.0f |%n",
          key[0], key[1],
          median(runs, m -> m.get("wallNanos") / 1e9), median(runs, m -> m.get("rows") / (m.get("wallNanos") / 1e9)),
          median(runs, m -> m.get("bytes") / 1e6 / (m.get("wallNanos") / 1e9)),
          median(runs, m -> m.get("taskCpuNanos") / 1e9), median(runs, m -> m.get("rows") / (m.get("taskCpuNanos") / 1e9)),
          median(runs, m -> m.get("decodeNanos") / 1e9),
          median(runs, m -> m.get("ioNanos") / 1e9), median(runs, m -> m.get("waitNanos") / 1e9),
          median(runs, m -> m.get("rssBytes") / MIB));
    }
  }

  static double median(List<ExchangeBenchmark.Measured> runs, ToDoubleFunction<ExchangeBenchmark.Measured> value) {
    double[] values = runs.stream().mapToDouble(value).sorted().toArray();
    int middle = values.length / 2;
    return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  }
}
