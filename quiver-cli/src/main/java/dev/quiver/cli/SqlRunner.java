package dev.quiver.cli;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SqlResult;
import dev.quiver.sql.session.SqlStatements;
import java.io.PrintWriter;
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
  private final long maximumRows;
  private final boolean terminal;
  private volatile SqlResult running;

  SqlRunner(QuiverSession session, PrintWriter out, PrintWriter err, SqlResultPrinter.Format format,
      long maximumRows, boolean terminal) {
    this.session = session;
    this.out = out;
    this.err = err;
    this.format = format;
    this.maximumRows = maximumRows;
    this.terminal = terminal;
  }

  /** Runs every statement of {@code text}, stopping at the first failure; the exit code. */
  int runAll(String text, String where) {
    int statements = 0;
    for (SqlStatements.Statement statement : SqlStatements.split(text)) {
      statements++;
      int exitCode = run(statement);
      if (exitCode != 0) {
        return exitCode;
      }
    }
    if (statements == 0) {
      throw QuiverException.user(where + " holds no SQL statement");
    }
    return 0;
  }

  /** Runs one statement and prints its result or its error; the exit code (0 when it worked). */
  int run(SqlStatements.Statement statement) {
    long started = System.nanoTime();
    try (SqlResult result = session.execute(statement.text())) {
      running = result;
      SqlResultPrinter printer = SqlResultPrinter.of(result.isText() ? SqlResultPrinter.Format.CSV.equals(format)
          ? format : SqlResultPrinter.Format.TABLE : format, out, result.schema().getFields(), result.isText()
              ? Long.MAX_VALUE : maximumRows);
      if (result.isText()) {
        out.print(result.text());
        out.flush();
        return 0;
      }
      try (ProgressTicker ticker = new ProgressTicker(result, started)) {
        for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
          try (VectorSchemaRoot rows = batch) {
            printer.print(rows);
          }
        }
      }
      printer.finish(System.nanoTime() - started);
      return 0;
    } catch (QuiverException failure) {
      out.flush();
      err.println("quiver: " + describe(failure, statement));
      err.flush();
      return failure.errorCode() == ErrorCode.USER ? ErrorReporter.USAGE : ErrorReporter.FAILURE;
    } finally {
      running = null;
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
