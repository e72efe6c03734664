package dev.quiver.bench;

import dev.quiver.bench.clickbench.FinewebSql;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code quiver bench fineweb-sql}: the scan suite's FineWeb queries through SQL on Quiver against DuckDB. */
@Command(name = "fineweb-sql", mixinStandardHelpOptions = true,
    description = "The FineWeb queries (fineweb-dump: dump =, fineweb-like: text LIKE) through SQL on generated documents: Quiver on fineweb.qvr, DuckDB on its own table and on Parquet; answers checked against DuckDB's.")
public final class BenchFinewebSqlCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  BenchOptions options;

  @Mixin
  SqlSuiteOptions suite;

  @Override
  public Integer call() throws Exception {
    return SqlSuiteCommand.run(FinewebSql.QUERIES, options, suite, spec.commandLine().getErr());
  }
}
