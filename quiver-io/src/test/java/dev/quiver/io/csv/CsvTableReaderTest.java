package dev.quiver.io.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CsvTableReader}: memory follows the values read, whatever the width (a few rows of 16,000
 * columns cost no more than 16 times a few rows of 1,000, and far less than room for a whole batch in
 * every column), batches that grow past their first reservation, wide integers kept exactly, given
 * types enforced, duplicate names refused.
 */
class CsvTableReaderTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void memoryFollowsTheValuesNotTheWidthTimesTheBatchSize() throws IOException {
    long narrow = peakBytesReading(write("narrow.csv", 1_000, 3));
    long wide = peakBytesReading(write("wide.csv", 16_000, 3));
    // At most linear in the column count (the first reservation is a fixed number of values, so a
    // few rows cost about the same at any width) ...
    assertThat((double) wide / narrow).as("peak bytes, 16,000 over 1,000 columns").isBetween(0.5, 16.0);
    // ... and a few rows' worth per column, not room for 65,536 rows in each (512 KiB per column).
    assertThat(wide / 16_000).as("peak bytes per column").isLessThan(4_096);
  }

  @Test
  void aWideBatchGrowsPastItsFirstReservationAndIsCutToTheCellLimit() throws IOException {
    int columns = 4_096;
    int rows = CsvTableReader.INITIAL_CELLS / columns + 44;
    Path csv = write("grow.csv", columns, rows);
    try (CsvTableReader reader = CsvTableReader.open(csv, memory.allocator(), 1_000_000, CsvReadOptions.defaults());
        VectorSchemaRoot batch = reader.next()) {
      assertThat(batch.getRowCount()).isEqualTo(Math.min(rows, CsvTableReader.MAX_BATCH_CELLS / columns));
      int last = batch.getRowCount() - 1;
      assertThat(((BigIntVector) batch.getVector("c7")).get(last)).isEqualTo((long) last * 7);
      assertThat(batch.getVector("c0").isNull(last)).isTrue();
      assertThat(((VarCharVector) batch.getVector("c1")).getObject(last).toString()).isEqualTo("text " + last);
    }
  }

  @Test
  void integersWiderThanInt64KeepEveryDigit() throws IOException {
    Path csv = directory.resolve("wide-integers.csv");
    Files.writeString(csv, "n\n99999999999999999999999\n1\n-12345678901234567890123456789012345678\n");
    try (CsvTableReader reader = CsvTableReader.open(csv, memory.allocator(), 10, CsvReadOptions.defaults());
        VectorSchemaRoot batch = reader.next()) {
      DecimalVector values = (DecimalVector) batch.getVector("n");
      assertThat(values.getObject(0)).isEqualTo(new BigDecimal("99999999999999999999999"));
      assertThat(values.getObject(1).toPlainString()).isEqualTo("1");
      assertThat(values.getObject(2)).isEqualTo(new BigDecimal("-12345678901234567890123456789012345678"));
    }
  }

  @Test
  void aValueThatDoesNotFitAGivenTypeSaysTheTypeWasGiven() throws IOException {
    Path csv = directory.resolve("given.csv");
    Files.writeString(csv, "id,price\n1,2\n2,cheap\n");
    CsvReadOptions options = CsvReadOptions.defaults().withColumnType("price", CsvColumnType.INT64);
    try (CsvTableReader reader = CsvTableReader.open(csv, memory.allocator(), 10, options)) {
      assertThatThrownBy(reader::next)
          .isInstanceOf(QuiverException.class)
          .hasMessage(csv + " line 3 column 2 (price): 'cheap' does not fit type Int64; the column's type was given");
    }
  }

  @Test
  void aDuplicateColumnNameIsRefusedWhenTheFileIsOpened() throws IOException {
    Path csv = directory.resolve("twice.csv");
    Files.writeString(csv, "a,a\n1,2\n");
    assertThatThrownBy(() -> CsvTableReader.open(csv, memory.allocator(), 10, CsvReadOptions.defaults()))
        .isInstanceOf(QuiverException.class)
        .hasMessage(
            csv + " line 1 column 2: duplicate column name 'a' (also column 1); every column needs its own name");
  }

  /** The most Arrow memory held at once while every batch of {@code csv} is read and closed. */
  private long peakBytesReading(Path csv) throws IOException {
    try (BufferAllocator child = memory.allocator().newChildAllocator("read", 0, Long.MAX_VALUE);
        CsvTableReader reader = CsvTableReader.open(csv, child, 65_536, CsvReadOptions.defaults())) {
      for (VectorSchemaRoot batch = reader.next(); batch != null; batch = reader.next()) {
        batch.close();
      }
      return child.getPeakMemoryAllocation();
    }
  }

  /**
   * A CSV file of {@code columns} columns {@code c0, c1, ...} and {@code rows} rows: c0 null, c1
   * text, the others {@code row * column}.
   */
  private Path write(String name, int columns, int rows) throws IOException {
    Path csv = directory.resolve(name);
    try (Writer out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
      for (int column = 0; column < columns; column++) {
        out.write(column == 0 ? "c0" : ",c" + column);
      }
      out.write('\n');
      for (int row = 0; row < rows; row++) {
        out.write("\\N,text " + row);
        for (int column = 2; column < columns; column++) {
          out.write(',');
          out.write(Long.toString((long) row * column));
        }
        out.write('\n');
      }
    }
    return csv;
  }
}
