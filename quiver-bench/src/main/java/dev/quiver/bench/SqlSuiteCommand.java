package dev.quiver.bench;

import dev.quiver.bench.clickbench.GeneratedQueries;
import dev.quiver.bench.clickbench.GeneratedSuites;
import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.results.ResultsFile;
import dev.quiver.bench.run.PersistentJvm;
import dev.quiver.bench.run.RunEnvironment;
import dev.quiver.bench.run.SuiteRunner;
import dev.quiver.bench.sql.SqlSuite;
import dev.quiver.common.memory.Allocators;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/** What {@code quiver bench clickbench} and {@code fineweb-sql} do with their options. */
final class SqlSuiteCommand {
  private SqlSuiteCommand() {}

  static int run(GeneratedQueries queries, BenchOptions options, SqlSuiteOptions suite, PrintWriter log)
      throws Exception {
    Path dataDirectory = suite.checkedDataDirectory();
    List<String> subjects = suite.subjects(queries);
    SuiteRunner runner = SqlSuite.runner(queries,
        SqlRunOptions.ownJvms(),
        RunEnvironment.detect(BenchOptions.repository()), options.runs, options.warmupPasses, log)
        .keepGoing(suite.run.keepGoing);
    try (BufferAllocator allocator = Allocators.newRoot();
        PersistentJvm persistent = suite.run.persistentJvms(runner)) {
      List<ResultRecord> records = GeneratedSuites.run(queries, dataDirectory, suite.rows, suite.seed, subjects,
          suite.systems(), suite.run.threads, suite.run.memoryLimitMib << 20, runner, allocator, log);
      ResultsFile.append(options.resultsFile(), records);
      log.println("bench " + queries.suite() + ": " + records.size() + " measurements appended to "
          + options.resultsFile());
    }
    if (!runner.failures().isEmpty()) {
      log.println("bench " + queries.suite() + ": " + runner.failures().size() + " failed or wrong:");
      runner.failures().forEach(failure -> log.println("  " + failure));
      return 1;
    }
    return 0;
  }
}
