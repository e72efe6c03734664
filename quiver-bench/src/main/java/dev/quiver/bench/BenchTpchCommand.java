package dev.quiver.bench;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.results.ResultsFile;
import dev.quiver.bench.run.PersistentJvm;
import dev.quiver.bench.run.RunEnvironment;
import dev.quiver.bench.run.SuiteRunner;
import dev.quiver.bench.sql.SqlSystem;
import dev.quiver.bench.tpch.TpchSql;
import dev.quiver.bench.tpch.TpchSuite;
import dev.quiver.common.QuiverException;
import dev.quiver.common.memory.Allocators;
import dev.quiver.datagen.tpch.TpchQueries;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code quiver bench tpch}: the 22 TPC-H queries through SQL on Quiver against DuckDB (own tables and Parquet). */
@Command(name = "tpch", mixinStandardHelpOptions = true,
    description = "The 22 TPC-H queries through SQL: Quiver on .qvr tables, DuckDB on its own tables and on Parquet; answers checked against DuckDB's.")
public final class BenchTpchCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  BenchOptions options;

  @Mixin
  SqlRunOptions run;

  @Option(names = "--scale", paramLabel = "SF", defaultValue = "1",
      description = "TPC-H scale factor (default: ${DEFAULT-VALUE}).")
  double scale;

  @Option(names = "--sorted",
      description = "Measure on sorted tables (generate tpch --sorted: lineitem by l_shipdate, orders by "
          + "o_orderdate), the same sorted rows for Quiver, DuckDB's tables and Parquet, kept in tpch-sfSF-sorted.")
  boolean sorted;

  @Option(names = "--queries", paramLabel = "N", split = ",",
      description = "Query numbers (default: all 22), e.g. 1,6,q14.")
  List<String> queries;

  @Override
  public Integer call() throws Exception {
    List<Integer> chosen = new ArrayList<>();
    if (queries == null) {
      for (int number = 1; number <= TpchQueries.COUNT; number++) {
        chosen.add(number);
      }
    } else {
      queries.forEach(name -> chosen.add(TpchSql.number(name)));
    }
    Set<SqlSystem> measured = run.systems();
    if (!(scale > 0)) {
      throw QuiverException.user("--scale must be positive");
    }
    Path dataDirectory = run.checkedDataDirectory();
    PrintWriter log = spec.commandLine().getErr();
    SuiteRunner runner = TpchSuite.runner(SqlRunOptions.ownJvms(),
        RunEnvironment.detect(BenchOptions.repository()), options.runs, options.warmupPasses, log)
        .keepGoing(run.keepGoing);
    try (BufferAllocator allocator = Allocators.newRoot(); PersistentJvm persistent = run.persistentJvms(runner)) {
      List<ResultRecord> records = TpchSuite.run(dataDirectory, scale, sorted, chosen, measured, run.threads,
          run.memoryLimitMib << 20, runner, allocator, log);
      ResultsFile.append(options.resultsFile(), records);
      log.println("bench tpch: " + records.size() + " measurements appended to " + options.resultsFile());
    }
    if (!runner.failures().isEmpty()) {
      log.println("bench tpch: " + runner.failures().size() + " failed:");
      runner.failures().forEach(failure -> log.println("  " + failure));
      return 1;
    }
    return 0;
  }
}
