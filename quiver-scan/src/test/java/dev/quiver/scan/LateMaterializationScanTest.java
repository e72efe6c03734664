package dev.quiver.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.scan.execution.ScanResult;
import dev.quiver.scan.plan.SplitStrategy;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Late materialization ({@code quiver.scan.lateMaterialization}) changes nothing but the work: the
 * same filters and projections give the same rows, in the same order, with the switch on and off,
 * at 1 and 2 threads, shared decodes or not, a column-wide dictionary's column too; sparse filters over unshared decodes count taken
 * segments ({@code segments.taken}), dense ones over shared decodes and the switch off take none; a
 * segment two splits share is taken by each when its encodings read at positions, decoded once when
 * they do not (strings); the allocator is empty at the end.
 */
class LateMaterializationScanTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final String PROPERTY = "quiver.scan.lateMaterialization";
  private static final Schema SCHEMA = new Schema(List.of(
      Field.notNullable("id", new ArrowType.Int(64, true)),
      Field.nullable("k", new ArrowType.Int(32, true)),
      Field.nullable("price", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("word", ArrowType.Utf8.INSTANCE),
      Field.nullable("text", ArrowType.Utf8.INSTANCE),
      Field.nullable("flag", ArrowType.Bool.INSTANCE),
      Field.nullable("amount", new ArrowType.Decimal(12, 2, 128)),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("at", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null))));

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private void write(Path file, Random random, int rows) throws IOException {
    write(file, random, rows, 8192 + random.nextInt(32_768));
  }

  private void write(Path file, Random random, int rows, int chunkBytes) throws IOException {
    QuiverWriter.Options options = QuiverWriter.Options.defaults().withChunkBytes(chunkBytes).withZoneRows(1024);
    try (QuiverWriter writer = QuiverWriter.create(file, SCHEMA, memory.allocator(), options);
        VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      batch.allocateNew();
      for (int row = 0; row < rows; row++) {
        ((BigIntVector) batch.getVector("id")).setSafe(row, row);
        boolean isNull = random.nextInt(15) == 0;
        IntVector k = (IntVector) batch.getVector("k");
        if (isNull) {
          k.setNull(row);
        } else {
          k.setSafe(row, random.nextInt(1000));
        }
        Float8Vector price = (Float8Vector) batch.getVector("price");
        if (random.nextInt(10) == 0) {
          price.setNull(row);
        } else {
          price.setSafe(row, random.nextInt(100_000) / 100.0);
        }
        setText((VarCharVector) batch.getVector("word"), row,
            random.nextInt(9) == 0 ? null : "w" + random.nextInt(30));
        setText((VarCharVector) batch.getVector("text"), row,
            random.nextInt(20) == 0 ? null
                : "http://site" + random.nextInt(50) + ".example/" + random.nextInt(100_000));
        BitVector flag = (BitVector) batch.getVector("flag");
        if (random.nextInt(7) == 0) {
          flag.setNull(row);
        } else {
          flag.setSafe(row, random.nextInt(3) == 0 ? 1 : 0);
        }
        DecimalVector amount = (DecimalVector) batch.getVector("amount");
        if (random.nextInt(11) == 0) {
          amount.setNull(row);
        } else {
          amount.setSafe(row, BigDecimal.valueOf(random.nextInt(10_000_000), 2));
        }
        DateDayVector day = (DateDayVector) batch.getVector("day");
        if (random.nextInt(13) == 0) {
          day.setNull(row);
        } else {
          day.setSafe(row, 9000 + row / 500);
        }
        TimeStampMicroVector at = (TimeStampMicroVector) batch.getVector("at");
        if (random.nextInt(17) == 0) {
          at.setNull(row);
        } else {
          at.setSafe(row, 1_700_000_000_000_000L + row * 1_000_003L);
        }
      }
      batch.setRowCount(rows);
      writer.write(batch);
    }
  }

  private static void setText(VarCharVector vector, int row, String value) {
    if (value == null) {
      vector.setNull(row);
    } else {
      vector.setSafe(row, value.getBytes(StandardCharsets.UTF_8));
    }
  }

  private record Result(List<String> rows, long taken) {}

  private Result scan(Path file, String filter, List<String> columns, int threads, boolean share, boolean late)
      throws IOException {
    return scan(file, filter, columns, threads, share, late, 0);
  }

  private Result scan(Path file, String filter, List<String> columns, int threads, boolean share, boolean late,
      int splitRows) throws IOException {
    String previous = System.getProperty(PROPERTY);
    System.setProperty(PROPERTY, Boolean.toString(late));
    List<String> rows = new ArrayList<>();
    try {
      Scan scan = Scan.of(file).filter(filter).threads(threads).shareDecodes(share);
      if (splitRows > 0) {
        scan = scan.splitBy(SplitStrategy.fixed(splitRows));
      }
      if (!columns.isEmpty()) {
        scan = scan.columns(columns);
      }
      try (ScanResult result = scan.open(memory.allocator())) {
        for (VectorSchemaRoot next = result.nextBatch(); next != null; next = result.nextBatch()) {
          try (VectorSchemaRoot batch = next) {
            for (int i = 0; i < batch.getRowCount(); i++) {
              StringBuilder row = new StringBuilder();
              for (FieldVector vector : batch.getFieldVectors()) {
                row.append(vector.getField().getName()).append('=').append(vector.getObject(i)).append(' ');
              }
              rows.add(row.toString());
            }
          }
        }
        return new Result(rows, result.metrics().get("segments.taken"));
      }
    } finally {
      if (previous == null) {
        System.clearProperty(PROPERTY);
      } else {
        System.setProperty(PROPERTY, previous);
      }
    }
  }

  @Test
  void takenRowsEqualDecodedRows() throws IOException {
    System.out.println("LateMaterializationScanTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
    Random random = new Random(SEED);
    Path file = directory.resolve("late.qvr");
    int rows = 40_000 + random.nextInt(20_000);
    write(file, random, rows);
    int target = random.nextInt(1000);
    List<String> sparse = List.of("k = " + target, "k < 5", "k < 20 AND price > 500", "word = 'w7' AND k < 40",
        "price < 5");
    List<String> dense = List.of("k < 600", "k IS NOT NULL");
    // a short run: taken or not depending on how the splits cut its chunks (random chunk sizes)
    List<String> either = List.of("id BETWEEN 1000 AND 1100", "id < 3 OR id > " + (rows - 3));
    // "word" has a column-wide dictionary: its rows are taken as codes, looked up in the dictionary's values
    List<List<String>> projections = List.of(List.of(), List.of("text", "amount", "at"), List.of("flag", "day"),
        List.of("word"));
    for (String filter : concat(concat(sparse, dense), either)) {
      for (List<String> columns : projections) {
        Result reference = scan(file, filter, columns, 1, true, false);
        assertThat(reference.taken()).isZero();
        for (int threads = 1; threads <= 2; threads++) {
          for (boolean share : new boolean[] {true, false}) {
            String what = filter + " " + columns + ", " + threads + " threads, share " + share + " (seed " + SEED + ")";
            Result taken = scan(file, filter, columns, threads, share, true);
            assertThat(taken.rows()).as(what).isEqualTo(reference.rows());
            if (dense.contains(filter)) {
              if (share) { // without sharing each split decodes whole chunks of its own, so even these may be taken
                assertThat(taken.taken()).as(what).isZero();
              }
            } else if (sparse.contains(filter) && !share && !reference.rows().isEmpty()
                && (columns.isEmpty() || columns.stream().noneMatch(filter::contains))) {
              // unshared, every segment has one reader, so a sparse selection is always taken (shared, a
              // chunk several splits read is decoded once instead; a column the filter decoded is gathered)
              assertThat(taken.taken()).as(what).isPositive();
            }
            Result off = scan(file, filter, columns, threads, share, false);
            assertThat(off.rows()).as(what + ", switch off").isEqualTo(reference.rows());
            assertThat(off.taken()).as(what + ", switch off").isZero();
          }
        }
      }
    }
  }

  @Test
  void segmentsSeveralSplitsReadAreTakenWhenReadAtPositions() throws IOException {
    System.out.println("LateMaterializationScanTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
    Random random = new Random(SEED);
    Path file = directory.resolve("one-chunk.qvr");
    write(file, random, 20_000, 64 << 20); // one chunk per column, read by both splits of 10,000 rows
    String filter = "k = " + random.nextInt(1000);
    for (int threads = 1; threads <= 2; threads++) {
      // bit-packed integers, scaled decimals, dates: each split takes its few rows from the shared segment
      List<String> positional = List.of("k", "amount", "day");
      Result reference = scan(file, filter, positional, threads, true, false, 10_000);
      Result taken = scan(file, filter, positional, threads, true, true, 10_000);
      assertThat(taken.rows()).as(filter + ", " + threads + " threads (seed " + SEED + ")")
          .isEqualTo(reference.rows()).isNotEmpty();
      assertThat(taken.taken()).as("shared segments taken at positions").isPositive();
      // strings: a take reads every offset of the segment, so the shared decode serves both splits
      Result strings = scan(file, filter, List.of("text"), threads, true, true, 10_000);
      assertThat(strings.rows()).isEqualTo(scan(file, filter, List.of("text"), threads, true, false, 10_000).rows());
      assertThat(strings.taken()).as("shared string segments are decoded once").isZero();
    }
  }

  @Test
  void aDictionaryColumnTakenStaysEncoded() throws IOException {
    System.out.println("LateMaterializationScanTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
    Random random = new Random(SEED);
    Path file = directory.resolve("dictionary.qvr");
    write(file, random, 30_000);
    String filter = "k < 5";
    List<String> reference = scan(file, filter, List.of("word"), 1, false, false).rows();
    String previous = System.getProperty(PROPERTY);
    System.setProperty(PROPERTY, "true");
    List<String> rows = new ArrayList<>();
    long encodedRows = 0;
    try (ScanResult result = Scan.of(file).filter(filter).columns(List.of("word")).threads(1).shareDecodes(false)
        .open(memory.allocator())) {
      for (dev.quiver.common.batch.Batch next = result.read(); next != null; next = result.read()) {
        try (dev.quiver.common.batch.Batch batch = next) {
          if (batch.isDictionaryEncoded(0)) {
            encodedRows += batch.rowCount();
          }
          try (VectorSchemaRoot root = batch.materialize(memory.allocator())) {
            for (int i = 0; i < root.getRowCount(); i++) {
              rows.add("word=" + root.getVector(0).getObject(i) + " ");
            }
          }
        }
      }
      assertThat(result.metrics().get("segments.taken")).as("seed " + SEED).isPositive();
    } finally {
      if (previous == null) {
        System.clearProperty(PROPERTY);
      } else {
        System.setProperty(PROPERTY, previous);
      }
    }
    assertThat(rows).as("seed " + SEED).isEqualTo(reference).isNotEmpty();
    // the taken codes keep the column-wide dictionary, as the decoded path's slices do
    assertThat(encodedRows).as("seed " + SEED).isEqualTo(rows.size());
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
