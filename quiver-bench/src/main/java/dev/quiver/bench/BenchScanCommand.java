package dev.quiver.bench;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.results.ResultsFile;
import dev.quiver.bench.run.ChildJvm;
import dev.quiver.bench.run.RunEnvironment;
import dev.quiver.bench.run.SuiteRunner;
import dev.quiver.bench.scan.ScanQuery;
import dev.quiver.bench.scan.ScanSuite;
import dev.quiver.bench.scan.ScanSystem;
import dev.quiver.common.QuiverException;
import dev.quiver.common.memory.Allocators;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code quiver bench scan}: the scan suite, Quiver against Vortex, DuckDB and Parquet. */
@Command(name = "scan", mixinStandardHelpOptions = true,
    description = "Scan queries (decode-all, TPC-H Q6, ClickBench Q12-like, FineWeb-like filters) on Quiver, Vortex, DuckDB and Parquet.")
public final class BenchScanCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  BenchOptions options;

  @Option(names = "--data", paramLabel = "DIR",
      description = "Where data sets are generated once and reused (default: quiver-bench/target/bench-data).")
  Path data;

  @Option(names = "--scale", paramLabel = "SF", defaultValue = "1",
      description = "TPC-H scale factor (default: ${DEFAULT-VALUE}).")
  double scale;

  @Option(names = "--rows", paramLabel = "N", defaultValue = "1000000",
      description = "ClickBench-like rows (default: ${DEFAULT-VALUE}).")
  long rows;

  @Option(names = "--documents", paramLabel = "N", defaultValue = "200000",
      description = "FineWeb-like documents (default: ${DEFAULT-VALUE}).")
  long documents;

  @Option(names = "--queries", paramLabel = "Q", split = ",",
      description = "Queries (default: all): lineitem-decode-all, tpch-q6, hits-decode-all, hits-q12, fineweb-dump, fineweb-like.")
  List<String> queries;

  @Option(names = "--systems", paramLabel = "S", split = ",",
      description = "Systems (default: all): quiver, vortex, duckdb, duckdb-parquet, parquet-java.")
  List<String> systems;

  @Option(names = "--threads", paramLabel = "N", split = ",", defaultValue = "1,2",
      description = "Thread counts (default: ${DEFAULT-VALUE}).")
  List<Integer> threads;

  @Override
  public Integer call() throws Exception {
    List<ScanQuery> chosen = new ArrayList<>();
    if (queries == null) {
      chosen.addAll(List.of(ScanQuery.values()));
    } else {
      queries.forEach(name -> chosen.add(ScanQuery.parse(name.strip())));
    }
    Set<ScanSystem> measured = EnumSet.noneOf(ScanSystem.class);
    if (systems == null) {
      measured.addAll(List.of(ScanSystem.values()));
    } else {
      systems.forEach(name -> measured.add(ScanSystem.parse(name.strip())));
    }
    if (threads.stream().anyMatch(count -> count < 1)) {
      throw QuiverException.user("--threads must be at least 1");
    }
    Path dataDirectory = data != null ? data : BenchOptions.repository().resolve("quiver-bench/target/bench-data");
    PrintWriter log = spec.commandLine().getErr();
    SuiteRunner runner = new SuiteRunner(new ChildJvm(MeasureMain.class.getName(), List.of(ChildJvm.CALCITE_CHARSET)),
        RunEnvironment.detect(BenchOptions.repository()),
        "scan", ScanSystem.QUIVER.label(), options.runs, options.warmupPasses, 0, log);
    try (BufferAllocator allocator = Allocators.newRoot()) {
      List<ResultRecord> records = ScanSuite.run(dataDirectory, new ScanSuite.Sizes(scale, rows, documents), chosen,
          measured, threads, runner, allocator, log);
      ResultsFile.append(options.resultsFile(), records);
      log.println("bench scan: " + records.size() + " measurements appended to " + options.resultsFile());
    }
    return 0;
  }
}
