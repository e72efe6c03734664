package dev.quiver.shuffle.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.file.ShuffleBlockFile;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingTables;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link BlockDecoder#decodeBatch}: dictionary columns stay codes plus dictionary, plain columns are
 * the very vectors {@link BlockDecoder#decode} makes (no copy), and both materialize to the same values.
 */
class BlockDecoderBatchTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void cometsDictionaryBlocksStayDictionaryEncodedAndMaterializeToTheManifestValues() throws Exception {
    JsonNode file = manifestFile("5col_20000rows_dict_lz4.data");
    JsonNode columns = file.get("columns");
    BlockDecoder decoder = new BlockDecoder(memory.allocator());
    for (boolean validated : new boolean[] {false, true}) {
      long firstRow = 0;
      int blocksSeen = 0;
      try (ShuffleBlockFile blocks = ShuffleBlockFile.open(CometVectorsTest.resource(file.get("file").asText()),
          memory.allocator())) {
        while (blocks.hasNext()) {
          try (ShuffleBlockFile.Block block = blocks.next();
              Batch batch = validated
                  ? decoder.decodeBatchValidated(block.bytes(), blocks.blockName(block.index()))
                  : decoder.decodeBatch(block.bytes(), blocks.blockName(block.index()))) {
            assertThat(batch.columnCount()).isEqualTo(columns.size());
            for (int c = 0; c < columns.size(); c++) {
              boolean dictionary = columns.get(c).get("arrowType").asText().startsWith("Dictionary(Int32");
              assertThat(batch.isDictionaryEncoded(c)).as("column %d", c).isEqualTo(dictionary);
              if (dictionary) {
                assertThat(batch.vector(c)).isInstanceOf(IntVector.class);
                assertThat(batch.schema().getFields().get(c).getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
                assertThat(batch.dictionary(c).getValueCount()).isLessThan(batch.rowCount());
              }
            }
            int rows = batch.rowCount();
            try (VectorSchemaRoot values = batch.materialize(memory.allocator())) {
              CometVectorsTest.checkValues(values, new DictionaryProvider.MapDictionaryProvider(), columns, firstRow);
            }
            firstRow += rows;
            blocksSeen++;
          }
        }
      }
      assertThat(blocksSeen).isEqualTo(file.get("blocks").asInt());
      assertThat(firstRow).isEqualTo(file.get("rows").asLong());
    }
  }

  @Test
  void plainBlocksGiveTheSameValuesAndTheSameMemoryEitherWay() throws Exception {
    for (JsonNode file : CometVectorsTest.manifest().get("files")) {
      if (file.get("file").asText().contains("dict")) {
        continue;
      }
      BlockDecoder decoder = new BlockDecoder(memory.allocator());
      try (ShuffleBlockFile blocks = ShuffleBlockFile.open(CometVectorsTest.resource(file.get("file").asText()),
          memory.allocator())) {
        while (blocks.hasNext()) {
          try (ShuffleBlockFile.Block block = blocks.next()) {
            String name = blocks.blockName(block.index());
            long before = memory.allocator().getAllocatedMemory();
            try (DecodedBatch decoded = decoder.decode(block.bytes(), name)) {
              long decodeBytes = memory.allocator().getAllocatedMemory() - before;
              try (Batch batch = decoder.decodeBatch(block.bytes(), name)) {
                long batchBytes = memory.allocator().getAllocatedMemory() - before - decodeBytes;
                assertThat(batchBytes).as("%s: the batch path allocates what decode does, no copy", name)
                    .isEqualTo(decodeBytes);
                for (int c = 0; c < batch.columnCount(); c++) {
                  assertThat(batch.isDictionaryEncoded(c)).isFalse();
                }
                try (VectorSchemaRoot values = batch.materialize(memory.allocator())) {
                  assertThat(memory.allocator().getAllocatedMemory() - before - decodeBytes)
                      .as("materializing a plain batch hands its vectors over").isEqualTo(batchBytes);
                  assertThat(TestingTables.differences(decoded.root(), values)).as(name).isNull();
                }
              }
            }
          }
        }
      }
    }
  }

  @Test
  void ourDictionaryBlocksKeepInt32CodesAndDecodeOtherIndexTypes() {
    for (ArrowType.Int indexType : List.of(new ArrowType.Int(32, true), new ArrowType.Int(8, true),
        new ArrowType.Int(64, true))) {
      boolean int32 = indexType.getBitWidth() == 32;
      try (VarCharVector values = words(memory.allocator());
          VarCharVector plain = new VarCharVector("s", memory.allocator())) {
        Dictionary dictionary = new Dictionary(values, new DictionaryEncoding(3, false, indexType));
        for (int r = 0; r < 500; r++) {
          if (r % 7 == 3) {
            plain.setNull(r);
          } else {
            plain.setSafe(r, values.get((r * 5) % values.getValueCount()));
          }
        }
        plain.setValueCount(500);
        byte[] block;
        try (FieldVector encoded = (FieldVector) DictionaryEncoder.encode(plain, dictionary);
            ShuffleBlockWriter writer = new ShuffleBlockWriter(
                new org.apache.arrow.vector.types.pojo.Schema(List.of(encoded.getField())),
                new DictionaryProvider.MapDictionaryProvider(dictionary), CompressionCodec.ZSTD,
                ShuffleBlockWriter.Options.defaults())) {
          block = writer.encodeToArray(new VectorSchemaRoot(List.of(encoded.getField()), List.of(encoded), 500));
        }
        BlockDecoder decoder = new BlockDecoder(memory.allocator());
        try (Batch batch = decoder.decodeBatchValidated(block, "dictionary block " + indexType)) {
          assertThat(batch.isDictionaryEncoded(0)).as("%s", indexType).isEqualTo(int32);
          assertThat(batch.schema().getFields().get(0).getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
          assertThat(batch.schema().getFields().get(0).getName()).isEqualTo("s");
          try (VectorSchemaRoot decoded = batch.materialize(memory.allocator())) {
            VarCharVector column = (VarCharVector) decoded.getVector(0);
            assertThat(column.getName()).isEqualTo("s");
            for (int r = 0; r < 500; r++) {
              assertThat(column.getObject(r)).as("%s row %d", indexType, r).isEqualTo(plain.getObject(r));
            }
          }
        }
      }
    }
  }

  @Test
  void aDictionaryInsideAStructIsATypedErrorAndLeaksNothing() {
    try (VarCharVector values = words(memory.allocator())) {
      Dictionary dictionary = new Dictionary(values, new DictionaryEncoding(5, false, new ArrowType.Int(32, true)));
      Field codes = new Field("code", new FieldType(true, new ArrowType.Int(32, true), dictionary.getEncoding()), null);
      Field struct = new Field("wrapped", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(codes));
      byte[] block;
      try (StructVector vector = (StructVector) struct.createVector(memory.allocator())) {
        IntVector child = (IntVector) vector.getChild("code");
        for (int r = 0; r < 10; r++) {
          vector.setIndexDefined(r);
          child.setSafe(r, r % values.getValueCount());
        }
        vector.setValueCount(10);
        try (ShuffleBlockWriter writer = new ShuffleBlockWriter(new org.apache.arrow.vector.types.pojo.Schema(
            List.of(struct)), new DictionaryProvider.MapDictionaryProvider(dictionary), CompressionCodec.LZ4,
            ShuffleBlockWriter.Options.defaults())) {
          block = writer.encodeToArray(new VectorSchemaRoot(List.of(vector.getField()), List.of(vector), 10));
        }
      }
      BlockDecoder decoder = new BlockDecoder(memory.allocator());
      try (DecodedBatch decoded = decoder.decode(block, "nested")) {
        assertThat(decoded.rowCount()).as("decode() still serves such a block").isEqualTo(10);
      }
      assertThatThrownBy(() -> decoder.decodeBatch(block, "nested"))
          .isInstanceOfSatisfying(QuiverException.class, failure -> {
            assertThat(failure.errorCode()).isEqualTo(ErrorCode.USER);
            assertThat(failure.getMessage()).contains("wrapped").contains("dictionary-encoded children");
          });
    }
  }

  private static VarCharVector words(org.apache.arrow.memory.BufferAllocator allocator) {
    VarCharVector values = new VarCharVector("values", allocator);
    String[] words = {"alpha", "beta", "", "naïve", "日本語", "x,y\"z"};
    for (int i = 0; i < words.length; i++) {
      values.setSafe(i, words[i].getBytes(StandardCharsets.UTF_8));
    }
    values.setValueCount(words.length);
    return values;
  }

  private static JsonNode manifestFile(String name) throws Exception {
    for (JsonNode file : CometVectorsTest.manifest().get("files")) {
      if (file.get("file").asText().equals(name)) {
        return file;
      }
    }
    throw new IllegalStateException("no " + name + " in the MANIFEST");
  }
}
