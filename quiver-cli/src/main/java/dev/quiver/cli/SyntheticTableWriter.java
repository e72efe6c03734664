package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.datagen.synthetic.SyntheticBatches;
import dev.quiver.datagen.synthetic.SyntheticTable;
import dev.quiver.format.file.QuiverWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Writes a {@link SyntheticTable} as {@code DIR/<name>.qvr}: batches are made on {@code threads}
 * threads ({@link SyntheticBatches}) and written in order, so the file is the same whatever the
 * thread count. The file appears atomically (the
 * writer's own commit); a progress bar on standard error; one summary line at the end.
 */
final class SyntheticTableWriter {
  private SyntheticTableWriter() {}

  static Path write(SyntheticTable table, Path directory, int threads, BufferAllocator allocator,
      PrintWriter standardError, String command) throws IOException {
    if (Files.exists(directory) && !Files.isDirectory(directory)) {
      throw QuiverException.user(directory + " is a file, not a directory");
    }
    Files.createDirectories(directory);
    Path target = directory.resolve(table.name() + ".qvr");
    long started = System.nanoTime();
    Progress progress = new Progress(standardError, command, 0, Progress.standardErrorIsTerminal());
    QuiverWriter writer = QuiverWriter.create(target, table.schema(), allocator);
    boolean committed = false;
    try {
      SyntheticBatches.generate(table, threads, allocator, command, batch -> {
        try (batch) {
          writer.write(batch);
        }
        progress.updateBar(writer.rowCount(), table.rowCount());
      });
      writer.close();
      committed = true;
    } finally {
      progress.finish();
      if (!committed) {
        writer.abort();
      }
    }
    long elapsed = System.nanoTime() - started;
    standardError.println(command + ": " + target + ": " + NumberText.grouped(table.rowCount()) + " rows, "
        + table.schema().getFields().size() + " columns, " + NumberText.bytes(Files.size(target)) + "; "
        + NumberText.seconds(elapsed) + ", " + NumberText.rowsPerSecond(table.rowCount(), elapsed) + " rows/s, "
        + threads + " threads");
    standardError.flush();
    return target;
  }
}
