package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code quiver} launcher prints no JVM warning (the Vector API's incubator line included) on a
 * normal run; each kind of error has its own exit code; CSV output writes NULL as an empty field
 * unless {@code --null-string} says otherwise.
 */
class LauncherAndExitCodesTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  /** Runs the real launcher script on this test's class path (no build); returns exit code, out, err. */
  private static CommandRunner.Outcome launch(Path workingDirectory, String... arguments)
      throws IOException, InterruptedException {
    Path launcher = Path.of("..", "quiver").toAbsolutePath().normalize();
    List<String> command = new java.util.ArrayList<>(List.of("bash", launcher.toString()));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory.toFile());
    builder.environment().put("QUIVER_CLASSPATH", System.getProperty("java.class.path"));
    builder.environment().remove("QUIVER_JAVA_OPTS");
    builder.redirectOutput(workingDirectory.resolve("stdout.txt").toFile());
    builder.redirectError(workingDirectory.resolve("stderr.txt").toFile());
    Process process = builder.start();
    process.getOutputStream().close();
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("the launcher ends").isTrue();
    return new CommandRunner.Outcome(process.exitValue(),
        Files.readString(workingDirectory.resolve("stdout.txt"), StandardCharsets.UTF_8),
        Files.readString(workingDirectory.resolve("stderr.txt"), StandardCharsets.UTF_8));
  }

  @Test
  void theLauncherPrintsNoJvmWarning() throws Exception {
    CommandRunner.Outcome ok = launch(directory, "sql", "--format", "csv", "SELECT 1 AS x");
    assertThat(ok.err()).as("standard error of a normal run").isEmpty();
    assertThat(ok.out()).isEqualTo("x\n1\n");
    assertThat(ok.exitCode()).isZero();
    CommandRunner.Outcome failed = launch(directory, "sql", "SELECT * FROM 'missing.parquet'");
    assertThat(failed.exitCode()).isEqualTo(2);
    assertThat(failed.errorLines()).hasSize(1);
    assertThat(failed.err()).startsWith("quiver: ").contains("missing.parquet").doesNotContain("WARNING");
  }

  @Test
  void everyErrorKindHasItsOwnExitCode() {
    Set<Integer> codes = new HashSet<>();
    for (ErrorCode code : EnumSet.allOf(ErrorCode.class)) {
      int exitCode = ErrorReporter.exitCode(new QuiverException(code, "x"));
      assertThat(exitCode).as(code.name()).isBetween(1, 7);
      codes.add(exitCode);
    }
    assertThat(codes).hasSize(ErrorCode.values().length);
    assertThat(ErrorReporter.exitCode(ErrorCode.USER)).isEqualTo(2);
    assertThat(ErrorReporter.exitCode(ErrorCode.CORRUPT)).isEqualTo(3);
    assertThat(ErrorReporter.exitCode(ErrorCode.IO)).isEqualTo(4);
    assertThat(ErrorReporter.exitCode(ErrorCode.RESOURCE)).isEqualTo(5);
    assertThat(ErrorReporter.exitCode(ErrorCode.CANCELLED)).isEqualTo(6);
    assertThat(ErrorReporter.exitCode(ErrorCode.CONFLICT)).isEqualTo(7);
    assertThat(ErrorReporter.exitCode(ErrorCode.INTERNAL)).isEqualTo(1);
  }

  @Test
  void commandsExitWithTheirErrorsCode() throws IOException {
    Path garbage = directory.resolve("garbage.parquet");
    Files.write(garbage, "PAR1 not really".getBytes(StandardCharsets.US_ASCII));
    CommandRunner.Outcome corrupt = CommandRunner.run(memory.allocator(), "sql", "SELECT * FROM '" + garbage + "'");
    assertThat(corrupt.exitCode()).as(corrupt.err()).isEqualTo(ErrorReporter.CORRUPT);
    CommandRunner.Outcome user = CommandRunner.run(memory.allocator(), "sql", "SELECT * FROM nosuchtable");
    assertThat(user.exitCode()).as(user.err()).isEqualTo(2);
    Path csv = directory.resolve("t.csv");
    Files.writeString(csv, "a,b\n1,0\n2,0\n");
    CommandRunner.Outcome runtime = CommandRunner.run(memory.allocator(), "sql", "--table", "t=" + csv,
        "SELECT a FROM t WHERE a / b > 0");
    assertThat(runtime.err()).isEqualTo("quiver: division by zero\n");
    assertThat(runtime.exitCode()).isEqualTo(2);
  }

  @Test
  void csvOutputWritesNullAsAnEmptyFieldOrTheNullString() {
    String query = "SELECT CAST(NULL AS INTEGER) AS a, '' AS b, 'NA' AS c";
    CommandRunner.Outcome plain = CommandRunner.run(memory.allocator(), "sql", "--format", "csv", query);
    assertThat(plain.out()).isEqualTo("a,b,c\n,\"\",NA\n");
    CommandRunner.Outcome chosen = CommandRunner.run(memory.allocator(), "sql", "--format", "csv", "--null-string",
        "NA", query);
    assertThat(chosen.out()).isEqualTo("a,b,c\nNA,\"\",\"NA\"\n");
  }
}
