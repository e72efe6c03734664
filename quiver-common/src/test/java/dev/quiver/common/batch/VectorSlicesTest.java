package dev.quiver.common.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A slice must live on after the allocator it was cut from closes (Arrow's BitVector keeps its
 * slices on the source allocator unless moved): the source allocator closes clean, the slice still
 * reads its rows, and the target allocator is empty once the slice is closed.
 */
class VectorSlicesTest {
  private static final int ROWS = 37;

  @ParameterizedTest(name = "start {0}")
  @ValueSource(ints = {0, 3, 8, 13})
  void slicesOutliveTheirSourceAllocator(int start) {
    int length = ROWS - start - 2;
    try (RootAllocator root = new RootAllocator()) {
      BufferAllocator target = root.newChildAllocator("target", 0, Long.MAX_VALUE);
      BufferAllocator source = root.newChildAllocator("source", 0, Long.MAX_VALUE);
      FieldVector bits;
      FieldVector ints;
      FieldVector strings;
      try (BitVector bitSource = new BitVector("b", source);
          IntVector intSource = new IntVector("i", source);
          VarCharVector stringSource = new VarCharVector("s", source)) {
        bitSource.allocateNew(ROWS);
        intSource.allocateNew(ROWS);
        stringSource.allocateNew(ROWS);
        for (int row = 0; row < ROWS; row++) {
          if (row % 5 == 4) {
            bitSource.setNull(row);
            intSource.setNull(row);
            stringSource.setNull(row);
          } else {
            bitSource.set(row, row % 3 == 0 ? 1 : 0);
            intSource.set(row, row * 7);
            stringSource.setSafe(row, ("v" + row).getBytes(StandardCharsets.UTF_8));
          }
        }
        bitSource.setValueCount(ROWS);
        intSource.setValueCount(ROWS);
        stringSource.setValueCount(ROWS);
        bits = VectorSlices.slice(bitSource, start, length, target);
        ints = VectorSlices.slice(intSource, start, length, target);
        strings = VectorSlices.slice(stringSource, start, length, target);
      }
      source.close();
      try (bits; ints; strings) {
        assertThat(VectorSlices.accountedTo(bits, target)).isTrue();
        for (int i = 0; i < length; i++) {
          int row = start + i;
          boolean isNull = row % 5 == 4;
          assertThat(bits.isNull(i)).as("bit row %d", row).isEqualTo(isNull);
          assertThat(ints.isNull(i)).as("int row %d", row).isEqualTo(isNull);
          assertThat(strings.isNull(i)).as("string row %d", row).isEqualTo(isNull);
          if (!isNull) {
            assertThat(((BitVector) bits).get(i)).isEqualTo(row % 3 == 0 ? 1 : 0);
            assertThat(((IntVector) ints).get(i)).isEqualTo(row * 7);
            assertThat(new String(((VarCharVector) strings).get(i), StandardCharsets.UTF_8)).isEqualTo("v" + row);
          }
        }
      }
      assertThat(target.getAllocatedMemory()).isZero();
      target.close();
    }
  }
}
