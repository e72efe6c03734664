package dev.quiver.shuffle.block;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quiver.shuffle.file.ShuffleBlockFile;
import dev.quiver.testing.TestingAllocator;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every block Comet 1.2.0 wrote in the test vectors decodes to the values MANIFEST.json gives, with
 * a cold and a warm cache, through both entry points.
 */
class CometVectorsTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  static Path resource(String name) {
    try {
      return Path.of(CometVectorsTest.class.getResource("/comet-shuffle-1.2.0/" + name).toURI());
    } catch (URISyntaxException impossible) {
      throw new IllegalStateException(impossible);
    }
  }

  static JsonNode manifest() throws Exception {
    return new ObjectMapper().readTree(resource("MANIFEST.json").toFile());
  }

  static Stream<Arguments> files() throws Exception {
    List<Arguments> arguments = new ArrayList<>();
    for (JsonNode file : manifest().get("files")) {
      arguments.add(Arguments.of(file.get("file").asText(), file));
    }
    return arguments.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void decodesToTheManifestValues(String fileName, JsonNode file) throws Exception {
    BlockDecoder decoder = new BlockDecoder(memory.allocator());
    assertThat(file.get("blockList")).hasSize(file.get("blocks").asInt());
    for (int pass = 0; pass < 2; pass++) {
      boolean validated = pass == 1;
      decoder.clearThreadCache();
      for (int warm = 0; warm < 2; warm++) {
        long firstRow = 0;
        int blockIndex = 0;
        try (ShuffleBlockFile blocks = ShuffleBlockFile.open(resource(fileName), memory.allocator())) {
          while (blocks.hasNext()) {
            JsonNode expected = file.get("blockList").get(blockIndex);
            try (ShuffleBlockFile.Block block = blocks.next()) {
              assertThat(block.position()).isEqualTo(expected.get("offset").asLong());
              assertThat(block.header().blockBytes()).isEqualTo(expected.get("bytes").asLong());
              assertThat(block.header().fieldCount()).isEqualTo(expected.get("fieldCount").asLong());
              assertThat(block.header().offsetsAsLengths()).isEqualTo(expected.get("offsetsAsLengths").asBoolean());
              assertThat(block.header().codec().displayName()).isEqualTo(file.get("codec").asText());
              String name = blocks.blockName(block.index());
              try (DecodedBatch batch = validated
                  ? decoder.decodeValidated(block.bytes(), name)
                  : decoder.decode(block.bytes(), name)) {
                assertThat(batch.rowCount()).isEqualTo(expected.get("rows").asInt());
                checkValues(batch, file.get("columns"), firstRow);
                boolean dictionary = fileName.contains("dict");
                boolean cacheWasWarm = warm == 1 || blockIndex > 0;
                assertThat(batch.decodedInPlaceFromCache()).isEqualTo(cacheWasWarm && !dictionary);
              }
              firstRow += expected.get("rows").asLong();
              blockIndex++;
            }
          }
        }
        assertThat(firstRow).isEqualTo(file.get("rows").asLong());
      }
    }
    assertThat(decoder.metrics().get("blocks.failed")).isZero();
  }

  static void checkValues(DecodedBatch batch, JsonNode columns, long firstRow) {
    checkValues(batch.root(), batch.dictionaries(), columns, firstRow);
  }

  /** The columns of {@code root} (dictionary columns looked up in {@code dictionaries}) hold the MANIFEST's values. */
  static void checkValues(VectorSchemaRoot root, DictionaryProvider dictionaries, JsonNode columns, long firstRow) {
    List<FieldVector> vectors = root.getFieldVectors();
    assertThat(vectors).hasSize(columns.size());
    for (int c = 0; c < columns.size(); c++) {
      JsonNode column = columns.get(c);
      FieldVector vector = vectors.get(c);
      assertThat(vector.getName()).isEqualTo(column.get("name").asText());
      String rule = column.get("rule").asText();
      ValueVector values = vector;
      if (vector.getField().getDictionary() != null) {
        Dictionary dictionary = dictionaries.lookup(vector.getField().getDictionary().getId());
        assertThat(dictionary).isNotNull();
        values = dictionary.getVector();
      }
      for (int i = 0; i < root.getRowCount(); i++) {
        long r = firstRow + i;
        String expected = rule.replace("{r%16}", Long.toString(r % 16)).replace("{r}", Long.toString(r));
        assertThat(vector.isNull(i)).isFalse();
        String actual;
        if (values instanceof BigIntVector) {
          actual = Long.toString(((BigIntVector) values).get(i));
        } else if (values == vector) {
          actual = new String(((VarCharVector) values).get(i), java.nio.charset.StandardCharsets.UTF_8);
        } else {
          int index = (int) ((org.apache.arrow.vector.BaseIntVector) vector).getValueAsLong(i);
          actual = new String(((VarCharVector) values).get(index), java.nio.charset.StandardCharsets.UTF_8);
        }
        if (!actual.equals(expected)) {
          assertThat(actual).as("column %s row %d", vector.getName(), r).isEqualTo(expected);
        }
      }
      if (column.get("arrowType").asText().equals("Int64")) {
        assertThat(vector.getField().getType()).isEqualTo(new ArrowType.Int(64, true));
      }
    }
  }
}
