package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.exchange.MapOutput;
import dev.quiver.shuffle.exchange.ShuffleReader;
import dev.quiver.shuffle.exchange.ShuffleReaderOptions;
import dev.quiver.shuffle.file.ShuffleBlockFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code quiver shuffle read}: one partition of the map outputs in a directory (every
 * {@code NAME.index} with its {@code NAME.data}, in name order with numbers compared as numbers), as
 * the reduce side reads it: blocks of every map output in turn, read ahead on an I/O thread, decoded
 * with every check, checksums verified when a {@code NAME.checksum} file is there. Prints CSV; an
 * empty partition prints the header alone (the columns of the first block of any data file).
 */
@Command(name = "read",
    description = "Print one partition of the shuffle map outputs in OUTDIR as CSV (the dialect of docs/CSV.md).")
public final class ShuffleReadCommand implements Callable<Integer> {
  private static final Pattern NUMBER = Pattern.compile("\\d+");

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "OUTDIR",
      description = "The directory of map outputs (NAME.data + NAME.index).")
  Path directory;

  @Option(names = "--partition", required = true, paramLabel = "P", description = "The partition to print (0-based).")
  int partition;

  @Mixin
  CsvOutputOptions output;

  @Override
  public Integer call() throws IOException {
    if (partition < 0) {
      throw QuiverException.user("--partition must not be negative, not " + partition);
    }
    List<MapOutput> outputs = mapOutputs(directory);
    PrintWriter out = spec.commandLine().getOut();
    CsvPrinter printer = output.printer(out);
    try (CommandMemory memory = QuiverCommand.of(spec).openMemory("shuffle read")) {
      BufferAllocator allocator = memory.allocator();
      boolean any = false;
      try (ShuffleReader reader = ShuffleReader.open(outputs, partition, ShuffleReaderOptions.defaults(), allocator)) {
        while (printer.wantsMore()) {
          try (DecodedBatch batch = reader.next()) {
            if (batch == null) {
              break;
            }
            printer.print(batch.root(), batch.dictionaries(), "partition " + partition);
            any = true;
          }
        }
      }
      if (!any) {
        printHeaderOfAnyBlock(outputs, printer, allocator);
      }
    } finally {
      out.flush();
    }
    return 0;
  }

  /** The map outputs in {@code directory}: each {@code NAME.index} with a {@code NAME.data} beside it. */
  static List<MapOutput> mapOutputs(Path directory) throws IOException {
    if (!Files.isDirectory(directory)) {
      throw QuiverException
          .user(Files.exists(directory) ? directory + " is not a directory" : "no such directory: " + directory);
    }
    List<MapOutput> outputs;
    try (Stream<Path> files = Files.list(directory)) {
      outputs = files
          .filter(file -> file.getFileName().toString().endsWith(MapOutput.INDEX_SUFFIX))
          .map(MapOutput::ofIndex)
          .filter(output -> Files.exists(output.dataFile()))
          .sorted(Comparator.comparing(output -> naturalKey(output.indexFile().getFileName().toString())))
          .toList();
    }
    if (outputs.isEmpty()) {
      throw QuiverException
          .user("no map outputs in " + directory + ": expected NAME.index files with NAME.data beside them");
    }
    return outputs;
  }

  /** The name with every number zero-padded to 20 digits, so {@code map-2} sorts before {@code map-10}. */
  private static String naturalKey(String name) {
    Matcher digits = NUMBER.matcher(name);
    StringBuilder key = new StringBuilder();
    while (digits.find()) {
      digits.appendReplacement(key, "0".repeat(Math.max(0, 20 - digits.group().length())) + digits.group());
    }
    digits.appendTail(key);
    return key.toString();
  }

  /** For an empty partition: the header from the first block of the first data file with one, if any. */
  private static void printHeaderOfAnyBlock(List<MapOutput> outputs, CsvPrinter printer, BufferAllocator allocator)
      throws IOException {
    BlockDecoder decoder = new BlockDecoder(allocator);
    for (MapOutput output : outputs) {
      try (ShuffleBlockFile blocks = ShuffleBlockFile.open(output.dataFile(), allocator)) {
        if (blocks.hasNext()) {
          try (ShuffleBlockFile.Block block = blocks.next();
              DecodedBatch batch = decoder.decodeValidated(block.bytes(), blocks.blockName(block.index()))) {
            printer.header(batch.schema().getFields());
            return;
          }
        }
      }
    }
  }
}
