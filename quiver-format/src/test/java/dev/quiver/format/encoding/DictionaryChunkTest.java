package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link ChunkCodec#decodeDictionary}: the codes and dictionary of a dictionary-encoded string segment
 * name, row by row, exactly what {@link ChunkCodec#decode} gathers; other segments give null; damaged
 * bytes fail exactly when the gathering decode fails, with the same error code.
 */
class DictionaryChunkTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private FieldVector strings(Random random, int rows, int distinct, double nulls, TestColumnType type) {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      values.add(random.nextDouble() < nulls ? null
          : ("value-" + random.nextInt(distinct) + "-\u00e9\u4e2d".repeat(random.nextInt(3)))
              .getBytes(StandardCharsets.UTF_8));
    }
    return TestVectors.build(memory.allocator(), type, values, "text");
  }

  @Test
  void codesAndDictionaryNameTheGatheredRows() {
    System.out.println("DictionaryChunkTest seed " + SEED);
    Random random = new Random(SEED);
    BufferAllocator allocator = memory.allocator();
    for (int round = 0; round < 40; round++) {
      int rows = random.nextInt(5000);
      TestColumnType type = random.nextBoolean() ? TestColumnType.UTF8 : TestColumnType.BINARY;
      double nulls = random.nextInt(3) * 0.3;
      try (FieldVector vector = strings(random, rows, 1 + random.nextInt(60), nulls, type)) {
        EncodedChunk chunk = ChunkCodec.encode(vector, 0, rows,
            EncodingOptions.defaults().forcing(EncodingKind.DICTIONARY));
        try (ArrowBuf segment = TestVectors.toSegment(allocator, chunk.encodedBytes());
            FieldVector gathered = ChunkCodec.decode(segment, vector.getField(), allocator, "s");
            DictionaryChunk kept = ChunkCodec.decodeDictionary(segment, vector.getField(), allocator, "s")) {
          assertThat(kept).as("round %d (seed %d)", round, SEED).isNotNull();
          assertThat(kept.rowCount()).isEqualTo(rows);
          assertThat(kept.values().getNullCount()).isZero();
          for (int row = 0; row < rows; row++) {
            if (gathered.isNull(row)) {
              assertThat(kept.codes().isNull(row)).as("row %d (seed %d)", row, SEED).isTrue();
            } else {
              assertThat(kept.codes().isNull(row)).isFalse();
              assertThat(TestVectors.valueBytes(kept.values(), kept.codes().get(row)))
                  .as("row %d (seed %d)", row, SEED).isEqualTo(TestVectors.valueBytes(gathered, row));
            }
          }
        }
      }
    }
  }

  @Test
  void otherSegmentsGiveNull() {
    Random random = new Random(SEED);
    try (FieldVector vector = strings(random, 300, 5, 0.1, TestColumnType.UTF8)) {
      for (EncodingKind kind : List.of(EncodingKind.PLAIN, EncodingKind.ZSTD, EncodingKind.RUN_END)) {
        EncodedChunk chunk = ChunkCodec.encode(vector, 0, 300, EncodingOptions.defaults().forcing(kind));
        try (ArrowBuf segment = TestVectors.toSegment(memory.allocator(), chunk.encodedBytes())) {
          assertThat(ChunkCodec.decodeDictionary(segment, vector.getField(), memory.allocator(), "s")).as(kind.name())
              .isNull();
        }
      }
    }
  }

  @Test
  void damagedSegmentsFailAsTheGatheringDecodeFails() {
    System.out.println("DictionaryChunkTest seed " + SEED);
    Random random = new Random(SEED);
    BufferAllocator allocator = memory.allocator();
    int failures = 0;
    try (FieldVector vector = strings(random, 2000, 40, 0.2, TestColumnType.UTF8)) {
      byte[] bytes = ChunkCodec.encode(vector, 0, 2000, EncodingOptions.defaults().forcing(EncodingKind.DICTIONARY))
          .encodedBytes();
      for (int trial = 0; trial < 400; trial++) {
        byte[] damaged = bytes.clone();
        int position = random.nextInt(damaged.length);
        damaged[position] = (byte) random.nextInt(256);
        try (ArrowBuf segment = TestVectors.toSegment(allocator, damaged)) {
          ErrorCode gatherError = null;
          try (FieldVector ignored = ChunkCodec.decode(segment, vector.getField(), allocator, "s")) {
            // decodes
          } catch (QuiverException failure) {
            gatherError = failure.errorCode();
          }
          ErrorCode keptError = null;
          try (DictionaryChunk ignored = ChunkCodec.decodeDictionary(segment, vector.getField(), allocator, "s")) {
            // decodes (or is no longer a dictionary segment)
          } catch (QuiverException failure) {
            keptError = failure.errorCode();
          }
          if (gatherError != null) {
            failures++;
            assertThat(keptError).as("trial %d, byte %d (seed %d)", trial, position, SEED).isEqualTo(gatherError);
          } else {
            assertThat(keptError).as("trial %d, byte %d (seed %d)", trial, position, SEED).isNull();
          }
        }
      }
    }
    assertThat(failures).as("damage must be detected sometimes (seed %d)", SEED).isPositive();
  }
}
