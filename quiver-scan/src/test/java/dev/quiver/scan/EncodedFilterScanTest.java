package dev.quiver.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.encoding.EncodingKind;
import dev.quiver.format.encoding.EncodingOptions;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.scan.execution.ScanResult;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filters that encoded integer segments answer (ANDs of intervals and IN lists on int16/32/64, date32
 * and scaled decimals, as TPC-H Q6's) return with {@code quiver.scan.encodedFilters} on exactly the rows
 * (and projected values) they return with it off, at 1 and 2 threads, on files of several encodings
 * (the compressor's, and every top encoding all the columns take forced: dictionary, run-end, sparse,
 * zstd, ...); segments are counted
 * in {@code segments.filtered.encoded} only with the switch on and only for such filters. Files whose
 * decimals are stored as 16-byte values (every forced top encoding but scaled) fall back mid-scan with
 * the same answers.
 */
class EncodedFilterScanTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final String SWITCH = "quiver.scan.encodedFilters";
  private static final Schema SCHEMA = new Schema(List.of(
      Field.nullable("i32", new ArrowType.Int(32, true)),
      Field.nullable("i16", new ArrowType.Int(16, true)),
      Field.nullable("i64", new ArrowType.Int(64, true)),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("discount", new ArrowType.Decimal(12, 2, 128)),
      Field.nullable("quantity", new ArrowType.Decimal(15, 2, 128))));

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private void write(Path file, int rows, Random random, EncodingOptions encoding) throws IOException {
    QuiverWriter.Options options = QuiverWriter.Options.defaults().withChunkBytes(16_384).withZoneRows(1024)
        .withEncoding(encoding);
    try (QuiverWriter writer = QuiverWriter.create(file, SCHEMA, memory.allocator(), options);
        VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      batch.allocateNew();
      IntVector i32 = (IntVector) batch.getVector("i32");
      SmallIntVector i16 = (SmallIntVector) batch.getVector("i16");
      BigIntVector i64 = (BigIntVector) batch.getVector("i64");
      DateDayVector day = (DateDayVector) batch.getVector("day");
      DecimalVector discount = (DecimalVector) batch.getVector("discount");
      DecimalVector quantity = (DecimalVector) batch.getVector("quantity");
      for (int row = 0; row < rows; row++) {
        if (random.nextInt(10) == 0) {
          i32.setNull(row);
        } else {
          i32.setSafe(row, random.nextInt(60) == 0 ? random.nextInt() : random.nextInt(1000));
        }
        i16.setSafe(row, (short) random.nextInt(10));
        i64.setSafe(row, (row / 500) * 1000L + (random.nextInt(40) == 0 ? 7 : 0));
        if (random.nextInt(20) == 0) {
          day.setNull(row);
        } else {
          day.setSafe(row, 8000 + random.nextInt(2500));
        }
        discount.setSafe(row, BigDecimal.valueOf(random.nextInt(11), 2));
        if (random.nextInt(25) == 0) {
          quantity.setNull(row);
        } else {
          quantity.setSafe(row, BigDecimal.valueOf(100L * (1 + random.nextInt(50)), 2));
        }
      }
      batch.setRowCount(rows);
      writer.write(batch);
    }
  }

  @Test
  void encodedFiltersReturnWhatDecodedFiltersReturn() throws IOException {
    System.out.println("EncodedFilterScanTest seed " + SEED);
    Random random = new Random(SEED);
    int rows = 20_000 + random.nextInt(10_000);
    List<Path> files = new ArrayList<>();
    List<EncodingOptions> encodings = new ArrayList<>(List.of(EncodingOptions.defaults()));
    for (EncodingKind kind : EncodingKind.values()) {
      if (kind != EncodingKind.CONSTANT
          && SCHEMA.getFields().stream().allMatch(field -> kind.accepts(field.getType()))) {
        encodings.add(EncodingOptions.defaults().forcing(kind)); // a top encoding every column takes
      }
    }
    for (int k = 0; k < encodings.size(); k++) {
      Path file = directory.resolve("file" + k + ".qvr");
      write(file, rows, new Random(SEED + 1), encodings.get(k));
      files.add(file);
    }
    int low = random.nextInt(500);
    List<String> encodable = List.of(
        "i32 BETWEEN " + low + " AND " + (low + 200),
        "day >= DATE '1994-01-01' AND day < DATE '1995-01-01' AND discount BETWEEN 0.05 AND 0.07"
            + " AND quantity < 24",
        "i16 IN (1, 3, 7) AND i32 > 100 AND i32 < 700",
        "NOT (i32 = " + low + ") AND i64 >= 3000",
        "i64 IN (0, 7000, 12007, 99)",
        "discount > 0.095",
        "quantity <= 1e30 AND i16 <> 4");
    List<String> notEncodable = List.of("i32 < 10 OR i16 = 2", "i32 IS NULL");
    List<String> pruned = List.of("discount > 0.105", "i32 > 2147483647", "i16 IN (-5, 40000)");
    for (Path file : files) {
      for (String filter : encodable) {
        // forced top encodings store decimals as 16-byte values, which fall back to decoding
        boolean decimals = filter.contains("discount") || filter.contains("quantity");
        if (file.equals(files.get(0)) || !decimals) {
          check(file, filter, true);
        } else {
          compare(file, filter, 1);
          compare(file, filter, 2);
        }
      }
      for (String filter : notEncodable) {
        check(file, filter, false);
      }
      for (String filter : pruned) {
        compare(file, filter, 1); // zones prove them false: nothing is read either way
      }
    }
    Path unscaled = directory.resolve("plain.qvr");
    write(unscaled, rows, new Random(SEED + 1), EncodingOptions.defaults().forcing(EncodingKind.PLAIN));
    for (String filter : encodable) {
      compare(unscaled, filter, 2);
    }
  }

  private void check(Path file, String filter, boolean encodable) throws IOException {
    for (int threads = 1; threads <= 2; threads++) {
      String what = filter + " on " + file.getFileName() + ", " + threads + " threads (seed " + SEED + ")";
      Run on = run(file, filter, threads, true);
      Run off = run(file, filter, threads, false);
      assertThat(on.rows()).as(what).isEqualTo(off.rows());
      assertThat(off.filteredEncoded()).as(what).isZero();
      if (encodable) {
        assertThat(on.filteredEncoded()).as(what).isPositive();
      } else {
        assertThat(on.filteredEncoded()).as(what).isZero();
      }
    }
  }

  private void compare(Path file, String filter, int threads) throws IOException {
    String what = filter + " on " + file.getFileName() + " (seed " + SEED + ")";
    assertThat(run(file, filter, threads, true).rows()).as(what).isEqualTo(run(file, filter, threads, false).rows());
  }

  private record Run(List<String> rows, long filteredEncoded) {}

  private Run run(Path file, String filter, int threads, boolean encoded) throws IOException {
    String previous = System.getProperty(SWITCH);
    System.setProperty(SWITCH, Boolean.toString(encoded));
    try (ScanResult result = Scan.of(file).filter(filter).threads(threads).open(memory.allocator())) {
      List<String> rows = new ArrayList<>();
      for (VectorSchemaRoot next = result.nextBatch(); next != null; next = result.nextBatch()) {
        try (VectorSchemaRoot batch = next) {
          for (int i = 0; i < batch.getRowCount(); i++) {
            StringBuilder row = new StringBuilder();
            for (FieldVector vector : batch.getFieldVectors()) {
              row.append(vector.getObject(i)).append('|');
            }
            rows.add(row.toString());
          }
        }
      }
      return new Run(rows, result.metrics().get("segments.filtered.encoded"));
    } finally {
      if (previous == null) {
        System.clearProperty(SWITCH);
      } else {
        System.setProperty(SWITCH, previous);
      }
    }
  }
}
