package dev.quiver.scan.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.batch.Batch;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Expressions;
import dev.quiver.format.encoding.EncodingKind;
import dev.quiver.format.encoding.EncodingOptions;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.scan.plan.Split;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * COUNT/SUM/MIN/MAX over the scanned (partly selected) zones summed on the encoded segments
 * ({@link EncodedAggregation}, {@code quiver.statistics.encodedSums}) merge to exactly the state the
 * decoded batches give with the switch off, for seeded random int32/int64/date/scaled-decimal columns
 * with nulls, on files of the compressor's choice and of every forced top encoding the columns take
 * (16-byte decimals and dictionary layouts fall back to the batches, with the same answer), and for
 * filters the encoded filter answers and ones it does not; {@code segments.summed.encoded} counts
 * segments only with the switch on, and a call over a string column keeps the decoded path.
 */
class EncodedAggregationTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final Schema SCHEMA = new Schema(List.of(
      Field.nullable("i32", new ArrowType.Int(32, true)),
      Field.nullable("i64", new ArrowType.Int(64, true)),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("price", new ArrowType.Decimal(15, 2, 128)),
      Field.nullable("text", new ArrowType.Utf8())));
  private static final List<StatisticsCall> CALLS = new ArrayList<>();

  static {
    CALLS.add(new StatisticsCall(StatisticsCall.Function.COUNT_ROWS, null));
    for (String column : List.of("i32", "i64", "price")) {
      for (StatisticsCall.Function function : List.of(StatisticsCall.Function.COUNT, StatisticsCall.Function.SUM,
          StatisticsCall.Function.MIN, StatisticsCall.Function.MAX)) {
        CALLS.add(new StatisticsCall(function, column));
      }
    }
    CALLS.add(new StatisticsCall(StatisticsCall.Function.MIN, "day"));
    CALLS.add(new StatisticsCall(StatisticsCall.Function.MAX, "day"));
  }

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void encodedSumsEqualDecodedSums() throws IOException {
    System.out.println("EncodedAggregationTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
    Random random = new Random(SEED);
    int rows = 15_000 + random.nextInt(10_000);
    List<EncodingOptions> encodings = new ArrayList<>(List.of(EncodingOptions.defaults()));
    for (EncodingKind kind : EncodingKind.values()) {
      if (kind != EncodingKind.CONSTANT && SCHEMA.getFields().subList(0, 4).stream()
          .allMatch(field -> kind.accepts(field.getType()))) {
        encodings.add(EncodingOptions.defaults().forcing(kind));
      }
    }
    int low = random.nextInt(500);
    List<String> filters = List.of("i32 BETWEEN " + low + " AND " + (low + 300),
        "day >= DATE '1994-01-01' AND day < DATE '1995-06-01' AND price < 30",
        "i64 >= " + (rows / 3) + " AND i64 < " + (rows / 2) + " AND NOT (i32 = " + low + ")",
        "i32 < 50 OR price IS NULL", "text LIKE '%7%'", "i32 > 2000000");
    long summed = 0;
    for (int k = 0; k < encodings.size(); k++) {
      Path file = directory.resolve("file" + k + ".qvr");
      write(file, rows, new Random(SEED + 1), encodings.get(k));
      for (String filter : filters) {
        String what = filter + " on " + encodings.get(k) + " (seed " + SEED + ")";
        Run on = run(file, filter, CALLS, true);
        Run off = run(file, filter, CALLS, false);
        assertThat(on.state()).as(what).isEqualTo(off.state());
        assertThat(off.summed()).as(what).isZero();
        summed += on.summed();
      }
    }
    assertThat(summed).as("segments summed on their encoding (seed " + SEED + ")").isPositive();
    List<StatisticsCall> withText = List.of(new StatisticsCall(StatisticsCall.Function.COUNT, "text"),
        new StatisticsCall(StatisticsCall.Function.SUM, "i32"));
    Path file = directory.resolve("file0.qvr");
    Run on = run(file, "i32 < 100", withText, true);
    assertThat(on.summed()).isZero();
    assertThat(on.state()).isEqualTo(run(file, "i32 < 100", withText, false).state());
  }

  private record Run(List<Object> state, long summed) {}

  private Run run(Path file, String filterText, List<StatisticsCall> calls, boolean encoded) throws IOException {
    String previous = System.getProperty(EncodedAggregation.SWITCH);
    System.setProperty(EncodedAggregation.SWITCH, Boolean.toString(encoded));
    Expression filter = Expressions.parse(filterText, SCHEMA);
    try (StatisticsAggregateScan scan = StatisticsAggregateScan.open(List.of(file), calls, filter,
        memory.allocator(), 1)) {
      List<Object> states = new ArrayList<>(); // every split's state row in order, so any split's difference shows
      for (Split split = scan.next(); split != null; split = scan.next()) {
        try (Batch part = scan.run(split, memory.allocator())) {
          assertThat(part.rowCount()).isEqualTo(1);
          for (int c = 0; c < part.columnCount(); c++) {
            states.add(part.vector(c).getObject(0));
          }
        }
      }
      return new Run(states, scan.scanMetrics().get("segments.summed.encoded"));
    } finally {
      if (previous == null) {
        System.clearProperty(EncodedAggregation.SWITCH);
      } else {
        System.setProperty(EncodedAggregation.SWITCH, previous);
      }
    }
  }

  private void write(Path file, int rows, Random random, EncodingOptions encoding) throws IOException {
    QuiverWriter.Options options = QuiverWriter.Options.defaults().withChunkBytes(16_384).withZoneRows(1024)
        .withEncoding(encoding);
    try (QuiverWriter writer = QuiverWriter.create(file, SCHEMA, memory.allocator(), options);
        VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      batch.allocateNew();
      IntVector i32 = (IntVector) batch.getVector("i32");
      BigIntVector i64 = (BigIntVector) batch.getVector("i64");
      DateDayVector day = (DateDayVector) batch.getVector("day");
      DecimalVector price = (DecimalVector) batch.getVector("price");
      VarCharVector text = (VarCharVector) batch.getVector("text");
      for (int row = 0; row < rows; row++) {
        if (random.nextInt(10) == 0) {
          i32.setNull(row);
        } else {
          i32.setSafe(row, random.nextInt(80) == 0 ? random.nextInt() : random.nextInt(1000) - 100);
        }
        i64.setSafe(row, row + (random.nextInt(30) == 0 ? Long.MAX_VALUE / 4 : 0));
        if (random.nextInt(20) == 0) {
          day.setNull(row);
        } else {
          day.setSafe(row, 8000 + random.nextInt(2500));
        }
        if (random.nextInt(25) == 0) {
          price.setNull(row);
        } else {
          price.setSafe(row, BigDecimal.valueOf(random.nextInt(9000) - 1000L, 2));
        }
        text.setSafe(row, Integer.toString(random.nextInt(100)).getBytes(StandardCharsets.UTF_8));
      }
      batch.setRowCount(rows);
      writer.write(batch);
    }
  }
}
