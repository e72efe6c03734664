package dev.quiver.cli;

import dev.quiver.cli.parquet.ParquetArrowWriter;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/** The kinds of file {@code quiver convert} writes, chosen by the output's extension. */
enum OutputFormat {
  CSV("CSV", List.of("csv")),
  ARROW_FILE("Arrow IPC file", List.of("arrow", "feather")),
  ARROW_STREAM("Arrow IPC stream", List.of("arrows", "ipc")),
  PARQUET("Parquet", List.of("parquet")),
  QUIVER(".qvr", List.of("qvr"));

  private final String displayName;
  private final List<String> extensions;

  OutputFormat(String displayName, List<String> extensions) {
    this.displayName = displayName;
    this.extensions = extensions;
  }

  String displayName() {
    return displayName;
  }

  /** The format of an output file named {@code path}. */
  static OutputFormat of(Path path) {
    String name = path.getFileName() == null ? "" : path.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String extension = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    for (OutputFormat format : values()) {
      if (format.extensions.contains(extension)) {
        return format;
      }
    }
    throw QuiverException.user("cannot tell which format to write " + path
        + ": name it .qvr, .parquet, .arrow (Arrow IPC file), .arrows (Arrow IPC stream) or .csv");
  }

  /** Starts writing {@code target} with batches of {@code schema}. */
  BatchSink open(Path target, Schema schema, BufferAllocator allocator, ParquetArrowWriter.Options parquet)
      throws IOException {
    switch (this) {
      case CSV:
        return CsvSink.create(target, schema);
      case ARROW_FILE:
        return ArrowIpcSink.create(target, schema, allocator, true);
      case ARROW_STREAM:
        return ArrowIpcSink.create(target, schema, allocator, false);
      case PARQUET:
        return ParquetSink.create(target, schema, parquet);
      default:
        return QuiverSink.create(target, schema, allocator);
    }
  }
}
