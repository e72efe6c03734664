package dev.quiver.bench;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code quiver bench}: the macro benchmarks against peers (the {@code ./quiver} launcher sends
 * {@code quiver bench ...} here; quiver-cli does not depend on this module). Subcommands {@code scan}, {@code tpch}, {@code tpcds}, {@code clickbench}, {@code fineweb-sql},
 * {@code shuffle}, {@code report}. Errors print one line, {@code quiver bench: <message>}; exit 2 for
 * usage and {@link ErrorCode#USER} errors, 1 otherwise (a wrong answer from a peer among them).
 */
@Command(name = "quiver bench", mixinStandardHelpOptions = true,
    description = "Benchmarks against the systems Quiver's users would pick instead; results in a JSON-lines file, report in BENCHMARKS.md.",
    subcommands = {BenchScanCommand.class, BenchTpchCommand.class, BenchTpcdsCommand.class,
        BenchClickbenchCommand.class,
        BenchFinewebSqlCommand.class, BenchShuffleCommand.class,
        BenchExchangeCommand.class,
        BenchReportCommand.class})
public final class BenchCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return CommandLine.ExitCode.USAGE;
  }

  /** The command line with its error handling. */
  public static CommandLine commandLine(PrintWriter standardOutput, PrintWriter standardError) {
    CommandLine commandLine = new CommandLine(new BenchCommand());
    commandLine.setOut(standardOutput);
    commandLine.setErr(standardError);
    commandLine.setExecutionExceptionHandler((failure, line, parsed) -> {
      boolean user = failure instanceof QuiverException && ((QuiverException) failure).errorCode() == ErrorCode.USER;
      line.getErr()
          .println("quiver bench: " + (failure.getMessage() == null ? failure.toString() : failure.getMessage()));
      if ("1".equals(System.getenv("QUIVER_DEBUG"))) {
        failure.printStackTrace(line.getErr());
      }
      line.getErr().flush();
      return user ? CommandLine.ExitCode.USAGE : CommandLine.ExitCode.SOFTWARE;
    });
    return commandLine;
  }

  public static void main(String[] arguments) {
    PrintWriter standardOutput = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8),
        true);
    PrintWriter standardError = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8),
        true);
    int exit = commandLine(standardOutput, standardError).execute(arguments);
    standardOutput.flush();
    standardError.flush();
    System.exit(exit);
  }
}
