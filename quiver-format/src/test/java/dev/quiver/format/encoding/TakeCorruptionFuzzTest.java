package dev.quiver.format.encoding;

import dev.quiver.testing.TestingCorruptionFuzz;
import java.util.Arrays;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The corruption fuzz of {@link CorruptionFuzzTest} (same specimens, damage and typed-refusal checks)
 * through {@link ChunkCodec#take} at seeded random positions: a damaged segment yields a structurally
 * valid vector of the asked rows or a CORRUPT/RESOURCE error naming the segment; never another
 * exception, a hang or a leak. A take reads less than a decode, so less damage is detected.
 */
class TakeCorruptionFuzzTest extends CorruptionFuzzTest {
  private static final int MUTATIONS = Integer.getInteger("quiver.fuzz.takeMutations", 2000);

  @Override
  protected int mutations() {
    return MUTATIONS;
  }

  @Override
  protected int minimumRefused(int mutations) {
    return mutations / 8 + 1;
  }

  @Override
  protected void decode(TestingCorruptionFuzz.Specimen<Field> specimen, byte[] damaged, String context) {
    BufferAllocator allocator = memory.allocator();
    Random random = new Random(Arrays.hashCode(damaged));
    try (ArrowBuf segment = TestVectors.toSegment(allocator, damaged)) {
      int rows = damaged.length >= EncodingFormat.HEADER_BYTES ? Math.max(0, LittleEndian.getInt(damaged, 4)) : 0;
      int count = Math.min(rows, 64);
      int[] positions = new int[count];
      for (int i = 0; i < count; i++) {
        positions[i] = random.nextInt(rows);
      }
      Arrays.sort(positions);
      try (FieldVector vector = ChunkCodec.take(segment, specimen.detail(), positions, count, allocator,
          "fuzzed segment")) {
        TestVectors.validateDamaged(vector);
        for (int i = 0; i < vector.getValueCount(); i++) {
          vector.getObject(i);
        }
      }
    }
  }
}
