package dev.quiver.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;

/** Runs the quiver command line in-process and captures its exit code and output. */
final class CommandRunner {
  private CommandRunner() {}

  /** What a run produced. */
  record Outcome(int exitCode, String out, String err) {
    /** Standard error's lines. */
    List<String> errorLines() {
      return err.isEmpty() ? List.of() : List.of(err.split("\n"));
    }
  }

  /** Runs {@code arguments} with commands taking children of {@code allocator}. */
  static Outcome run(BufferAllocator allocator, String... arguments) {
    return run(allocator, Map.of(), arguments);
  }

  /** Runs {@code arguments} with {@code environment} as the process environment. */
  static Outcome run(BufferAllocator allocator, Map<String, String> environment, String... arguments) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = QuiverCommand.commandLine(allocator, environment, new PrintWriter(out), new PrintWriter(err))
        .execute(arguments);
    return new Outcome(exitCode, out.toString(), err.toString());
  }

  /** A test resource as a path. */
  static Path resource(String name) {
    try {
      return Path.of(CommandRunner.class.getResource("/" + name).toURI());
    } catch (URISyntaxException impossible) {
      throw new IllegalStateException(impossible);
    }
  }
}
