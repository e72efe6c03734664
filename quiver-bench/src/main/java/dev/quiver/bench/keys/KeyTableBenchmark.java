package dev.quiver.bench.keys;

import dev.quiver.exec.keys.KeyEncoder;
import dev.quiver.exec.keys.KeyLayout;
import dev.quiver.exec.keys.KeyRows;
import dev.quiver.exec.keys.KeyTable;
import dev.quiver.exec.memory.MemoryPool;
import dev.quiver.exec.memory.MemoryReservation;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A hash join's key table on one BIGINT column ({@link KeyTable}), as TPC-H's joins on order keys use
 * it: {@code build} inserts {@code keys} distinct sparse keys (every fourth integer, as TPC-H's order
 * keys) in batches of 8,192, the table sized first as a join build does; {@code probe} looks up
 * 1,048,576 keys of which half are present. Scores are per call; divide by the rows for ns a row.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--add-opens=java.base/java.nio=ALL-UNNAMED")
public class KeyTableBenchmark {
  private static final int BATCH = 8192;
  private static final int PROBES = 1 << 20;

  /** Distinct keys in the table: cache-resident (10,000) and not (1,500,000, TPC-H's orders at scale 1). */
  @Param({"10000", "1500000"})
  public int keys;

  private RootAllocator allocator;
  private MemoryPool pool;
  private KeyLayout layout;
  private KeyRows[] buildBatches;
  private KeyRows[] probeBatches;
  private KeyTable built;
  private final KeyTable.Scratch scratch = new KeyTable.Scratch();
  private final int[] ids = new int[BATCH];

  @Setup(Level.Trial)
  public void setUp() {
    allocator = new RootAllocator();
    pool = new MemoryPool(allocator, "bench", Long.MAX_VALUE / 4);
    Field field = Field.notNullable("k", new ArrowType.Int(64, true));
    layout = new KeyLayout(List.of(field));
    long[] buildKeys = new long[keys];
    for (int i = 0; i < keys; i++) {
      buildKeys[i] = 4L * i + 1;
    }
    Random random = new Random(27);
    long[] probeKeys = new long[PROBES];
    for (int i = 0; i < PROBES; i++) {
      probeKeys[i] = 4L * random.nextInt(keys * 2) + 1;
    }
    buildBatches = encode(buildKeys, field);
    probeBatches = encode(probeKeys, field);
    built = buildTable();
  }

  private KeyRows[] encode(long[] values, Field field) {
    KeyEncoder encoder = new KeyEncoder(layout);
    KeyRows[] batches = new KeyRows[(values.length + BATCH - 1) / BATCH];
    try (BigIntVector vector = new BigIntVector(field, allocator)) {
      vector.allocateNew(BATCH);
      for (int batch = 0; batch < batches.length; batch++) {
        int from = batch * BATCH;
        int count = Math.min(BATCH, values.length - from);
        for (int i = 0; i < count; i++) {
          vector.set(i, values[from + i]);
        }
        vector.setValueCount(count);
        batches[batch] = new KeyRows(layout, count);
        encoder.encodeVectors(List.of(vector), count, batches[batch]);
      }
    }
    return batches;
  }

  private KeyTable buildTable() {
    MemoryReservation reservation = pool.reservation("bench");
    KeyTable table = new KeyTable(layout, reservation);
    table.tryReserve(keys, 0);
    for (KeyRows batch : buildBatches) {
      table.tryReserve(batch.size(), 0);
      table.findOrInsert(batch, ids);
    }
    return table;
  }

  @Benchmark
  public int build() {
    KeyTable table = buildTable();
    int size = table.size();
    table.release();
    return size;
  }

  @Benchmark
  public long probe() {
    long found = 0;
    for (KeyRows batch : probeBatches) {
      built.find(batch, ids, scratch);
      for (int i = 0; i < batch.size(); i++) {
        found += ids[i] >>> 31;
      }
    }
    return found;
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    built.release();
    pool.close();
    allocator.close();
  }
}
