package dev.quiver.cli;

import dev.quiver.datagen.fineweb.FinewebTable;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code quiver generate fineweb --rows N --out DIR}: a FineWeb-like DIR/fineweb.qvr ({@link FinewebTable}). */
@Command(name = "fineweb",
    description = "Generate a FineWeb-like table (web documents with their text) as DIR/fineweb.qvr.")
public final class GenerateFinewebCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  GenerateSyntheticOptions options;

  @Option(names = "--rows", paramLabel = "N", defaultValue = "200000",
      description = "Documents (default: ${DEFAULT-VALUE}).")
  long rows;

  @Override
  public Integer call() throws IOException {
    FinewebTable table = new FinewebTable(GenerateSyntheticOptions.checkRows(rows), options.seed);
    try (CommandMemory memory = QuiverCommand.of(spec).openMemory("generate fineweb")) {
      SyntheticTableWriter.write(table, options.directory, options.threadCount(), memory.allocator(),
          spec.commandLine().getErr(), "generate fineweb");
    }
    return 0;
  }
}
