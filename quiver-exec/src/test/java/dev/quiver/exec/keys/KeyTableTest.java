package dev.quiver.exec.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.exec.memory.MemoryPool;
import dev.quiver.testing.TestingAllocator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link KeyTable}: keys appended without a probe ({@link KeyTable#appendUnindexed}, the slots' growth deferred)
 * and keys found or inserted by hash give every distinct key one id, whichever way it came in and in any order,
 * for one-column keys (NULL included), multi-column keys with strings, and keys of two and three integer columns
 * (NULLs in any of them, beside values of 0); seeded against a map.
 */
class KeyTableTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void keysAppendedUnindexedAreFoundByLaterLookups() {
    System.out.println("KeyTableTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
    for (int shape = 0; shape < 4; shape++) {
      boolean oneColumn = shape == 0;
      Random random = new Random(SEED + shape);
      Field number = Field.nullable("k", new ArrowType.Int(64, true));
      List<Field> fields = switch (shape) {
        case 0 -> List.of(number);
        case 1 -> List.of(number, Field.nullable("s", ArrowType.Utf8.INSTANCE));
        case 2 -> List.of(number, Field.nullable("j", new ArrowType.Int(64, true)));
        default -> List.of(number, Field.nullable("j", new ArrowType.Int(64, true)),
            Field.nullable("m", new ArrowType.Int(64, true)));
      };
      KeyLayout layout = new KeyLayout(fields);
      try (MemoryPool pool = new MemoryPool(memory.allocator(), "test", 1L << 30)) {
        KeyTable table = new KeyTable(layout, pool.reservation("keys"));
        Map<List<Object>, Integer> known = new HashMap<>();
        for (int round = 0; round < 200; round++) {
          int count = 1 + random.nextInt(300);
          boolean unindexed = random.nextInt(3) > 0;
          List<List<Object>> batch = new ArrayList<>();
          for (int i = 0; i < count; i++) {
            List<Object> key = key(random, fields);
            // appended unindexed only when new (as a direct index guarantees), once each
            if (!unindexed || (!known.containsKey(key) && !batch.contains(key))) {
              batch.add(key);
            }
          }
          KeyRows rows = encode(layout, fields, batch);
          assertThat(table.tryReserve(rows.size(), rows.byteSize())).isTrue();
          int[] ids = new int[rows.size()];
          if (unindexed) {
            table.appendUnindexed(rows, ids);
          } else if (random.nextBoolean()) {
            table.findOrInsert(rows, ids);
          } else {
            table.find(rows, ids, new KeyTable.Scratch());
            for (int i = 0; i < batch.size(); i++) {
              assertThat(ids[i]).as("seed " + SEED + " find " + batch.get(i))
                  .isEqualTo(known.getOrDefault(batch.get(i), -1));
            }
            continue;
          }
          for (int i = 0; i < batch.size(); i++) {
            Integer previous = known.putIfAbsent(batch.get(i), ids[i]);
            assertThat(ids[i]).as("seed " + SEED + " round " + round + " key " + batch.get(i))
                .isEqualTo(previous == null ? ids[i] : previous);
          }
          assertThat(table.size()).as("one id per distinct key").isEqualTo(known.size());
        }
        // every key found again by hash, whichever way it came in
        List<List<Object>> all = new ArrayList<>(known.keySet());
        KeyRows rows = encode(layout, fields, all);
        int[] ids = new int[rows.size()];
        table.find(rows, ids, new KeyTable.Scratch());
        for (int i = 0; i < all.size(); i++) {
          assertThat(ids[i]).as("seed " + SEED + " " + all.get(i)).isEqualTo(known.get(all.get(i)));
        }
        if (oneColumn && known.containsKey(java.util.Arrays.asList((Object) null))) {
          KeyRows nullKey = encode(layout, fields, List.of(java.util.Arrays.asList((Object) null)));
          assertThatThrownBy(() -> table.appendUnindexed(nullKey, new int[1]))
              .isInstanceOf(IllegalStateException.class);
        }
        table.release();
      }
    }
  }

  private static List<Object> key(Random random, List<Field> fields) {
    List<Object> key = new ArrayList<>();
    for (Field field : fields) {
      if (field.getType() instanceof ArrowType.Utf8) {
        key.add(random.nextInt(30) == 0 ? null : "v" + random.nextInt(20));
      } else { // after the first column few values, so that keys repeat
        int span = key.isEmpty() ? 5000 : 7;
        key.add(random.nextInt(40) == 0 ? null : (long) random.nextInt(span) - span / 2);
      }
    }
    return key;
  }

  private KeyRows encode(KeyLayout layout, List<Field> fields, List<List<Object>> keys) {
    List<FieldVector> vectors = new ArrayList<>();
    try {
      for (int c = 0; c < fields.size(); c++) {
        FieldVector vector = fields.get(c).createVector(memory.allocator());
        vector.allocateNew();
        for (int r = 0; r < keys.size(); r++) {
          Object value = keys.get(r).get(c);
          if (vector instanceof BigIntVector numbers) {
            if (value == null) {
              numbers.setNull(r);
            } else {
              numbers.setSafe(r, (Long) value);
            }
          } else {
            VarCharVector texts = (VarCharVector) vector;
            if (value == null) {
              texts.setNull(r);
            } else {
              texts.setSafe(r, Objects.toString(value).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
          }
        }
        vector.setValueCount(keys.size());
        vectors.add(vector);
      }
      KeyRows rows = new KeyRows(layout, Math.max(1, keys.size()));
      new KeyEncoder(layout).encodeVectors(vectors, keys.size(), rows);
      return rows;
    } finally {
      vectors.forEach(FieldVector::close);
    }
  }
}
