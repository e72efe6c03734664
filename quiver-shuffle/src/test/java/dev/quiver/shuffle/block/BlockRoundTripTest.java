package dev.quiver.shuffle.block;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.testing.TestTables;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingTables;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every codec × every type × nulls × 1, 64, 8192 rows × offsets-as-lengths, cold and warm. */
class BlockRoundTripTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  static Stream<Arguments> shapes() {
    List<Arguments> shapes = new ArrayList<>();
    for (CompressionCodec codec : CompressionCodec.values()) {
      for (int rows : new int[] {1, 64, 8192}) {
        for (boolean flag : new boolean[] {false, true}) {
          for (int nullPercent : new int[] {0, 20}) {
            shapes.add(Arguments.of(codec, rows, flag, nullPercent));
          }
        }
      }
    }
    return shapes.stream();
  }

  @ParameterizedTest(name = "{0} rows={1} offsetsAsLengths={2} nulls={3}%")
  @MethodSource("shapes")
  void warmEqualsColdEqualsOriginal(CompressionCodec codec, int rows, boolean flag, int nullPercent) {
    long seed = 31L * rows + nullPercent + (flag ? 7 : 0) + codec.ordinal();
    System.out.println("seed " + seed);
    try (VectorSchemaRoot original = TestingTables.allTypes(memory.allocator(), rows, seed, nullPercent);
        ShuffleBlockWriter writer = new ShuffleBlockWriter(
            original.getSchema(), codec, ShuffleBlockWriter.Options.defaults().withOffsetsAsLengths(flag))) {
      byte[] block = writer.encodeToArray(original);
      assertThat(writer.writesOffsetsAsLengths()).isEqualTo(flag);
      assertThat(block[16] & 0x80).isEqualTo(flag ? 0x80 : 0);
      assertThat(new String(new byte[] {(byte) (block[16] & 0x7F), block[17], block[18], block[19]},
          java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo(codec.tagText());
      BlockDecoder decoder = new BlockDecoder(memory.allocator());
      for (boolean validated : new boolean[] {false, true}) {
        decoder.clearThreadCache();
        for (int attempt = 0; attempt < 2; attempt++) {
          try (DecodedBatch batch = validated ? decoder.decodeValidated(block, "block")
              : decoder.decode(block, "block")) {
            assertThat(TestingTables.differences(original, batch.root())).isNull();
            assertThat(batch.decodedInPlaceFromCache()).as("attempt %d", attempt).isEqualTo(attempt == 1);
          }
        }
      }
      assertThat(decoder.metrics().get("cache.hits")).isEqualTo(2);
      assertThat(decoder.metrics().get("cache.misses")).isEqualTo(2);
      assertThat(decoder.metrics().get("cache.fallbacks")).isZero();
    }
  }

  @Test
  void cometBenchmarkShapeRoundTripsWithEveryCodec() {
    for (CompressionCodec codec : CompressionCodec.values()) {
      try (VectorSchemaRoot original = TestTables.cometBenchmarkBatch(memory.allocator(), 50, 8192);
          ShuffleBlockWriter writer = new ShuffleBlockWriter(original.getSchema(), codec,
              ShuffleBlockWriter.Options.defaults())) {
        byte[] block = writer.encodeToArray(original);
        BlockDecoder decoder = new BlockDecoder(memory.allocator());
        for (int attempt = 0; attempt < 3; attempt++) {
          try (DecodedBatch batch = decoder.decode(block, "block")) {
            assertThat(TestingTables.differences(original, batch.root())).as("%s", codec).isNull();
          }
        }
      }
    }
  }

  @Test
  void emptyBatchWritesNoBlockButZeroColumnsDo() {
    try (VectorSchemaRoot empty = TestingTables.allTypes(memory.allocator(), 0, 1, 0);
        ShuffleBlockWriter writer = new ShuffleBlockWriter(empty.getSchema(), CompressionCodec.LZ4,
            ShuffleBlockWriter.Options.defaults())) {
      assertThat(writer.encodeToArray(empty)).isEmpty();
    }
    org.apache.arrow.vector.types.pojo.Schema noColumns = new org.apache.arrow.vector.types.pojo.Schema(List.of());
    try (VectorSchemaRoot rowsOnly = VectorSchemaRoot.create(noColumns, memory.allocator());
        ShuffleBlockWriter writer = new ShuffleBlockWriter(noColumns, CompressionCodec.ZSTD,
            ShuffleBlockWriter.Options.defaults())) {
      rowsOnly.setRowCount(1234);
      byte[] block = writer.encodeToArray(rowsOnly);
      assertThat(block).isNotEmpty();
      assertThat(block[8]).isZero();
      BlockDecoder decoder = new BlockDecoder(memory.allocator());
      for (int attempt = 0; attempt < 2; attempt++) {
        try (DecodedBatch batch = decoder.decodeValidated(block, "block")) {
          assertThat(batch.rowCount()).isEqualTo(1234);
          assertThat(batch.root().getFieldVectors()).isEmpty();
          assertThat(batch.decodedInPlaceFromCache()).isEqualTo(attempt == 1);
        }
      }
    }
  }
}
