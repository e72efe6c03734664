package dev.quiver.cli;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns a failed command into one line on standard error and an exit code, one per kind of error
 * (docs/SQL.md, README): 2 for bad arguments and {@link ErrorCode#USER} errors, 3 {@link
 * ErrorCode#CORRUPT}, 4 {@link ErrorCode#IO}, 5 {@link ErrorCode#RESOURCE} (out of memory included),
 * 6 {@link ErrorCode#CANCELLED}, 1 {@link ErrorCode#INTERNAL} and anything untyped. With {@code --verbose} (anywhere on the
 * command line) or {@code QUIVER_DEBUG=1} the stack trace follows the line.
 */
final class ErrorReporter implements IExecutionExceptionHandler, IParameterExceptionHandler {
  static final int FAILURE = 1;
  static final int USAGE = CommandLine.ExitCode.USAGE;
  static final int CORRUPT = 3;
  static final int IO = 4;
  static final int RESOURCE = 5;
  static final int CANCELLED = 6;
  static final int CONFLICT = 7;

  private final boolean debug;

  ErrorReporter(boolean debug) {
    this.debug = debug;
  }

  @Override
  public int handleExecutionException(Exception exception, CommandLine commandLine, ParseResult parseResult) {
    commandLine.getOut().flush();
    Throwable problem = unwrap(exception);
    PrintWriter standardError = commandLine.getErr();
    boolean stackTrace = debug || verbose(parseResult);
    standardError.println("quiver: " + message(problem, stackTrace));
    if (stackTrace) {
      problem.printStackTrace(standardError);
    }
    standardError.flush();
    return exitCode(problem);
  }

  @Override
  public int handleParseException(ParameterException exception, String[] arguments) {
    CommandLine commandLine = exception.getCommandLine();
    PrintWriter standardError = commandLine.getErr();
    standardError.println("quiver: " + oneLine(exception.getMessage())
        + " (see '" + commandLine.getCommandSpec().qualifiedName() + " --help')");
    standardError.flush();
    return USAGE;
  }

  /** The line for a command that ran out of Java heap. */
  static String outOfMemory(long maximumHeapBytes) {
    return "out of memory: the Java heap (at most " + (maximumHeapBytes >> 20) + " MiB) is too small for this"
        + " command; give it more with QUIVER_JAVA_OPTS=-Xmx<size>, or ask for less (a lower --memory-limit,"
        + " fewer --partitions or --threads, smaller --batch-rows)";
  }

  /** The exit code for a failure: one per {@link ErrorCode}, 1 for an untyped failure. */
  static int exitCode(Throwable problem) {
    if (problem instanceof QuiverException) {
      return exitCode(((QuiverException) problem).errorCode());
    }
    if (problem instanceof CorruptFileException) {
      return CORRUPT;
    }
    if (problem instanceof IOException) {
      return IO;
    }
    if (problem instanceof OutOfMemoryError) {
      return RESOURCE;
    }
    return FAILURE;
  }

  /** The exit code of an error of kind {@code code}. */
  static int exitCode(ErrorCode code) {
    switch (code) {
      case USER:
        return USAGE;
      case CORRUPT:
        return CORRUPT;
      case IO:
        return IO;
      case RESOURCE:
        return RESOURCE;
      case CANCELLED:
        return CANCELLED;
      case CONFLICT:
        return CONFLICT;
      default:
        return FAILURE;
    }
  }

  /** The one-line message for a failure, without the {@code quiver: } prefix, as without --verbose. */
  static String message(Throwable problem) {
    return message(problem, false);
  }

  /**
   * The one-line message for a failure, without the {@code quiver: } prefix.
   *
   * @param stackTrace whether the stack trace follows (then an internal error does not ask for it)
   */
  static String message(Throwable problem, boolean stackTrace) {
    String text;
    if (problem instanceof QuiverException || problem instanceof CorruptFileException) {
      text = problem.getMessage();
    } else if (problem instanceof NoSuchFileException) {
      text = "no such file: " + ((NoSuchFileException) problem).getFile();
    } else if (problem instanceof AccessDeniedException) {
      text = "permission denied: " + ((AccessDeniedException) problem).getFile();
    } else if (problem instanceof FileSystemException || problem instanceof IOException) {
      text = problem.getMessage() == null ? problem.getClass().getSimpleName() : problem.getMessage();
    } else {
      text = "internal error: " + problem + (stackTrace ? "" : " (rerun with --verbose for the stack trace)");
    }
    return oneLine(text == null ? problem.getClass().getName() : text);
  }

  private static Throwable unwrap(Throwable exception) {
    Throwable current = exception;
    while ((current instanceof UncheckedIOException || current instanceof CommandLine.ExecutionException)
        && current.getCause() != null) {
      current = current.getCause();
    }
    return current;
  }

  private static String oneLine(String text) {
    return text.strip().replaceAll("\\s*\\R\\s*", " ");
  }

  private static boolean verbose(ParseResult parseResult) {
    for (ParseResult current = parseResult; current != null; current = current.subcommand()) {
      if (current.hasMatchedOption("--verbose")) {
        return true;
      }
    }
    return false;
  }
}
