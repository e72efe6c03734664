package dev.quiver.cli;

import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SqlStatements;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The interactive SQL shell: statements end with {@code ;} (several lines each), history in
 * {@code ~/.quiver_history}, timing after every result; dot commands in {@link ShellCommands}; tab
 * completion of keywords, tables and columns ({@link SqlCompleter}). Ctrl-C cancels the running
 * query (or the line being typed), Ctrl-D leaves; a failure prints one line and the shell goes on.
 */
final class SqlShell {
  private final QuiverSession session;
  private final SqlRunner runner;
  private final PrintWriter err;
  private final StringBuilder pending = new StringBuilder();
  private ShellCommands commands;

  SqlShell(QuiverSession session, SqlRunner runner, PrintWriter err) {
    this.session = session;
    this.runner = runner;
    this.err = err;
  }

  int run() throws IOException {
    try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
      terminal.handle(Terminal.Signal.INT, signal -> runner.cancelRunning());
      runner.width(() -> terminal.getWidth() > 0 ? terminal.getWidth() : SqlResultPrinter.defaultWidth());
      LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("quiver")
          .completer(new SqlCompleter(session)).option(LineReader.Option.CASE_INSENSITIVE, true)
          .variable(LineReader.HISTORY_FILE, Path.of(System.getProperty("user.home"), ".quiver_history"))
          .build();
      PrintWriter out = terminal.writer();
      out.println("Quiver SQL shell: statements end with ';'. .help for commands, Ctrl-D to leave.");
      while (true) {
        String line;
        try {
          line = reader.readLine(pending.length() == 0 ? "quiver> " : "   ...> ");
        } catch (UserInterruptException interrupted) {
          pending.setLength(0);
          continue;
        } catch (EndOfFileException end) {
          return 0;
        }
        if (!line(line, out)) {
          return 0;
        }
      }
    }
  }

  /**
   * Takes one typed line: a dot command, or SQL run once a ';' completes its statements. False to
   * leave. Any failure prints one line and the shell goes on.
   */
  boolean line(String line, PrintWriter out) {
    if (commands == null) {
      commands = new ShellCommands(session, runner, out, err);
    }
    try {
      if (pending.length() == 0 && line.strip().startsWith(".")) {
        return commands.run(line);
      }
      pending.append(line).append('\n');
      List<SqlStatements.Statement> statements = SqlStatements.split(pending.toString());
      if (statements.isEmpty()) {
        pending.setLength(0);
        return true;
      }
      if (!statements.get(statements.size() - 1).complete()) {
        return true;
      }
      pending.setLength(0);
      for (SqlStatements.Statement statement : statements) {
        runner.run(statement);
      }
    } catch (RuntimeException failure) {
      pending.setLength(0);
      out.flush();
      err.println("quiver: " + ErrorReporter.message(failure));
      err.flush();
    }
    return true;
  }
}
