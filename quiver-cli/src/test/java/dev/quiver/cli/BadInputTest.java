package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Corrupt and wrong input: one error line naming the file and block, a non-zero exit code, good
 * blocks still listed by inspect, and no output file (nor temporary file) from a failed write.
 */
class BadInputTest {
  /** Offsets of the blocks of 5col_20000rows_zstd_offsets_as_lengths.data. */
  static final long SECOND_BLOCK = 25_759;
  static final long THIRD_BLOCK = 59_639;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private static Path comet() {
    return CommandRunner.resource("comet-shuffle-1.2.0/5col_20000rows_zstd_offsets_as_lengths.data");
  }

  /** The Comet file cut inside its third block. */
  private Path truncated() throws IOException {
    byte[] bytes = Files.readAllBytes(comet());
    Path file = directory.resolve("truncated.data");
    Files.write(file, Arrays.copyOf(bytes, (int) THIRD_BLOCK + 1000));
    return file;
  }

  /** The Comet file whose second block claims {@code length} in its length field. */
  private Path lying(long length) throws IOException {
    byte[] bytes = Files.readAllBytes(comet());
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong((int) SECOND_BLOCK, length);
    Path file = directory.resolve("lying_" + length + ".data");
    Files.write(file, bytes);
    return file;
  }

  private static void assertOneErrorLine(CommandRunner.Outcome outcome, Path file, int block) {
    assertThat(outcome.exitCode()).isEqualTo(ErrorReporter.CORRUPT);
    assertThat(outcome.errorLines()).hasSize(1);
    assertThat(outcome.errorLines().get(0)).startsWith("quiver: ").contains(file.toString()).contains("block " + block);
    assertThat(outcome.err()).doesNotContain("\tat ");
  }

  @Test
  void truncatedFile() throws IOException {
    Path file = truncated();
    CommandRunner.Outcome inspect = CommandRunner.run(memory.allocator(), "shuffle", "inspect", file.toString());
    assertOneErrorLine(inspect, file, 2);
    List<String> lines = inspect.out().lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(2).trim()).startsWith("1 ");
    assertOneErrorLine(CommandRunner.run(memory.allocator(), "shuffle", "cat", file.toString()), file, 2);
  }

  @Test
  void lengthFieldLongerThanTheFile() throws IOException {
    Path file = lying(10_000_000);
    CommandRunner.Outcome inspect = CommandRunner.run(memory.allocator(), "shuffle", "inspect", file.toString());
    assertOneErrorLine(inspect, file, 1);
    assertThat(inspect.out().lines().count()).isEqualTo(2);
  }

  @Test
  void lengthFieldShorterThanTheBlock() throws IOException {
    Path file = lying(1_000);
    CommandRunner.Outcome inspect = CommandRunner.run(memory.allocator(), "shuffle", "inspect", file.toString());
    assertOneErrorLine(inspect, file, 1);
  }

  @Test
  void failedWriteLeavesNoOutputAndNoTemporaryFile() throws IOException {
    for (Path input : List.of(truncated(), lying(10_000_000), lying(1_000))) {
      Path output = directory.resolve("out").resolve("reencoded.data");
      Files.createDirectories(output.getParent());
      CommandRunner.Outcome write = CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", "lz4",
          input.toString(), output.toString());
      assertOneErrorLine(write, input, input.toString().contains("truncated") ? 2 : 1);
      try (Stream<Path> files = Files.list(output.getParent())) {
        assertThat(files).as("files left in the output directory").isEmpty();
      }
    }
  }

  @Test
  void failedWriteKeepsAnExistingOutputUntouched() throws IOException {
    Path output = directory.resolve("existing.data");
    Files.writeString(output, "previous contents");
    Path csv = directory.resolve("bad.csv");
    Files.writeString(csv, "a,b\n1,2\n3,\"unterminated\n", StandardCharsets.UTF_8);
    CommandRunner.Outcome write = CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", "zstd",
        csv.toString(), output.toString());
    assertThat(write.exitCode()).isEqualTo(2);
    assertThat(write.errorLines()).containsExactly(
        "quiver: " + csv + " line 3 column 2: unterminated quoted field: the input ends before its closing quote");
    assertThat(Files.readString(output)).isEqualTo("previous contents");
    try (Stream<Path> files = Files.list(directory)) {
      assertThat(files.map(path -> path.getFileName().toString())).containsExactlyInAnyOrder("existing.data",
          "bad.csv");
    }
  }

  @Test
  void userErrorsExitWithTwoAndOneLine() throws IOException {
    Path csv = directory.resolve("ok.csv");
    Files.writeString(csv, "a\n1\n");
    Path output = directory.resolve("o.data");
    assertUserError(CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", "brotli", csv.toString(),
        output.toString()), "unknown codec 'brotli'");
    assertUserError(CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", "lz4", "--zstd-level", "3",
        csv.toString(), output.toString()), "--zstd-level applies to --codec zstd only");
    assertUserError(CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", "lz4",
        directory.resolve("missing.csv").toString(), output.toString()), "no such file: ");
    Path parquet = directory.resolve("t.parquet");
    Files.writeString(parquet, "PAR1 not really");
    CommandRunner.Outcome fakeParquet = CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", "lz4",
        parquet.toString(), output.toString());
    assertThat(fakeParquet.exitCode()).as("a damaged Parquet file is corrupt input").isEqualTo(ErrorReporter.CORRUPT);
    assertThat(fakeParquet.errorLines()).singleElement().asString()
        .isEqualTo("quiver: " + parquet + ": a Parquet file cut short: it does not end with PAR1 (15 bytes)");
    Path qvr = directory.resolve("t.qvr");
    Files.writeString(qvr, "whatever");
    CommandRunner.Outcome fakeQvr = CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", "lz4",
        qvr.toString(), output.toString());
    assertThat(fakeQvr.exitCode()).as("a damaged .qvr file is corrupt input").isEqualTo(ErrorReporter.CORRUPT);
    assertThat(fakeQvr.errorLines()).singleElement().asString().startsWith("quiver: " + qvr);
    assertUserError(CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", "lz4"),
        "Missing required parameters: 'IN', 'OUT'");
    assertUserError(CommandRunner.run(memory.allocator(), "shuffle", "cat", "--bogus", csv.toString()),
        "Unknown option: '--bogus'");
    assertThat(output).doesNotExist();
  }

  private static void assertUserError(CommandRunner.Outcome outcome, String message) {
    assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(2);
    assertThat(outcome.errorLines()).hasSize(1);
    assertThat(outcome.errorLines().get(0)).startsWith("quiver: ").contains(message);
  }
}
