package dev.quiver.cli;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code quiver} command line: the top command, its subcommands and the process entry point.
 *
 * <p>Exit codes: 0 success, 2 a usage error or a {@link dev.quiver.common.ErrorCode#USER} error, 1 any
 * other failure. A failure prints one line, {@code quiver: <message>}, to standard error; a stack
 * trace follows only with {@code --verbose} or the environment variable {@code QUIVER_DEBUG=1}.
 *
 * <p>Tests run commands in-process through {@link #commandLine}, giving their own allocator (every
 * command takes a child of it and closes that child checked) and their own output writers.
 */
@Command(
    name = "quiver",
    scope = ScopeType.INHERIT,
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Quiver: a pure-JVM columnar engine: .qvr files, Parquet and Arrow conversion, Comet-compatible shuffle blocks.",
    subcommands = {DemoCommand.class, GenerateCommand.class, ConvertCommand.class, InspectCommand.class,
        ScanCommand.class,
        ShuffleCommand.class, SqlCommand.class})
public final class QuiverCommand implements Callable<Integer> {

  @Option(
      names = "--verbose",
      scope = ScopeType.INHERIT,
      description = "Print stack traces with errors (also: environment QUIVER_DEBUG=1).")
  boolean verbose;

  @Spec
  CommandSpec spec;

  private final BufferAllocator parentAllocator;

  /** The command for a process: every command run makes and closes its own root allocator. */
  public QuiverCommand() {
    this(null);
  }

  /** The command for in-process use: every command run takes a child of {@code parentAllocator}. */
  public QuiverCommand(BufferAllocator parentAllocator) {
    this.parentAllocator = parentAllocator;
  }

  /** The top command of the command line that {@code spec} belongs to. */
  static QuiverCommand of(CommandSpec spec) {
    return (QuiverCommand) spec.root().userObject();
  }

  /** Memory for one command run named {@code name}; close it when the run ends. */
  CommandMemory openMemory(String name) {
    return CommandMemory.open(parentAllocator, name);
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return CommandLine.ExitCode.USAGE;
  }

  /**
   * A ready command line.
   *
   * @param parentAllocator allocator each command takes a child of, or null for a root per command
   * @param environment where {@code QUIVER_DEBUG} is looked up
   * @param standardOutput standard output (commands print results here)
   * @param standardError standard error (errors, progress and summaries)
   */
  public static CommandLine commandLine(
      BufferAllocator parentAllocator, Map<String, String> environment,
      PrintWriter standardOutput, PrintWriter standardError) {
    CommandLine commandLine = new CommandLine(new QuiverCommand(parentAllocator));
    ErrorReporter reporter = new ErrorReporter("1".equals(environment.get("QUIVER_DEBUG")));
    commandLine.setOut(standardOutput);
    commandLine.setErr(standardError);
    commandLine.setExecutionExceptionHandler(reporter);
    commandLine.setParameterExceptionHandler(reporter);
    VersionProvider.commandLineBuilt = true;
    return commandLine;
  }

  /**
   * Runs a command line; an {@link OutOfMemoryError} (which picocli does not handle) becomes one line
   * on standard error and exit code 5 (a RESOURCE error), never a stack trace.
   */
  static int execute(CommandLine commandLine, String... arguments) {
    try {
      return commandLine.execute(arguments);
    } catch (OutOfMemoryError exhausted) {
      commandLine.getOut().flush();
      commandLine.getErr().println("quiver: " + ErrorReporter.outOfMemory(Runtime.getRuntime().maxMemory()));
      commandLine.getErr().flush();
      return ErrorReporter.RESOURCE;
    }
  }

  /**
   * Whether this process is the command line itself ({@link #main}), which ends with the command; false
   * when a test or an application runs commands in its own JVM.
   */
  static volatile boolean standalone;

  /** Runs the command line in this process, exits with its exit code. */
  public static void main(String[] arguments) {
    standalone = true;
    PrintWriter standardOutput = new PrintWriter(new BufferedWriter(
        new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), 1 << 16));
    PrintWriter standardError = new PrintWriter(
        new OutputStreamWriter(new FileOutputStream(FileDescriptor.err), StandardCharsets.UTF_8), true);
    int exitCode = execute(commandLine(null, System.getenv(), standardOutput, standardError), arguments);
    standardOutput.flush();
    standardError.flush();
    System.exit(exitCode);
  }
}
