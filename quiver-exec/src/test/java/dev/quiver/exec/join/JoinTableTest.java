package dev.quiver.exec.join;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.exec.keys.KeyEncoder;
import dev.quiver.exec.keys.KeyRows;
import dev.quiver.exec.keys.KeyTable;
import dev.quiver.exec.memory.MemoryPool;
import dev.quiver.exec.memory.MemoryReservation;
import dev.quiver.exec.plan.JoinNode;
import dev.quiver.exec.plan.JoinType;
import dev.quiver.exec.plan.ValuesNode;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingRandomData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Which key table a build side gets (direct offsets for dense integers, else hashed) and what it finds. */
class JoinTableTest {
  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  private JoinTable build(ArrowType type, List<Object> buildKeys, MemoryReservation reservation) {
    Schema schema = new Schema(List.of(Field.nullable("k", type)));
    JoinNode node = new JoinNode(new ValuesNode(schema, List.of()), new ValuesNode(schema, List.of()),
        JoinType.INNER, List.of(0), List.of(0), null, false, null);
    JoinSpec spec = new JoinSpec(node, schema, schema);
    FieldVector keys = TestingRandomData.vector(allocator.allocator(), schema.getFields().get(0), buildKeys);
    return JoinTable.build(spec, new ArrayList<>(List.of(keys)), buildKeys.size(), reservation);
  }

  /** The build rows each probe key matches, in chain order. */
  private List<List<Integer>> matches(JoinTable table, ArrowType type, List<Object> probeKeys) {
    Schema schema = new Schema(List.of(Field.nullable("k", type)));
    KeyEncoder encoder = new KeyEncoder(dev.quiver.exec.keys.KeyLayout.of(schema.getFields(), List.of(0)));
    KeyRows rows = new KeyRows(dev.quiver.exec.keys.KeyLayout.of(schema.getFields(), List.of(0)), 16);
    int[] positions = new int[probeKeys.size()];
    Arrays.setAll(positions, i -> i);
    int[] ids = new int[probeKeys.size()];
    try (FieldVector probe = TestingRandomData.vector(allocator.allocator(), schema.getFields().get(0), probeKeys)) {
      encoder.encodeVectors(List.of(probe), positions, probeKeys.size(), rows);
      table.find(rows, ids, new KeyTable.Scratch());
    }
    List<List<Integer>> result = new ArrayList<>();
    for (int id : ids) {
      List<Integer> chain = new ArrayList<>();
      for (int row = id < 0 ? -1 : table.head[id]; row >= 0; row = table.next[row]) {
        chain.add(row);
      }
      result.add(chain);
    }
    return result;
  }

  @Test
  void denseIntegerKeysAreIndexedByOffsetAndFindTheirRows() {
    ArrowType type = new ArrowType.Int(32, true);
    try (MemoryPool pool = new MemoryPool(allocator.allocator(), "test", 1L << 30);
        MemoryReservation reservation = pool.reservation("HashJoin")) {
      List<Object> keys = Arrays.asList(-5L, 7L, null, -5L, 1000L, 7L, -5L);
      try (JoinTable table = build(type, keys, reservation)) {
        assertThat(table.keys).isNull();
        assertThat(table.directMinimum).isEqualTo(-5);
        assertThat(table.directSpan).isEqualTo(1006);
        assertThat(table.distinctKeys).isEqualTo(3);
        assertThat(table.hasNullKey).isTrue();
        assertThat(matches(table, type, Arrays.asList(-5L, 7L, 8L, null, 1000L, -6L, 1001L)))
            .containsExactly(List.of(6, 3, 0), List.of(5, 1), List.of(), List.of(), List.of(4), List.of(), List.of());
      }
      assertThat(reservation.bytes()).isZero();
    }
  }

  @Test
  void sparseOrOverflowingRangesAreHashed() {
    ArrowType type = new ArrowType.Int(64, true);
    try (MemoryPool pool = new MemoryPool(allocator.allocator(), "test", 1L << 30);
        MemoryReservation reservation = pool.reservation("HashJoin")) {
      for (List<Object> keys : List.of(Arrays.<Object>asList(Long.MIN_VALUE, Long.MAX_VALUE, 3L, null),
          Arrays.<Object>asList(0L, 1L << 40, 0L))) {
        try (JoinTable table = build(type, keys, reservation)) {
          assertThat(table.keys).isNotNull();
          assertThat(matches(table, type, Arrays.asList(keys.get(0), keys.get(1), 5L, null)).subList(0, 3))
              .containsExactly(keys.get(0).equals(0L) ? List.of(2, 0) : List.of(0), List.of(1), List.of());
        }
      }
      ArrowType date = new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY);
      try (JoinTable days = build(date, Arrays.asList(19_782L, null, 19_780L), reservation)) {
        assertThat(days.keys).isNull();
        assertThat(matches(days, date, Arrays.asList(19_782L, 19_781L, 19_780L)))
            .containsExactly(List.of(0), List.of(), List.of(2));
      }
    }
  }
  /** The direct table takes a span below {@code DIRECT_SPAN_PER_ROW} values a build row plus the slack, not one more. */
  @Test
  void theDirectTableTakesSpansUpToTheBoundPerBuildRow() {
    ArrowType type = new ArrowType.Int(64, true);
    int rows = 1000;
    long bound = (long) JoinTable.DIRECT_SPAN_PER_ROW * rows + JoinTable.DIRECT_SPAN_SLACK;
    try (MemoryPool pool = new MemoryPool(allocator.allocator(), "test", 1L << 30);
        MemoryReservation reservation = pool.reservation("HashJoin")) {
      for (long spread : new long[] {bound - 1, bound}) {
        List<Object> keys = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
          keys.add(i == rows - 1 ? spread : (long) i * (spread / rows));
        }
        try (JoinTable table = build(type, keys, reservation)) {
          assertThat(table.keys == null).as("direct for a spread of " + spread + " over " + rows + " rows")
              .isEqualTo(spread < bound);
          assertThat(matches(table, type, Arrays.asList(0L, spread, spread + 1)))
              .containsExactly(List.of(0), List.of(rows - 1), List.of());
        }
      }
    }
  }
}
