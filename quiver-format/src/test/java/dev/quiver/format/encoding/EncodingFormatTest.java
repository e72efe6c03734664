package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pins every constant of the segment format: changing one breaks files already written, so a
 * change here must be deliberate (and ids are never reused). Also checks the spec in
 * docs/ENCODINGS.md lists every id.
 */
class EncodingFormatTest {

  @Test
  void headerConstantsArePinned() {
    assertThat(EncodingFormat.SEGMENT_VERSION).isEqualTo(1);
    assertThat(EncodingFormat.HEADER_BYTES).isEqualTo(16);
    assertThat(EncodingFormat.ALIGNMENT).isEqualTo(8);
    assertThat(EncodingFormat.FLAG_VALIDITY).isEqualTo(1);
    assertThat(EncodingFormat.COMPRESSION_NONE).isEqualTo(0);
    assertThat(EncodingFormat.COMPRESSION_ZSTD).isEqualTo(1);
  }

  @Test
  void typeIdsArePinned() {
    assertThat(new int[] {EncodingFormat.TYPE_BOOLEAN, EncodingFormat.TYPE_INT8, EncodingFormat.TYPE_INT16,
        EncodingFormat.TYPE_INT32, EncodingFormat.TYPE_INT64, EncodingFormat.TYPE_FLOAT32, EncodingFormat.TYPE_FLOAT64,
        EncodingFormat.TYPE_DECIMAL128, EncodingFormat.TYPE_BINARY, EncodingFormat.TYPE_BYTES})
        .containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    for (PhysicalType type : PhysicalType.values()) {
      assertThat(PhysicalType.fromId(type.id)).isSameAs(type);
    }
  }

  @Test
  void encodingIdsArePinned() {
    assertThat(new int[] {EncodingFormat.ENCODING_PLAIN, EncodingFormat.ENCODING_CONSTANT,
        EncodingFormat.ENCODING_DICTIONARY, EncodingFormat.ENCODING_FRAME_OF_REFERENCE, EncodingFormat.ENCODING_RUN_END,
        EncodingFormat.ENCODING_DELTA, EncodingFormat.ENCODING_SPARSE, EncodingFormat.ENCODING_BITMAP,
        EncodingFormat.ENCODING_DECIMAL_SCALED, EncodingFormat.ENCODING_FSST,
        EncodingFormat.ENCODING_ALP, EncodingFormat.ENCODING_ALP_RD})
        .containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
    assertThat(EncodingKind.PLAIN.formatId()).isEqualTo(1);
    assertThat(EncodingKind.CONSTANT.formatId()).isEqualTo(2);
    assertThat(EncodingKind.DICTIONARY.formatId()).isEqualTo(3);
    assertThat(EncodingKind.FRAME_OF_REFERENCE.formatId()).isEqualTo(4);
    assertThat(EncodingKind.RUN_END.formatId()).isEqualTo(5);
    assertThat(EncodingKind.DELTA.formatId()).isEqualTo(6);
    assertThat(EncodingKind.SPARSE.formatId()).isEqualTo(7);
    assertThat(EncodingKind.BITMAP.formatId()).isEqualTo(8);
    assertThat(EncodingKind.DECIMAL_SCALED.formatId()).isEqualTo(9);
    assertThat(EncodingKind.FSST.formatId()).isEqualTo(10);
    assertThat(EncodingKind.ALP.formatId()).isEqualTo(11);
    assertThat(EncodingKind.ALP_RD.formatId()).isEqualTo(12);
    assertThat(EncodingKind.ZSTD.formatId()).isEqualTo(-1);
  }

  @Test
  void limitsArePinned() {
    assertThat(EncodingFormat.MAXIMUM_ROWS).isEqualTo(1 << 24);
    assertThat(EncodingFormat.MAXIMUM_DATA_BYTES).isEqualTo(1 << 30);
    assertThat(EncodingFormat.MAXIMUM_NODES).isEqualTo(1024);
    assertThat(EncodingFormat.MAXIMUM_TREE_DEPTH).isEqualTo(16);
    assertThat(EncodingFormat.MAXIMUM_METADATA_BYTES).isEqualTo(64);
    assertThat(EncodingFormat.MAXIMUM_BUFFERS_PER_NODE).isEqualTo(4);
    assertThat(EncodingFormat.MAXIMUM_CHILDREN_PER_NODE).isEqualTo(4);
  }

  @Test
  void noIdIsUsedTwice() throws IllegalAccessException {
    Map<Integer, String> encodings = new HashMap<>();
    Map<Integer, String> types = new HashMap<>();
    for (Field field : EncodingFormat.class.getFields()) {
      if (!Modifier.isStatic(field.getModifiers()) || field.getType() != int.class) {
        continue;
      }
      String name = field.getName();
      int value = field.getInt(null);
      if (name.startsWith("ENCODING_") || name.startsWith("RESERVED_ENCODING_")) {
        assertThat(encodings.put(value, name)).as("encoding id %d of %s", value, name).isNull();
      } else if (name.startsWith("TYPE_")) {
        assertThat(types.put(value, name)).as("type id %d of %s", value, name).isNull();
      }
    }
    assertThat(encodings).hasSize(12);
    assertThat(types).hasSize(10);
  }

  @Test
  void theSpecDocumentListsEveryId() throws IOException {
    Path spec = Path.of("..", "docs", "ENCODINGS.md");
    String text = Files.readString(spec, StandardCharsets.UTF_8);
    for (EncodingKind kind : EncodingKind.values()) {
      if (kind.formatId() > 0) {
        assertThat(text).as("ENCODINGS.md row for %s", kind)
            .contains("| " + kind.formatId() + " | `" + NodeRules.label(kind.formatId()) + "`");
      }
    }
    for (PhysicalType type : PhysicalType.values()) {
      assertThat(text).as("ENCODINGS.md row for %s", type).contains("| " + type.id + " | `" + type.label + "`");
    }
  }
}
