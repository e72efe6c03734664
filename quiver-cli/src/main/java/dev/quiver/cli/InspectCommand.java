package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.io.InputFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code quiver inspect FILE.qvr}: the file's columns (type, rows, chunks, segments, compressed and
 * uncompressed bytes, ratio, nulls, minimum, maximum) and its layout tree (struct, zoned, chunked,
 * flat) with the encoding tree of every chunk. {@code --zones} adds every zone's statistics;
 * {@code --format json} prints the same as one JSON document for tools ({@link InspectJson}).
 */
@Command(name = "inspect", description = "Show the layout tree, encodings, sizes and zone maps of a .qvr file.")
public final class InspectCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "The .qvr file.")
  Path file;

  @Option(names = "--zones", description = "Also print the statistics of every zone.")
  boolean zones;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", description = "text (default) or json.")
  String format;

  @Override
  public Integer call() throws IOException {
    if (!format.equals("text") && !format.equals("json")) {
      throw QuiverException.user("unknown --format '" + format + "': use text or json");
    }
    InputFiles.requireFile(file);
    InputFormat.requireQuiverFile(file);
    PrintWriter out = spec.commandLine().getOut();
    try (CommandMemory memory = QuiverCommand.of(spec).openMemory("inspect");
        QuiverFile quiverFile = QuiverFile.open(file)) {
      LayoutTree.Node tree = LayoutTree.of(quiverFile, memory.allocator());
      if (format.equals("json")) {
        out.println(InspectJson.document(quiverFile, tree, zones));
      } else {
        InspectText.print(out, quiverFile, tree, zones);
      }
    } finally {
      out.flush();
    }
    return 0;
  }
}
