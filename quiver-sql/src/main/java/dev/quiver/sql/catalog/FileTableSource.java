package dev.quiver.sql.catalog;

import dev.quiver.common.QuiverException;
import dev.quiver.common.stats.DistinctBounds;
import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.source.TableSource;
import dev.quiver.expression.Expression;
import dev.quiver.expression.filter.StatisticsEvaluator;
import dev.quiver.expression.filter.Truth;
import dev.quiver.io.TableReader;
import dev.quiver.io.csv.CsvColumnType;
import dev.quiver.io.csv.CsvReadOptions;
import dev.quiver.io.formats.ReadOptions;
import dev.quiver.io.formats.TableFormat;
import dev.quiver.io.parquet.ParquetArrowReader;
import dev.quiver.io.parquet.ParquetFooter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.hadoop.metadata.BlockMetaData;

/**
 * A table of one or more Parquet, CSV or Arrow IPC files of one format and schema, read through
 * quiver-io. A scan's morsels are the Parquet row groups (each read by its own reader that skips to
 * it without reading the pages before) or, for CSV and Arrow IPC, whole files. Files in hive-style
 * {@code key=value} folders get those keys as columns ({@link HivePartitions}). A scan's filter skips
 * the files whose partition values and the Parquet row groups whose footer bounds prove no row passes
 * (before they are opened; the scan's metrics count them); the engine still evaluates the filter on
 * the rows read. Only the asked columns of a Parquet file are read.
 */
public final class FileTableSource implements TableSource {
  private static final int CSV_SAMPLE_BYTES = 1 << 16;

  private final String name;
  private final List<Path> files;
  private final TableFormat format;
  private final Schema schema;
  private final long rowCount;
  private final List<FileMorsels.RowGroup> rowGroups;
  private final Map<String, ZoneStatistics> statistics;
  /** {@link #distinctBound} per column, computed once: join ordering asks for it per pair of parts. */
  private final Map<String, java.util.OptionalLong> distinctBounds = new java.util.concurrent.ConcurrentHashMap<>();
  private final CsvReadOptions csvTypes;
  private final HivePartitions partitions;
  private final Schema fileSchema;

  private FileTableSource(String name, List<Path> files, TableFormat format, Schema fileSchema,
      HivePartitions partitions, long rowCount, List<FileMorsels.RowGroup> rowGroups,
      Map<String, ZoneStatistics> statistics, CsvReadOptions csvTypes) {
    this.name = name;
    this.files = List.copyOf(files);
    this.format = format;
    this.fileSchema = fileSchema;
    this.partitions = partitions;
    List<Field> fields = new ArrayList<>(fileSchema.getFields());
    fields.addAll(partitions.fields());
    this.schema = new Schema(fields, fileSchema.getCustomMetadata());
    this.rowCount = rowCount;
    this.rowGroups = List.copyOf(rowGroups);
    this.statistics = statistics;
    this.csvTypes = csvTypes;
  }

  /**
   * A table over {@code files}, all of {@code format}: reads the schema of the first file, the row
   * count and the column statistics from Parquet footers (the row count is estimated from file
   * sizes for CSV and Arrow IPC). A CSV table's column types are inferred here, once: every scan
   * reads its files with those types given, without inferring again.
   *
   * @throws QuiverException USER when a file is missing, of another format or of another schema
   */
  public static FileTableSource open(String name, List<Path> files, TableFormat format) throws IOException {
    return open(name, files, format, CsvReadOptions.defaults());
  }

