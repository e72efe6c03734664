package dev.quiver.io.parquet;

import dev.quiver.common.QuiverException;
import dev.quiver.common.arrow.UnreadableColumns;
import dev.quiver.io.MagicNumbers;
import dev.quiver.io.TableReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;

/**
 * Reads a flat Parquet file into Arrow batches through parquet-java's column-level API: row group by
 * row group ({@link ParquetFileReader#readNextRowGroup}), one {@link ColumnReader} per column, each
 * value copied straight from the reader into the Arrow vector ({@link ColumnFill}); definition levels
 * give the nulls. Batches never span row groups. This is the baseline {@code .qvr} decoding is
 * measured against, so it avoids the record-assembly (Group) API and per-value objects.
 *
 * <p>Batches are owned by the caller. A Parquet library failure (a damaged file) becomes a
 * {@link QuiverException} CORRUPT naming the file; reading a column Quiver cannot read a USER error.
 */
public final class ParquetArrowReader implements TableReader {
  private static final GroupConverter IGNORED_VALUES = new IgnoringConverter();
  private static final byte[] PARQUET_MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  private final String source;
  private final ParquetFileReader reader;
  private final BufferAllocator allocator;
  private final int batchRows;
  private final MessageType parquetSchema;
  private final Schema schema;
  private final List<ColumnDescriptor> columns;
  private final ColumnFill[] fills;
  private final String createdBy;
  private PageReadStore rowGroup;
  private ColumnReader[] columnReaders;
  private long rowGroupRemaining;
  private int rowGroupIndex = -1;
  private long bytesRead;

  private ParquetArrowReader(String source, ParquetFileReader reader, BufferAllocator allocator, int batchRows,
      boolean directPages, MessageType requested) {
    this.source = source;
    this.reader = reader;
    this.allocator = allocator;
    this.batchRows = batchRows;
    this.parquetSchema = requested;
    this.schema = ParquetSchemaMapping.toArrow(parquetSchema, source);
    this.columns = parquetSchema.getColumns();
    this.createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
    this.fills = new ColumnFill[columns.size()];
    for (int i = 0; i < fills.length; i++) {
      UnreadableColumns.requireReadable(schema.getFields().get(i));
      fills[i] = ColumnFill.of(schema.getFields().get(i).getType(), columns.get(i).getPrimitiveType(), directPages);
    }
  }

  /**
   * A local Parquet file's Arrow schema and row groups, from its footer alone. Unlike a reader, a file
   * with columns Quiver cannot read is fine: they are {@link UnreadableColumns} placeholders in the
   * schema (a reader asked for one fails).
   */
  public static ParquetFooter footer(Path path) throws IOException {
    MagicNumbers.requireAtBothEnds(path, "a Parquet file", PARQUET_MAGIC, 2L * PARQUET_MAGIC.length + 4);
    try (ParquetFileReader reader = openLibraryReader(path, defaultOptions())) {
      MessageType message = reader.getFooter().getFileMetaData().getSchema();
      return new ParquetFooter(ParquetSchemaMapping.toArrow(message, path.toString()), reader.getRowGroups());
    }
  }

  private static ParquetFileReader openLibraryReader(Path path, ParquetReadOptions options) {
    try {
      return ParquetFileReader.open(new LocalInputFile(path), options);
    } catch (IOException | RuntimeException failure) {
      throw damaged(path.toString(), failure);
    }
  }

  /**
   * Opens a local Parquet file.
   *
   * @param batchRows the most rows per batch
   */
  public static ParquetArrowReader open(Path path, BufferAllocator allocator, int batchRows) throws IOException {
    return open(path, allocator, batchRows, defaultOptions());
  }

  /**
   * parquet-java's default read options (heap page buffers, no filters, no page checksums) with
   * zstd and snappy pages decompressed in one call ({@link OneShotCodecFactory}).
   */
  public static ParquetReadOptions defaultOptions() {
    ParquetReadOptions library = ParquetReadOptions.builder().build();
    return ParquetReadOptions.builder().copy(library)
        .withCodecFactory(new OneShotCodecFactory(library.getCodecFactory())).build();
  }

  /** Opens a local Parquet file with parquet-java read options of the caller's choice. */
  public static ParquetArrowReader open(Path path, BufferAllocator allocator, int batchRows, ParquetReadOptions options)
      throws IOException {
    return open(path, allocator, batchRows, options, null);
  }

  /**
   * Opens a local Parquet file reading only the named top-level columns (in the file's order; null
   * for all): the other columns' pages are never read.
   *
   * @throws QuiverException USER when a name is not a column of the file, or a column read is one Quiver
   *     cannot read (naming the file, the column and its type)
   */
  public static ParquetArrowReader open(Path path, BufferAllocator allocator, int batchRows, ParquetReadOptions options,
      List<String> columnNames) throws IOException {
    if (batchRows < 1) {
      throw new IllegalArgumentException("batchRows must be positive: " + batchRows);
    }
    MagicNumbers.requireAtBothEnds(path, "a Parquet file", PARQUET_MAGIC, 2L * PARQUET_MAGIC.length + 4);
    ParquetFileReader reader = openLibraryReader(path, options);
    try {
      MessageType requested = reader.getFooter().getFileMetaData().getSchema();
      if (columnNames != null) {
        requested = project(requested, columnNames, path.toString());
        reader.setRequestedSchema(requested);
      }
      return new ParquetArrowReader(path.toString(), reader, allocator, batchRows, options.getAllocator().isDirect(),
          requested);
    } catch (RuntimeException failure) {
      reader.close();
      throw failure;
    }
  }

