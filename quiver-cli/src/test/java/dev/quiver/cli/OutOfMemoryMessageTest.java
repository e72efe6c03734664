package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** A command that runs out of Java heap ends in one line and exit code 5 (RESOURCE), never a stack trace. */
class OutOfMemoryMessageTest {
  @Command(name = "exhaust")
  static final class Exhausting implements Callable<Integer> {
    @Override
    public Integer call() {
      throw new OutOfMemoryError("Java heap space");
    }
  }

  @Test
  void anOutOfMemoryErrorIsOneLineNamingTheHeapAndTheWayOut() {
    StringWriter errors = new StringWriter();
    CommandLine commandLine = new CommandLine(new Exhausting());
    commandLine.setOut(new PrintWriter(new StringWriter()));
    commandLine.setErr(new PrintWriter(errors, true));
    int exitCode = QuiverCommand.execute(commandLine);
    assertThat(exitCode).isEqualTo(ErrorReporter.RESOURCE);
    assertThat(errors.toString().lines().toList()).hasSize(1).first().asString()
        .startsWith("quiver: out of memory: the Java heap (at most ").contains("QUIVER_JAVA_OPTS=-Xmx")
        .doesNotContain("Exception").doesNotContain("\tat ");
  }
}
