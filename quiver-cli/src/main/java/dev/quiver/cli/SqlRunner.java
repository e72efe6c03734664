package dev.quiver.cli;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.io.AtomicOutputFile;
import dev.quiver.sql.copy.CopyFormat;
import dev.quiver.sql.copy.CopyTarget;
import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SqlResult;
import dev.quiver.sql.session.SqlStatements;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Runs statements through a session and prints their results; a failed statement prints one line
 * ({@code quiver: line L:C: ...} for SQL errors, positions counted in the whole text) and stops a
 * script (exit 2 for USER errors, 1 otherwise). A progress bar appears on a terminal's standard
 * error for a query past 2 seconds.
 */
final class SqlRunner {
  private static final long PROGRESS_AFTER_NANOS = TimeUnit.SECONDS.toNanos(2);

  private final QuiverSession session;
  private final PrintWriter out;
  private final PrintWriter err;
  private final SqlResultPrinter.Format format;
  private final boolean terminal;
  private long maximumRows;
  private boolean timer = true;
  private Path output;
  private String csvNull = "";
  private boolean formatGiven;
  private volatile SqlResult running;
  private java.util.function.IntSupplier width = SqlResultPrinter::defaultWidth;

  SqlRunner(QuiverSession session, PrintWriter out, PrintWriter err, SqlResultPrinter.Format format,
      long maximumRows, boolean terminal) {
    this.session = session;
    this.out = out;
    this.err = err;
    this.format = format;
    this.maximumRows = maximumRows;
    this.terminal = terminal;
  }

  /** The width a table fits from now on, asked before each statement (the shell: the terminal's). */
  void width(java.util.function.IntSupplier width) {
    this.width = width;
  }

  /** Rows a table shows at most from now on (the shell's {@code .maxrows}). */
  void maximumRows(long rows) {
    this.maximumRows = rows;
  }

  long maximumRows() {
    return maximumRows;
  }

  /** Whether a table's row count line gives the time (the shell's {@code .timer}). */
  void timer(boolean on) {
    this.timer = on;
  }

  boolean timer() {
    return timer;
  }

  /**
   * Sends the result of the last statement of {@link #runAll} to {@code file} ({@code --output});
   * {@code formatGiven}: whether --format was given (a .qvr/.parquet/.arrow file has its own).
   */
  /** How CSV output writes a null ({@code --null-string}; empty by default). */
  void csvNull(String text) {
    this.csvNull = text;
  }

  void output(Path file, boolean formatGiven) {
    this.output = file;
    this.formatGiven = formatGiven;
  }

  /** Runs every statement of {@code text}, stopping at the first failure; the exit code. */
  int runAll(String text, String where) {
    List<SqlStatements.Statement> statements = SqlStatements.split(text);
    if (statements.isEmpty()) {
      throw QuiverException.user(where + " holds no SQL statement");
    }
    for (int i = 0; i < statements.size(); i++) {
      SqlStatements.Statement statement = statements.get(i);
      int exitCode = output != null && i == statements.size() - 1 ? runToFile(statement, output) : run(statement);
      if (exitCode != 0) {
        return exitCode;
      }
    }
    return 0;
  }

  /** Runs one statement and prints its result or its error; the exit code (0 when it worked). */
  int run(SqlStatements.Statement statement) {
    return guarded(statement, () -> print(statement, out, format, maximumRows, timer));
  }

  /**
   * Runs one statement and writes its result to {@code file}, atomically: a .qvr, .parquet or .arrow
   * file through COPY's writer, any other in the format; then prints "N rows written to FILE".
   */
  int runToFile(SqlStatements.Statement statement, Path file) {
    return guarded(statement, () -> {
      CopyFormat binary = CopyFormat.ofPath(file);
      long rows;
      if (binary != null && binary != CopyFormat.CSV) {
        if (formatGiven) {
          throw QuiverException.user("--format applies to text output; " + file + " is written as "
              + binary.optionName() + " (by its extension)");
        }
        rows = session.copy(statement.text(), CopyTarget.of(file, binary));
      } else {
        try (AtomicOutputFile atomic = AtomicOutputFile.create(file)) {
          PrintWriter target = new PrintWriter(new OutputStreamWriter(atomic.stream(), StandardCharsets.UTF_8));
          rows = print(statement, target, formatGiven ? format : SqlResultPrinter.Format.CSV, Long.MAX_VALUE, false);
          target.flush();
          atomic.commit();
        } catch (IOException failure) {
          throw new QuiverException(ErrorCode.IO, "cannot write " + file + ": " + failure.getMessage(), failure);
        }
      }
      out.println((rows == 1 ? "1 row" : rows + " rows") + " written to " + file);
      out.flush();
      return rows;
    });
  }

