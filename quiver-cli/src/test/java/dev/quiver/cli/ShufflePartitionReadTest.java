package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code shuffle partition} then {@code shuffle read}, in-process: Spark's own rows land in Spark's
 * partitions and print back byte for byte; and wrong input gives one error line.
 */
class ShufflePartitionReadTest {
  /** Spark 4.1.3's hash(a, b, c) and pmod(hash, 200) for 100 rows (the shuffle module's test fixture). */
  static final Path SPARK_ROWS = Path.of("../quiver-shuffle/src/test/resources/spark-hash/multi_column.csv");

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private CommandRunner.Outcome run(String... arguments) {
    return CommandRunner.run(memory.allocator(), arguments);
  }

  /** Writes {@code csv} to {@code NAME.csv}, partitions it by {@code by} into {@code partitions}; the output directory. */
  private Path partitioned(String name, String csv, String by, int partitions) throws IOException {
    Path input = directory.resolve(name + ".csv");
    Files.writeString(input, csv);
    Path out = directory.resolve(name);
    CommandRunner.Outcome outcome = run("shuffle", "partition", "--by", by, "--partitions", String.valueOf(partitions),
        input.toString(), out.toString());
    assertThat(outcome.exitCode()).as(outcome.err()).isZero();
    return out;
  }

  @Test
  void sparksRowsLandInSparksPartitionsAndPrintBackUnchanged() throws IOException {
    Path input = directory.resolve("multi_column.csv");
    Files.copy(SPARK_ROWS, input);
    List<String> lines = Files.readAllLines(input, StandardCharsets.UTF_8);
    Path out = directory.resolve("exchange");
    CommandRunner.Outcome partition = run("shuffle", "partition", "--by", "a,b,c", "--partitions", "200", "--checksum",
        input.toString(), out.toString());
    assertThat(partition.exitCode()).as(partition.err()).isZero();
    assertThat(partition.errorLines()).hasSize(1);
    assertThat(partition.err()).contains("100 rows into 200 partitions by hash(a, b, c)").contains("codec lz4");
    assertThat(Files.list(out).map(file -> file.getFileName().toString()).sorted())
        .containsExactly("map-0.checksum", "map-0.data", "map-0.index");
    assertThat(Files.size(out.resolve("map-0.index"))).isEqualTo(201 * 8);
    int rowsSeen = 0;
    for (int p = 0; p < 200; p++) {
      CommandRunner.Outcome read = run("shuffle", "read", out.toString(), "--partition", String.valueOf(p));
      assertThat(read.exitCode()).as(read.err()).isZero();
      List<String> expected = new ArrayList<>();
      expected.add(lines.get(0));
      for (String line : lines.subList(1, lines.size())) {
        if (line.endsWith("," + p)) {
          expected.add(line);
        }
      }
      assertThat(read.out().lines().toList()).as("partition %d", p).isEqualTo(expected);
      rowsSeen += expected.size() - 1;
    }
    assertThat(rowsSeen).isEqualTo(100);
  }

  @Test
  void readsEveryMapOutputInTheDirectoryInNumberOrder() throws IOException {
    Path out = partitioned("numbers", "n,text\n1,one\n2,two\n3,three\n", "n", 1);
    Files.copy(out.resolve("map-0.data"), out.resolve("map-10.data"));
    Files.copy(out.resolve("map-0.index"), out.resolve("map-10.index"));
    Path other = partitioned("other", "n,text\n4,four\n", "n", 1);
    Files.copy(other.resolve("map-0.data"), out.resolve("map-2.data"));
    Files.copy(other.resolve("map-0.index"), out.resolve("map-2.index"));
    CommandRunner.Outcome read = run("shuffle", "read", out.toString(), "--partition", "0");
    assertThat(read.out()).isEqualTo("n,text\n1,one\n2,two\n3,three\n4,four\n1,one\n2,two\n3,three\n");
    CommandRunner.Outcome limited = run("shuffle", "read", out.toString(), "--partition", "0", "--limit", "2");
    assertThat(limited.out()).isEqualTo("n,text\n1,one\n2,two\n");
  }

  @Test
  void anEmptyPartitionPrintsTheHeaderAlone() throws IOException {
    Path out = partitioned("one", "id,name\n7,seven\n", "id", 50);
    int printed = 0;
    for (int p = 0; p < 50; p++) {
      String text = run("shuffle", "read", out.toString(), "--partition", String.valueOf(p)).out();
      assertThat(text).startsWith("id,name\n");
      printed += (int) text.lines().count() - 1;
    }
    assertThat(printed).isEqualTo(1);
  }

