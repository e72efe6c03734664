package dev.quiver.bench;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.results.ResultsFile;
import dev.quiver.bench.run.PersistentJvm;
import dev.quiver.bench.run.RunEnvironment;
import dev.quiver.bench.run.SuiteRunner;
import dev.quiver.bench.sql.SqlSuite;
import dev.quiver.bench.tpcds.TpcdsSql;
import dev.quiver.bench.tpcds.TpcdsSuite;
import dev.quiver.common.QuiverException;
import dev.quiver.common.memory.Allocators;
import dev.quiver.datagen.tpcds.TpcdsQueries;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code quiver bench tpcds}: the 99 TPC-DS queries (DuckDB's texts) through SQL on Quiver against DuckDB. */
@Command(name = "tpcds", mixinStandardHelpOptions = true,
    description = "The 99 TPC-DS queries (DuckDB's texts) through SQL: Quiver on .qvr tables, DuckDB on its own tables and on Parquet; answers checked against DuckDB's.")
public final class BenchTpcdsCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  BenchOptions options;

  @Mixin
  SqlRunOptions run;

  @Option(names = "--scale", paramLabel = "SF", defaultValue = "1",
      description = "TPC-DS scale factor (default: ${DEFAULT-VALUE}).")
  double scale;

  @Option(names = "--queries", paramLabel = "N", split = ",",
      description = "Query numbers (default: all 99), e.g. 1,58,q78.")
  List<String> queries;

  @Override
  public Integer call() throws Exception {
    List<Integer> chosen = new ArrayList<>();
    if (queries == null) {
      for (int number = 1; number <= TpcdsQueries.COUNT; number++) {
        chosen.add(number);
      }
    } else {
      queries.forEach(name -> chosen.add(TpcdsSql.number(name)));
    }
    if (!(scale > 0)) {
      throw QuiverException.user("--scale must be positive");
    }
    Path dataDirectory = run.checkedDataDirectory();
    PrintWriter log = spec.commandLine().getErr();
    SuiteRunner runner = SqlSuite.runner(TpcdsSql.QUERIES,
        SqlRunOptions.ownJvms(),
        RunEnvironment.detect(BenchOptions.repository()), options.runs, options.warmupPasses, log)
        .keepGoing(run.keepGoing);
    try (BufferAllocator allocator = Allocators.newRoot(); PersistentJvm persistent = run.persistentJvms(runner)) {
      List<ResultRecord> records = TpcdsSuite.run(dataDirectory, scale, chosen, run.systems(), run.threads,
          run.memoryLimitMib << 20, runner, allocator, log);
      ResultsFile.append(options.resultsFile(), records);
      log.println("bench tpcds: " + records.size() + " measurements appended to " + options.resultsFile());
    }
    if (!runner.failures().isEmpty()) {
      log.println("bench tpcds: " + runner.failures().size() + " failed or wrong:");
      runner.failures().forEach(failure -> log.println("  " + failure));
      return 1;
    }
    return 0;
  }
}
