package dev.quiver.cli;

import dev.quiver.io.InputFiles;
import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.block.BlockHeader;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.file.ShuffleBlockFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code quiver shuffle inspect}: one line per block (index, byte offset, codec, offsets-as-lengths
 * flag, rows, columns, block bytes) and a totals line. Every block is decoded with full validation
 * to count its rows; at a corrupt block the lines of the good blocks stay printed and the command
 * fails with one error line naming the file and block.
 */
@Command(name = "inspect", description = "List the blocks of a shuffle data file, validating each.")
public final class ShuffleInspectCommand implements Callable<Integer> {
  static final List<String> HEADERS = List.of("block", "offset", "codec", "offsets_as_lengths", "rows", "columns",
      "bytes");

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "The shuffle data file.")
  Path file;

  @Override
  public Integer call() throws IOException {
    InputFiles.requireFile(file);
    PrintWriter out = spec.commandLine().getOut();
    TextTable table = new TextTable(HEADERS, true, true, false, false, true, true, true);
    table.fixWidths(5, 10, 6, 18, 7, 7, 10);
    table.printRow(out, table.headers());
    long blocks = 0;
    long rows = 0;
    long bytes = 0;
    TreeSet<String> codecs = new TreeSet<>();
    try (CommandMemory memory = QuiverCommand.of(spec).openMemory("shuffle inspect");
        ShuffleBlockFile blockFile = ShuffleBlockFile.open(file, memory.allocator())) {
      BlockDecoder decoder = new BlockDecoder(memory.allocator());
      while (blockFile.hasNext()) {
        try (ShuffleBlockFile.Block block = blockFile.next();
            DecodedBatch batch = decoder.decodeValidated(block.bytes(), blockFile.blockName(block.index()))) {
          BlockHeader header = block.header();
          table.printRow(out, List.of(
              Integer.toString(block.index()),
              Long.toString(block.position()),
              header.codec().displayName(),
              header.offsetsAsLengths() ? "yes" : "no",
              Integer.toString(batch.rowCount()),
              Long.toString(header.fieldCount()),
              Long.toString(header.blockBytes())));
          blocks++;
          rows += batch.rowCount();
          bytes += header.blockBytes();
          codecs.add(header.codec().displayName());
        }
      }
    } finally {
      out.flush();
    }
    out.println("total: " + blocks + " blocks, " + rows + " rows, " + bytes + " bytes"
        + (codecs.isEmpty() ? "" : ", codec " + String.join("+", codecs)));
    out.flush();
    return 0;
  }
}
