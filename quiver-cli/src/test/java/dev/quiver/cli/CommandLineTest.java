package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The top command: help, version, usage errors, stack traces only when asked for. */
class CommandLineTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void versionNamesTheProjectVersion() {
    CommandRunner.Outcome version = CommandRunner.run(memory.allocator(), "--version");
    assertThat(version.exitCode()).isZero();
    assertThat(version.out()).startsWith("quiver 0.").doesNotContain("${")
        .contains(dev.quiver.common.simd.Simd.describe());
  }

  @Test
  void helpListsTheCommands() {
    CommandRunner.Outcome help = CommandRunner.run(memory.allocator(), "shuffle", "write", "--help");
    assertThat(help.exitCode()).isZero();
    assertThat(help.out()).contains("--codec=CODEC").contains("--offsets-as-lengths").contains("--batch-rows=N");
  }

  @Test
  void noSubcommandPrintsUsageAndExitsTwo() {
    CommandRunner.Outcome bare = CommandRunner.run(memory.allocator(), "shuffle");
    assertThat(bare.exitCode()).isEqualTo(2);
    assertThat(bare.err()).contains("Usage: quiver shuffle").contains("inspect");
  }

  @Test
  void stackTracesOnlyWithVerboseOrQuiverDebug() throws IOException {
    Path empty = directory.resolve("empty.csv");
    Files.writeString(empty, "");
    String[] arguments = {"shuffle", "write", "--codec", "none", empty.toString(),
        directory.resolve("o.data").toString()};
    CommandRunner.Outcome quiet = CommandRunner.run(memory.allocator(), arguments);
    assertThat(quiet.exitCode()).isEqualTo(2);
    assertThat(quiet.errorLines())
        .containsExactly("quiver: " + empty + ": the CSV input is empty; it needs a header line of column names");

    String[] verboseArguments = {"shuffle", "write", "--verbose", "--codec", "none", empty.toString(),
        directory.resolve("o.data").toString()};
    CommandRunner.Outcome verbose = CommandRunner.run(memory.allocator(), verboseArguments);
    assertThat(verbose.exitCode()).isEqualTo(2);
    assertThat(verbose.errorLines().get(0)).isEqualTo(quiet.errorLines().get(0));
    assertThat(verbose.err()).contains("\tat dev.quiver.cli.");

    CommandRunner.Outcome debug = CommandRunner.run(memory.allocator(), Map.of("QUIVER_DEBUG", "1"), arguments);
    assertThat(debug.err()).contains("\tat dev.quiver.cli.");
  }

  @Test
  void messagesAreFoldedToOneLine() {
    assertThat(ErrorReporter.message(new java.io.IOException("first\n  second"))).isEqualTo("first second");
    assertThat(ErrorReporter.message(new IllegalStateException("boom")))
        .startsWith("internal error: java.lang.IllegalStateException: boom");
    assertThat(ErrorReporter.exitCode(new IllegalStateException("boom"))).isEqualTo(1);
  }
}
