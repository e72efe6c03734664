package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.common.arrow.UnreadableColumns;
import dev.quiver.sql.session.QuiverSession;
import java.io.PrintWriter;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The shell's dot commands: {@code .tables}, {@code .schema NAME}, {@code .timer on|off}, {@code
 * .maxrows N}, {@code .help}, {@code .quit}. A mistake prints one line on the error stream.
 */
final class ShellCommands {
  private final QuiverSession session;
  private final SqlRunner runner;
  private final PrintWriter out;
  private final PrintWriter err;

  ShellCommands(QuiverSession session, SqlRunner runner, PrintWriter out, PrintWriter err) {
    this.session = session;
    this.runner = runner;
    this.out = out;
    this.err = err;
  }

  /** Runs a dot command; false to leave the shell. */
  boolean run(String line) {
    String[] words = line.strip().split("\\s+");
    switch (words[0]) {
      case ".quit":
      case ".exit":
        return false;
      case ".tables":
        session.tables().forEach(out::println);
        break;
      case ".schema":
        schema(words);
        break;
      case ".timer":
        if (words.length != 2 || !(words[1].equals("on") || words[1].equals("off"))) {
          err.println("quiver: .timer takes on or off (now " + (runner.timer() ? "on" : "off") + ")");
        } else {
          runner.timer(words[1].equals("on"));
        }
        break;
      case ".maxrows":
        maximumRows(words);
        break;
      case ".help":
        out.println(".tables          the tables and views (registered and the database's)");
        out.println(".schema NAME     the columns of a table");
        out.println(".timer on|off    the time after each result (on)");
        out.println(".maxrows N       rows a table shows at most (now " + runner.maximumRows() + ")");
        out.println(".quit            leave (also Ctrl-D)");
        out.println("EXPLAIN q; EXPLAIN ANALYZE q;   the plan; the plan with each operator's metrics");
        out.println("COPY (q) TO 'file.parquet';     the rows to a .qvr, .parquet, .csv or .arrow file");
        out.println("Tab completes keywords, tables and columns; Ctrl-C cancels the running query.");
        break;
      default:
        err.println("quiver: unknown command " + words[0] + " (.help lists them)");
        break;
    }
    out.flush();
    err.flush();
    return true;
  }

  private void schema(String[] words) {
    if (words.length != 2) {
      err.println("quiver: .schema takes one table name");
      return;
    }
    try {
      for (Field field : session.schema(words[1]).getFields()) {
        String type = UnreadableColumns.isUnreadable(field) ? UnreadableColumns.fileType(field) + " (not readable)"
            : TypeText.of(field.getType());
        out.println(field.getName() + "  " + type + (field.isNullable() ? "" : " NOT NULL"));
      }
    } catch (QuiverException unknown) {
      err.println("quiver: " + unknown.getMessage());
    }
  }

  private void maximumRows(String[] words) {
    long rows = -1;
    if (words.length == 2) {
      try {
        rows = Long.parseLong(words[1]);
      } catch (NumberFormatException notNumber) {
        rows = -1;
      }
    }
    if (rows < 1) {
      err.println("quiver: .maxrows takes a number of rows, at least 1 (now " + runner.maximumRows() + ")");
      return;
    }
    runner.maximumRows(rows);
  }
}
