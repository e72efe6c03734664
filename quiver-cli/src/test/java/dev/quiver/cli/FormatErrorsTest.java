package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.storage.SegmentLocation;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to convert and inspect: damaged files exit 3 (CORRUPT) with one line naming the file, unsupported
 * types and bad arguments exit 2 naming the column or option, and a failed convert leaves no file.
 */
class FormatErrorsTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private Path goodQvr() throws IOException {
    Path arrow = directory.resolve("source.arrow");
    try (VectorSchemaRoot root = TestTables.allTypes(memory.allocator(), 5_000, 7, false)) {
      TestTables.writeArrowFile(root, arrow);
    }
    Path qvr = directory.resolve("good.qvr");
    assertThat(CommandRunner.run(memory.allocator(), "convert", arrow.toString(), qvr.toString()).exitCode()).isZero();
    Files.delete(arrow);
    return qvr;
  }

  private static void assertOneLine(CommandRunner.Outcome outcome, int exitCode, String... fragments) {
    assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(exitCode);
    assertThat(outcome.errorLines()).hasSize(1);
    assertThat(outcome.errorLines().get(0)).startsWith("quiver: ").contains(fragments);
    assertThat(outcome.err()).doesNotContain("\tat ");
  }

  private void assertNoFilesBut(String... names) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      assertThat(files.map(path -> path.getFileName().toString())).containsExactlyInAnyOrder(names);
    }
  }

  @Test
  void damagedFooterTruncatedFileAndGarbage() throws IOException {
    byte[] good = Files.readAllBytes(goodQvr());
    byte[] flipped = good.clone();
    flipped[flipped.length - 40] ^= 0x55;
    Path damaged = directory.resolve("damaged.qvr");
    Files.write(damaged, flipped);
    Path truncated = directory.resolve("truncated.qvr");
    Files.write(truncated, Arrays.copyOf(good, good.length / 2));
    Path garbage = directory.resolve("garbage.qvr");
    Files.writeString(garbage, "this is not a quiver file at all");
    for (Path bad : List.of(damaged, truncated, garbage)) {
      assertOneLine(CommandRunner.run(memory.allocator(), "inspect", bad.toString()), ErrorReporter.CORRUPT,
          bad.toString());
      assertOneLine(CommandRunner.run(memory.allocator(), "convert", bad.toString(),
          directory.resolve("out.csv").toString()), ErrorReporter.CORRUPT, bad.toString());
      assertOneLine(CommandRunner.run(memory.allocator(), "convert", bad.toString(),
          directory.resolve("out.parquet").toString()), ErrorReporter.CORRUPT, bad.toString());
    }
    assertNoFilesBut("good.qvr", "damaged.qvr", "truncated.qvr", "garbage.qvr");
  }

  @Test
  void damagedSegmentFailsOnTheSegment() throws IOException {
    Path good = goodQvr();
    byte[] bytes = Files.readAllBytes(good);
    SegmentLocation segment;
    try (QuiverFile file = QuiverFile.open(good)) {
      segment = file.footer().segments().get(0);
    }
    bytes[(int) (segment.offset() + segment.length() / 2)] ^= 0x01;
    Path damaged = directory.resolve("segment.qvr");
    Files.write(damaged, bytes);
    assertOneLine(CommandRunner.run(memory.allocator(), "convert", damaged.toString(),
        directory.resolve("out.arrow").toString()), ErrorReporter.CORRUPT, damaged.toString(), "segment");
    assertOneLine(CommandRunner.run(memory.allocator(), "inspect", damaged.toString()), ErrorReporter.CORRUPT,
        damaged.toString(),
        "segment");
    assertNoFilesBut("good.qvr", "segment.qvr");
  }

  @Test
  void notParquetAtAll() throws IOException {
    Path fake = directory.resolve("fake.parquet");
    Files.writeString(fake, "PAR1 and then nothing that parquet-java would accept");
    assertOneLine(
        CommandRunner.run(memory.allocator(), "convert", fake.toString(), directory.resolve("o.qvr").toString()),
        ErrorReporter.CORRUPT, fake + ": a Parquet file cut short: it does not end with PAR1");
    assertThat(CommandRunner.run(memory.allocator(), "convert", fake.toString(), directory.resolve("o.qvr").toString())
        .err()).doesNotContain("LocalInputFile").doesNotContain("[");
    assertNoFilesBut("fake.parquet");
  }

  @Test
  void listColumnToQvrOrParquetIsAUserErrorNamingTheColumn() throws IOException {
    Field list = new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE),
        List.of(Field.nullable("item", new ArrowType.Int(32, true))));
    Path arrow = directory.resolve("lists.arrow");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(List.of(list)), memory.allocator())) {
      ListVector vector = (ListVector) root.getVector(0);
      UnionListWriter writer = vector.getWriter();
      writer.setPosition(0);
      writer.startList();
      writer.writeInt(1);
      writer.endList();
      writer.setValueCount(1);
      root.setRowCount(1);
      TestTables.writeArrowFile(root, arrow);
    }
    assertOneLine(
        CommandRunner.run(memory.allocator(), "convert", arrow.toString(), directory.resolve("o.qvr").toString()),
        2, "column tags");
    assertOneLine(CommandRunner.run(memory.allocator(), "convert", arrow.toString(),
        directory.resolve("o.parquet").toString()), 2, "column tags", "Parquet output does not support");
    CommandRunner.Outcome csv = CommandRunner.run(memory.allocator(), "convert", arrow.toString(),
        directory.resolve("o.csv").toString());
    assertThat(csv.exitCode()).as("CSV prints lists as JSON text").isZero();
    assertThat(Files.readString(directory.resolve("o.csv"))).isEqualTo("tags\n[1]\n");
    assertNoFilesBut("lists.arrow", "o.csv");
  }

  @Test
  void nestedParquetColumnIsAUserError() throws IOException {
    MessageType nested = MessageTypeParser.parseMessageType(
        "message m { required int32 id; optional group point { required double x; required double y; } }");
    Path path = directory.resolve("nested.parquet");
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(nested)
        .build()) {
      writer.write(new SimpleGroupFactory(nested).newGroup().append("id", 1));
    }
    assertOneLine(
        CommandRunner.run(memory.allocator(), "convert", path.toString(), directory.resolve("o.qvr").toString()),
        2, path.toString(), "column point is a nested group");
  }

  @Test
  void badArguments() throws IOException {
    Path qvr = goodQvr();
    assertOneLine(
        CommandRunner.run(memory.allocator(), "convert", qvr.toString(), directory.resolve("o.txt").toString()),
        2, "cannot tell which format to write");
    assertOneLine(CommandRunner.run(memory.allocator(), "convert", "--codec", "zstd", qvr.toString(),
        directory.resolve("o.csv").toString()), 2, "--codec applies to Parquet output");
    assertOneLine(CommandRunner.run(memory.allocator(), "convert", "--codec", "brotli", qvr.toString(),
        directory.resolve("o.parquet").toString()), 2, "unknown Parquet codec 'brotli'");
    assertOneLine(CommandRunner.run(memory.allocator(), "convert", qvr.toString(), qvr.toString()), 2, "same file");
    assertOneLine(CommandRunner.run(memory.allocator(), "convert", qvr.toString(),
        directory.resolve("missing").resolve("o.parquet").toString()), 2, "does not exist");
    assertOneLine(CommandRunner.run(memory.allocator(), "inspect", "--format", "xml", qvr.toString()), 2, "--format");
    assertOneLine(CommandRunner.run(memory.allocator(), "inspect", directory.resolve("none.qvr").toString()), 2,
        "no such file");
    assertNoFilesBut("good.qvr");
  }
}
