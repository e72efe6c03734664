package dev.quiver.exec.expression;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.VectorSlices;
import dev.quiver.expression.ColumnReference;
import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A dictionary larger than a batch, brought by batch after batch as new slices of one decoded vector (as the scan
 * hands a column-wide dictionary on), is evaluated once and reused; a different dictionary of the same size, and a
 * slice of the same memory starting eight values later (same validity and data bytes, other offsets), are never
 * answered from the kept values.
 */
class DictionaryReuseTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private static final Field WORDS = Field.nullable("w", ArrowType.Utf8.INSTANCE);
  private static final int VALUES = 60;
  private static final int ROWS = 24;

  @Test
  void keptValuesServeOnlyTheirOwnDictionary() {
    long seed = Long.getLong("quiver.reuse.seed", System.nanoTime());
    System.out.println("DictionaryReuseTest seed " + seed + " (-Dquiver.reuse.seed=" + seed + ")");
    Random random = new Random(seed);
    BufferAllocator allocator = memory.allocator();
    ColumnReference column = new ColumnReference("w", 0, ArrowType.Utf8.INSTANCE);
    CompiledExpression upper = ExpressionCompiler.compile(ExpressionCompilerTest.call(Functions.UPPER,
        ArrowType.Utf8.INSTANCE, column), new Schema(List.of(WORDS)));
    // eight empty values first and last: the slices at 0 and at 8 (validity sliced, not copied) cover the same
    // validity and data bytes, with other offsets
    List<String> first = words("a", VALUES + 8);
    for (int i = 0; i < 8; i++) {
      first.set(i, "");
      first.set(VALUES + i, "");
    }
    List<String> second = words("b", VALUES + 8);
    try (VarCharVector one = dictionary(allocator, first);
        VarCharVector two = dictionary(allocator, second);
        VarCharVector three = sameBytesOtherOffsets(one, allocator)) {
      for (int round = 0; round < 16; round++) {
        // rounds alternate: slices of one at 0, of three (one's validity and data bytes, other offsets), of one at
        // 8, of two
        VarCharVector source = round % 4 == 3 ? two : round % 4 == 1 ? three : one;
        int start = round % 4 == 2 ? 8 : 0;
        List<String> values = new ArrayList<>();
        for (int i = start; i < start + VALUES; i++) {
          values.add(source.getObject(i).toString());
        }
        for (int batch = 0; batch < 3; batch++) {
          int[] codes = new int[ROWS];
          for (int row = 0; row < ROWS; row++) {
            codes[row] = random.nextInt(8) == 0 ? -1 : random.nextInt(VALUES);
          }
          FieldVector slice = VectorSlices.slice(source, WORDS, start, VALUES, allocator);
          try (Batch rows = Batch.builder(ROWS).addDictionary(WORDS, codeVector(allocator, codes), slice).build();
              FieldVector result = upper.evaluate(rows, allocator)) {
            List<Object> expected = new ArrayList<>();
            for (int code : codes) {
              expected.add(code < 0 ? null : values.get(code).toUpperCase(Locale.ROOT));
            }
            assertThat(TestBatches.cells(result)).as("seed %d round %d batch %d", seed, round, batch)
                .isEqualTo(expected);
          }
        }
      }
    }
  }

  /** A vector over {@code vector}'s validity and data buffers whose odd values start one byte later. */
  private static VarCharVector sameBytesOtherOffsets(VarCharVector vector, BufferAllocator allocator) {
    int count = vector.getValueCount();
    try (ArrowBuf offsets = allocator.buffer(4L * (count + 1))) {
      for (int i = 0; i <= count; i++) {
        int offset = vector.getOffsetBuffer().getInt(4L * i);
        boolean moved = i % 2 == 1 && i < count && vector.getValueLength(i) > 0;
        offsets.setInt(4L * i, moved ? offset + 1 : offset);
      }
      VarCharVector other = new VarCharVector(WORDS, allocator);
      other.loadFieldBuffers(new ArrowFieldNode(count, 0),
          List.of(vector.getValidityBuffer(), offsets, vector.getDataBuffer()));
      return other;
    }
  }

  private static List<String> words(String prefix, int count) {
    List<String> words = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      words.add(prefix + i + "é");
    }
    return words;
  }

  private static VarCharVector dictionary(BufferAllocator allocator, List<String> values) {
    VarCharVector vector = new VarCharVector(WORDS, allocator);
    vector.allocateNew(values.size());
    for (int i = 0; i < values.size(); i++) {
      vector.setSafe(i, values.get(i).getBytes(StandardCharsets.UTF_8));
    }
    vector.setValueCount(values.size());
    return vector;
  }

  private static IntVector codeVector(BufferAllocator allocator, int[] codes) {
    IntVector vector = new IntVector("w", allocator);
    vector.allocateNew(codes.length);
    for (int i = 0; i < codes.length; i++) {
      if (codes[i] < 0) {
        vector.setNull(i);
      } else {
        vector.set(i, codes[i]);
      }
    }
    vector.setValueCount(codes.length);
    return vector;
  }
}
