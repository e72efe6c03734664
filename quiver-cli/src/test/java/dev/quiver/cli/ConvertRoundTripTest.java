package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Round trips through {@code quiver convert}: every format to .qvr and back, values unchanged. */
class ConvertRoundTripTest {
  static final int ROWS = 30_000;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private static long seed() {
    long seed = ThreadLocalRandom.current().nextLong(1, 1_000_000);
    System.out.println("ConvertRoundTripTest seed " + seed);
    return seed;
  }

  private CommandRunner.Outcome convert(String... arguments) {
    String[] line = new String[arguments.length + 1];
    line[0] = "convert";
    System.arraycopy(arguments, 0, line, 1, arguments.length);
    CommandRunner.Outcome outcome = CommandRunner.run(memory.allocator(), line);
    assertThat(outcome.exitCode()).as("convert %s: %s", List.of(arguments), outcome.err()).isZero();
    List<String> lines = outcome.errorLines();
    assertThat(lines.get(lines.size() - 1)).as("the summary line").startsWith("convert: ").contains(" -> ");
    return outcome;
  }

  private Path allTypesArrowFile(long seed, boolean withSeconds) throws IOException {
    Path arrow = directory.resolve("all.arrow");
    try (VectorSchemaRoot root = TestTables.allTypes(memory.allocator(), ROWS, seed, withSeconds)) {
      TestTables.writeArrowFile(root, arrow);
    }
    return arrow;
  }

  @Test
  void csvToQvrToCsvGivesTheSameText() throws IOException {
    String csv = "id,name,price,ok,day,at,local,note\n"
        + "1,apple,1.5,true,2024-01-02,2024-01-02 03:04:05.123456+00,2024-01-02 03:04:05,plain\n"
        + "2,\"a, b\",-0.25,false,1969-12-31,1970-01-01 00:00:00+00,1999-12-31 23:59:59.5,\"say \"\"hi\"\"\"\n"
        + "3,\\N,\\N,\\N,\\N,\\N,\\N,\\N\n"
        + "-9223372036854775808,\"line\nbreak\",1.0E10,true,2000-02-29,2262-04-11 23:47:16.854775+00,1677-09-21 00:12:43.145225,\"\\N\"\n"
        + "9223372036854775807,Ωμέγα 日本語,NaN,false,0001-01-01,2024-06-30 12:00:00.000001+00,2024-06-30 12:00:00.000001,\"\"\n";
    Path input = directory.resolve("in.csv");
    Files.writeString(input, csv, StandardCharsets.UTF_8);
    Path qvr = directory.resolve("t.qvr");
    Path back = directory.resolve("back.csv");
    convert(input.toString(), qvr.toString());
    convert(qvr.toString(), back.toString());
    assertThat(Files.readString(back, StandardCharsets.UTF_8)).isEqualTo(csv);
  }

