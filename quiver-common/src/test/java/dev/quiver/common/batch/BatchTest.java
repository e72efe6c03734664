package dev.quiver.common.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BatchTest {
  /**
   * A root allocator per test that must be empty at the end. (quiver-testing's TestingAllocator does
   * this for every other module; quiver-testing depends on quiver-common, so this module's tests
   * cannot use it.)
   */
  private final RootAllocator root = new RootAllocator(Long.MAX_VALUE);

  @AfterEach
  void noArrowMemoryLeft() {
    long outstanding = root.getAllocatedMemory();
    assertThat(outstanding).as("Arrow memory still allocated:%n%s", outstanding == 0 ? "" : root.toVerboseString())
        .isZero();
    root.close();
  }

  private BufferAllocator allocator() {
    return root;
  }

  private static final Field LONGS = Field.nullable("n", new ArrowType.Int(64, true));
  private static final Field TEXT = Field.nullable("s", ArrowType.Utf8.INSTANCE);
  private static final Field FLAGS = Field.nullable("b", ArrowType.Bool.INSTANCE);
  private static final Field CODES = Field.nullable("codes", new ArrowType.Int(32, true));

  /**
   * A shared batch reads the same rows from the same memory (dictionary columns, strings, NULLs, a selection),
   * and each of the two can be closed first: the memory goes with the last.
   */
  @Test
  void sharedBatchReadsTheSameMemoryAndOutlivesTheOriginal() {
    for (boolean originalFirst : new boolean[] {true, false}) {
      long before = root.getAllocatedMemory();
      Batch original = Batch.builder(5)
          .addDictionary(TEXT, codes(new Integer[] {1, 0, null, 1, 2}), texts(new String[] {"a", "bb", "ccc"}))
          .add(LONGS, longs(new Long[] {10L, null, 30L, 40L, 50L})).add(TEXT, texts(new String[] {"x", null, "z",
              "w", "v"}))
          .build().withSelection(new int[] {0, 2, 4}, 3);
      long held = root.getAllocatedMemory() - before;
      Batch shared = original.share(allocator());
      assertThat(root.getAllocatedMemory() - before).as("bytes after sharing").isEqualTo(held);
      assertThat(shared.rowCount()).isEqualTo(3);
      assertThat(shared.selection()).containsExactly(0, 2, 4);
      assertThat(shared.isDictionaryEncoded(0)).isTrue();
      assertThat(shared.vector(1).getDataBuffer().memoryAddress())
          .isEqualTo(original.vector(1).getDataBuffer().memoryAddress());
      Batch first = originalFirst ? original : shared;
      Batch last = originalFirst ? shared : original;
      first.close();
      try (VectorSchemaRoot rows = last.materialize(allocator())) {
        assertThat(rows.getVector(0).getObject(0)).hasToString("bb");
        assertThat(rows.getVector(0).getObject(1)).isNull();
        assertThat(rows.getVector(0).getObject(2)).hasToString("ccc");
        assertThat(rows.getVector(1).getObject(2)).isEqualTo(50L);
        assertThat(rows.getVector(2).getObject(1)).hasToString("z");
      }
      last.close();
      assertThat(root.getAllocatedMemory()).isEqualTo(before);
    }
  }

  @Test
  void plainBatchMaterializesWithoutCopying() {
    BigIntVector longs = longs(new Long[] {1L, null, 3L});
    Batch batch = Batch.builder(3).add(LONGS, longs).build();
    try (VectorSchemaRoot root = batch.materialize(allocator())) {
      assertThat(root.getVector(0)).isSameAs(longs);
      assertThat(root.getRowCount()).isEqualTo(3);
      assertThat(root.getVector(0).getObject(1)).isNull();
    }
    batch.close();
    assertThatThrownBy(() -> batch.vector(0)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void selectionsComposeAndGatherEveryType() {
    long seed = System.nanoTime();
    System.out.println("BatchTest seed " + seed);
    Random random = new Random(seed);
    int rows = 3000;
    Long[] numbers = new Long[rows];
    String[] texts = new String[rows];
    Boolean[] flags = new Boolean[rows];
    for (int i = 0; i < rows; i++) {
      numbers[i] = random.nextInt(10) == 0 ? null : random.nextLong();
      texts[i] = random.nextInt(10) == 0 ? null : "v" + "x".repeat(random.nextInt(70)) + i;
      flags[i] = random.nextInt(10) == 0 ? null : random.nextBoolean();
    }
    Batch batch = Batch.builder(rows).add(LONGS, longs(numbers)).add(TEXT, texts(texts)).add(FLAGS, flags(flags))
        .build();
    List<Integer> first = new ArrayList<>();
    int[] firstPositions = new int[rows];
    int firstCount = 0;
    for (int i = 0; i < rows; i++) {
      if (random.nextInt(3) != 0) {
        firstPositions[firstCount++] = i;
        first.add(i);
      }
    }
    Batch once = batch.withSelection(firstPositions, firstCount);
    int[] secondPositions = new int[firstCount];
    List<Integer> expected = new ArrayList<>();
    int secondCount = 0;
    for (int i = 0; i < firstCount; i++) {
      if (random.nextBoolean()) {
        secondPositions[secondCount++] = i;
        expected.add(first.get(i));
      }
    }
    Batch twice = once.withSelection(secondPositions, secondCount);
    assertThat(twice.rowCount()).isEqualTo(secondCount);
    assertThat(twice.physicalRowCount()).isEqualTo(rows);
    try (VectorSchemaRoot root = twice.materialize(allocator())) {
      assertThat(root.getRowCount()).isEqualTo(expected.size());
      for (int i = 0; i < expected.size(); i++) {
        int row = expected.get(i);
        assertThat(root.getVector(0).getObject(i)).isEqualTo(numbers[row]);
        Object text = root.getVector(1).getObject(i);
        assertThat(text == null ? null : text.toString()).isEqualTo(texts[row]);
        assertThat(root.getVector(2).getObject(i)).isEqualTo(flags[row]);
      }
    }
    batch.close();
    once.close();
  }

  @Test
  void dictionaryColumnsStayEncodedUntilMaterialized() {
    VarCharVector values = texts(new String[] {"red", "green", "blue"});
    IntVector codes = codes(new Integer[] {2, 0, null, 1, 2});
    Batch batch = Batch.builder(5).addDictionary(TEXT, codes, values).build();
    assertThat(batch.isDictionaryEncoded(0)).isTrue();
    assertThat(batch.dictionary(0)).isSameAs(values);
    assertThat(batch.schema().getFields().get(0).getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
    Batch selected = batch.withSelection(new int[] {0, 2, 3}, 3);
    try (VectorSchemaRoot root = selected.materialize(allocator())) {
      assertThat(root.getVector(0).getObject(0).toString()).isEqualTo("blue");
      assertThat(root.getVector(0).getObject(1)).isNull();
      assertThat(root.getVector(0).getObject(2).toString()).isEqualTo("green");
    }
  }

  @Test
  void aCodeOutsideTheDictionaryIsCorruptAndLeaksNothing() {
    VarCharVector values = texts(new String[] {"a"});
    IntVector codes = codes(new Integer[] {0, 7});
    Batch batch = Batch.builder(2).addDictionary(TEXT, codes, values).build();
    assertThatThrownBy(() -> batch.materialize(allocator()))
        .isInstanceOfSatisfying(QuiverException.class, failure -> {
          assertThat(failure.errorCode()).isEqualTo(ErrorCode.CORRUPT);
          assertThat(failure.getMessage()).contains("column s").contains("code 7").contains("row 1");
        });
    batch.close();
  }

  @Test
  void wideFixedWidthValuesGatherByAddress() {
    DecimalVector decimals = new DecimalVector(Field.nullable("d", new ArrowType.Decimal(20, 2, 128)),
        allocator());
    decimals.allocateNew(3);
    decimals.setSafe(0, new java.math.BigDecimal("1.25"));
    decimals.setNull(1);
    decimals.setSafe(2, new java.math.BigDecimal("-99999999999999.99"));
    decimals.setValueCount(3);
    try (decimals;
        FieldVector gathered = VectorGather.gather(decimals, new int[] {2, -1, 1, 0}, 4, decimals.getField(),
            allocator())) {
      assertThat(gathered.getObject(0)).isEqualTo(new java.math.BigDecimal("-99999999999999.99"));
      assertThat(gathered.getObject(1)).isNull();
      assertThat(gathered.getObject(2)).isNull();
      assertThat(gathered.getObject(3)).isEqualTo(new java.math.BigDecimal("1.25"));
    }
  }

  @Test
  void selectionsMustAscendInsideTheRows() {
    Batch batch = Batch.builder(2).add(LONGS, longs(new Long[] {1L, 2L})).build();
    assertThatThrownBy(() -> batch.withSelection(new int[] {1, 0}, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> batch.withSelection(new int[] {2}, 1)).isInstanceOf(IllegalArgumentException.class);
    batch.close();
  }

  private BigIntVector longs(Long[] values) {
    BigIntVector vector = new BigIntVector(LONGS, allocator());
    vector.allocateNew(values.length);
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        vector.setNull(i);
      } else {
        vector.set(i, values[i]);
      }
    }
    vector.setValueCount(values.length);
    return vector;
  }

  private VarCharVector texts(String[] values) {
    VarCharVector vector = new VarCharVector(TEXT, allocator());
    vector.allocateNew();
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        vector.setNull(i);
      } else {
        vector.setSafe(i, values[i].getBytes(StandardCharsets.UTF_8));
      }
    }
    vector.setValueCount(values.length);
    return vector;
  }

  private BitVector flags(Boolean[] values) {
    BitVector vector = new BitVector(FLAGS, allocator());
    vector.allocateNew(values.length);
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        vector.setNull(i);
      } else {
        vector.set(i, values[i] ? 1 : 0);
      }
    }
    vector.setValueCount(values.length);
    return vector;
  }

  private IntVector codes(Integer[] values) {
    IntVector vector = new IntVector(CODES, allocator());
    vector.allocateNew(values.length);
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        vector.setNull(i);
      } else {
        vector.set(i, values[i]);
      }
    }
    vector.setValueCount(values.length);
    return vector;
  }

  @Test
  void physicalSelectionNamesVectorPositions() {
    Batch batch = Batch.builder(4).add(LONGS, longs(new Long[] {10L, 11L, 12L, 13L})).build();
    Batch selected = batch.withPhysicalSelection(new int[] {1, 3}, 2);
    try (VectorSchemaRoot root = selected.materialize(allocator())) {
      assertThat(root.getRowCount()).isEqualTo(2);
      assertThat(root.getVector(0).getObject(0)).isEqualTo(11L);
      assertThat(root.getVector(0).getObject(1)).isEqualTo(13L);
    }
    try (Batch small = Batch.builder(2).add(LONGS, longs(new Long[] {1L, 2L})).build()) {
      assertThatThrownBy(() -> small.withPhysicalSelection(new int[] {0, 5}, 2))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void compactGathersSelectedRowsAndKeepsDictionaryCodes() {
    IntVector codes = new IntVector(CODES, allocator());
    codes.allocateNew(4);
    codes.set(0, 1);
    codes.setNull(1);
    codes.set(2, 0);
    codes.set(3, 1);
    codes.setValueCount(4);
    VarCharVector values = texts(new String[] {"a", "b"});
    Batch batch = Batch.builder(4).addDictionary(TEXT, codes, values).add(LONGS, longs(new Long[] {1L, 2L, 3L, 4L}))
        .selection(new int[] {1, 2, 3}, 3).build();
    try (Batch compact = batch.compact(allocator())) {
      assertThat(compact.hasSelection()).isFalse();
      assertThat(compact.rowCount()).isEqualTo(3);
      assertThat(compact.isDictionaryEncoded(0)).isTrue();
      assertThat(compact.dictionary(0)).isSameAs(values);
      assertThat(compact.vector(0).isNull(0)).isTrue();
      assertThat(((IntVector) compact.vector(0)).get(1)).isZero();
      assertThat(compact.vector(1).getObject(2)).isEqualTo(4L);
    }
  }

  @Test
  void releasedColumnsAreTheCallersAndNoLongerReadable() {
    BigIntVector longs = longs(new Long[] {1L, 2L});
    Batch batch = Batch.builder(2).add(LONGS, longs).add(TEXT, texts(new String[] {"x", "y"})).build();
    FieldVector taken = batch.releaseVector(0);
    assertThat(taken).isSameAs(longs);
    assertThat(batch.releaseDictionary(0)).isNull();
    assertThatThrownBy(() -> batch.vector(0)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> batch.releaseVector(0)).isInstanceOf(IllegalStateException.class);
    batch.close();
    assertThat(taken.getObject(1)).isEqualTo(2L);
    taken.close();
  }
}
