package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code shuffle inspect} on files Comet 1.2.0 wrote. */
class ShuffleInspectTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private List<String[]> rows(String vector) {
    Path file = CommandRunner.resource("comet-shuffle-1.2.0/" + vector);
    CommandRunner.Outcome inspect = CommandRunner.run(memory.allocator(), "shuffle", "inspect", file.toString());
    assertThat(inspect.exitCode()).as(inspect.err()).isZero();
    assertThat(inspect.err()).isEmpty();
    List<String> lines = inspect.out().lines().toList();
    assertThat(lines.get(0).trim().split("\\s+"))
        .containsExactly("block", "offset", "codec", "offsets_as_lengths", "rows", "columns", "bytes");
    return lines.stream().map(line -> line.trim().split("\\s+")).toList();
  }

  @Test
  void listsEveryBlockOfAZstdFileWithTheFlag() {
    List<String[]> rows = rows("5col_20000rows_zstd_offsets_as_lengths.data");
    assertThat(rows).hasSize(5);
    assertThat(rows.get(1)).containsExactly("0", "0", "zstd", "yes", "8192", "5", "25759");
    assertThat(rows.get(2)).containsExactly("1", "25759", "zstd", "yes", "8192", "5", "33880");
    assertThat(rows.get(3)).containsExactly("2", "59639", "zstd", "yes", "3616", "5", "8108");
    assertThat(String.join(" ", rows.get(4))).isEqualTo("total: 3 blocks, 20000 rows, 67747 bytes, codec zstd");
  }

  @Test
  void listsADictionaryFile() {
    List<String[]> rows = rows("5col_20000rows_dict_lz4.data");
    assertThat(rows.subList(1, 4)).extracting(row -> row[4]).containsExactly("8192", "8192", "3616");
    assertThat(rows.subList(1, 4)).extracting(row -> row[2] + "/" + row[3]).containsOnly("lz4/no");
    assertThat(String.join(" ", rows.get(4))).isEqualTo("total: 3 blocks, 20000 rows, 229430 bytes, codec lz4");
  }
}