  private static MessageType project(MessageType file, List<String> columnNames, String source) {
    List<org.apache.parquet.schema.Type> fields = new java.util.ArrayList<>();
    for (String name : columnNames) {
      if (!file.containsField(name)) {
        throw QuiverException.user(source + ": no column named '" + name + "'");
      }
    }
    for (org.apache.parquet.schema.Type field : file.getFields()) {
      if (columnNames.contains(field.getName())) {
        fields.add(field);
      }
    }
    return new MessageType(file.getName(), fields);
  }

  /**
   * Skips the next row group without reading its pages (another reader of the same file may take
   * it: readers split a file by row groups this way). False when there is none left.
   */
  public boolean skipRowGroup() throws IOException {
    closeRowGroup();
    rowGroupRemaining = 0;
    if (!reader.skipNextRowGroup()) {
      return false;
    }
    rowGroupIndex++;
    return true;
  }

  /** The Arrow schema of the batches. */
  @Override
  public Schema schema() {
    return schema;
  }

  /** The rows of the file, from its footer. */
  public long rowCount() {
    return reader.getRecordCount();
  }

  /** The row groups of the file. */
  public List<BlockMetaData> rowGroups() {
    return reader.getRowGroups();
  }

  /**
   * The compressed bytes read so far, for progress: whole row groups done plus the share of the
   * current row group whose rows were returned.
   */
  @Override
  public long bytesRead() {
    if (rowGroup == null || rowGroup.getRowCount() == 0) {
      return bytesRead;
    }
    long current = reader.getRowGroups().get(rowGroupIndex).getCompressedSize();
    double done = 1.0 - (double) rowGroupRemaining / rowGroup.getRowCount();
    return bytesRead - current + Math.round(current * done);
  }

  /** The next batch (owned by the caller), or null at the end of the file. */
  @Override
  public VectorSchemaRoot next() throws IOException {
    try {
      while (rowGroupRemaining == 0) {
        if (!nextRowGroup()) {
          return null;
        }
      }
      int rows = (int) Math.min(batchRows, rowGroupRemaining);
      VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
      try {
        List<FieldVector> vectors = root.getFieldVectors();
        for (int i = 0; i < fills.length; i++) {
          FieldVector vector = vectors.get(i);
          vector.setInitialCapacity(rows);
          vector.allocateNew();
          fills[i].fill(columnReaders[i], vector, rows, columns.get(i).getMaxDefinitionLevel());
          vector.setValueCount(rows);
        }
        root.setRowCount(rows);
        rowGroupRemaining -= rows;
        return root;
      } catch (RuntimeException failure) {
        root.close();
        throw failure;
      }
    } catch (QuiverException failure) {
      throw failure;
    } catch (IOException | RuntimeException failure) {
      throw damaged(source + " row group " + rowGroupIndex, failure);
    }
  }

  private boolean nextRowGroup() throws IOException {
    closeRowGroup();
    rowGroup = reader.readNextRowGroup();
    if (rowGroup == null) {
      return false;
    }
    rowGroupIndex++;
    bytesRead += reader.getRowGroups().get(rowGroupIndex).getCompressedSize();
    ColumnReadStoreImpl store = new ColumnReadStoreImpl(rowGroup, IGNORED_VALUES, parquetSchema, createdBy);
    columnReaders = new ColumnReader[columns.size()];
    for (int i = 0; i < columnReaders.length; i++) {
      columnReaders[i] = store.getColumnReader(columns.get(i));
      if (columnReaders[i].getTotalValueCount() != rowGroup.getRowCount()) {
        throw QuiverException.corrupt(source + " row group " + rowGroupIndex + ": column " + columns.get(i)
            + " holds " + columnReaders[i].getTotalValueCount() + " values for " + rowGroup.getRowCount() + " rows");
      }
    }
    rowGroupRemaining = rowGroup.getRowCount();
    return true;
  }

  private void closeRowGroup() {
    if (rowGroup != null) {
      try {
        rowGroup.close();
      } catch (Exception ignored) {
        // releasing the row group's page buffers cannot fail in a way that matters to the reader
      }
      rowGroup = null;
      columnReaders = null;
    }
  }

  private static QuiverException damaged(String where, Throwable failure) {
    // parquet-java names the file by its InputFile object ("LocalInputFile@6b26e945"): say "the file".
    String problem = QuiverException.describe(failure).replaceAll(
        "org\\.apache\\.parquet\\.io\\.LocalInputFile@\\p{XDigit}+",
        "the file");
    return QuiverException.corrupt(where + ": not a readable Parquet file: " + problem, failure);
  }

  @Override
  public void close() throws IOException {
    closeRowGroup();
    reader.close();
  }

  /**
   * The converters parquet-java asks for: values are taken from the column readers directly, so
   * nothing is ever pushed to these.
   */
  private static final class IgnoringConverter extends GroupConverter {
    private static final PrimitiveConverter PRIMITIVE = new PrimitiveConverter() {};

    @Override
    public Converter getConverter(int fieldIndex) {
      return PRIMITIVE;
    }

    @Override
    public void start() {}

    @Override
    public void end() {}
  }
}
