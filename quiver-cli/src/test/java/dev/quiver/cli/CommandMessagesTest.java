package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * What the commands say when something is off: a folder is called a folder, a file of another
 * format given to scan or inspect gets the convert command that fixes it, a CSV header with a name
 * twice is refused before anything is written, --verbose does not ask for --verbose, both summary
 * size ratios read output/input, and a killed convert's temporary file is cleaned up by the next.
 */
class CommandMessagesTest {
  private static final Pattern SIZE_RATIO = Pattern.compile("size ratio ([0-9.]+) \\(output/input\\)");

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void aFolderWhereAFileIsExpectedIsCalledAFolder() throws IOException {
    Path folder = Files.createDirectory(directory.resolve("folder"));
    Path csv = csv("in.csv", "a,b\n1,2\n");
    String[][] commands = {
        {"inspect", folder.toString()},
        {"shuffle", "inspect", folder.toString()},
        {"shuffle", "cat", folder.toString()},
        {"convert", folder.toString(), directory.resolve("o.csv").toString()},
        {"shuffle", "write", "--codec", "none", folder.toString(), directory.resolve("o.data").toString()},
    };
    for (String[] command : commands) {
      assertUserError(CommandRunner.run(memory.allocator(), command), "quiver: " + folder + " is a folder, not a file");
    }
    assertUserError(CommandRunner.run(memory.allocator(), "convert", csv.toString(), folder.toString()),
        "quiver: " + folder + " is a folder; give an output file name");
    assertUserError(CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", "none", csv.toString(),
        folder.toString()), "quiver: " + folder + " is a folder; give an output file name");
  }

  @Test
  void scanAndInspectOfAnotherFormatSuggestTheConversion() throws IOException {
    Path csv = csv("table.csv", "a,b\n1,2\n");
    Path parquet = directory.resolve("table.parquet");
    assertThat(CommandRunner.run(memory.allocator(), "convert", csv.toString(), parquet.toString()).exitCode())
        .isZero();
    String expected = "quiver: " + parquet + " is a Parquet file, not a .qvr file; convert it first: quiver convert "
        + parquet + " " + directory.resolve("table.qvr");
    assertUserError(CommandRunner.run(memory.allocator(), "scan", parquet.toString()), expected);
    assertUserError(CommandRunner.run(memory.allocator(), "inspect", parquet.toString()), expected);
    assertUserError(CommandRunner.run(memory.allocator(), "scan", csv.toString()), "quiver: " + csv
        + " is a CSV file, not a .qvr file; convert it first: quiver convert " + csv + " "
        + directory.resolve("table.qvr"));
  }

  @Test
  void aCsvHeaderWithANameTwiceIsRefusedAndNothingIsWritten() throws IOException {
    Path csv = csv("twice.csv", "id,a,a\n1,2,3\n");
    for (String output : new String[] {"o.parquet", "o.qvr", "o.arrow"}) {
      assertUserError(
          CommandRunner.run(memory.allocator(), "convert", csv.toString(), directory.resolve(output).toString()),
          "quiver: " + csv
              + " line 1 column 3: duplicate column name 'a' (also column 2); every column needs its own name");
    }
    assertThat(names()).containsExactly("twice.csv");
  }

  @Test
  void bothSummaryRatiosReadOutputOverInput() throws IOException {
    StringBuilder text = new StringBuilder("id,name\n");
    for (int row = 0; row < 2_000; row++) {
      text.append(row).append(",name number ").append(row % 7).append('\n');
    }
    Path csv = csv("rows.csv", text.toString());
    long inputBytes = Files.size(csv);
    Path data = directory.resolve("rows.data");
    Path qvr = directory.resolve("rows.qvr");
    CommandRunner.Outcome write = CommandRunner.run(memory.allocator(), "shuffle", "write", "--codec", "zstd",
        csv.toString(), data.toString());
    CommandRunner.Outcome convert = CommandRunner.run(memory.allocator(), "convert", csv.toString(), qvr.toString());
    assertThat(ratio(write)).isCloseTo((double) Files.size(data) / inputBytes,
        org.assertj.core.data.Offset.offset(0.006));
    assertThat(ratio(convert)).isCloseTo((double) Files.size(qvr) / inputBytes,
        org.assertj.core.data.Offset.offset(0.006));
  }

  @Test
  void withVerboseAnInternalErrorDoesNotAskForVerbose() {
    StringWriter quiet = new StringWriter();
    StringWriter verbose = new StringWriter();
    assertThat(failing(quiet).execute()).isEqualTo(ErrorReporter.FAILURE);
    assertThat(failing(verbose).execute("--verbose")).isEqualTo(ErrorReporter.FAILURE);
    assertThat(quiet.toString().lines().findFirst()).hasValue(
        "quiver: internal error: java.lang.IllegalStateException: boom (rerun with --verbose for the stack trace)");
    assertThat(verbose.toString().lines().findFirst())
        .hasValue("quiver: internal error: java.lang.IllegalStateException: boom");
    assertThat(verbose.toString()).contains("\tat ");
  }

  @Test
  void theNextConvertRemovesWhatAKilledConvertLeft() throws Exception {
    Process finished = new ProcessBuilder("java", "-version").redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    finished.waitFor();
    Path csv = csv("in.csv", "a,b\n1,2\n");
    for (String output : new String[] {"out.qvr", "out.parquet"}) {
      Files.writeString(directory.resolve("." + output + ".quiver-tmp-" + finished.pid() + "-killed"), "half a file");
      assertThat(CommandRunner.run(memory.allocator(), "convert", csv.toString(), directory.resolve(output).toString())
          .exitCode()).isZero();
    }
    assertThat(names()).containsExactly("in.csv", "out.parquet", "out.qvr");
  }

  /** A command that fails with an internal error, reported as quiver reports it. */
  private static CommandLine failing(StringWriter err) {
    CommandLine commandLine = new CommandLine(new Failing());
    commandLine.setErr(new PrintWriter(err));
    commandLine.setExecutionExceptionHandler(new ErrorReporter(false));
    return commandLine;
  }

  @CommandLine.Command(name = "failing")
  static final class Failing implements Callable<Integer> {
    @CommandLine.Option(names = "--verbose")
    boolean verbose;

    @Override
    public Integer call() {
      throw new IllegalStateException("boom");
    }
  }

  private static double ratio(CommandRunner.Outcome outcome) {
    assertThat(outcome.exitCode()).as(outcome.err()).isZero();
    Matcher matcher = SIZE_RATIO.matcher(outcome.err());
    assertThat(matcher.find()).as(outcome.err()).isTrue();
    return Double.parseDouble(matcher.group(1));
  }

  private static void assertUserError(CommandRunner.Outcome outcome, String line) {
    assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(2);
    assertThat(outcome.errorLines()).containsExactly(line);
  }

  private Path csv(String name, String text) throws IOException {
    return Files.writeString(directory.resolve(name), text);
  }

  private java.util.List<String> names() throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(path -> path.getFileName().toString()).sorted().toList();
    }
  }
}
