package dev.quiver.exec.keys;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.memory.MemoryPool;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.testing.TestingRandomData;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Seeded random tables for the hash operators' tests: rows of boxed cells (TestingRandomData's
 * types) drawn from small per-column pools (duplicates and skew), cut into batches of which some
 * carry a selection vector over junk rows and some keep chosen columns dictionary-encoded.
 */
public final class KeyTestData {
  private KeyTestData() {}

  /** Every key type the operators support. */
  public static List<ArrowType> keyTypes() {
    return List.of(ArrowType.Bool.INSTANCE, new ArrowType.Int(8, true), new ArrowType.Int(16, true),
        new ArrowType.Int(32, true), new ArrowType.Int(64, true),
        new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE),
        new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), new ArrowType.Decimal(12, 2, 128),
        new ArrowType.Decimal(38, 4, 128), ArrowType.Utf8.INSTANCE, ArrowType.Binary.INSTANCE,
        new ArrowType.Date(DateUnit.DAY), new ArrowType.Timestamp(TimeUnit.MICROSECOND, null),
        new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"));
  }

  public static Field field(String name, ArrowType type) {
    return Field.nullable(name, type);
  }

  /** Random rows: column c draws from a pool of {@code pools[c]} random cells, skewed to the first. */
  public static List<Object[]> rows(Random random, Schema schema, int count, int[] pools) {
    List<Field> fields = schema.getFields();
    List<List<Object>> pool = new ArrayList<>();
    for (int c = 0; c < fields.size(); c++) {
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < pools[c]; i++) {
        values.add(TestingRandomData.cell(random, fields.get(c).getType()));
      }
      pool.add(values);
    }
    List<Object[]> rows = new ArrayList<>();
    for (int r = 0; r < count; r++) {
      Object[] row = new Object[fields.size()];
      for (int c = 0; c < fields.size(); c++) {
        List<Object> values = pool.get(c);
        int pick = random.nextInt(4) == 0 ? 0 : random.nextInt(values.size());
        row[c] = values.get(pick);
      }
      rows.add(row);
    }
    return rows;
  }

  /**
   * The rows cut into batches of random sizes (some empty); about a third carry a selection over
   * junk rows in between, and columns in {@code dictionaryColumns} are dictionary-encoded in about
   * half the batches.
   */
  public static List<Batch> batches(BufferAllocator allocator, Random random, Schema schema, List<Object[]> rows,
      Set<Integer> dictionaryColumns) {
    List<Batch> batches = new ArrayList<>();
    int at = 0;
    while (at < rows.size() || batches.isEmpty()) {
      int size = Math.min(rows.size() - at, random.nextInt(5) == 0 ? 0 : 1 + random.nextInt(300));
      batches.add(batch(allocator, random, schema, rows.subList(at, at + size), dictionaryColumns));
      at += size;
    }
    return batches;
  }

  static Batch batch(BufferAllocator allocator, Random random, Schema schema, List<Object[]> rows,
      Set<Integer> dictionaryColumns) {
    boolean select = random.nextInt(3) == 0;
    List<Object[]> physical = new ArrayList<>();
    List<Integer> selected = new ArrayList<>();
    for (Object[] row : rows) {
      if (select && random.nextBoolean()) {
        physical.add(junk(random, schema));
      }
      selected.add(physical.size());
      physical.add(row);
    }
    boolean encode = random.nextBoolean();
    Batch.Builder builder = Batch.builder(physical.size());
    List<Field> fields = schema.getFields();
    for (int c = 0; c < fields.size(); c++) {
      List<Object> cells = new ArrayList<>();
      for (Object[] row : physical) {
        cells.add(row[c]);
      }
      if (encode && dictionaryColumns.contains(c)) {
        // an unused value first, then each distinct cell once (exact equality: -0.0 stays apart from 0.0)
        Map<Object, Integer> codes = new LinkedHashMap<>();
        List<Object> dictionary = new ArrayList<>();
        dictionary.add(TestingRandomData.cell(random, fields.get(c).getType()));
        codes.put(new Object(), 0);
        IntVector codeVector = new IntVector(fields.get(c).getName(), allocator);
        codeVector.allocateNew(Math.max(1, cells.size()));
        for (int r = 0; r < cells.size(); r++) {
          Object cell = cells.get(r);
          if (cell == null) {
            codeVector.setNull(r);
            continue;
          }
          Object exact = cell instanceof byte[] bytes ? new Key(bytes) : cell;
          Integer code = codes.get(exact);
          if (code == null) {
            code = dictionary.size();
            codes.put(exact, code);
            dictionary.add(cell);
          }
          codeVector.set(r, code);
        }
        codeVector.setValueCount(cells.size());
        builder.addDictionary(fields.get(c), codeVector,
            TestingRandomData.vector(allocator, fields.get(c), dictionary));
      } else {
        builder.add(fields.get(c), TestingRandomData.vector(allocator, fields.get(c), cells));
      }
    }
    if (select) {
      builder.selection(selected.stream().mapToInt(Integer::intValue).toArray(), selected.size());
    }
    return builder.build();
  }

  private static Object[] junk(Random random, Schema schema) {
    Object[] row = new Object[schema.getFields().size()];
    for (int c = 0; c < row.length; c++) {
      row[c] = TestingRandomData.cell(random, schema.getFields().get(c).getType());
    }
    return row;
  }

  /** A cell as a map key with SQL grouping equality: bytes by content, -0.0 as 0.0, NaN equal to NaN. */
  public static Object key(Object cell) {
    if (cell instanceof byte[] bytes) {
      return new Key(bytes);
    }
    if (cell instanceof Double number && number == 0.0) {
      return 0.0;
    }
    if (cell instanceof BigDecimal decimal) {
      return decimal.stripTrailingZeros();
    }
    return cell;
  }

  /** A row's cells as a list of {@link #key}s. */
  public static List<Object> keyOf(Object[] row, int[] columns) {
    List<Object> key = new ArrayList<>();
    for (int column : columns) {
      key.add(key(row[column]));
    }
    return key;
  }

  /** Bytes with equality by content. */
  public record Key(byte[] bytes) {
    @Override
    public boolean equals(Object other) {
      return other instanceof Key key && Arrays.equals(bytes, key.bytes);
    }

    @Override
    public int hashCode() {
      return ByteBuffer.wrap(bytes).hashCode();
    }
  }

  /** The rows of a batch (the batch is closed), cells as TestingRandomData reads them. */
  public static List<Object[]> read(Batch batch, BufferAllocator allocator) {
    List<Object[]> rows = new ArrayList<>();
    try (VectorSchemaRoot root = batch.materialize(allocator)) {
      List<FieldVector> vectors = root.getFieldVectors();
      for (int r = 0; r < root.getRowCount(); r++) {
        Object[] row = new Object[vectors.size()];
        for (int c = 0; c < row.length; c++) {
          row[c] = TestingRandomData.read(vectors.get(c), r);
        }
        rows.add(row);
      }
    }
    return rows;
  }

  /** A context with a pool of {@code limit} bytes under {@code allocator}. */
  public static ExecutionContext context(BufferAllocator allocator, long limit, int threads, int batchRows,
      Path spillRoot) {
    return new ExecutionContext(new MemoryPool(allocator, "test", limit), threads, spillRoot, batchRows);
  }
}
