package dev.quiver.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code quiver shuffle}: the group of commands for Comet-compatible shuffle block files. */
@Command(
    name = "shuffle",
    description = "Write, inspect and print shuffle data files (Comet 1.2.0 blocks back to back); partition a table into a map output and read its partitions.",
    subcommands = {ShuffleWriteCommand.class, ShuffleInspectCommand.class, ShuffleCatCommand.class,
        ShufflePartitionCommand.class, ShuffleReadCommand.class})
public final class ShuffleCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return CommandLine.ExitCode.USAGE;
  }
}
