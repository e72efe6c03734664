package dev.quiver.cli;

import dev.quiver.datagen.clickbench.HitsTable;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code quiver generate clickbench --rows N --out DIR}: a ClickBench-like DIR/hits.qvr ({@link HitsTable}). */
@Command(name = "clickbench",
    description = "Generate a ClickBench-like table (the 105 columns of hits) as DIR/hits.qvr.")
public final class GenerateClickbenchCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  GenerateSyntheticOptions options;

  @Option(names = "--rows", paramLabel = "N", defaultValue = "1000000",
      description = "Rows (default: ${DEFAULT-VALUE}).")
  long rows;

  @Override
  public Integer call() throws IOException {
    HitsTable table = new HitsTable(GenerateSyntheticOptions.checkRows(rows), options.seed);
    try (CommandMemory memory = QuiverCommand.of(spec).openMemory("generate clickbench")) {
      SyntheticTableWriter.write(table, options.directory, options.threadCount(), memory.allocator(),
          spec.commandLine().getErr(), "generate clickbench");
    }
    return 0;
  }
}
