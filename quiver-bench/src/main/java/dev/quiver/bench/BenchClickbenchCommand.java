package dev.quiver.bench;

import dev.quiver.bench.clickbench.ClickBenchSql;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code quiver bench clickbench}: ClickBench's 43 queries (and top-phrases) on Quiver against DuckDB. */
@Command(name = "clickbench", mixinStandardHelpOptions = true,
    description = "ClickBench's 43 queries (q00-q42) and the top-phrases query through SQL on generated hits: Quiver on hits.qvr, DuckDB on its own table and on Parquet; answers checked against DuckDB's.")
public final class BenchClickbenchCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  BenchOptions options;

  @Mixin
  SqlSuiteOptions suite;

  @Override
  public Integer call() throws Exception {
    return SqlSuiteCommand.run(ClickBenchSql.QUERIES, options, suite, spec.commandLine().getErr());
  }
}
