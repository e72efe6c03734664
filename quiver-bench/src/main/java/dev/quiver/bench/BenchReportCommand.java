package dev.quiver.bench;

import dev.quiver.bench.report.Report;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code quiver bench report}: tables into BENCHMARKS.md (between markers) and PNG charts, from the results file. */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = "Write the generated section of BENCHMARKS.md (tables, targets) and PNG charts from the results file.")
public final class BenchReportCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  BenchOptions options;

  @Option(names = "--markdown", paramLabel = "FILE",
      description = "The Markdown file to update (default: BENCHMARKS.md in the repository).")
  Path markdown;

  @Option(names = "--charts", paramLabel = "DIR",
      description = "Where the charts go (default: docs/bench in the repository).")
  Path charts;

  @Override
  public Integer call() throws Exception {
    Path markdownFile = markdown != null ? markdown : BenchOptions.repository().resolve("BENCHMARKS.md");
    Path chartDirectory = charts != null ? charts : BenchOptions.repository().resolve("docs/bench");
    Report.write(options.resultsFile(), markdownFile, chartDirectory, spec.commandLine().getErr());
    return 0;
  }
}
