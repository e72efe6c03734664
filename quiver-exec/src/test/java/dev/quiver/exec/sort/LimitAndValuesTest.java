package dev.quiver.exec.sort;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.memory.MemoryPool;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.StreamOperator;
import dev.quiver.exec.plan.ValuesNode;
import dev.quiver.expression.Literal;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingRandomData;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class LimitAndValuesTest {
  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  @TempDir
  Path spill;

  private static Field field(String name, ArrowType type) {
    return new Field(name, FieldType.nullable(type), null);
  }

  @Test
  void valuesOfEveryTypeIncludingNull() throws Exception {
    Schema schema = new Schema(List.of(field("flag", ArrowType.Bool.INSTANCE), field("i", new ArrowType.Int(32, true)),
        field("l", new ArrowType.Int(64, true)), field("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        field("f", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
        field("p", new ArrowType.Decimal(12, 2, 128)),
        field("s", ArrowType.Utf8.INSTANCE), field("b", ArrowType.Binary.INSTANCE),
        field("day", new ArrowType.Date(DateUnit.DAY)),
        field("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
        field("tz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"))));
    List<Literal> first = List.of(new Literal(true, ArrowType.Bool.INSTANCE),
        new Literal(new BigDecimal("-7"), new ArrowType.Int(32, true)),
        new Literal(new BigDecimal("9000000000"), new ArrowType.Int(64, true)),
        new Literal(Double.NaN, schema.getFields().get(3).getType()),
        new Literal(new BigDecimal("1.5"), schema.getFields().get(4).getType()),
        new Literal(new BigDecimal("12.3"), schema.getFields().get(5).getType()),
        new Literal("héllo", ArrowType.Utf8.INSTANCE),
        new Literal(new byte[] {1, (byte) 0xFF}, ArrowType.Binary.INSTANCE),
        new Literal(LocalDate.of(1998, 12, 1), schema.getFields().get(8).getType()),
        new Literal(LocalDateTime.of(2024, 2, 29, 12, 30, 0, 1000), schema.getFields().get(9).getType()),
        new Literal(Instant.ofEpochSecond(86_400, 5000), schema.getFields().get(10).getType()));
    List<Literal> nulls = new ArrayList<>();
    for (Field column : schema.getFields()) {
      nulls.add(new Literal(null, column.getType()));
    }
    List<List<Literal>> rows = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      rows.add(i % 2 == 0 ? first : nulls);
    }
    ValuesSource source = new ValuesSource(new ValuesNode(schema, rows));
    List<List<Object>> read = new ArrayList<>();
    try (MemoryPool pool = new MemoryPool(allocator.allocator(), "query", 1L << 30)) {
      ExecutionContext context = new ExecutionContext(pool, 2, spill, 2);
      try (Morsel morsel = source.next(context)) {
        assertThat(source.next(context)).as("one morsel only").isNull();
        Batch batch;
        while ((batch = morsel.next()) != null) {
          assertThat(batch.rowCount()).isBetween(1, 2);
          try (VectorSchemaRoot root = batch.materialize(allocator.allocator())) {
            for (int row = 0; row < root.getRowCount(); row++) {
              List<Object> cells = new ArrayList<>();
              for (FieldVector vector : root.getFieldVectors()) {
                Object cell = TestingRandomData.read(vector, row);
                cells.add(cell instanceof byte[] bytes ? Arrays.toString(bytes) : cell);
              }
              read.add(cells);
            }
          }
        }
      }
    }
    assertThat(read).hasSize(5);
    assertThat(read.get(0)).containsExactly(true, -7L, 9_000_000_000L, Double.NaN, 1.5, new BigDecimal("12.30"),
        "héllo", Arrays.toString(new byte[] {1, (byte) 0xFF}), LocalDate.of(1998, 12, 1).toEpochDay(),
        LocalDateTime.of(2024, 2, 29, 12, 30, 0, 1000).toEpochSecond(java.time.ZoneOffset.UTC) * 1_000_000 + 1,
        86_400_000_005L);
    assertThat(read.get(1)).containsOnlyNulls();
    assertThat(read.get(2)).isEqualTo(read.get(0));
    assertThat(source.metrics().rowsOut.get()).isEqualTo(5);
    assertThat("héllo".getBytes(StandardCharsets.UTF_8)).hasSize(6);
  }

  @Test
  void limitOverManyThreadsPassesExactlyTheRowsAfterTheOffsetAndStops() throws Exception {
    long[][] cases = {{0, 0}, {0, 1}, {5, 17}, {0, -1}, {123, 1000}, {10_000, 5}, {40, 0}};
    for (long[] limits : cases) {
      LimitFactory factory = new LimitFactory(limits[0], limits[1]);
      int threads = 4;
      int batchesPerThread = 30;
      int rowsPerBatch = 37;
      long total = (long) threads * batchesPerThread * rowsPerBatch;
      AtomicLong passed = new AtomicLong();
      AtomicLong fed = new AtomicLong();
      try (MemoryPool pool = new MemoryPool(allocator.allocator(), "query", 1L << 30)) {
        ExecutionContext context = new ExecutionContext(pool, threads, spill, 1024);
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
          List<Future<?>> running = new ArrayList<>();
          for (int thread = 0; thread < threads; thread++) {
            running.add(executor.submit(() -> {
              try (StreamOperator operator = factory.create(context)) {
                for (int i = 0; i < batchesPerThread && !operator.isDone(); i++) {
                  List<Object> cells = new ArrayList<>();
                  for (int row = 0; row < rowsPerBatch; row++) {
                    cells.add((long) row);
                  }
                  Field column = field("x", new ArrowType.Int(64, true));
                  Batch batch = Batch.builder(rowsPerBatch)
                      .add(column, TestingRandomData.vector(context.allocator(), column, cells)).build();
                  fed.incrementAndGet();
                  operator.process(batch, output -> {
                    passed.addAndGet(output.rowCount());
                    output.close();
                  });
                }
              }
              return null;
            }));
          }
          for (Future<?> future : running) {
            future.get();
          }
        } finally {
          executor.shutdownNow();
        }
      }
      long expected = Math.max(0, Math.min(total, limits[1] < 0 ? total : limits[0] + limits[1]) - limits[0]);
      assertThat(passed.get()).as("offset %d limit %d", limits[0], limits[1]).isEqualTo(expected);
      if (limits[1] >= 0 && limits[0] + limits[1] < total / 2) {
        assertThat(factory.isDone()).isTrue();
        assertThat(fed.get()).as("stopped early").isLessThan((long) threads * batchesPerThread);
      }
    }
  }
}
