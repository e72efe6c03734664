package dev.quiver.shuffle.block;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingTables;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.impl.UnionFixedSizeListWriter;
import org.apache.arrow.vector.complex.impl.UnionLargeListWriter;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Types beyond Comet's Spark mapping, strings over 64 KiB, and many threads on one decoder. */
class ExtraTypesRoundTripTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private VectorSchemaRoot extraTypes(int rows) {
    Schema schema = new Schema(List.of(
        Field.nullable("large_utf8", ArrowType.LargeUtf8.INSTANCE),
        Field.nullable("large_binary", ArrowType.LargeBinary.INSTANCE),
        Field.nullable("fixed_binary", new ArrowType.FixedSizeBinary(3)),
        Field.nullable("nothing", ArrowType.Null.INSTANCE),
        Field.nullable("time", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
        Field.nullable("duration", new ArrowType.Duration(TimeUnit.MILLISECOND)),
        new Field("large_list", FieldType.nullable(ArrowType.LargeList.INSTANCE),
            List.of(Field.nullable("item", new ArrowType.Int(64, true)))),
        new Field("fixed_list", FieldType.nullable(new ArrowType.FixedSizeList(2)),
            List.of(Field.nullable("item", new ArrowType.Int(32, true))))));
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
    root.allocateNew();
    String huge = "é".repeat(40_000);
    UnionLargeListWriter largeList = ((LargeListVector) root.getVector("large_list")).getWriter();
    UnionFixedSizeListWriter fixedList = ((FixedSizeListVector) root.getVector("fixed_list")).getWriter();
    for (int r = 0; r < rows; r++) {
      boolean isNull = r % 5 == 3;
      LargeVarCharVector text = (LargeVarCharVector) root.getVector("large_utf8");
      LargeVarBinaryVector bytes = (LargeVarBinaryVector) root.getVector("large_binary");
      FixedSizeBinaryVector fixed = (FixedSizeBinaryVector) root.getVector("fixed_binary");
      TimeMicroVector time = (TimeMicroVector) root.getVector("time");
      DurationVector duration = (DurationVector) root.getVector("duration");
      largeList.setPosition(r);
      fixedList.setPosition(r);
      if (isNull) {
        text.setNull(r);
        bytes.setNull(r);
        fixed.setNull(r);
        time.setNull(r);
        duration.setNull(r);
        largeList.writeNull();
        fixedList.writeNull();
        continue;
      }
      text.setSafe(r, (r == 1 ? huge : "row " + r).getBytes(StandardCharsets.UTF_8));
      bytes.setSafe(r, new byte[] {(byte) r, (byte) (r >> 8)});
      fixed.setSafe(r, new byte[] {1, (byte) r, 3});
      time.setSafe(r, r * 1_000_003L);
      duration.setSafe(r, -r);
      largeList.startList();
      for (int i = 0; i < r % 3; i++) {
        largeList.bigInt().writeBigInt(r * 10L + i);
      }
      largeList.endList();
      fixedList.startList();
      fixedList.integer().writeInt(r);
      fixedList.integer().writeInt(-r);
      fixedList.endList();
    }
    ((NullVector) root.getVector("nothing")).setValueCount(rows);
    root.setRowCount(rows);
    return root;
  }

  @Test
  void extraTypesRoundTripWithEveryCodecColdAndWarm() {
    try (VectorSchemaRoot original = extraTypes(50)) {
      for (CompressionCodec codec : CompressionCodec.values()) {
        for (boolean flag : new boolean[] {false, true}) {
          try (ShuffleBlockWriter writer = new ShuffleBlockWriter(
              original.getSchema(), codec, ShuffleBlockWriter.Options.defaults().withOffsetsAsLengths(flag))) {
            byte[] block = writer.encodeToArray(original);
            BlockDecoder decoder = new BlockDecoder(memory.allocator());
            for (int attempt = 0; attempt < 2; attempt++) {
              try (DecodedBatch batch = decoder.decodeValidated(block, "block")) {
                assertThat(TestingTables.differences(original, batch.root())).as("%s flag=%s", codec, flag).isNull();
                assertThat(batch.decodedInPlaceFromCache()).isEqualTo(attempt == 1);
              }
            }
          }
        }
      }
    }
  }

  @Test
  void manyThreadsShareOneDecoder() throws Exception {
    long seed = 99;
    System.out.println("seed " + seed);
    try (VectorSchemaRoot original = TestingTables.allTypes(memory.allocator(), 500, seed, 10);
        ShuffleBlockWriter writer = new ShuffleBlockWriter(original.getSchema(), CompressionCodec.ZSTD,
            ShuffleBlockWriter.Options.defaults())) {
      byte[] block = writer.encodeToArray(original);
      BlockDecoder decoder = new BlockDecoder(memory.allocator());
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        List<Future<String>> results = new ArrayList<>();
        for (int task = 0; task < 16; task++) {
          results.add(pool.submit(() -> {
            for (int i = 0; i < 20; i++) {
              try (DecodedBatch batch = decoder.decode(block, "block")) {
                String difference = TestingTables.differences(original, batch.root());
                if (difference != null) {
                  return difference;
                }
              }
            }
            return null;
          }));
        }
        for (Future<String> result : results) {
          assertThat(result.get()).isNull();
        }
      } finally {
        pool.shutdown();
      }
      assertThat(decoder.metrics().get("blocks.decoded")).isEqualTo(320);
      assertThat(decoder.metrics().get("cache.misses")).isBetween(1L, 4L);
      assertThat(decoder.metrics().get("cache.hits")).isEqualTo(320 - decoder.metrics().get("cache.misses"));
    }
  }
}
