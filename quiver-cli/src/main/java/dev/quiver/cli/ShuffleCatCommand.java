package dev.quiver.cli;

import dev.quiver.io.InputFiles;
import dev.quiver.io.csv.CsvFormat;
import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.file.ShuffleBlockFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code quiver shuffle cat}: the decoded rows of a shuffle data file as CSV ({@link CsvFormat}),
 * header line once, LF line ends. Blocks are decoded with full validation. All blocks must have the
 * same column names (one table). Stops quietly when standard output is closed (as by {@code head}).
 */
@Command(name = "cat", description = "Print the rows of a shuffle data file as CSV (the dialect of docs/CSV.md).")
public final class ShuffleCatCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "The shuffle data file.")
  Path file;

  @Mixin
  CsvOutputOptions output;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    CsvPrinter printer = output.printer(out);
    InputFiles.requireFile(file);
    try (CommandMemory memory = QuiverCommand.of(spec).openMemory("shuffle cat");
        ShuffleBlockFile blocks = ShuffleBlockFile.open(file, memory.allocator())) {
      BlockDecoder decoder = new BlockDecoder(memory.allocator());
      while (printer.wantsMore() && blocks.hasNext()) {
        try (ShuffleBlockFile.Block block = blocks.next();
            DecodedBatch batch = decoder.decodeValidated(block.bytes(), blocks.blockName(block.index()))) {
          printer.print(batch.root(), batch.dictionaries(), blocks.blockName(block.index()));
        }
      }
    } finally {
      out.flush();
    }
    return 0;
  }

}
