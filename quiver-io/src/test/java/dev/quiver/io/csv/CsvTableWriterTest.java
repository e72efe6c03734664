package dev.quiver.io.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@link CsvTableWriter} with another delimiter and without the header line. */
class CsvTableWriterTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void anotherDelimiterSeparatesFieldsAndQuotesTheValuesHoldingIt() throws IOException {
    Schema schema = new Schema(List.of(Field.nullable("a|name", new ArrowType.Int(64, true)),
        Field.nullable("s", ArrowType.Utf8.INSTANCE)));
    String[] texts = {"x|y", "plain", null, "", "a,b"};
    Path withHeader = directory.resolve("with.csv");
    Path without = directory.resolve("without.csv");
    try (VectorSchemaRoot batch = VectorSchemaRoot.create(schema, memory.allocator())) {
      BigIntVector numbers = (BigIntVector) batch.getVector(0);
      VarCharVector strings = (VarCharVector) batch.getVector(1);
      for (int i = 0; i < texts.length; i++) {
        numbers.setSafe(i, i - 2);
        if (texts[i] == null) {
          strings.setNull(i);
        } else {
          strings.setSafe(i, texts[i].getBytes(StandardCharsets.UTF_8));
        }
      }
      batch.setRowCount(texts.length);
      for (Path target : List.of(withHeader, without)) {
        try (CsvTableWriter writer = CsvTableWriter.create(target, schema, '|', target == withHeader)) {
          writer.write(batch);
          writer.commit();
        }
      }
    }
    List<String> records = List.of("-2|\"x|y\"", "-1|plain", "0|\\N", "1|\"\"", "2|\"a,b\"");
    assertThat(Files.readAllLines(without)).isEqualTo(records);
    assertThat(Files.readAllLines(withHeader).get(0)).isEqualTo("\"a|name\"|s");
    assertThat(Files.readAllLines(withHeader).subList(1, 6)).isEqualTo(records);
    for (char bad : new char[] {'"', '\\', '\n', '\r'}) {
      assertThatThrownBy(() -> CsvTableWriter.create(directory.resolve("bad.csv"), schema, bad, true))
          .isInstanceOf(QuiverException.class)
          .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER));
    }
    assertThat(directory.resolve("bad.csv")).doesNotExist();
  }
}
