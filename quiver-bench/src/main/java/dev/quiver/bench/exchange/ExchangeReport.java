package dev.quiver.bench.exchange;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** Prints the exchange benchmark's medians as Markdown tables, ready for BENCHMARKS.md. */
final class ExchangeReport {
  private ExchangeReport() {}

  private static final double MIB = 1024.0 * 1024.0;
  private static final String[] MAP_PARTS = {"partitionNanos", "scatterNanos", "encodeNanos", "compressNanos",
      "spillNanos", "commitNanos"};

  /** A column of a per-configuration table: its heading, its format and the value of one run. */
  record Column(String heading, String format, ToDoubleFunction<ExchangeBenchmark.Measured> value) {}

  static void print(BenchmarkSettings settings, Map<String, List<ExchangeBenchmark.Measured>> maps,
      Map<String, List<ExchangeBenchmark.Measured>> reduces) {
    System.out.println();
    System.out.println("Medians of " + settings.runs() + " runs.");
    System.out.println();
    System.out.println(
        "| codec | Quiver bytes/row | Comet-style bytes/row | Quiver / Comet-style | target <= 0.7 | Quiver blocks | Comet-style blocks | Quiver spills |");
    System.out.println("|---|---:|---:|---:|---|---:|---:|---:|");
    for (String codec : settings.codecs()) {
      List<ExchangeBenchmark.Measured> quiver = maps.get(codec + " quiver");
      List<ExchangeBenchmark.Measured> comet = maps.get(codec + " comet");
      double quiverBytes = median(quiver, m -> m.get("bytes") / m.get("rows"));
      double cometBytes = median(comet, m -> m.get("bytes") / m.get("rows"));
      double ratio = quiverBytes / cometBytes;
      System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | **%.3f** | %s | %,.0f | %,.0f | %.0f |%n", codec,
          quiverBytes,
          cometBytes, ratio, ratio <= 0.7 ? "met" : "missed", median(quiver, m -> m.get("blocks")),
          median(comet, m -> m.get("blocks")), median(quiver, m -> m.get("spills")));
    }
    System.out.println();
    System.out.println("Map side (" + settings.maps() + " map tasks on " + settings.threads()
        + " threads). Writer time ="
        + " time inside ShuffleWriter.write/flush/commit, summed over tasks: wall clock, and the threads' CPU time"
        + " (which leaves out waiting for a core on this shared machine). Throughput per core = rows / writer CPU time.");
    table(maps, List.of(
        new Column("writer wall s", "%.2f", m -> m.get("writerNanos") / 1e9),
        new Column("writer CPU s", "%.2f", m -> m.get("writerCpuNanos") / 1e9),
        new Column("rows/s per core", "%,.0f", m -> m.get("rows") / (m.get("writerCpuNanos") / 1e9)),
        new Column("MB/s written per core", "%.1f", m -> m.get("bytes") / 1e6 / (m.get("writerCpuNanos") / 1e9)),
        new Column("phase wall s (with generation)", "%.2f", m -> m.get("wallNanos") / 1e9),
        new Column("peak RSS MiB", "%.0f", m -> m.get("rssBytes") / MIB)));
    @SuppressWarnings("OrphanedFormatString") // printed as it is: "% of" is text
    String partsHeading = "Where the map side's writer time goes (wall clock, % of writer time):";
    System.out.println(partsHeading);
    String[] headings = {"partitioning", "scatter (copy into builders)", "IPC encoding", "compression", "spill I/O",
        "commit I/O (data+index, fsync)"};
    List<Column> parts = new java.util.ArrayList<>();
    for (int i = 0; i < MAP_PARTS.length; i++) {
      String part = MAP_PARTS[i];
      parts.add(new Column(headings[i], "%.1f", m -> 100 * m.get(part) / m.get("writerNanos")));
    }
    parts.add(new Column("other", "%.1f", m -> {
      double rest = m.get("writerNanos");
      for (String part : MAP_PARTS) {
        rest -= m.get(part);
      }
      return 100 * rest / m.get("writerNanos");
    }));
    table(maps, parts);
    System.out.println("Reduce side (" + settings.partitions() + " reduce tasks on " + settings.threads() + " threads,"
        + " each reading its partition of every map output; trusted decoding on the task's thread, read-ahead on an"
        + " I/O thread). Task CPU = the reduce threads' CPU time; decode, I/O and wait are wall clock summed over tasks.");
    table(reduces, List.of(
        new Column("wall s", "%.2f", m -> m.get("wallNanos") / 1e9),
        new Column("rows/s", "%,.0f", m -> m.get("rows") / (m.get("wallNanos") / 1e9)),
        new Column("MB/s read", "%.1f", m -> m.get("bytes") / 1e6 / (m.get("wallNanos") / 1e9)),
        new Column("task CPU s", "%.2f", m -> m.get("taskCpuNanos") / 1e9),
        new Column("rows/s per core", "%,.0f", m -> m.get("rows") / (m.get("taskCpuNanos") / 1e9)),
        new Column("decode s", "%.2f", m -> m.get("decodeNanos") / 1e9),
        new Column("I/O thread read s", "%.2f", m -> m.get("ioNanos") / 1e9),
        new Column("waiting for I/O s", "%.2f", m -> m.get("waitNanos") / 1e9),
        new Column("peak RSS MiB", "%.0f", m -> m.get("rssBytes") / MIB)));
  }

  /** A table with a row per configuration ("codec style") and the medians of {@code columns}. */
  private static void table(Map<String, List<ExchangeBenchmark.Measured>> runsByKey, List<Column> columns) {
    System.out.println();
    StringBuilder heading = new StringBuilder("| codec | style |");
    StringBuilder rule = new StringBuilder("|---|---|");
    for (Column column : columns) {
      heading.append(' ').append(column.heading()).append(" |");
      rule.append("---:|");
    }
    System.out.println(heading);
    System.out.println(rule);
    for (Map.Entry<String, List<ExchangeBenchmark.Measured>> entry : runsByKey.entrySet()) {
      String[] key = entry.getKey().split(" ");
      StringBuilder row = new StringBuilder("| " + key[0] + " | " + key[1] + " |");
      for (Column column : columns) {
        row.append(' ').append(String.format(Locale.ROOT, column.format(), median(entry.getValue(), column.value())))
            .append(" |");
      }
      System.out.println(row);
    }
    System.out.println();
  }

  static double median(List<ExchangeBenchmark.Measured> runs, ToDoubleFunction<ExchangeBenchmark.Measured> value) {
    double[] values = runs.stream().mapToDouble(value).sorted().toArray();
    int middle = values.length / 2;
    return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  }
}
