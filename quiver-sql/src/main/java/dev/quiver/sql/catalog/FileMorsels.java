package dev.quiver.sql.catalog;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.common.metrics.Metric;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.io.TableReader;
import dev.quiver.io.parquet.ParquetArrowReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** The morsels of one scan of a {@link FileTableSource}: its row groups (Parquet) or files, in order. */
final class FileMorsels implements MorselSource {
  /**
   * One morsel's part of a table.
   *
   * @param file the file
   * @param fileIndex the file's position in the table's files
   * @param index the row group in a Parquet file, or -1 for the whole file
   * @param rows the row group's rows, or -1
   * @param statistics the row group's column statistics from its footer (none for a whole file)
   */
  record RowGroup(Path file, int fileIndex, int index, long rows, Map<String, ZoneStatistics> statistics) {}

  /** What a scan's filter skipped before opening anything: files, and Parquet row groups. */
  record Pruning(long files, long filesSkipped, long rowGroups, long rowGroupsSkipped) {
    MetricsSnapshot snapshot() {
      return new MetricsSnapshot(List.of(new Metric("files.total", Metric.Kind.COUNT, files),
          new Metric("files.skipped", Metric.Kind.COUNT, filesSkipped),
          new Metric("rowgroups.total", Metric.Kind.COUNT, rowGroups),
          new Metric("rowgroups.skipped", Metric.Kind.COUNT, rowGroupsSkipped)));
    }
  }

  private final FileTableSource table;
  private final List<RowGroup> parts;
  private final List<String> columns;
  private final AtomicInteger nextPart = new AtomicInteger();
  private final OperatorMetrics metrics;

  FileMorsels(FileTableSource table, List<RowGroup> parts, List<String> columns, Pruning pruning) {
    this.table = table;
    this.parts = parts;
    this.columns = List.copyOf(columns);
    this.metrics = new OperatorMetrics("TableScan", table.name() + " columns=" + columns);
    metrics.include(pruning::snapshot);
  }

  @Override
  public Morsel next(ExecutionContext context) throws IOException {
    context.checkCancelled();
    int index = nextPart.getAndIncrement();
    if (index >= parts.size()) {
      return null;
    }
    RowGroup part = parts.get(index);
    return part.index() >= 0 ? openRowGroup(part, context) : openFile(part, context);
  }

  private Morsel openRowGroup(RowGroup part, ExecutionContext context) throws IOException {
    List<String> fileOrder = new ArrayList<>();
    for (Field field : table.fileSchema().getFields()) {
      if (columns.contains(field.getName())) {
        fileOrder.add(field.getName());
      }
    }
    if (fileOrder.isEmpty()) {
      return new CountOnlyMorsel(part, context);
    }
    ParquetArrowReader reader = ParquetArrowReader.open(part.file(), context.allocator(), context.batchRows(),
        ParquetArrowReader.defaultOptions(), fileOrder);
    try {
      for (int skipped = 0; skipped < part.index(); skipped++) {
        if (!reader.skipRowGroup()) {
          throw QuiverException.user(part.file() + " changed while it was read: row group " + part.index()
              + " is missing");
        }
      }
    } catch (IOException | RuntimeException failure) {
      reader.close();
      throw failure;
    }
    return new ReaderMorsel(reader, part, context);
  }

  private Morsel openFile(RowGroup part, ExecutionContext context) throws IOException {
    TableReader reader = table.format().openReader(part.file(), context.allocator(),
        table.readOptions(context.batchRows()));
    return new ReaderMorsel(reader, part, context);
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  /** Reads batches from one reader: all of them, or {@code rows} rows (one row group). */
  private final class ReaderMorsel implements Morsel {
    private final TableReader reader;
    private final ExecutionContext context;
    private final int fileIndex;
    private long remaining;

    ReaderMorsel(TableReader reader, RowGroup part, ExecutionContext context) {
      this.reader = reader;
      this.remaining = part.rows();
      this.fileIndex = part.fileIndex();
      this.context = context;
    }

    @Override
    public Batch next() throws IOException {
      if (remaining == 0) {
        return null;
      }
      context.checkCancelled();
      long started = System.nanoTime();
      VectorSchemaRoot root = reader.next();
      if (root == null) {
        return null;
      }
      if (remaining > 0) {
        remaining = Math.max(0, remaining - root.getRowCount());
      }
      Batch batch = select(root, reader.dictionaries(), fileIndex, context);
      metrics.time.add(System.nanoTime() - started);
      metrics.output(batch.rowCount());
      return batch;
    }

    @Override
    public void close() throws IOException {
      reader.close();
    }
  }

  /** Batches of no columns with the row group's row count, from its footer (COUNT(*) reads no pages). */
  private final class CountOnlyMorsel implements Morsel {
    private final ExecutionContext context;
    private final int fileIndex;
    private long remaining;

    CountOnlyMorsel(RowGroup part, ExecutionContext context) {
      this.remaining = part.rows();
      this.fileIndex = part.fileIndex();
      this.context = context;
    }

    @Override
    public Batch next() {
      if (remaining <= 0) {
        return null;
      }
      context.checkCancelled();
      int rows = (int) Math.min(remaining, context.batchRows());
      remaining -= rows;
      metrics.output(rows);
      if (columns.isEmpty()) {
        return Batch.of(new VectorSchemaRoot(List.of(), List.of(), rows));
      }
      return select(new VectorSchemaRoot(List.of(), List.of(), rows), null, fileIndex, context);
    }
  }

  /** The asked columns of {@code root} in the asked order (dictionary columns decoded); frees the rest. */
  private Batch select(VectorSchemaRoot root, DictionaryProvider dictionaries, int fileIndex,
      ExecutionContext context) {
    HivePartitions partitions = table.partitions();
    List<FieldVector> picked = new ArrayList<>(columns.size());
    List<Field> fields = new ArrayList<>(columns.size());
    List<FieldVector> all = root.getFieldVectors();
    boolean[] used = new boolean[all.size()];
    try {
      for (String column : columns) {
        int partition = partitions.indexOf(column);
        if (partition >= 0) {
          FieldVector constant = ConstantColumns.of(partitions.fields().get(partition),
              partitions.values().get(fileIndex)[partition], root.getRowCount(), context.allocator());
          picked.add(constant);
          fields.add(constant.getField());
          continue;
        }
        int position = positionOf(root.getSchema(), column);
        FieldVector vector = all.get(position);
        Field field = vector.getField();
        if (field.getDictionary() != null && dictionaries != null) {
          Dictionary dictionary = dictionaries.lookup(field.getDictionary().getId());
          vector = (FieldVector) DictionaryEncoder.decode(vector, dictionary);
        } else if (used[position]) {
          throw QuiverException.user("column '" + column + "' is asked twice from " + table.name());
        } else {
          used[position] = true;
        }
        picked.add(vector);
        fields.add(vector.getField());
      }
      int rows = root.getRowCount();
      for (int i = 0; i < all.size(); i++) {
        if (!used[i]) {
          all.get(i).close();
        }
      }
      return Batch.of(new VectorSchemaRoot(fields, picked, rows));
    } catch (RuntimeException failure) {
      for (int i = 0; i < all.size(); i++) {
        all.get(i).close();
      }
      for (FieldVector vector : picked) {
        vector.close();
      }
      throw failure;
    }
  }

  private static int positionOf(Schema schema, String column) {
    List<Field> fields = schema.getFields();
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).getName().equals(column)) {
        return i;
      }
    }
    throw QuiverException.user("a file has no column '" + column + "'");
  }
}
