package dev.quiver.bench.format;

import dev.quiver.bench.scan.query.TpchQ6;
import dev.quiver.common.memory.Allocators;
import dev.quiver.datagen.tpch.TpchGenerator;
import dev.quiver.datagen.tpch.TpchSchemas;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.io.parquet.ParquetCodec;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;

/**
 * The file-format benchmark: TPC-H lineitem generated once (in memory), written as {@code .qvr},
 * Parquet-zstd and Parquet-snappy (parquet-java's defaults: 128 MiB row groups, 1 MiB pages,
 * dictionaries on), then every column of every file fully decoded on one thread, each decoder in
 * several JVMs of its own ({@link DecodeFork}; warm-up rounds, then measured rounds; medians of wall
 * clock and thread CPU time, and the best fork). Prints sizes, write times, decode times, the
 * ratios against the targets (size .qvr/parquet-zstd &le; 0.9, decode time &le; 0.5), bytes per column,
 * and checks once that all three files decode to the same values (a checksum per column).
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -Darrow.allocation.manager.type=Unsafe \
 *   -Xms4g -Xmx4g -XX:+AlwaysPreTouch \
 *   -cp quiver-bench/target/benchmarks.jar dev.quiver.bench.format.FormatBenchmark --scale 1 --out DIR
 * </pre>
 * A fixed, pre-touched heap keeps page faults out of the timings: the Parquet reader allocates about a
 * gigabyte of heap per pass, and a growing heap made its times vary by 3 times. Options: {@code --scale
 * SF} (default 1), {@code --out DIR} (required), {@code --forks N} JVMs per decoder (default 3),
 * {@code --rounds N} measured rounds per fork (default 3), {@code --warmups N} (default 1),
 * {@code --threads N} generator threads (default: the cores), {@code --library-codecs yes} adds
 * Parquet-zstd read through parquet-java's default codec path.
 */
public final class FormatBenchmark {
  private FormatBenchmark() {}

  public static void main(String[] arguments) throws IOException {
    Map<String, String> options = parse(arguments);
    double scale = Double.parseDouble(options.getOrDefault("--scale", "1"));
    Path directory = Path.of(options.get("--out"));
    int forks = Integer.parseInt(options.getOrDefault("--forks", "3"));
    int rounds = Integer.parseInt(options.getOrDefault("--rounds", "3"));
    int warmups = Integer.parseInt(options.getOrDefault("--warmups", "1"));
    int threads = Integer.parseInt(options.getOrDefault("--threads", "" + Runtime.getRuntime().availableProcessors()));
    Files.createDirectories(directory);
    printSetup(arguments, scale, forks, warmups, rounds);
    try (BufferAllocator allocator = Allocators.newRoot()) {
      List<LineitemFiles.Written> files = generateAndWrite(scale, threads, directory, allocator);
      Timings timings = decode(files, forks, warmups, rounds, options.containsKey("--library-codecs"));
      printColumnBytes(files.get(0).path(), files.get(1).path());
      boolean same = verify(files, allocator);
      BigDecimal q6 = querySix(files.get(0).path(), allocator);
      System.out.println("TPC-H Q6 from lineitem.qvr: " + q6.toPlainString()
          + (scale == 1 ? (q6.compareTo(TpchQ6.REVENUE_AT_SCALE_ONE) == 0 ? " (the reference value at scale 1)"
              : " (DIFFERS from the reference " + TpchQ6.REVENUE_AT_SCALE_ONE + ")") : ""));
      same &= scale != 1 || q6.compareTo(TpchQ6.REVENUE_AT_SCALE_ONE) == 0;
      printRatios(files, timings);
      if (!same) {
        System.exit(1);
      }
    }
  }

  /**
   * TPC-H Q6 computed exactly from the lineitem {@code .qvr} file (its four columns read whole by
   * {@link QuiverFile#read}, then {@link TpchQ6}): an end-to-end check of generator, writer and reader
   * ({@link TpchQ6#REVENUE_AT_SCALE_ONE} at scale 1).
   */
  private static BigDecimal querySix(Path lineitem, BufferAllocator allocator) throws IOException {
    try (QuiverFile file = QuiverFile.open(lineitem)) {
      List<FieldVector> vectors = new ArrayList<>();
      try {
        for (String column : TpchQ6.COLUMNS) {
          vectors.add(file.read(file.columnIndex(column), 0, file.rowCount(), allocator));
        }
        TpchQ6 q6 = new TpchQ6();
        q6.acceptBatch(vectors.toArray(new FieldVector[0]), Math.toIntExact(file.rowCount()));
        return q6.revenue();
      } finally {
        vectors.forEach(FieldVector::close);
      }
    }
  }

