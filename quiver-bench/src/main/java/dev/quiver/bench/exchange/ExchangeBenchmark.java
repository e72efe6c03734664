package dev.quiver.bench.exchange;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The exchange benchmark: TPC-H lineitem repartitioned by {@code l_orderkey} into P partitions by M
 * map tasks, for every codec, written two ways: Quiver's (a block when a partition reaches 8192 rows,
 * or half the memory limit) and Comet's (a block per 8192-row input batch per partition). Every map
 * phase and every reduce phase runs in a JVM of its own under {@code /usr/bin/time -v} for its peak
 * RSS; each configuration runs {@code --runs} times and the medians are printed: bytes per row and
 * their ratio, map-side and reduce-side throughput, peak RSS, and where the time goes.
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -Darrow.allocation.manager.type=Unsafe \
 *   -cp quiver-bench/target/benchmarks.jar dev.quiver.bench.exchange.ExchangeBenchmark --out /tmp/exchange-bench
 * </pre>
 * Options: {@code --scale SF} (1), {@code --partitions N} (200), {@code --maps N} (4), {@code --threads N}
 * (2), {@code --runs N} (3), {@code --codecs lz4,zstd,zstd+offsets}, {@code --memory-limit BYTES} (256 MiB
 * per map task). Children run with {@code -Xmx1g} and the same add-opens and allocator flags.
 */
public final class ExchangeBenchmark {
  private ExchangeBenchmark() {}

  static final List<String> STYLES = List.of("quiver", "comet");

  public static void main(String[] arguments) throws Exception {
    BenchmarkSettings settings = BenchmarkSettings.parse(arguments);
    switch (settings.phase()) {
      case "map":
        MapPhase.run(settings);
        break;
      case "reduce":
        ReducePhase.run(settings);
        break;
      default:
        drive(settings, arguments);
        break;
    }
  }

  /** One phase's RESULT pairs plus its peak RSS. */
  record Measured(Map<String, Double> values) {
    double get(String key) {
      Double value = values.get(key);
      if (value == null) {
        throw new IllegalStateException("no " + key + " in " + values);
      }
      return value;
    }
  }

  private static void drive(BenchmarkSettings settings, String[] arguments) throws Exception {
    System.out
        .println("ExchangeBenchmark: TPC-H lineitem scale " + settings.scale() + " repartitioned by l_orderkey into "
            + settings.partitions() + " partitions by " + settings.maps() + " map tasks on " + settings.threads()
            + " threads; " + settings.runs() + " runs of every configuration, each phase in a JVM of its own");
    System.out.println("command: java " + String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments())
        + " -cp " + System.getProperty("java.class.path") + " " + ExchangeBenchmark.class.getName() + " "
        + String.join(" ", arguments));
    Map<String, List<Measured>> maps = new LinkedHashMap<>();
    Map<String, List<Measured>> reduces = new LinkedHashMap<>();
    for (int run = 1; run <= settings.runs(); run++) {
      for (String codec : settings.codecs()) {
        for (String style : STYLES) {
          String key = codec + " " + style;
          Path directory = settings.out().resolve(codec.replace('+', '-') + "-" + style);
          deleteRecursively(directory);
          Measured map = child(settings.childArguments("map", codec, style, directory));
          Measured reduce = child(settings.childArguments("reduce", codec, style, directory));
          if (map.get("rows") != reduce.get("rows") || map.get("keySum") != reduce.get("keySum")) {
            throw new IllegalStateException(
                key + ": the reduce side read " + reduce.values() + " but the map side wrote "
                    + map.values());
          }
          maps.computeIfAbsent(key, k -> new ArrayList<>()).add(map);
          reduces.computeIfAbsent(key, k -> new ArrayList<>()).add(reduce);
          System.out.printf(Locale.ROOT, "run %d %-20s %.2f bytes/row, map %s, reduce %s%n", run, key,
              map.get("bytes") / map.get("rows"), map.values(), reduce.values());
          deleteRecursively(directory);
        }
      }
    }
    ExchangeReport.print(settings, maps, reduces);
  }

  /** Runs a child JVM under /usr/bin/time -v; its RESULT line and peak RSS (key {@code rssBytes}). */
  private static Measured child(List<String> childArguments) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("/usr/bin/time", "-v",
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-modules=jdk.incubator.vector", "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Darrow.allocation.manager.type=Unsafe", "-Xmx1g",
        "-cp", System.getProperty("java.class.path"), ExchangeBenchmark.class.getName()));
    command.addAll(childArguments);
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    if (process.waitFor() != 0) {
      throw new IllegalStateException("child failed: " + String.join(" ", command) + "\n" + output);
    }
    Map<String, Double> values = new LinkedHashMap<>();
    for (String line : output.split("\n")) {
      if (line.startsWith("RESULT ")) {
        for (String pair : line.substring(7).trim().split(" ")) {
          int equals = pair.indexOf('=');
          values.put(pair.substring(0, equals), Double.parseDouble(pair.substring(equals + 1)));
        }
      } else if (line.trim().startsWith("Maximum resident set size (kbytes):")) {
        values.put("rssBytes", Double.parseDouble(line.substring(line.indexOf(':') + 1).trim()) * 1024);
      }
    }
    if (!values.containsKey("rows") || !values.containsKey("rssBytes")) {
      throw new IllegalStateException("no RESULT or RSS line from the child:\n" + output);
    }
    return new Measured(values);
  }

  private static void deleteRecursively(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(path)) {
      for (Path file : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }
}