  /** Something a statement does that may fail. */
  @FunctionalInterface
  private interface Action {
    long run();
  }

  private int guarded(SqlStatements.Statement statement, Action action) {
    try {
      action.run();
      return 0;
    } catch (QuiverException failure) {
      out.flush();
      err.println("quiver: " + describe(failure, statement));
      if ("1".equals(System.getenv("QUIVER_DEBUG"))) {
        failure.printStackTrace(err); // where it failed, for a bug report
      }
      err.flush();
      return ErrorReporter.exitCode(failure.errorCode());
    } finally {
      running = null;
    }
  }

  /** Runs a statement and prints its result to {@code target}; the rows printed. */
  private long print(SqlStatements.Statement statement, PrintWriter target, SqlResultPrinter.Format chosen,
      long rowsShown, boolean timed) {
    long started = System.nanoTime();
    try (SqlResult result = session.execute(statement.text())) {
      running = result;
      if (result.isText()) {
        target.print(result.text());
        target.flush();
        return 0;
      }
      SqlResultPrinter printer = chosen == SqlResultPrinter.Format.CSV
          ? SqlResultPrinter.of(chosen, target, result.schema().getFields(), rowsShown, csvNull)
          : SqlResultPrinter.of(chosen, target, result.schema().getFields(), rowsShown, width.getAsInt());
      try (ProgressTicker ticker = new ProgressTicker(result, started)) {
        for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
          try (VectorSchemaRoot rows = batch) {
            printer.print(rows);
          }
        }
      }
      printer.finish(timed ? System.nanoTime() - started : -1);
      return printer.rows;
    }
  }

  /** Cancels the statement running now, if any (Ctrl-C in the shell). */
  void cancelRunning() {
    SqlResult result = running;
    if (result != null) {
      result.cancel();
    }
  }

  /** The error's line, with a SQL position moved to where the statement sits in the whole text. */
  static String describe(QuiverException failure, SqlStatements.Statement statement) {
    String message = failure.getMessage();
    if (failure instanceof dev.quiver.sql.SqlException sql && sql.line() > 0) {
      int line = sql.line() + statement.line() - 1;
      int column = sql.line() == 1 ? sql.column() + statement.column() - 1 : sql.column();
      String problem = message.replaceFirst("^line \\d+:\\d+: ", "");
      return String.format(Locale.ROOT, "line %d:%d: %s", line, column, problem);
    }
    return message;
  }

  /** Redraws a progress bar on standard error while a long query runs on a terminal. */
  private final class ProgressTicker implements AutoCloseable {
    private final ScheduledExecutorService timer;
    private final Progress progress;
    private java.util.concurrent.ScheduledFuture<?> ticking;

    ProgressTicker(SqlResult result, long started) {
      if (!terminal) {
        timer = null;
        progress = null;
        return;
      }
      progress = new Progress(err, "query", 0, true);
      timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "quiver-sql-progress");
        thread.setDaemon(true);
        return thread;
      });
      ticking = timer.scheduleAtFixedRate(() -> {
        long elapsed = System.nanoTime() - started;
        double fraction = result.progress();
        if (elapsed < PROGRESS_AFTER_NANOS || Double.isNaN(fraction)) {
          return;
        }
        progress.updateFraction(fraction);
      }, 200, 200, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
      if (timer != null) {
        ticking.cancel(false);
        timer.shutdownNow();
        progress.finish();
      }
    }
  }
}
