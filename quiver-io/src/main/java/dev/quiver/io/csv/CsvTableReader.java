package dev.quiver.io.csv;

import dev.quiver.common.QuiverException;
import dev.quiver.io.CountingInputStream;
import dev.quiver.io.TableReader;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads a CSV file (the dialect of docs/CSV.md) as Arrow batches of a fixed row count. Two passes:
 * the first infers the column types ({@link CsvSchemaInference}), the second fills the vectors.
 * When the first pass looked at only some rows, or a column's type was given, a later value that
 * does not fit its column fails with the file, line, column and value.
 *
 * <p>Memory follows the data, whatever the width: a batch reserves room for at most
 * {@link #INITIAL_CELLS} values up front and grows as rows arrive, and a batch of a wide table holds
 * at most {@link #MAX_BATCH_CELLS} values (fewer rows than asked for when the columns are many).
 */
public final class CsvTableReader implements TableReader {
  /** Values a new batch reserves room for, spread over its columns (all its rows when narrow). */
  static final int INITIAL_CELLS = 1 << 20;
  /** The most values one batch holds: rows per batch are cut to this over the column count. */
  static final int MAX_BATCH_CELLS = 1 << 24;

  private final String source;
  private final BufferAllocator allocator;
  private final int batchRows;
  private final int initialRows;
  private final long inferRows;
  private final CsvSchemaInference.Columns columns;
  private final Schema schema;
  private final CountingInputStream counter;
  private final CsvRecordReader reader;
  private final CsvRecord record = new CsvRecord();

  private CsvTableReader(
      Path path, BufferAllocator allocator, int batchRows, CsvReadOptions options, CsvSchemaInference.Columns columns)
      throws IOException {
    this.source = path.toString();
    this.allocator = allocator;
    int width = Math.max(1, columns.names().size());
    this.batchRows = Math.max(1, Math.min(batchRows, MAX_BATCH_CELLS / width));
    this.initialRows = Math.max(1, Math.min(this.batchRows, INITIAL_CELLS / width));
    this.inferRows = options.inferRows();
    this.columns = columns;
    this.schema = columns.schema();
    this.counter = new CountingInputStream(Files.newInputStream(path));
    this.reader = CsvRecordReader.utf8(new BufferedInputStream(counter, 1 << 16), source, options.delimiter());
    if (options.header()) {
      CsvSchemaInference.readHeader(reader);
    }
  }

  /**
   * Opens {@code path}: infers its schema as {@code options} say, then reads batches of
   * {@code batchRows} rows.
   */
  public static CsvTableReader open(Path path, BufferAllocator allocator, int batchRows, CsvReadOptions options)
      throws IOException {
    CsvSchemaInference.Columns columns;
    try (CsvRecordReader scan = CsvRecordReader.utf8(
        new BufferedInputStream(Files.newInputStream(path), 1 << 16), path.toString(), options.delimiter())) {
      columns = CsvSchemaInference.infer(scan, options);
    }
    return new CsvTableReader(path, allocator, batchRows, options, columns);
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public VectorSchemaRoot next() throws IOException {
    if (!reader.next(record)) {
      return null;
    }
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      List<FieldVector> vectors = root.getFieldVectors();
      for (FieldVector vector : vectors) {
        vector.setInitialCapacity(initialRows);
      }
      root.allocateNew();
      int rows = 0;
      do {
        CsvSchemaInference.checkFieldCount(reader, record, columns.names());
        for (int i = 0; i < vectors.size(); i++) {
          if (record.isNull(i)) {
            vectors.get(i).setNull(rows);
          } else {
            set(vectors.get(i), i, rows, record.value(i));
          }
        }
        rows++;
      } while (rows < batchRows && reader.next(record));
      root.setRowCount(rows);
      return root;
    } catch (IOException | RuntimeException failure) {
      root.close();
      throw failure;
    }
  }

  private void set(FieldVector vector, int column, int row, String value) {
    CsvColumnType type = columns.types().get(column);
    try {
      type.set(vector, row, value);
    } catch (RuntimeException doesNotFit) {
      String origin = columns.given().get(column) ? "the column's type was given"
          : "the column's type came from the first " + inferRows + " rows (--infer-rows 0 scans the whole file)";
      throw QuiverException.user(source + " line " + record.line() + " column " + (column + 1) + " ("
          + columns.names().get(column) + "): '" + value + "' does not fit type " + type.displayName() + "; " + origin);
    }
  }

  @Override
  public long bytesRead() {
    return counter.count();
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
