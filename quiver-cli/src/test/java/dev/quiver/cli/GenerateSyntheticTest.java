package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.datagen.fineweb.FinewebTable;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quiver generate clickbench|fineweb}: the files have the rows and the schemas asked for, the
 * same seed gives the same file whatever the thread count and another seed another file, and the data
 * has the shape the benchmarks rely on (FineWeb: dumps in order, English-like text of realistic
 * length, token counts that follow the text; the hits data: quiver-datagen's HitsTableTest).
 */
class GenerateSyntheticTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private Path generate(String kind, String rows, String seed, String threads, String out) {
    CommandRunner.Outcome outcome = CommandRunner.run(memory.allocator(), "generate", kind, "--rows", rows, "--seed",
        seed,
        "--threads", threads, "--out", directory.resolve(out).toString());
    assertThat(outcome.exitCode()).as(outcome.err()).isZero();
    assertThat(outcome.errorLines())
        .anyMatch(line -> line.startsWith("generate " + kind + ": ") && line.contains(" rows, "));
    return directory.resolve(out).resolve((kind.equals("clickbench") ? "hits" : "fineweb") + ".qvr");
  }

  @Test
  void sameSeedSameFileAnyThreadsOtherSeedOtherFile() throws Exception {
    Path one = generate("clickbench", "70000", "7", "1", "a");
    Path two = generate("clickbench", "70000", "7", "2", "b");
    Path other = generate("clickbench", "70000", "8", "2", "c");
    assertThat(Files.readAllBytes(one)).isEqualTo(Files.readAllBytes(two));
    assertThat(Files.readAllBytes(one)).isNotEqualTo(Files.readAllBytes(other));
    try (QuiverFile file = QuiverFile.open(one)) {
      assertThat(file.rowCount()).isEqualTo(70_000);
      List<Field> fields = file.schema().getFields();
      assertThat(fields).hasSize(105);
      assertThat(fields.get(0).getName()).isEqualTo("WatchID");
      assertThat(fields.get(39).getName()).isEqualTo("SearchPhrase");
      assertThat(fields.get(104).getName()).isEqualTo("CLID");
    }
  }

  @Test
  void finewebDocumentsAreInDumpOrderWithRealisticText() throws Exception {
    Path path = generate("fineweb", "2000", "42", "2", "f");
    try (QuiverFile file = QuiverFile.open(path)) {
      assertThat(file.schema().getFields()).extracting(Field::getName).containsExactly("text", "id", "dump", "url",
          "date",
          "file_path", "language", "language_score", "token_count");
      try (FieldVector dumps = file.read(file.columnIndex("dump"), 0, 2000, memory.allocator());
          FieldVector texts = file.read(file.columnIndex("text"), 0, 2000, memory.allocator());
          FieldVector tokens = file.read(file.columnIndex("token_count"), 0, 2000, memory.allocator())) {
        String previous = "";
        long characters = 0;
        for (int row = 0; row < 2000; row++) {
          String dump = new String(((VarCharVector) dumps).get(row), StandardCharsets.UTF_8);
          assertThat(dump).isGreaterThanOrEqualTo(previous).isIn(FinewebTable.DUMPS);
          previous = dump;
          String text = new String(((VarCharVector) texts).get(row), StandardCharsets.UTF_8);
          characters += text.length();
          long words = text.split("\\s+").length;
          assertThat(((BigIntVector) tokens).get(row)).isGreaterThan(words);
        }
        assertThat(previous).isEqualTo(FinewebTable.DUMPS.get(FinewebTable.DUMPS.size() - 1));
        assertThat(characters / 2000).as("mean characters per document").isBetween(1_500L, 6_000L);
      }
    }
  }

  @Test
  void badRowCountsAreUsageErrors() {
    CommandRunner.Outcome outcome = CommandRunner.run(memory.allocator(), "generate", "fineweb", "--rows", "0", "--out",
        directory.toString());
    assertThat(outcome.exitCode()).isEqualTo(2);
    assertThat(outcome.err()).contains("--rows must be from 1");
  }
}