  private static Map<String, String> parse(String[] arguments) {
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 0; i + 1 < arguments.length; i += 2) {
      options.put(arguments[i], arguments[i + 1]);
    }
    if (arguments.length % 2 != 0 || !options.containsKey("--out")
        || !options.keySet().stream()
            .allMatch(key -> List.of("--scale", "--out", "--forks", "--rounds", "--warmups", "--threads",
                "--library-codecs").contains(key))) {
      System.err.println("usage: FormatBenchmark --out DIR [--scale SF] [--forks N] [--rounds N] [--warmups N]"
          + " [--threads N] [--library-codecs yes]");
      System.exit(2);
    }
    return options;
  }

  private static void printSetup(String[] arguments, double scale, int forks, int warmups, int rounds) {
    List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments();
    System.out
        .println("FormatBenchmark: TPC-H lineitem at scale " + scale + "; decode: " + forks + " forked JVMs (these"
            + " flags) per decoder, " + warmups + " warm-up + " + rounds + " measured rounds each, 1 thread");
    System.out.println("command: java " + String.join(" ", flags) + " -cp quiver-bench/target/benchmarks.jar "
        + FormatBenchmark.class.getName() + " " + String.join(" ", arguments));
    System.out.println("JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")
        + "; flags " + flags + "; " + Runtime.getRuntime().availableProcessors() + " cores; max heap "
        + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB");
  }

  private static List<LineitemFiles.Written> generateAndWrite(double scale, int threads, Path directory,
      BufferAllocator allocator) throws IOException {
    TpchTable<?> table = TpchTable.LINE_ITEM;
    Schema schema = TpchSchemas.schema(table);
    List<VectorSchemaRoot> batches = new ArrayList<>();
    List<LineitemFiles.Written> files = new ArrayList<>();
    try {
      long started = System.nanoTime();
      long rows = TpchGenerator.generate(table, scale, threads, 65_536, allocator, batches::add);
      System.out.printf(Locale.ROOT,
          "generated %,d rows, %d columns, in %.1f s on %d threads; %.1f MiB of Arrow memory%n",
          rows, schema.getFields().size(), seconds(System.nanoTime() - started), threads,
          allocator.getAllocatedMemory() / 1048576.0);
      files.add(LineitemFiles.writeQuiver(batches, schema, directory.resolve("lineitem.qvr"), allocator));
      files.add(
          LineitemFiles.writeParquet(batches, schema, directory.resolve("lineitem-zstd.parquet"), ParquetCodec.ZSTD));
      files.add(LineitemFiles.writeParquet(batches, schema, directory.resolve("lineitem-snappy.parquet"),
          ParquetCodec.SNAPPY));
    } finally {
      batches.forEach(VectorSchemaRoot::close);
    }
    System.out.println();
    System.out.println("write (one thread, from Arrow batches in memory to the file forced to disk)");
    System.out.printf(Locale.ROOT, "%-16s %14s %10s %9s%n", "format", "bytes", "MiB", "write s");
    for (LineitemFiles.Written file : files) {
      System.out.printf(Locale.ROOT, "%-16s %,14d %10.1f %9.2f%n", file.name(), file.bytes(), file.bytes() / 1048576.0,
          seconds(file.nanos()));
    }
    return files;
  }

  /** One way of decoding a file, measured in a JVM of its own ({@link DecodeFork}). */
  private record Decoder(String name, LineitemFiles.Written file, String kind) {}

  /** Wall and CPU seconds of every decoder's measured rounds, by name. */
  private record Timings(Map<String, double[]> wall, Map<String, double[]> cpu) {}

  private static Timings decode(List<LineitemFiles.Written> files, int forks, int warmups, int rounds,
      boolean libraryCodecs) throws IOException {
    List<Decoder> decoders = new ArrayList<>();
    for (LineitemFiles.Written file : files) {
      decoders.add(new Decoder(file.name(), file, file.name().equals(".qvr") ? "qvr" : "parquet"));
    }
    if (libraryCodecs) {
      decoders.add(new Decoder(files.get(1).name() + " (library codecs)", files.get(1), "parquet-library"));
    }
    Map<String, double[]> wall = new LinkedHashMap<>();
    Map<String, double[]> cpu = new LinkedHashMap<>();
    System.out.println();
    System.out.println("decode every column, 1 thread; each decoder in " + forks + " JVMs of its own, " + warmups
        + " warm-up + " + rounds + " measured rounds each (seconds; cpu: CPU time of the decoding thread)");
    System.out.printf(Locale.ROOT, "%-32s %-28s %9s %9s %9s %11s%n", "format", "per fork: median wall", "wall",
        "best fork", "cpu", "Mvalues/s");
    for (Decoder decoder : decoders) {
      double[] forkWall = new double[forks];
      double[] forkCpu = new double[forks];
      long values = 0;
      for (int fork = 0; fork < forks; fork++) {
        DecodeFork.Result result = DecodeFork.fork(decoder.kind(), decoder.file().path(), warmups, rounds);
        forkWall[fork] = median(Arrays.stream(result.wallNanos()).mapToDouble(FormatBenchmark::seconds).toArray());
        forkCpu[fork] = median(Arrays.stream(result.cpuNanos()).mapToDouble(FormatBenchmark::seconds).toArray());
        values = result.values();
      }
      wall.put(decoder.name(), forkWall);
      cpu.put(decoder.name(), forkCpu);
      StringBuilder perFork = new StringBuilder();
      for (double seconds : forkWall) {
        perFork.append(perFork.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.2f", seconds));
      }
      double best = Arrays.stream(forkWall).min().orElseThrow();
      System.out.printf(Locale.ROOT, "%-32s %-28s %9.3f %9.3f %9.3f %11.1f%n", decoder.name(), perFork,
          median(forkWall),
          best, median(forkCpu), values / 1e6 / median(forkCpu));
    }
    System.out.println("(wall and cpu: medians over the forks of each fork's median; the JIT compiler makes some"
        + " Parquet forks 2-3 times slower than others, so the best fork is shown too)");
    if (libraryCodecs) {
      System.out.println("(library codecs: parquet-java's default codec path, zstd through a ZstdInputStream per page;"
          + " the other zstd row decompresses each page in one call; snappy uses the library's path)");
    }
    return new Timings(wall, cpu);
  }

  private static void printColumnBytes(Path quiver, Path parquetZstd) throws IOException {
    Map<String, Long> parquetBytes = new LinkedHashMap<>();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(parquetZstd))) {
      for (BlockMetaData rowGroup : reader.getRowGroups()) {
        for (ColumnChunkMetaData column : rowGroup.getColumns()) {
          parquetBytes.merge(column.getPath().toDotString(), column.getTotalSize(), Long::sum);
        }
      }
      System.out.println();
      System.out.println("bytes per column (.qvr: its segments; parquet-zstd: its column chunks over "
          + reader.getRowGroups().size() + " row groups)");
    }
    System.out.printf(Locale.ROOT, "%-18s %14s %14s %8s%n", "column", ".qvr", "parquet-zstd", "ratio");
    try (QuiverFile file = QuiverFile.open(quiver)) {
      for (int column = 0; column < file.schema().getFields().size(); column++) {
        long bytes = file.segmentBytes(file.layout().children().get(column));
        String name = file.schema().getFields().get(column).getName();
        long parquet = parquetBytes.getOrDefault(name, 0L);
        System.out.printf(Locale.ROOT, "%-18s %,14d %,14d %8.2f%n", name, bytes, parquet, bytes / (double) parquet);
      }
    }
  }

  private static boolean verify(List<LineitemFiles.Written> files, BufferAllocator allocator) throws IOException {
    int columns = TpchSchemas.schema(TpchTable.LINE_ITEM).getFields().size();
    List<ColumnChecksums> checksums = new ArrayList<>();
    for (LineitemFiles.Written file : files) {
      ColumnChecksums sums = new ColumnChecksums(columns);
      if (file.name().equals(".qvr")) {
        DecodeRuns.quiver(file.path(), allocator, sums);
      } else {
        DecodeRuns.parquet(file.path(), allocator, sums);
      }
      checksums.add(sums);
    }
    boolean same = true;
    for (int i = 1; i < checksums.size(); i++) {
      same &= checksums.get(0).matches(checksums.get(i));
    }
    System.out.println();
    if (same) {
      System.out.println("values: " + columns + " column checksums of .qvr, parquet-zstd and parquet-snappy agree ("
          + String.format(Locale.ROOT, "%,d", checksums.get(0).rows(0)) + " rows each)");
    } else {
      System.out.println("VALUES DIFFER:");
      for (int column = 0; column < columns; column++) {
        StringBuilder line = new StringBuilder("  column " + column + ":");
        for (int i = 0; i < files.size(); i++) {
          line.append(' ').append(files.get(i).name()).append('=')
              .append(Long.toHexString(checksums.get(i).sum(column)))
              .append('/').append(checksums.get(i).rows(column));
        }
        System.out.println(line);
      }
    }
    return same;
  }

  private static void printRatios(List<LineitemFiles.Written> files, Timings timings) {
    LineitemFiles.Written quiver = files.get(0);
    System.out.println();
    System.out.println("ratios (.qvr / Parquet; lower is better for .qvr; decode: median forks, and .qvr's median"
        + " against Parquet's best fork)");
    for (LineitemFiles.Written parquet : files.subList(1, files.size())) {
      double size = quiver.bytes() / (double) parquet.bytes();
      double wall = median(timings.wall().get(quiver.name())) / median(timings.wall().get(parquet.name()));
      double cpu = median(timings.cpu().get(quiver.name())) / median(timings.cpu().get(parquet.name()));
      double againstBest = median(timings.wall().get(quiver.name()))
          / Arrays.stream(timings.wall().get(parquet.name())).min().orElseThrow();
      double write = quiver.nanos() / (double) parquet.nanos();
      boolean zstd = parquet.name().equals("parquet-zstd");
      double worst = Math.max(Math.max(cpu, wall), againstBest);
      System.out.printf(Locale.ROOT, "  vs %-15s size %.3f%s   decode time: wall %.3f, cpu %.3f, vs best fork %.3f%s"
          + "   write time %.3f%n", parquet.name(), size,
          zstd ? (size <= 0.9 ? " (target <= 0.9: met)" : " (target <= 0.9: NOT met)") : "", wall, cpu, againstBest,
          zstd ? (worst <= 0.5 ? " (target <= 0.5: met)" : " (target <= 0.5: NOT met)") : "", write);
    }
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }

  private static double seconds(long nanos) {
    return nanos / 1e9;
  }
}