  /**
   * {@link #open(String, List, TableFormat)} with CSV files typed by {@code csv}: its inference sample
   * ({@code withInferRows}) and its given column types (a name not in a file's header is a USER error).
   */
  public static FileTableSource open(String name, List<Path> files, TableFormat format, CsvReadOptions csv)
      throws IOException {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(csv, "csv");
    if (files.isEmpty()) {
      throw QuiverException.user("table " + name + " has no files");
    }
    Schema schema = null;
    long rows = 0;
    List<FileMorsels.RowGroup> rowGroups = new ArrayList<>();
    List<List<BlockMetaData>> footers = new ArrayList<>();
    HivePartitions partitions = HivePartitions.of(name, files);
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int fileIndex = 0; fileIndex < files.size(); fileIndex++) {
        Path file = files.get(fileIndex);
        TableFormat detected = TableFormat.detectAs(file, format);
        if (detected != format) {
          throw QuiverException.user("table " + name + ": " + file + " is " + detected.displayName() + ", not "
              + format.displayName() + " like the table's other files");
        }
        Schema fileSchema;
        if (format == TableFormat.PARQUET) {
          ParquetFooter parquet = ParquetArrowReader.footer(file);
          fileSchema = parquet.schema();
          footers.add(parquet.rowGroups());
          for (int group = 0; group < parquet.rowGroups().size(); group++) {
            BlockMetaData footer = parquet.rowGroups().get(group);
            rowGroups.add(new FileMorsels.RowGroup(file, fileIndex, group, footer.getRowCount(),
                ParquetStatistics.ofRowGroup(fileSchema, footer)));
            rows += footer.getRowCount();
          }
        } else {
          ReadOptions options = ReadOptions.defaults().withBatchRows(1);
          try (TableReader reader = format.openReader(file, allocator,
              format == TableFormat.CSV ? options.withCsv(csv) : options)) {
            fileSchema = reader.schema();
          }
          rows += estimateRows(file, format, fileSchema);
          rowGroups.add(new FileMorsels.RowGroup(file, fileIndex, -1, -1, Map.of()));
        }
        if (schema == null) {
          schema = fileSchema;
        } else {
          String difference = firstDifference(schema, fileSchema);
          if (difference != null) {
            throw QuiverException.user("table " + name + ": " + file + " has columns " + fileSchema.getFields()
                + ", the table's first file " + files.get(0) + " has " + schema.getFields() + " (" + difference
                + ")");
          }
        }
      }
    }
    for (Field partition : partitions.fields()) {
      if (schema.getFields().stream().anyMatch(field -> field.getName().equals(partition.getName()))) {
        throw QuiverException.user("table " + name + ": the partition folders' key '" + partition.getName()
            + "' is also a column of " + files.get(0));
      }
    }
    Map<String, ZoneStatistics> statistics = Map.of();
    if (format == TableFormat.PARQUET) {
      ParquetStatistics parquet = new ParquetStatistics(schema);
      footers.forEach(parquet::add);
      statistics = parquet.result();
    }
    CsvReadOptions csvTypes = format == TableFormat.CSV ? csvTypes(schema, csv) : null;
    return new FileTableSource(name, files, format, withoutDictionaries(schema), partitions, rows, rowGroups,
        statistics, csvTypes);
  }

  /**
   * Every column of an inferred CSV schema given its type, so a reader infers nothing; the delimiter,
   * header and names as {@code csv} says.
   */
  private static CsvReadOptions csvTypes(Schema schema, CsvReadOptions csv) {
    CsvReadOptions options = new CsvReadOptions(0, Map.of(), csv.delimiter(), csv.header(), csv.columnNames());
    for (Field field : schema.getFields()) {
      for (CsvColumnType type : CsvColumnType.values()) {
        if (type != CsvColumnType.NULL && type.arrowType().equals(field.getType())) {
          options = options.withColumnType(field.getName(), type);
          break;
        }
      }
    }
    return options;
  }

  /** How a scan opens one of the table's files: CSV with the table's column types. */
  ReadOptions readOptions(int batchRows) {
    ReadOptions options = ReadOptions.defaults().withBatchRows(batchRows);
    return csvTypes == null ? options : options.withCsv(csvTypes);
  }

  /** The first column where two files differ, described, or null when they have the same columns. */
  private static String firstDifference(Schema first, Schema second) {
    List<Field> a = first.getFields();
    List<Field> b = second.getFields();
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      Field left = a.get(i);
      Field right = b.get(i);
      if (!left.getName().equals(right.getName())) {
        return "column " + (i + 1) + " is '" + right.getName() + "' here, '" + left.getName() + "' there";
      }
      if (!left.getType().equals(right.getType())) {
        return "column '" + left.getName() + "' is " + right.getType() + " here, " + left.getType() + " there";
      }
    }
    if (a.size() != b.size()) {
      return a.size() < b.size() ? "column '" + b.get(a.size()).getName() + "' is only here"
          : "column '" + a.get(b.size()).getName() + "' is missing here";
    }
    return null;
  }

  /** Dictionary-encoded Arrow columns are decoded when read, so the table declares their value types. */
  private static Schema withoutDictionaries(Schema schema) {
    List<Field> fields = new ArrayList<>();
    for (Field field : schema.getFields()) {
      fields.add(field.getDictionary() == null ? field
          : new Field(field.getName(), new org.apache.arrow.vector.types.pojo.FieldType(field.isNullable(),
              field.getType(), null, field.getMetadata()), field.getChildren()));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  private static long estimateRows(Path file, TableFormat format, Schema schema) throws IOException {
    long size = Files.size(file);
    if (format == TableFormat.CSV) {
      byte[] sample;
      try (InputStream in = Files.newInputStream(file)) {
        sample = in.readNBytes(CSV_SAMPLE_BYTES);
      }
      long lines = 0;
      for (byte value : sample) {
        if (value == '\n') {
          lines++;
        }
      }
      if (lines <= 1 || sample.length == 0) {
        return Math.max(0, lines - 1);
      }
      double bytesPerLine = (double) sample.length / lines;
      return Math.max(1, Math.round(size / bytesPerLine) - 1);
    }
    long bytesPerRow = 0;
    for (Field field : schema.getFields()) {
      bytesPerRow += field.getType().isComplex() ? 32 : 8;
    }
    return Math.max(1, size / Math.max(1, bytesPerRow));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Schema schema() {
    return schema;
  }

  /** For Parquet, the footers' bounds and null counts over every row group (none for CSV and Arrow IPC). */
  @Override
  public Optional<ZoneStatistics> statistics(String column) {
    return Optional.ofNullable(statistics.get(column));
  }

  /**
   * For Parquet, {@link DistinctBounds} over the row groups' statistics (a row group without them counts
   * its rows); none for CSV and Arrow IPC, or for a partition column.
   */
  @Override
  public java.util.OptionalLong distinctBound(String column) {
    return distinctBounds.computeIfAbsent(column, this::computeDistinctBound);
  }

  private java.util.OptionalLong computeDistinctBound(String column) {
    if (format != TableFormat.PARQUET || partitions.indexOf(column) >= 0
        || schema.getFields().stream().noneMatch(field -> field.getName().equals(column))) {
      return java.util.OptionalLong.empty();
    }
    DistinctBounds bounds = new DistinctBounds();
    for (FileMorsels.RowGroup group : rowGroups) {
      ZoneStatistics zone = group.statistics().get(column);
      if (zone == null) {
        bounds.addUnknown(group.rows());
      } else {
        bounds.add(zone);
      }
    }
    return java.util.OptionalLong.of(bounds.bound());
  }

  /** Exact for Parquet (the footers' counts); an estimate from the file sizes for CSV and Arrow IPC. */
  @Override
  public long rowCount() {
    return rowCount;
  }

  /** The table's files. */
  public List<Path> files() {
    return files;
  }

  public TableFormat format() {
    return format;
  }

  @Override
  public MorselSource open(List<String> columns, Expression filter, long limit, ExecutionContext context) {
    for (String column : columns) {
      if (schema.getFields().stream().noneMatch(field -> field.getName().equals(column))) {
        throw QuiverException.user("table " + name + " has no column '" + column + "'");
      }
    }
    List<FileMorsels.RowGroup> kept = rowGroups;
    int skippedFiles = 0;
    int skippedGroups = 0;
    if (filter != null) {
      StatisticsEvaluator evaluator = StatisticsEvaluator.of(filter);
      kept = new ArrayList<>();
      boolean[] fileKept = new boolean[files.size()];
      boolean[] fileSkipped = new boolean[files.size()];
      for (FileMorsels.RowGroup part : rowGroups) {
        Truth truth = evaluator.evaluate(column -> {
          int partition = partitions.indexOf(column);
          return partition >= 0 ? partitions.statistics(part.fileIndex(), partition, part.rows())
              : part.statistics().get(column);
        });
        if (truth == Truth.FALSE) {
          fileSkipped[part.fileIndex()] = true;
          if (part.index() >= 0) {
            skippedGroups++;
          }
        } else {
          fileKept[part.fileIndex()] = true;
          kept.add(part);
        }
      }
      for (int file = 0; file < files.size(); file++) {
        if (fileSkipped[file] && !fileKept[file]) {
          skippedFiles++;
        }
      }
    }
    int groups = format == TableFormat.PARQUET ? rowGroups.size() : 0;
    return new FileMorsels(this, kept, columns, new FileMorsels.Pruning(files.size(), skippedFiles, groups,
        skippedGroups));
  }

  /** The hive partition columns of the table's files (none when they sit in no {@code key=value} folders). */
  HivePartitions partitions() {
    return partitions;
  }

  /** The columns the files hold (the table's columns but the partition columns). */
  Schema fileSchema() {
    return fileSchema;
  }

  @Override
  public String toString() {
    return name + " (" + format.displayName() + ", " + files.size() + (files.size() == 1 ? " file)" : " files)");
  }
}