  @ParameterizedTest
  @ValueSource(strings = {"arrow", "arrows"})
  void arrowToQvrToArrowKeepsEveryValue(String extension) throws IOException {
    long seed = seed();
    Path arrow = allTypesArrowFile(seed, true);
    TestTables.Snapshot original = TestTables.read(arrow, memory.allocator());
    Path qvr = directory.resolve("all.qvr");
    Path back = directory.resolve("back." + extension);
    convert("--batch-rows", "7000", arrow.toString(), qvr.toString());
    assertThat(TestTables.read(qvr, memory.allocator())).as("qvr, seed %d", seed).isEqualTo(original);
    convert("--batch-rows", "4096", qvr.toString(), back.toString());
    assertThat(TestTables.read(back, memory.allocator())).as("arrow again, seed %d", seed).isEqualTo(original);
  }

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "snappy", "none"})
  void parquetWrittenByQuiverReadsBackEqual(String codec) throws IOException {
    long seed = seed();
    Path arrow = allTypesArrowFile(seed, false);
    TestTables.Snapshot original = TestTables.read(arrow, memory.allocator());
    Path parquet = directory.resolve("all.parquet");
    Path back = directory.resolve("back.arrow");
    CommandRunner.Outcome written = convert("--codec", codec, arrow.toString(), parquet.toString());
    assertThat(written.err()).contains("Parquet " + codec);
    assertThat(TestTables.read(parquet, memory.allocator())).as("parquet, seed %d", seed).isEqualTo(original);
    convert("--batch-rows", "5000", parquet.toString(), back.toString());
    assertThat(TestTables.read(back, memory.allocator())).as("arrow from parquet, seed %d", seed).isEqualTo(original);
  }

  @Test
  void qvrToParquetToQvrKeepsEveryValue() throws IOException {
    long seed = seed();
    Path arrow = allTypesArrowFile(seed, false);
    Path qvr = directory.resolve("first.qvr");
    convert(arrow.toString(), qvr.toString());
    TestTables.Snapshot original = TestTables.read(qvr, memory.allocator());
    Path parquet = directory.resolve("middle.parquet");
    Path again = directory.resolve("again.qvr");
    convert(qvr.toString(), parquet.toString());
    convert(parquet.toString(), again.toString());
    assertThat(TestTables.read(again, memory.allocator())).as("seed %d", seed).isEqualTo(original);
    assertThat(original.rowCount()).isEqualTo(ROWS);
  }

  @Test
  void timestampsInSecondsBecomeMillisecondsInParquet() throws IOException {
    long seed = seed();
    Path arrow = allTypesArrowFile(seed, true);
    TestTables.Snapshot original = TestTables.read(arrow, memory.allocator());
    Path parquet = directory.resolve("seconds.parquet");
    convert(arrow.toString(), parquet.toString());
    TestTables.Snapshot back = TestTables.read(parquet, memory.allocator());
    int column = original.schema().getFields().indexOf(original.schema().findField("ts_seconds"));
    assertThat(back.schema().getFields().get(column).getType().toString()).isEqualTo("Timestamp(MILLISECOND, null)");
    List<Object> seconds = original.columns().get(column);
    List<Object> millis = back.columns().get(column);
    assertThat(millis).isEqualTo(seconds);
  }

  @Test
  void emptyCsvWithOnlyAHeaderBecomesAnEmptyFile() throws IOException {
    Path input = directory.resolve("empty.csv");
    Files.writeString(input, "a,b\n");
    Path qvr = directory.resolve("empty.qvr");
    convert(input.toString(), qvr.toString());
    Path back = directory.resolve("empty-again.csv");
    convert(qvr.toString(), back.toString());
    assertThat(Files.readString(back)).isEqualTo("a,b\n");
  }

  @Test
  void wideIntegersAndGivenColumnTypesSurviveARoundTrip() throws IOException {
    Path input = directory.resolve("typed.csv");
    Files.writeString(input, "big,zip,n\n99999999999999999999999,02134,1\n1,10001,2\n");
    Path qvr = directory.resolve("typed.qvr");
    convert("--column-type", "n=float64", input.toString(), qvr.toString());
    Path back = directory.resolve("typed-again.csv");
    convert(qvr.toString(), back.toString());
    assertThat(Files.readString(back)).isEqualTo("big,zip,n\n99999999999999999999999,02134,1.0\n1,10001,2.0\n");
  }

  @Test
  void dictionaryEncodedShuffleInputIsWrittenAsPlainValues() throws IOException {
    Path comet = CommandRunner.resource("comet-shuffle-1.2.0/5col_20000rows_dict_lz4.data");
    Path qvr = directory.resolve("comet.qvr");
    convert(comet.toString(), qvr.toString());
    CommandRunner.Outcome direct = CommandRunner.run(memory.allocator(), "shuffle", "cat", comet.toString());
    Path csv = directory.resolve("comet.csv");
    convert(qvr.toString(), csv.toString());
    assertThat(Files.readString(csv)).isEqualTo(direct.out());
  }
}
