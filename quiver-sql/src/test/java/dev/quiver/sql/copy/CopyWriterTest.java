package dev.quiver.sql.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.QuiverException;
import dev.quiver.io.parquet.ParquetCodec;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingTables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link CopyWriter} on batches that fail after some were written: the rows went to a temporary
 * file beside the target, which is gone afterwards; and {@link CopyParser}'s statements.
 */
class CopyWriterTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @ParameterizedTest
  @EnumSource(CopyFormat.class)
  void aFailureAfterThreeBatchesRemovesTheTemporaryFile(CopyFormat format) throws IOException {
    Path target = directory.resolve("out." + format.optionName());
    List<String> seenWhileWriting = new ArrayList<>();
    int[] calls = {0};
    CopyWriter.Batches batches = () -> {
      if (calls[0] == 3) {
        seenWhileWriting.addAll(names());
        throw QuiverException.user("row 50000: bad value");
      }
      return TestingTables.batch(memory.allocator(), 1_000L * calls[0]++, 1_000, 5, 10);
    };
    assertThatThrownBy(() -> CopyWriter.write(batches, TestingTables.schema(), CopyTarget.of(target, format),
        memory.allocator())).isInstanceOf(QuiverException.class).hasMessage("row 50000: bad value");
    assertThat(seenWhileWriting).as("the folder while the batches were written").hasSize(1)
        .allMatch(name -> name.startsWith(".out.") && name.contains("quiver-tmp"));
    assertThat(names()).as("the folder after the failure").isEmpty();
  }

  @Test
  void theRowsOfEveryBatchAreCountedAndTheFileAppearsOnlyAtTheEnd() throws IOException {
    Path target = directory.resolve("out.qvr");
    int[] calls = {0};
    boolean[] visibleEarly = {false};
    long rows = CopyWriter.write(() -> {
      visibleEarly[0] |= Files.exists(target);
      return calls[0] < 4 ? TestingTables.batch(memory.allocator(), 500L * calls[0]++, 500, 5, 0) : null;
    }, TestingTables.schema(), CopyTarget.of(target, CopyFormat.QVR), memory.allocator());
    assertThat(rows).isEqualTo(2_000);
    assertThat(visibleEarly[0]).isFalse();
    assertThat(names()).containsExactly("out.qvr");
  }

  @Test
  void parsedStatementsTakeTheFormatFromTheOptionOrTheExtension() {
    CopyStatement query = CopyParser
        .parse("  -- note\n COPY (SELECT 1 AS x) TO 'a.parquet' WITH (COMPRESSION snappy);");
    assertThat(query.query()).isEqualTo("SELECT 1 AS x");
    assertThat(query.queryLine()).isEqualTo(2);
    assertThat(query.queryColumn()).isEqualTo(8);
    assertThat(query.target())
        .isEqualTo(new CopyTarget(Path.of("a.parquet"), CopyFormat.PARQUET, ParquetCodec.SNAPPY, ',', true, null));
    CopyStatement table = CopyParser.parse("copy \"My Table\" to 'it''s.txt' (format 'qvr')");
    assertThat(table.query()).isEqualTo("SELECT * FROM \"My Table\"");
    assertThat(table.target().path()).isEqualTo(Path.of("it's.txt"));
    assertThat(table.target().format()).isEqualTo(CopyFormat.QVR);
    assertThat(CopyParser.parse("COPY t TO 'x.feather'").target().format()).isEqualTo(CopyFormat.ARROW);
    assertThat(CopyParser.parse("COPY t TO 'x.CSV' (HEADER true, DELIMITER ',')").target())
        .isEqualTo(CopyTarget.of(Path.of("x.CSV"), CopyFormat.CSV));
    assertThat(CopyParser.parse("COPY t TO 'x.tsv' (FORMAT csv, HEADER false, DELIMITER '\t')").target())
        .isEqualTo(new CopyTarget(Path.of("x.tsv"), CopyFormat.CSV, ParquetCodec.ZSTD, '\t', false, null));
    assertThat(CopyParser.isCopy("/* c */ copy t to 'x.csv'")).isTrue();
    assertThat(CopyParser.isCopy("SELECT 'COPY'")).isFalse();
    assertThat(CopyParser.isCopy("copying")).isFalse();
  }

  private List<String> names() {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(path -> path.getFileName().toString()).sorted().toList();
    } catch (IOException failure) {
      throw new java.io.UncheckedIOException(failure);
    }
  }
}
