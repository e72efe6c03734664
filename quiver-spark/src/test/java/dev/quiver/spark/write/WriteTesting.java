package dev.quiver.spark.write;

import dev.quiver.scan.Scan;
import dev.quiver.scan.execution.ScanResult;
import dev.quiver.spark.files.DataFile;
import dev.quiver.spark.files.TableListing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;

/** Shared pieces of the write tests: the Spark session, reading a table back with Quiver's own scan, row normal forms. */
final class WriteTesting {
  private WriteTesting() {}

  /** A local session as the build wants it; {@code master} e.g. local[2] or local[2,4] (task retries). */
  static SparkSession session(String master) {
    return SparkSession.builder().master(master).appName("quiver-write-test")
        .config("spark.driver.host", "127.0.0.1").config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4").config("spark.sql.datetime.java8API.enabled", "true")
        .config("spark.sql.session.timeZone", "UTC").getOrCreate();
  }

  /**
   * Every row of the listed files read with Quiver's scan, values in normal form ({@link #normal}),
   * the file's partition values (parsed by the partition schema's types) appended.
   */
  static List<List<Object>> read(TableListing listing, BufferAllocator allocator) {
    List<List<Object>> rows = new ArrayList<>();
    StructField[] partitions = listing.partitionSchema().fields();
    for (DataFile file : listing.files()) {
      try (ScanResult scan = Scan.of(Path.of(file.path())).open(allocator)) {
        VectorSchemaRoot batch;
        while ((batch = scan.nextBatch()) != null) {
          try (VectorSchemaRoot owned = batch) {
            for (int r = 0; r < owned.getRowCount(); r++) {
              List<Object> row = new ArrayList<>();
              for (FieldVector vector : owned.getFieldVectors()) {
                row.add(arrowValue(vector, r));
              }
              for (int p = 0; p < partitions.length; p++) {
                row.add(partitionValue(file.partitionValues().get(p), partitions[p].dataType()));
              }
              rows.add(row);
            }
          }
        }
      } catch (IOException failure) {
        throw new UncheckedIOException(failure);
      }
    }
    return rows;
  }

  private static Object arrowValue(FieldVector vector, int row) {
    if (vector.isNull(row)) {
      return null;
    }
    if (vector instanceof VarCharVector strings) {
      return new String(strings.get(row), java.nio.charset.StandardCharsets.UTF_8);
    }
    if (vector instanceof VarBinaryVector bytes) {
      return HexFormat.of().formatHex(bytes.get(row));
    }
    if (vector instanceof DateDayVector days) {
      return LocalDate.ofEpochDay(days.get(row));
    }
    if (vector instanceof TimeStampMicroTZVector micros) {
      return micros.get(row);
    }
    return vector.getObject(row);
  }

  private static Object partitionValue(String text, DataType type) {
    if (text == null) {
      return null;
    }
    if (type.equals(DataTypes.IntegerType)) {
      return Integer.parseInt(text);
    }
    if (type.equals(DataTypes.LongType)) {
      return Long.parseLong(text);
    }
    if (type.equals(DataTypes.DateType)) {
      return LocalDate.parse(text);
    }
    return text;
  }

  /** A Spark row in the same normal form: binary as hex, timestamps (Instant) as microseconds. */
  static List<Object> normal(Row row) {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < row.length(); i++) {
      values.add(normal(row.get(i)));
    }
    return values;
  }

  static Object normal(Object value) {
    if (value instanceof byte[] bytes) {
      return HexFormat.of().formatHex(bytes);
    }
    if (value instanceof Instant instant) {
      return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
    }
    if (value instanceof BigDecimal decimal) {
      return decimal;
    }
    return value;
  }

  static List<List<Object>> normal(List<Row> rows) {
    List<List<Object>> values = new ArrayList<>();
    for (Row row : rows) {
      values.add(normal(row));
    }
    return values;
  }

  /** Rows sorted by their first value (a unique long id in the tests). */
  static List<List<Object>> byId(List<List<Object>> rows) {
    List<List<Object>> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.comparing(row -> ((Number) row.get(0)).longValue()));
    return sorted;
  }

  /** Every regular file below {@code root}, relative, '/'-separated, sorted. */
  static List<String> filesBelow(Path root) {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile).map(path -> root.relativize(path).toString()).sorted().toList();
    } catch (IOException failure) {
      throw new UncheckedIOException(failure);
    }
  }

  /** The visible .qvr files below {@code root} (no part of the path hidden), relative, sorted. */
  static List<String> visibleDataFiles(Path root) {
    return filesBelow(root).stream().filter(path -> path.endsWith(".qvr"))
        .filter(path -> Stream.of(path.split("/")).noneMatch(part -> part.startsWith(".") || part.startsWith("_")))
        .toList();
  }

  /** The QuiverException in {@code thrown}'s cause chain (fails the test when there is none). */
  static dev.quiver.common.QuiverException quiverCause(Throwable thrown) {
    for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
      if (cause instanceof dev.quiver.common.QuiverException quiver) {
        return quiver;
      }
    }
    throw new AssertionError("no QuiverException in the cause chain of " + thrown, thrown);
  }

  /** {@code schema} with every column nullable (what a written table reports). */
  static org.apache.spark.sql.types.StructType nullable(org.apache.spark.sql.types.StructType schema) {
    return dev.quiver.spark.files.Schemas.nullable(schema);
  }

  /**
   * The rows of an unpartitioned listing read by one scan over all its files, which opens every file
   * before it reads (as a reader that resolved a version does right away).
   */
  static List<List<Object>> readAtOnce(TableListing listing, BufferAllocator allocator) {
    List<Path> paths = new ArrayList<>();
    listing.files().forEach(file -> paths.add(Path.of(file.path())));
    List<List<Object>> rows = new ArrayList<>();
    try (ScanResult scan = Scan.of(paths).open(allocator)) {
      VectorSchemaRoot batch;
      while ((batch = scan.nextBatch()) != null) {
        try (VectorSchemaRoot owned = batch) {
          for (int r = 0; r < owned.getRowCount(); r++) {
            List<Object> row = new ArrayList<>();
            for (FieldVector vector : owned.getFieldVectors()) {
              row.add(arrowValue(vector, r));
            }
            rows.add(row);
          }
        }
      }
    } catch (IOException failure) {
      throw new UncheckedIOException(failure);
    }
    return rows;
  }
}
