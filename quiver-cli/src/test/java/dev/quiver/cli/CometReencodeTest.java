package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Blocks Comet 1.2.0 wrote (copied from quiver-shuffle's test vectors), re-encoded by
 * {@code shuffle write} with another codec, print the same rows.
 */
class CometReencodeTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      "5col_20000rows_zstd_offsets_as_lengths.data, lz4",
      "5col_20000rows_zstd_offsets_as_lengths.data, none",
      "5col_20000rows_dict_lz4.data, lz4",
      "5col_20000rows_dict_lz4.data, none",
  })
  void reencodedFilePrintsTheSameRows(String vector, String codec) {
    Path original = CommandRunner.resource("comet-shuffle-1.2.0/" + vector);
    Path reencoded = directory.resolve("reencoded_" + codec + ".data");

    CommandRunner.Outcome write = CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", codec,
        original.toString(), reencoded.toString());
    assertThat(write.exitCode()).as(write.err()).isZero();
    assertThat(write.err()).contains("3 blocks, 20,000 rows, codec " + codec).contains("input shuffle data");

    CommandRunner.Outcome before = CommandRunner.run(memory.allocator(), "shuffle", "cat", original.toString());
    CommandRunner.Outcome after = CommandRunner.run(memory.allocator(), "shuffle", "cat", reencoded.toString());
    assertThat(before.exitCode()).isZero();
    assertThat(after.exitCode()).isZero();
    assertThat(after.out()).isEqualTo(before.out());
    List<String> lines = after.out().lines().toList();
    assertThat(lines).hasSize(20_001);
    assertThat(lines.get(0)).isEqualTo("c0,c1,c2,c3,c4");
    boolean dictionary = vector.contains("dict");
    assertThat(lines.get(20_000)).isEqualTo(dictionary
        ? "19999,value_15,19999,value_15,19999"
        : "19999,value_19999,19999,value_19999,19999");

    CommandRunner.Outcome inspect = CommandRunner.run(memory.allocator(), "shuffle", "inspect", reencoded.toString());
    assertThat(inspect.out().lines().skip(1).limit(3).map(line -> line.trim().split("\\s+")[2]))
        .containsOnly(codec);
  }
}
