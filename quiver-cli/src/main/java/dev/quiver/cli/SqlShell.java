package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SqlStatements;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The interactive SQL shell: statements end with {@code ;} (several lines each), history in
 * {@code ~/.quiver_history}, timing after every result; {@code .tables}, {@code .schema NAME},
 * {@code .help}, {@code .quit}. Ctrl-C cancels the running query (or the line being typed), Ctrl-D
 * leaves.
 */
final class SqlShell {
  private final QuiverSession session;
  private final SqlRunner runner;
  private final PrintWriter err;

  SqlShell(QuiverSession session, SqlRunner runner, PrintWriter err) {
    this.session = session;
    this.runner = runner;
    this.err = err;
  }

  int run() throws IOException {
    try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
      terminal.handle(Terminal.Signal.INT, signal -> runner.cancelRunning());
      LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("quiver")
          .variable(LineReader.HISTORY_FILE, Path.of(System.getProperty("user.home"), ".quiver_history"))
          .build();
      PrintWriter out = terminal.writer();
      out.println("Quiver SQL shell: statements end with ';'. .help for commands, Ctrl-D to leave.");
      StringBuilder pending = new StringBuilder();
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
        if (pending.length() == 0 && line.strip().startsWith(".")) {
          if (!command(line.strip(), out)) {
            return 0;
          }
          continue;
        }
        pending.append(line).append('\n');
        List<SqlStatements.Statement> statements = SqlStatements.split(pending.toString());
        if (statements.isEmpty()) {
          pending.setLength(0);
          continue;
        }
        if (!statements.get(statements.size() - 1).complete()) {
          continue;
        }
        pending.setLength(0);
        for (SqlStatements.Statement statement : statements) {
          runner.run(statement);
        }
      }
    }
  }

  /** Runs a dot command; false to leave the shell. */
  private boolean command(String line, PrintWriter out) {
    String[] words = line.split("\\s+");
    switch (words[0]) {
      case ".quit":
      case ".exit":
        return false;
      case ".tables":
        session.tables().forEach(out::println);
        return true;
      case ".schema":
        if (words.length != 2) {
          err.println("quiver: .schema takes one table name");
          return true;
        }
        try {
          for (Field field : session.schema(words[1]).getFields()) {
            out.println(
                field.getName() + "  " + TypeText.of(field.getType()) + (field.isNullable() ? "" : " NOT NULL"));
          }
        } catch (QuiverException unknown) {
          err.println("quiver: " + unknown.getMessage());
        }
        return true;
      case ".help":
        out.println(".tables          the registered tables");
        out.println(".schema NAME     the columns of a table");
        out.println(".quit            leave (also Ctrl-D)");
        out.println("EXPLAIN q; EXPLAIN ANALYZE q;   the plan; the plan with each operator's metrics");
        return true;
      default:
        err.println("quiver: unknown command " + words[0] + " (.help lists them)");
        return true;
    }
  }
}
