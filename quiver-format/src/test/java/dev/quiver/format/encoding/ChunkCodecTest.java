package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The public contract of {@link ChunkCodec}: arguments, errors, ownership, reporting, threads. */
class ChunkCodecTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private FieldVector longs(int rows, String name) {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      values.add(i % 10 == 3 ? null : (long) i * i);
    }
    return TestVectors.build(memory.allocator(), TestColumnType.INT64, values, name);
  }

  private static void assertUser(Runnable action, String problem) {
    assertThatThrownBy(action::run).isInstanceOfSatisfying(QuiverException.class, failure -> {
      assertThat(failure.errorCode()).isEqualTo(ErrorCode.USER);
      assertThat(failure.getMessage()).contains(problem);
    });
  }

  @Test
  void rowsOutsideTheVectorAreRefused() {
    try (FieldVector vector = longs(10, "c")) {
      assertUser(() -> ChunkCodec.encode(vector, 5, 6, EncodingOptions.defaults()), "outside column c of 10 rows");
      assertUser(() -> ChunkCodec.encode(vector, -1, 2, EncodingOptions.defaults()), "outside column c");
      assertUser(() -> ChunkCodec.encode(vector, 0, -1, EncodingOptions.defaults()), "outside column c");
    }
  }

  @Test
  void unsupportedTypesAreRefused() {
    try (UInt4Vector vector = new UInt4Vector("unsigned", memory.allocator())) {
      vector.allocateNew(1);
      vector.set(0, 7);
      vector.setValueCount(1);
      assertUser(() -> ChunkCodec.encode(vector, 0, 1, EncodingOptions.defaults()), "do not support");
    }
    Field largeText = Field.nullable("large", ArrowType.LargeUtf8.INSTANCE);
    try (ArrowBuf segment = memory.allocator().buffer(16)) {
      assertUser(() -> ChunkCodec.decode(segment, largeText, memory.allocator(), "s"), "do not support");
    }
  }

  @Test
  void forcingAnEncodingOfAnotherTypeIsAUserError() {
    List<Object> values = List.of("a".getBytes(StandardCharsets.UTF_8), "b".getBytes(StandardCharsets.UTF_8));
    try (FieldVector vector = TestVectors.build(memory.allocator(), TestColumnType.UTF8, values, "text")) {
      assertUser(
          () -> ChunkCodec.encode(vector, 0, 2, EncodingOptions.defaults().forcing(EncodingKind.FRAME_OF_REFERENCE)),
          "cannot hold binary values");
      assertUser(() -> ChunkCodec.encode(vector, 0, 2, EncodingOptions.defaults().forcing(EncodingKind.BITMAP)),
          "column text");
    }
  }

  @Test
  void badOptionsAreUserErrors() {
    assertUser(() -> EncodingOptions.defaults().withZstdLevel(0), "zstdLevel");
    assertUser(() -> EncodingOptions.defaults().withMaximumDepth(9), "maximumDepth");
    assertUser(() -> EncodingOptions.defaults().withSample(0, 64), "sampleRuns");
    assertThat(EncodingOptions.defaults().forcing(EncodingKind.DELTA).forcedKind()).isEqualTo(EncodingKind.DELTA);
  }

  @Test
  void decodingAsAnotherTypeIsCorruptAndNamed() {
    try (FieldVector vector = longs(100, "c")) {
      byte[] bytes = ChunkCodec.encode(vector, 0, 100, EncodingOptions.defaults()).encodedBytes();
      Field wrong = Field.nullable("c", new ArrowType.Int(32, true));
      try (ArrowBuf segment = TestVectors.toSegment(memory.allocator(), bytes)) {
        assertThatThrownBy(() -> ChunkCodec.decode(segment, wrong, memory.allocator(), "file.qvr c chunk 0"))
            .isInstanceOfSatisfying(QuiverException.class, failure -> {
              assertThat(failure.errorCode()).isEqualTo(ErrorCode.CORRUPT);
              assertThat(failure.getMessage()).startsWith("file.qvr c chunk 0: segment holds int64 values");
            });
      }
    }
  }

  @Test
  void plainBuffersAreSlicesOfTheSegmentAndOutliveIt() {
    try (BigIntVector vector = new BigIntVector("plain", memory.allocator())) {
      Random random = new Random(SEED);
      vector.allocateNew(10_000);
      for (int i = 0; i < 10_000; i++) {
        vector.set(i, random.nextLong());
      }
      vector.setValueCount(10_000);
      EncodedChunk chunk = ChunkCodec.encode(vector, 0, 10_000, EncodingOptions.defaults());
      assertThat(chunk.encodingTree()).isEqualTo("plain");
      ArrowBuf segment = TestVectors.toSegment(memory.allocator(), chunk.encodedBytes());
      long before = memory.allocator().getAllocatedMemory();
      FieldVector decoded = ChunkCodec.decode(segment, vector.getField(), memory.allocator(), "s");
      long copied = memory.allocator().getAllocatedMemory() - before;
      segment.close();
      try (decoded) {
        assertThat(copied).as("bytes allocated by the decode").isLessThan(10_000L * 8 / 4);
        TestVectors.assertSameRows(vector, 0, 10_000, decoded, "seed " + SEED);
      }
    }
  }

  @Test
  void chunkReportsRowsNullsSizesAndTree() {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      values.add(i % 4 == 0 ? null : ("value " + (i % 7)).getBytes(StandardCharsets.UTF_8));
    }
    try (FieldVector vector = TestVectors.build(memory.allocator(), TestColumnType.UTF8, values, "s")) {
      EncodedChunk chunk = ChunkCodec.encode(vector, 100, 800, EncodingOptions.defaults());
      assertThat(chunk.rowCount()).isEqualTo(800);
      assertThat(chunk.nullCount()).isEqualTo(200);
      long data = vector.getOffsetBuffer().getInt(4L * 900) - vector.getOffsetBuffer().getInt(4L * 100);
      assertThat(chunk.uncompressedBytes()).isEqualTo(100 + 4 * 801 + data);
      assertThat(chunk.encodingTree()).contains(", validity=");
      try (ArrowBuf segment = TestVectors.toSegment(memory.allocator(), chunk.encodedBytes())) {
        assertThat(ChunkCodec.describe(segment, "s")).isEqualTo(chunk.encodingTree());
      }
    }
  }

  @Test
  void emptyChunksRoundTrip() {
    try (FieldVector vector = longs(10, "c")) {
      EncodedChunk chunk = TestVectors.roundTrip(memory.allocator(), vector, 10, 0, EncodingOptions.defaults(),
          "empty");
      assertThat(chunk.rowCount()).isZero();
      assertThat(chunk.uncompressedBytes()).isZero();
    }
  }

  @Test
  void describeRefusesGarbageWithTheName() {
    try (ArrowBuf segment = TestVectors.toSegment(memory.allocator(), new byte[] {9, 9, 9})) {
      assertThatThrownBy(() -> ChunkCodec.describe(segment, "seg 7"))
          .isInstanceOf(QuiverException.class).hasMessageStartingWith("seg 7: ");
    }
  }

  @Test
  void encodeAndDecodeFromManyThreadsAtOnce() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int task = 0; task < 8; task++) {
        int seed = task;
        results.add(pool.submit(() -> {
          Random random = new Random(SEED + seed);
          List<Object> values = new ArrayList<>();
          for (int i = 0; i < 5000; i++) {
            values.add(random.nextInt(10) == 0 ? null : TestValues.randomText(random, random.nextInt(3)));
          }
          try (FieldVector vector = TestVectors.build(memory.allocator(), TestColumnType.UTF8, values, "t" + seed)) {
            for (int round = 0; round < 5; round++) {
              TestVectors.roundTrip(memory.allocator(), vector, 0, 5000, EncodingOptions.defaults(),
                  "thread task " + seed);
            }
            return ChunkCodec.encode(vector, 0, 5000, EncodingOptions.defaults()).encodingTree();
          }
        }));
      }
      for (Future<String> result : results) {
        assertThat(result.get()).isNotEmpty();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
