package dev.quiver.cli;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.io.csv.CsvFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code quiver demo}: generates an orders table, encodes it as shuffle blocks with every codec,
 * decodes every block back, checks every value and prints sizes, speeds and schema-cache counters;
 * then a filtered scan of the orders as {@code .qvr}, and TPC-H at scale 0.1 through SQL (Q1, and Q5
 * with EXPLAIN ANALYZE).
 * The blocks are kept in {@code quiver-demo/} for {@code quiver shuffle inspect} and {@code cat}.
 * Any decoded value that differs from the original fails the command.
 */
@Command(
    name = "demo",
    description = "Generate sample orders, round-trip them through every shuffle codec, print the figures.")
public final class DemoCommand implements Callable<Integer> {
  static final int BATCH_ROWS = 8192;
  /** Untimed passes over every codec first, so the figures are not the JIT compiler's. */
  static final int WARM_UP_PASSES = 2;

  @Spec
  CommandSpec spec;

  @Option(names = "--rows", paramLabel = "N", defaultValue = "200000",
      description = "Rows to generate (default: ${DEFAULT-VALUE}).")
  int rows;

  @Option(names = "--seed", paramLabel = "SEED", description = "Seed of the generator (default: random, printed).")
  Long seed;

  @Option(names = "--directory", paramLabel = "DIR", defaultValue = "quiver-demo",
      description = "Where to write the blocks (default: ${DEFAULT-VALUE}).")
  Path directory;

  @Override
  public Integer call() throws IOException {
    if (rows < 1) {
      throw QuiverException.user("--rows must be at least 1, not " + rows);
    }
    long actualSeed = seed != null ? seed : ThreadLocalRandom.current().nextLong(1, 1_000_000);
    PrintWriter out = spec.commandLine().getOut();
    out.println("quiver demo: " + NumberText.grouped(rows) + " orders in batches of " + NumberText.grouped(BATCH_ROWS)
        + " rows, seed " + actualSeed + " (repeat with --seed " + actualSeed + ")");
    Files.createDirectories(directory);
    List<DemoCodecTrial.Result> results = new ArrayList<>();
    try (CommandMemory memory = QuiverCommand.of(spec).openMemory("demo")) {
      BufferAllocator allocator = memory.allocator();
      List<VectorSchemaRoot> batches = DemoTable.generate(allocator, rows, actualSeed, BATCH_ROWS);
      try {
        printSample(out, batches.get(0));
        for (int pass = 0; pass < WARM_UP_PASSES; pass++) {
          for (DemoCodecTrial.Setup setup : DemoCodecTrial.SETUPS) {
            DemoCodecTrial.run(setup, batches, allocator, null);
          }
        }
        for (DemoCodecTrial.Setup setup : DemoCodecTrial.SETUPS) {
          Path file = directory.resolve("orders_" + setup.fileSuffix() + ".data");
          results.add(DemoCodecTrial.run(setup, batches, allocator, file));
        }
        printResults(out, results);
        DemoScan.run(batches, allocator, directory, out);
        out.println();
        DemoSql.run(allocator, directory, out);
      } finally {
        batches.forEach(VectorSchemaRoot::close);
      }
    }
    out.flush();
    long mismatches = results.stream().mapToLong(DemoCodecTrial.Result::mismatches).sum();
    if (mismatches > 0) {
      throw new QuiverException(ErrorCode.INTERNAL, "demo: " + mismatches
          + " decoded values differ from the originals (see the table); this is a bug in the shuffle codecs");
    }
    return 0;
  }

  private static void printSample(PrintWriter out, VectorSchemaRoot batch) {
    out.println();
    out.println("the first rows, as `quiver shuffle cat` prints them:");
    StringBuilder line = new StringBuilder();
    CsvFormat.appendHeader(line, batch.getSchema().getFields());
    out.println(line);
    for (int row = 0; row < Math.min(4, batch.getRowCount()); row++) {
      line.setLength(0);
      CsvFormat.appendRow(line, batch, row, null);
      out.println(line);
    }
    out.println();
  }

  private void printResults(PrintWriter out, List<DemoCodecTrial.Result> results) {
    TextTable table = new TextTable(
        List.of("codec", "blocks", "Arrow bytes", "block bytes", "ratio", "encode MB/s", "decode MB/s",
            "cache hits", "misses", "fallbacks", "mismatches"),
        false, true, true, true, true, true, true, true, true, true, true);
    long values = 0;
    for (DemoCodecTrial.Result result : results) {
      table.addRow(List.of(
          result.setup().label(),
          NumberText.grouped(result.blocks()),
          NumberText.grouped(result.rawBytes()),
          NumberText.grouped(result.blockBytes()),
          NumberText.ratio(result.rawBytes(), result.blockBytes()),
          NumberText.megabytesPerSecond(result.rawBytes(), result.encodeNanos()),
          NumberText.megabytesPerSecond(result.rawBytes(), result.decodeNanos()),
          NumberText.grouped(result.metrics().get("cache.hits")),
          NumberText.grouped(result.metrics().get("cache.misses")),
          NumberText.grouped(result.metrics().get("cache.fallbacks")),
          NumberText.grouped(result.mismatches())));
      values += (long) rows * DemoTable.SCHEMA.getFields().size();
    }
    table.print(out);
    long mismatches = results.stream().mapToLong(DemoCodecTrial.Result::mismatches).sum();
    out.println();
    out.println(mismatches == 0
        ? "verified: all " + NumberText.grouped(values) + " decoded values equal the originals (0 mismatches)"
        : "FAILED: " + NumberText.grouped(mismatches) + " of " + NumberText.grouped(values) + " decoded values differ");
    out.println("ratio = Arrow bytes / block bytes; MB/s of Arrow bytes, one thread; the first block of each"
        + " codec misses the schema cache, the rest decode in place from it");
    out.println();
    out.println("blocks written:");
    for (DemoCodecTrial.Result result : results) {
      out.println("  " + result.file());
    }
    Path example = results.get(1).file();
    out.println("look inside:  ./quiver shuffle inspect " + example);
    out.println("              ./quiver shuffle cat " + example + " --limit 5");
  }
}
