package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code shuffle write} then {@code shuffle cat}, in-process: the rows come back as they went in. */
class ShuffleRoundTripTest {
  /** A CSV in the canonical form cat prints: every type inference knows, nulls, quoting, line breaks. */
  static final String CSV = String.join("\n",
      "id,name,score,ok,day,ts,local_ts,note",
      "1,\"Smith, J.\",1.5,true,2024-01-02,2024-01-02 03:04:05+00,2024-01-02 03:04:05.123456,plain",
      "2,\"two\nlines\",\\N,false,\\N,2024-01-02 03:04:05.5+00,2024-01-02 03:04:00,\"say \"\"hi\"\"\"",
      "3,\"\\N\",-0.25,\\N,2024-02-29,\\N,\\N,\"\"",
      "-4,Zoë 🚀 Łukasz,NaN,true,1969-12-31,1969-12-31 23:59:59.999999+00,1970-01-01 00:00:00,\" padded \"",
      "5,\"crlf\r\ninside\",1.0E21,false,2024-03-01,2024-03-01 00:00:00+00,2024-03-01 00:00:01,\\N",
      "");

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @ParameterizedTest
  @ValueSource(strings = {"none", "lz4", "zstd", "snappy", "zstd+offsets"})
  void csvComesBackIdenticalFromEveryCodec(String codec) throws IOException {
    Path input = directory.resolve("orders.csv");
    Files.writeString(input, CSV, StandardCharsets.UTF_8);
    Path blocks = directory.resolve("orders.data");
    boolean offsets = codec.endsWith("+offsets");
    String codecName = offsets ? "zstd" : codec;
    CommandRunner.Outcome write = offsets
        ? CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", codecName, "--offsets-as-lengths",
            "--batch-rows", "2", input.toString(), blocks.toString())
        : CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", codecName, "--batch-rows", "2",
            input.toString(), blocks.toString());
    assertThat(write.exitCode()).as(write.err()).isZero();
    assertThat(write.errorLines()).hasSize(1);
    assertThat(write.err()).contains("3 blocks, 5 rows, codec " + codecName);

    CommandRunner.Outcome inspect = CommandRunner.run(memory.allocator(), "shuffle", "inspect", blocks.toString());
    assertThat(inspect.exitCode()).as(inspect.err()).isZero();
    List<String> lines = inspect.out().lines().toList();
    assertThat(lines).hasSize(5);
    assertThat(lines.get(1).trim().split("\\s+")).containsExactly(
        "0", "0", codecName, offsets ? "yes" : "no", "2", "8", String.valueOf(blockBytes(blocks, 0)));
    assertThat(lines.get(4))
        .startsWith("total: 3 blocks, 5 rows, " + Files.size(blocks) + " bytes, codec " + codecName);

    CommandRunner.Outcome cat = CommandRunner.run(memory.allocator(), "shuffle", "cat", blocks.toString());
    assertThat(cat.exitCode()).as(cat.err()).isZero();
    assertThat(cat.out()).isEqualTo(CSV);
    assertThat(cat.err()).isEmpty();
  }

  @Test
  void catStopsAtTheLimit() throws IOException {
    Path input = directory.resolve("orders.csv");
    Files.writeString(input, CSV, StandardCharsets.UTF_8);
    Path blocks = directory.resolve("orders.data");
    assertThat(CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", "lz4", input.toString(),
        blocks.toString()).exitCode()).isZero();
    CommandRunner.Outcome cat = CommandRunner.run(memory.allocator(), "shuffle", "cat", blocks.toString(), "--limit",
        "1");
    assertThat(cat.out()).isEqualTo(CSV.lines().limit(2).map(line -> line + "\n").reduce("", String::concat));
  }

  @Test
  void arrowStreamAndFileInputsRoundTripWithDictionaries() throws IOException {
    Path stream = directory.resolve("input.arrows");
    Path file = directory.resolve("input.arrow");
    writeArrow(stream, false);
    writeArrow(file, true);
    for (Path input : List.of(stream, file)) {
      // A stream may replace a dictionary between batches; a file holds one dictionary per id.
      String expected = "id,city\n1,Paris\n2,\\N\n3,\"Zürich, CH\"\n"
          + (input == stream ? "4,Paris\n5,Oslo\n" : "4,\"Zürich, CH\"\n5,Paris\n");
      Path blocks = directory.resolve(input.getFileName() + ".data");
      CommandRunner.Outcome write = CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", "snappy",
          "--batch-rows", "2", input.toString(), blocks.toString());
      assertThat(write.exitCode()).as(write.err()).isZero();
      assertThat(write.err()).contains("input Arrow IPC " + (input == file ? "file" : "stream"));
      CommandRunner.Outcome cat = CommandRunner.run(memory.allocator(), "shuffle", "cat", blocks.toString());
      assertThat(cat.out()).as(input.toString()).isEqualTo(expected);
      CommandRunner.Outcome inspect = CommandRunner.run(memory.allocator(), "shuffle", "inspect", blocks.toString());
      // The two dictionary batches (3 and 2 rows) are split, never joined: 2 + 1 + 2 rows.
      assertThat(inspect.out().lines().skip(1).limit(3).map(line -> line.trim().split("\\s+")[4]))
          .containsExactly("2", "1", "2");
    }
  }

  /**
   * Two batches (3 and 2 rows) of id Int64 and city Dictionary(Int32, Utf8); in the stream the second
   * batch comes with a replacement dictionary.
   */
  private void writeArrow(Path path, boolean fileFormat) throws IOException {
    DictionaryEncoding encoding = new DictionaryEncoding(1L, false, new ArrowType.Int(32, true));
    Schema schema = new Schema(List.of(
        Field.nullable("id", new ArrowType.Int(64, true)),
        new Field("city", new FieldType(true, new ArrowType.Int(32, true), encoding), null)));
    try (VarCharVector values = new VarCharVector("city", memory.allocator());
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      values.allocateNew();
      values.setSafe(0, "Paris".getBytes(StandardCharsets.UTF_8));
      values.setSafe(1, "Zürich, CH".getBytes(StandardCharsets.UTF_8));
      values.setValueCount(2);
      DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(values, encoding));
      OutputStream out = java.nio.channels.Channels.newOutputStream(channel);
      try (ArrowWriter writer = fileFormat
          ? new ArrowFileWriter(root, provider, channel)
          : new ArrowStreamWriter(root, provider, out)) {
        writer.start();
        fill(root, new long[] {1, 2, 3}, new Integer[] {0, null, 1});
        writer.writeBatch();
        if (!fileFormat) {
          values.setSafe(0, "Oslo".getBytes(StandardCharsets.UTF_8));
          values.setSafe(1, "Paris".getBytes(StandardCharsets.UTF_8));
          values.setValueCount(2);
        }
        fill(root, new long[] {4, 5}, new Integer[] {1, 0});
        writer.writeBatch();
        writer.end();
      }
    }
  }

  private static void fill(VectorSchemaRoot root, long[] ids, Integer[] cities) {
    BigIntVector id = (BigIntVector) root.getVector("id");
    IntVector city = (IntVector) root.getVector("city");
    root.allocateNew();
    for (int i = 0; i < ids.length; i++) {
      id.setSafe(i, ids[i]);
      if (cities[i] == null) {
        city.setNull(i);
      } else {
        city.setSafe(i, cities[i]);
      }
    }
    root.setRowCount(ids.length);
  }

  private static long blockBytes(Path file, int index) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    long offset = 0;
    for (int i = 0; i < index; i++) {
      offset += littleEndianLong(bytes, offset) + 8;
    }
    return littleEndianLong(bytes, offset) + 8;
  }

  private static long littleEndianLong(byte[] bytes, long offset) {
    long value = 0;
    for (int i = 7; i >= 0; i--) {
      value = (value << 8) | (bytes[(int) offset + i] & 0xFF);
    }
    return value;
  }
}
