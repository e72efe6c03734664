package dev.quiver.shuffle.block;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.testing.TestTables;
import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class BlockDecoderCacheTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private byte[] cometBlock(int columns, int rows, CompressionCodec codec) {
    try (VectorSchemaRoot batch = TestTables.cometBenchmarkBatch(memory.allocator(), columns, rows);
        ShuffleBlockWriter writer = new ShuffleBlockWriter(batch.getSchema(), codec,
            ShuffleBlockWriter.Options.defaults())) {
      return writer.encodeToArray(batch);
    }
  }

  @Test
  void twoInterleavedSchemasBothStayCached() {
    byte[] left = cometBlock(5, 100, CompressionCodec.LZ4);
    byte[] right = cometBlock(7, 100, CompressionCodec.ZSTD);
    BlockDecoder decoder = new BlockDecoder(memory.allocator());
    for (int i = 0; i < 10; i++) {
      for (byte[] block : new byte[][] {left, right}) {
        try (DecodedBatch batch = decoder.decode(block, "block")) {
          assertThat(batch.decodedInPlaceFromCache()).isEqualTo(i > 0);
        }
      }
    }
    assertThat(decoder.metrics().get("cache.misses")).isEqualTo(2);
    assertThat(decoder.metrics().get("cache.hits")).isEqualTo(18);
    assertThat(decoder.threadCacheSize()).isEqualTo(2);
  }

  @Test
  void fiveSchemasInAFourEntryCacheEvictTheLeastRecentlyUsed() {
    byte[][] blocks = new byte[5][];
    for (int i = 0; i < 5; i++) {
      blocks[i] = cometBlock(i + 1, 10, CompressionCodec.NONE);
    }
    BlockDecoder decoder = new BlockDecoder(memory.allocator());
    for (int round = 0; round < 3; round++) {
      for (byte[] block : blocks) {
        decoder.decode(block, "block").close();
      }
    }
    // cycling 5 schemas through 4 entries in order always evicts the one needed next
    assertThat(decoder.metrics().get("cache.hits")).isZero();
    assertThat(decoder.metrics().get("cache.misses")).isEqualTo(15);
    assertThat(decoder.threadCacheSize()).isEqualTo(4);
    decoder.decode(blocks[4], "block").close();
    assertThat(decoder.metrics().get("cache.hits")).isEqualTo(1);
  }

  @Test
  void aSchemaOverTheByteBudgetIsNeverCached() {
    byte[] block = cometBlock(50, 10, CompressionCodec.NONE);
    BlockDecoder decoder = new BlockDecoder(memory.allocator(), 4, 256);
    for (int i = 0; i < 3; i++) {
      decoder.decode(block, "block").close();
    }
    assertThat(decoder.threadCacheSize()).isZero();
    assertThat(decoder.metrics().get("cache.misses")).isEqualTo(3);
  }

  @Test
  void eachThreadHasItsOwnCache() throws Exception {
    byte[] block = cometBlock(3, 10, CompressionCodec.LZ4);
    BlockDecoder decoder = new BlockDecoder(memory.allocator());
    decoder.decode(block, "block").close();
    boolean[] otherThreadHit = new boolean[1];
    Thread other = new Thread(() -> {
      try (DecodedBatch batch = decoder.decode(block, "block")) {
        otherThreadHit[0] = batch.decodedInPlaceFromCache();
      }
    });
    other.start();
    other.join();
    assertThat(otherThreadHit[0]).isFalse();
    try (DecodedBatch batch = decoder.decode(block, "block")) {
      assertThat(batch.decodedInPlaceFromCache()).isTrue();
    }
  }

  @Test
  void dictionaryBlocksKeepDecodingWithAWarmCache() {
    Dictionary dictionary;
    try (VarCharVector values = new VarCharVector("values", memory.allocator())) {
      for (int i = 0; i < 16; i++) {
        values.setSafe(i, ("value_" + i).getBytes(StandardCharsets.UTF_8));
      }
      values.setValueCount(16);
      dictionary = new Dictionary(values, new DictionaryEncoding(7, false, new ArrowType.Int(32, true)));
      DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(dictionary);
      try (VarCharVector plain = new VarCharVector("s", memory.allocator());
          IntVector numbers = new IntVector("n", memory.allocator())) {
        for (int r = 0; r < 100; r++) {
          plain.setSafe(r, ("value_" + (r % 16)).getBytes(StandardCharsets.UTF_8));
          numbers.setSafe(r, r);
        }
        plain.setValueCount(100);
        numbers.setValueCount(100);
        try (FieldVector encoded = (FieldVector) DictionaryEncoder.encode(plain, dictionary)) {
          VectorSchemaRoot batch = new VectorSchemaRoot(List.of(numbers.getField(), encoded.getField()),
              List.of(numbers, encoded), 100);
          byte[] block;
          try (ShuffleBlockWriter writer = new ShuffleBlockWriter(
              batch.getSchema(), provider, CompressionCodec.LZ4,
              ShuffleBlockWriter.Options.defaults().withOffsetsAsLengths(true))) {
            block = writer.encodeToArray(batch);
            assertThat(writer.writesOffsetsAsLengths()).as("never set for dictionary blocks").isFalse();
          }
          BlockDecoder decoder = new BlockDecoder(memory.allocator());
          for (int attempt = 0; attempt < 3; attempt++) {
            try (DecodedBatch decoded = decoder.decodeValidated(block, "block")) {
              assertThat(decoded.decodedInPlaceFromCache()).isFalse();
              FieldVector indices = decoded.root().getVector("s");
              Dictionary decodedDictionary = decoded.dictionaries().lookup(7);
              try (VarCharVector decodedValues = (VarCharVector) DictionaryEncoder.decode(indices, decodedDictionary)) {
                assertThat(decodedValues.getValueCount()).isEqualTo(100);
                for (int r = 0; r < 100; r++) {
                  assertThat(decodedValues.getObject(r)).isEqualTo(plain.getObject(r));
                }
              }
            }
          }
          assertThat(decoder.metrics().get("cache.misses")).isEqualTo(1);
          assertThat(decoder.metrics().get("cache.fallbacks")).isEqualTo(2);
          assertThat(decoder.threadCacheSize()).isEqualTo(1);
        }
      }
    } finally {
      // the dictionary's vector was closed with `values`
    }
  }

  @Test
  void theCacheSizeIsBoundedBeforeAnyCacheIsMade() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> new BlockDecoder(memory.allocator(), Integer.MAX_VALUE, BlockDecoder.DEFAULT_CACHE_BYTES))
        .isInstanceOf(dev.quiver.common.QuiverException.class)
        .hasMessage("a schema cache holds at most 1024 entries, not 2147483647");
    assertThat(new BlockDecoder(memory.allocator(), BlockDecoder.MAX_CACHE_ENTRIES, 1).threadCacheSize()).isZero();
  }
}
