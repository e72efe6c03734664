package dev.quiver.exec.sort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.memory.MemoryPool;
import dev.quiver.exec.memory.MemoryReservation;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.plan.SortKey;
import dev.quiver.exec.plan.SortNode;
import dev.quiver.exec.plan.ValuesNode;
import dev.quiver.testing.TestingAllocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class SortFactoryTest {
  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  @TempDir
  Path spill;

  private static SortNode sortNode(List<SortKey> keys, long offset, long limit) {
    return sortNode(SortTestData.SCHEMA, keys, offset, limit);
  }

  private static SortNode sortNode(Schema schema, List<SortKey> keys, long offset, long limit) {
    return new SortNode(new ValuesNode(schema, List.of()), keys, offset, limit);
  }

  private static List<SortKey> randomKeys(Random random) {
    List<SortKey> keys = new ArrayList<>();
    int count = 1 + random.nextInt(3);
    List<Integer> columns = new ArrayList<>();
    for (int i = 0; i < SortTestData.SCHEMA.getFields().size(); i++) {
      columns.add(i);
    }
    java.util.Collections.shuffle(columns, random);
    for (int i = 0; i < count; i++) {
      keys.add(new SortKey(columns.get(i), random.nextBoolean(), random.nextBoolean()));
    }
    return keys;
  }

  private int lastMergePasses;

  /** Runs one sort and checks it against the reference; returns the factory's spill count. */
  private long check(long seed, List<SortKey> keys, long offset, long limit, int threads, long memoryLimit,
      int batches, int rows, int batchRows) throws Exception {
    List<SortTestData.Piece> pieces = SortTestData.pieces(new Random(seed), batches, rows);
    return check("seed " + seed, SortTestData.SCHEMA, pieces, keys, offset, limit, threads, memoryLimit, batchRows,
        false);
  }

  /**
   * Sorts {@code pieces} of {@code schema} and checks the rows against the reference; returns the
   * spill count. The input batches are made in the query's allocator, or outside its limit (as a
   * scan's) with {@code sourceInput}.
   */
  private long check(String label, Schema schema, List<SortTestData.Piece> pieces, List<SortKey> keys, long offset,
      long limit, int threads, long memoryLimit, int batchRows, boolean sourceInput) throws Exception {
    List<Object[]> input = new ArrayList<>();
    for (SortTestData.Piece piece : pieces) {
      input.addAll(piece.selectedRows());
    }
    List<Object[]> expected = new ArrayList<>(input);
    expected.sort(SortTestData.comparator(keys));
    int from = (int) Math.min(offset, expected.size());
    int to = limit < 0 ? expected.size() : (int) Math.min(expected.size(), offset + limit);
    expected = expected.subList(from, Math.max(from, to));

    List<Object[]> actual;
    long spills;
    List<Integer> batchSizes = new ArrayList<>();
    try (MemoryPool pool = new MemoryPool(allocator.allocator(), "query", memoryLimit);
        SortFactory factory = new SortFactory(sortNode(schema, keys, offset, limit), schema)) {
      ExecutionContext context = SortHarness.context(pool, threads, spill, batchRows);
      SortHarness.feed(factory, context, pieces, sourceInput ? pool.sourceAllocator() : context.allocator());
      actual = SortHarness.read(factory, context, allocator.allocator(), batchSizes::add);
      spills = factory.metrics().spills.get();
      lastMergePasses = factory.mergePasses();
      assertThat(factory.metrics().rowsOut.get()).isEqualTo(actual.size());
    }
    String what = label + " keys " + keys + " offset " + offset + " limit " + limit + " memory " + memoryLimit;
    assertThat(actual).as(what).hasSameSizeAs(expected);
    List<List<Object>> actualKeys = actual.stream().map(row -> SortTestData.keyOf(row, keys)).toList();
    List<List<Object>> expectedKeys = expected.stream().map(row -> SortTestData.keyOf(row, keys)).toList();
    assertThat(actualKeys).as(what).isEqualTo(expectedKeys);
    // every row out is an input row (as many times as it came in at most); a full sort returns all
    Map<List<Object>, Integer> counts = new HashMap<>();
    for (Object[] row : input) {
      counts.merge(SortTestData.rowOf(row), 1, Integer::sum);
    }
    for (Object[] row : actual) {
      int left = counts.merge(SortTestData.rowOf(row), -1, Integer::sum);
      assertThat(left).as(what + ": row " + SortTestData.rowOf(row) + " was not in the input that often")
          .isGreaterThanOrEqualTo(0);
    }
    assertThat(batchSizes).as("batches of at most batchRows rows").allMatch(size -> size > 0 && size <= batchRows);
    return spills;
  }

  @Test
  void sortsEveryTypeOnAnyKeys() throws Exception {
    long seed = System.nanoTime();
    System.out.println("SortFactoryTest.sortsEveryTypeOnAnyKeys seed " + seed);
    Random random = new Random(seed);
    for (int round = 0; round < 40; round++) {
      long roundSeed = random.nextLong();
      List<SortKey> keys = randomKeys(new Random(roundSeed));
      check(roundSeed, keys, 0, -1, 1 + random.nextInt(3), 1L << 30, 1 + random.nextInt(8), 300, 128);
    }
  }

  @Test
  void everyColumnAloneInEveryDirection() throws Exception {
    long seed = System.nanoTime();
    System.out.println("SortFactoryTest.everyColumnAloneInEveryDirection seed " + seed);
    Random random = new Random(seed);
    for (int column = 0; column < SortTestData.SCHEMA.getFields().size(); column++) {
      for (int mode = 0; mode < 4; mode++) {
        List<SortKey> keys = List.of(new SortKey(column, mode < 2, mode % 2 == 0));
        check(random.nextLong(), keys, 0, -1, 2, 1L << 30, 4, 200, 100);
      }
    }
  }

  @Test
  void topNWithOffsetsAndLimits() throws Exception {
    long seed = System.nanoTime();
    System.out.println("SortFactoryTest.topNWithOffsetsAndLimits seed " + seed);
    Random random = new Random(seed);
    long[][] cases = {{0, 0}, {0, 1}, {0, 10}, {5, 10}, {0, 5000}, {100000, 10}, {3, 0}, {7, -1}, {250, 300}};
    for (long[] limits : cases) {
      long roundSeed = random.nextLong();
      List<SortKey> keys = randomKeys(new Random(roundSeed));
      check(roundSeed, keys, limits[0], limits[1], 1 + random.nextInt(3), 1L << 30, 30, 400, 64);
    }
  }

  /**
   * A top-N over many batches (some with a selection, some with a dictionary-encoded string), long after its first cut:
   * each batch is pruned to the rows that sort before the kept threshold from its key columns alone, the others'
   * columns never copied; the same rows as the reference.
   */
  @Test
  void topNPrunesLaterBatchesByItsThresholdAndKeepsTheAnswer() throws Exception {
    long seed = System.nanoTime();
    System.out.println("SortFactoryTest.topNPrunesLaterBatches seed " + seed);
    Random random = new Random(seed);
    for (int round = 0; round < 6; round++) {
      long roundSeed = random.nextLong();
      List<SortKey> keys = randomKeys(new Random(roundSeed));
      check(roundSeed, keys, round % 2 == 0 ? 0 : 3, round < 3 ? 10 : 40, 1 + round % 2, 1L << 30, 150, 400, 64);
    }
  }

  /**
   * The pruning decides rows by the first key alone and compares every key only for the rows that tie the threshold
   * on it: a dictionary-encoded string first (its values compared once per batch, NULL codes and an unused value
   * among them) and second (made dense at the tied rows only), in both directions and NULL placements, with a narrow
   * first key that ties often; the same rows as the reference.
   */
  @Test
  void topNPruningByTheFirstKeyThenTiesKeepsTheAnswer() throws Exception {
    long seed = System.nanoTime();
    System.out.println("SortFactoryTest.topNPruningByTheFirstKey seed " + seed);
    Random random = new Random(seed);
    int text = SortTestData.TEXT;
    int flag = 0;
    int tiny = 1;
    for (int round = 0; round < 8; round++) {
      boolean ascending = round % 2 == 0;
      boolean nullsFirst = round / 2 % 2 == 0;
      List<SortKey> keys = switch (round / 4) {
        case 0 -> List.of(new SortKey(text, ascending, nullsFirst), new SortKey(tiny, !ascending, !nullsFirst));
        default -> List.of(new SortKey(flag, ascending, nullsFirst), new SortKey(text, !ascending, nullsFirst),
            new SortKey(tiny, ascending, !nullsFirst));
      };
      check(random.nextLong(), keys, round % 3, round % 2 == 0 ? 10 : 40, 1 + round % 2, 1L << 30, 150, 400, 64);
    }
  }

  @Test
  void noKeysIsALimitInAnyOrder() throws Exception {
    check(3, List.of(), 4, 25, 2, 1L << 30, 10, 50, 16);
    check(4, List.of(), 0, -1, 3, 1L << 30, 10, 50, 16);
  }

  @Test
  void emptyInputGivesNoRows() throws Exception {
    check(1, List.of(new SortKey(3, true, false)), 0, -1, 2, 1L << 30, 0, 10, 64);
  }

  @Test
  void spillsUnderALimitTwentyTimesBelowTheDataAndGivesTheSameAnswer() throws Exception {
    long seed = Long.getLong("quiver.test.seed", System.nanoTime());
    System.out.println("SortFactoryTest.spills seed " + seed);
    Random random = new Random(seed);
    for (int round = 0; round < Integer.getInteger("quiver.test.rounds", 3); round++) {
      long roundSeed = random.nextLong();
      List<SortTestData.Piece> pieces = SortTestData.pieces(new Random(roundSeed), 600, 100);
      long bytes = dataBytes(pieces);
      List<SortKey> keys = randomKeys(new Random(roundSeed));
      long limit = round % 3 == 2 ? 200 : -1;
      long spills = check(roundSeed, keys, round, limit, 1 + round % 2, bytes / 20, 600, 100, 128);
      System.out.println("round " + round + ": " + spills + " spills, " + lastMergePasses + " merge passes, limit "
          + bytes / 20 + " bytes");
      if (limit < 0) {
        assertThat(spills).as("seed " + roundSeed + ": spilled runs").isGreaterThan(1);
        assertThat(lastMergePasses).as("seed " + roundSeed + ": more runs than one merge reads").isGreaterThan(0);
      }
    }
  }

  /**
   * Rows of 20 columns (six of them strings or bytes up to 200 long), one batch among them ten times
   * larger than the others and larger than a sink's whole share, sorted under limits from a quarter
   * to a 64th of the data on one and two threads: every sort spills and gives the rows of the sort
   * in memory. The input is made outside the limit, as a scan's or {@code quiver convert}'s is.
   */
  @Test
  void wideRowsSpillUnderSmallLimitsAndGiveTheSameRowsAsInMemory() throws Exception {
    long seed = Long.getLong("quiver.test.seed", System.nanoTime());
    System.out.println("SortFactoryTest.wideRows seed " + seed);
    Random random = new Random(seed);
    for (int round = 0; round < 2; round++) {
      long roundSeed = random.nextLong();
      Random data = new Random(roundSeed);
      List<SortTestData.Piece> pieces = new ArrayList<>(SortTestData.pieces(data, SortTestData.WIDE, 30, 300));
      pieces.add(data.nextInt(pieces.size()), SortTestData.pieces(data, SortTestData.WIDE, 1, 3000).get(0));
      long bytes = dataBytes(pieces);
      List<SortKey> keys = List.of(new SortKey(SortTestData.WIDE.getFields().size() - 6, data.nextBoolean(), true),
          new SortKey(4, data.nextBoolean(), data.nextBoolean()), new SortKey(9, true, false));
      String label = "seed " + roundSeed;
      assertThat(check(label, SortTestData.WIDE, pieces, keys, 0, -1, 1, 1L << 30, 256, true)).as("in memory").isZero();
      for (int divisor : new int[] {4, 16, 64}) {
        int threads = 1 + (divisor / 16 + round) % 2;
        long spills = check(label, SortTestData.WIDE, pieces, keys, 0, -1, threads, bytes / divisor, 256,
            true);
        System.out.println("round " + round + ", limit data/" + divisor + " = " + bytes / divisor + " bytes, " + threads
            + " threads: " + spills + " spills, " + lastMergePasses + " merge passes");
        assertThat(spills).as("%s: limit %d spilled", label, bytes / divisor).isGreaterThan(0);
      }
    }
  }

  private static long dataBytes(List<SortTestData.Piece> pieces) {
    long total = 0;
    try (BufferAllocator scratch = new RootAllocator()) {
      for (SortTestData.Piece piece : pieces) {
        try (var batch = SortTestData.batch(piece, scratch)) {
          total += scratch.getAllocatedMemory();
        }
      }
    }
    return total;
  }

  @Test
  void failsWithResourceNamingSortWhenNotEvenAMergeFits() throws Exception {
    Random random = new Random(42);
    List<SortTestData.Piece> pieces = SortTestData.pieces(random, 300, 100);
    long memoryLimit = dataBytes(pieces) / 20;
    try (MemoryPool pool = new MemoryPool(allocator.allocator(), "query", memoryLimit);
        SortFactory factory = new SortFactory(sortNode(List.of(new SortKey(9, true, true)), 0, -1),
            SortTestData.SCHEMA);
        MemoryReservation other = pool.reservation("HashJoin")) {
      ExecutionContext context = SortHarness.context(pool, 1, spill, 256);
      List<SortTestData.Piece> fed = pieces;
      SinkFeeder.feedWithoutFinish(factory, context, fed);
      other.grow(pool.limit() - pool.used() - 1000);
      assertThatThrownBy(() -> factory.finish(context)).isInstanceOfSatisfying(QuiverException.class, failure -> {
        assertThat(failure.errorCode()).isEqualTo(ErrorCode.RESOURCE);
        assertThat(failure.getMessage()).startsWith("Sort");
      });
    }
  }

  @Test
  void cancellationWhileReadingLeavesNothingAllocated() throws Exception {
    Random random = new Random(7);
    List<SortTestData.Piece> pieces = SortTestData.pieces(random, 200, 100);
    long memoryLimit = dataBytes(pieces) / 10;
    try (MemoryPool pool = new MemoryPool(allocator.allocator(), "query", memoryLimit);
        SortFactory factory = new SortFactory(sortNode(List.of(new SortKey(4, false, true)), 0, -1),
            SortTestData.SCHEMA)) {
      ExecutionContext context = SortHarness.context(pool, 2, spill, 64);
      SortHarness.feed(factory, context, pieces);
      var morsel = factory.output().next(context);
      morsel.next().close();
      context.cancel("test");
      assertThatThrownBy(morsel::next).isInstanceOfSatisfying(QuiverException.class,
          failure -> assertThat(failure.errorCode()).isEqualTo(ErrorCode.CANCELLED));
      morsel.close();
    }
  }

  @Test
  void cancellationWhileConsumingLeavesNothingAllocated() throws Exception {
    Random random = new Random(8);
    List<SortTestData.Piece> pieces = SortTestData.pieces(random, 200, 100);
    try (MemoryPool pool = new MemoryPool(allocator.allocator(), "query", dataBytes(pieces) / 10);
        SortFactory factory = new SortFactory(sortNode(List.of(new SortKey(9, true, false)), 0, -1),
            SortTestData.SCHEMA)) {
      ExecutionContext context = SortHarness.context(pool, 2, spill, 64);
      context.cancel("before the start");
      assertThatThrownBy(() -> SortHarness.feed(factory, context, pieces)).isInstanceOf(QuiverException.class);
    }
  }
}