  @Test
  void userErrorsAreOneLineWithExitCodeTwo() throws IOException {
    Path input = directory.resolve("rows.csv");
    Files.writeString(input, "id,name\n1,a\n");
    Path out = directory.resolve("out");
    assertUserError(run("shuffle", "partition", "--by", "nope", "--partitions", "4", input.toString(), out.toString()),
        "quiver: no column nope to partition by; the columns are [id, name]");
    assertThat(Files.exists(out)).as("no directory is left behind").isFalse();
    assertUserError(run("shuffle", "partition", "--by", "id", "--partitions", "0", input.toString(), out.toString()),
        "quiver: the number of partitions must be at least 1, not 0");
    assertUserError(run("shuffle", "partition", "--by", "id", "--partitions", "2147483647", input.toString(),
        out.toString()),
        "quiver: --partitions must be at most 16,777,216 (2^24, Spark's limit for a serialized"
            + " shuffle), not 2,147,483,647");
    assertThat(Files.exists(out)).as("no directory is left behind").isFalse();
    CommandRunner.Outcome tooSmall = run("shuffle", "partition", "--by", "id", "--partitions", "100000",
        "--memory-limit", "1m", input.toString(), out.toString());
    assertThat(tooSmall.exitCode()).as(tooSmall.err()).isEqualTo(2);
    assertThat(tooSmall.errorLines()).hasSize(1);
    assertThat(tooSmall.errorLines().get(0)).startsWith("quiver: --partitions 100000 needs at least ")
        .endsWith(" bytes each), more than --memory-limit 1m: raise --memory-limit or use fewer partitions");
    assertThat(Files.exists(out)).as("no directory is left behind").isFalse();
    assertThat(Files.list(directory).map(file -> file.getFileName().toString())).containsExactly("rows.csv");
    assertUserError(run("shuffle", "partition", "--by", "id", "--partitions", "4", "--batch-rows", "2147483647",
        input.toString(), out.toString()), "quiver: --batch-rows must be at most 1,048,576, not 2,147,483,647");
    assertUserError(run("shuffle", "write", "--codec", "lz4", "--batch-rows", "2147483647", input.toString(),
        directory.resolve("blocks.data").toString()),
        "quiver: --batch-rows must be at most 1,048,576, not 2,147,483,647");
    assertThat(Files.list(directory).map(file -> file.getFileName().toString())).containsExactly("rows.csv");
    assertUserError(run("shuffle", "partition", "--by", "id", "--partitions", "2", "--memory-limit", "lots",
        input.toString(), out.toString()),
        "quiver: --memory-limit must be a size such as 65536, 64k, 256m or 1g, not 'lots'");
    assertUserError(run("shuffle", "read", directory.resolve("missing").toString(), "--partition", "0"),
        "quiver: no such directory: " + directory.resolve("missing"));
    assertUserError(run("shuffle", "read", directory.toString(), "--partition", "0"),
        "quiver: no map outputs in " + directory + ": expected NAME.index files with NAME.data beside them");
    assertThat(
        run("shuffle", "partition", "--by", "id", "--partitions", "4", input.toString(), out.toString()).exitCode())
        .isZero();
    assertUserError(run("shuffle", "read", out.toString(), "--partition", "4"),
        "quiver: " + out.resolve("map-0.index").toAbsolutePath()
            + ": no partition 4; the map output has 4 partitions (0..3)");
  }

  @Test
  void aDamagedIndexIsOneLineNamingTheFileAndPartitionWithTheCorruptExitCode() throws IOException {
    Path out = partitioned("rows", "id,name\n1,a\n2,b\n3,c\n", "id", 3);
    Path index = out.resolve("map-0.index");
    ByteBuffer offsets = ByteBuffer.wrap(Files.readAllBytes(index));
    offsets.putLong(24, offsets.getLong(24) + 1);
    Files.write(index, offsets.array());
    CommandRunner.Outcome read = run("shuffle", "read", out.toString(), "--partition", "1");
    assertThat(read.exitCode()).isEqualTo(ErrorReporter.CORRUPT);
    assertThat(read.errorLines()).hasSize(1);
    assertThat(read.errorLines().get(0)).startsWith("quiver: ").contains("map-0.data").contains("partition 1")
        .contains("(truncated)");
  }

  @Test
  void anIndexThatDecreasesElsewhereFailsInsteadOfPrintingAnotherPartitionsRows() throws IOException {
    StringBuilder csv = new StringBuilder("id,name\n");
    for (int i = 0; i < 400; i++) {
      csv.append(i).append(",name").append(i).append('\n');
    }
    Path out = partitioned("many", csv.toString(), "id", 4);
    Path index = out.resolve("map-0.index");
    ByteBuffer offsets = ByteBuffer.wrap(Files.readAllBytes(index));
    long second = offsets.getLong(16);
    long third = offsets.getLong(24);
    assertThat(second).isPositive().isLessThan(third);
    long backwards = (second + third) / 2;
    offsets.putLong(8, backwards);
    Files.write(index, offsets.array());
    for (String partition : new String[] {"0", "2"}) {
      CommandRunner.Outcome read = run("shuffle", "read", out.toString(), "--partition", partition);
      assertThat(read.exitCode()).as(read.err()).isEqualTo(ErrorReporter.CORRUPT);
      assertThat(read.out()).as("no rows of another partition").isEmpty();
      assertThat(read.errorLines()).containsExactly("quiver: " + index.toAbsolutePath() + ": partition " + partition
          + ": the offsets are not an increasing range from 0 to the data file's length: entry 2 (" + second
          + ") is below entry 1 (" + backwards + "), so partitions 1 and 2 cannot both be right");
    }
  }

  private static void assertUserError(CommandRunner.Outcome outcome, String line) {
    assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(2);
    assertThat(outcome.errorLines()).containsExactly(line);
  }
}
