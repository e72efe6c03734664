package dev.quiver.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code quiver generate}: the group of data generators (TPC-H, ClickBench-like, FineWeb-like). */
@Command(
    name = "generate",
    description = "Generate benchmark data sets as .qvr files: tpch, clickbench, fineweb.",
    subcommands = {GenerateTpchCommand.class, GenerateTpcdsCommand.class, GenerateClickbenchCommand.class,
        GenerateFinewebCommand.class})
public final class GenerateCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return CommandLine.ExitCode.USAGE;
  }
}
