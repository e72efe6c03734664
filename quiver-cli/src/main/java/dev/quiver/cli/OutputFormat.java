package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.io.AtomicOutputFile;
import dev.quiver.io.TableWriter;
import dev.quiver.io.formats.TableFormat;
import dev.quiver.io.formats.WriteOptions;
import dev.quiver.io.parquet.ParquetArrowWriter;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The kinds of file {@code quiver convert} writes, chosen by the output's extension: the formats of
 * quiver-io ({@link TableFormat}) and {@code .qvr}.
 */
enum OutputFormat {
  CSV(TableFormat.CSV),
  ARROW_FILE(TableFormat.ARROW_FILE),
  ARROW_STREAM(TableFormat.ARROW_STREAM),
  PARQUET(TableFormat.PARQUET),
  QUIVER(null);

  private final TableFormat tableFormat;

  OutputFormat(TableFormat tableFormat) {
    this.tableFormat = tableFormat;
  }

  String displayName() {
    return tableFormat == null ? ".qvr" : tableFormat.displayName();
  }

  /**
   * The format of an output file named {@code path}.
   *
   * @throws QuiverException USER when {@code path} is a folder, its folder is missing, or its
   *     extension names no format
   */
  static OutputFormat of(Path path) {
    AtomicOutputFile.checkTarget(path);
    String extension = TableFormat.extension(path);
    if (extension.equals("qvr")) {
      return QUIVER;
    }
    TableFormat format = TableFormat.ofExtension(extension);
    for (OutputFormat output : values()) {
      if (format != null && output.tableFormat == format) {
        return output;
      }
    }
    throw QuiverException.user("cannot tell which format to write " + path
        + ": name it .qvr, .parquet, .arrow (Arrow IPC file), .arrows (Arrow IPC stream) or .csv");
  }

  /** Starts writing {@code target} with batches of {@code schema}. */
  TableWriter open(Path target, Schema schema, BufferAllocator allocator, ParquetArrowWriter.Options parquet)
      throws IOException {
    return open(target, schema, allocator, parquet, null);
  }

  /**
   * Starts writing {@code target} with batches of {@code schema} that come in {@code sortedBy} order
   * (null: not known); a {@code .qvr} footer records the order.
   */
  TableWriter open(Path target, Schema schema, BufferAllocator allocator, ParquetArrowWriter.Options parquet,
      dev.quiver.sql.copy.SortOrder sortedBy) throws IOException {
    if (tableFormat == null) {
      return dev.quiver.sql.copy.QvrTableWriter.create(target, schema, allocator, sortedBy);
    }
    return tableFormat.openWriter(target, schema, allocator, new WriteOptions(parquet));
  }
}
