package dev.quiver.bench;

import dev.quiver.bench.exchange.ExchangeBenchmark;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code quiver bench exchange}: the exchange half of the shuffle suite — TPC-H lineitem repartitioned
 * by {@code l_orderkey}, Quiver's blocks against Comet-style blocks (one per input batch per
 * partition) at equal codec: bytes per row, map and reduce throughput, peak RSS per phase (each phase a
 * JVM of its own under {@code /usr/bin/time -v}), where the map time goes. Runs
 * {@link ExchangeBenchmark}; its figures go to standard output (BENCHMARKS.md records them by hand).
 */
@Command(name = "exchange", mixinStandardHelpOptions = true,
    description = "Exchange throughput and bytes per row: lineitem repartitioned, Quiver vs Comet-style blocks.")
public final class BenchExchangeCommand implements Callable<Integer> {
  @Option(names = "--out", paramLabel = "DIR", defaultValue = "quiver-bench/target/exchange-bench",
      description = "Working directory for map outputs (default: ${DEFAULT-VALUE}).")
  String out;

  @Option(names = "--scale", paramLabel = "SF", defaultValue = "1", description = "TPC-H scale (default: 1).")
  String scale;

  @Option(names = "--partitions", paramLabel = "N", defaultValue = "200", description = "Partitions (default: 200).")
  int partitions;

  @Option(names = "--runs", paramLabel = "N", defaultValue = "3", description = "Runs per configuration (default: 3).")
  int runs;

  @Option(names = "--codecs", paramLabel = "C", defaultValue = "lz4,zstd,zstd+offsets",
      description = "Codecs (default: ${DEFAULT-VALUE}).")
  String codecs;

  @Override
  public Integer call() throws Exception {
    List<String> arguments = new ArrayList<>(List.of("--out", out, "--scale", scale, "--partitions",
        Integer.toString(partitions), "--runs", Integer.toString(runs), "--codecs", codecs));
    ExchangeBenchmark.main(arguments.toArray(new String[0]));
    return 0;
  }
}
