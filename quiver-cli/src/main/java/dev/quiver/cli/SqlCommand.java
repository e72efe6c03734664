package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SessionOptions;
import dev.quiver.sql.session.SqlStatements;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code quiver sql}: runs SQL over registered tables and files. With a query (or {@code --file}) it
 * runs the statements and prints their results; with neither, on a terminal, it opens the
 * interactive shell; otherwise it reads statements from standard input. Bad SQL prints one line
 * naming line:column and exits 2.
 */
@Command(name = "sql",
    description = "Run SQL over .qvr, Parquet, CSV and Arrow files (an interactive shell without a query).")
public final class SqlCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "QUERY",
      description = "The SQL to run (statements end with ';').")
  String query;

  @Option(names = "--file", paramLabel = "FILE", description = "Run the statements in FILE.")
  Path file;

  @Option(names = "--db", paramLabel = "DIR",
      description = "Keep tables, views and schemas (CREATE TABLE, INSERT, ...) in the database in DIR, made if"
          + " missing (default: an in-memory database, gone at exit).")
  Path database;

  @Option(names = "--tables", paramLabel = "DIR",
      description = "Register every table file in DIR (.qvr, .parquet, .csv, .arrow) under its name.")
  List<Path> tableDirectories = new ArrayList<>();

  @Option(names = "--table", paramLabel = "NAME=PATH", description = "Register one table (repeatable).")
  List<String> tables = new ArrayList<>();

  @Option(names = "--threads", paramLabel = "N", description = "Threads per query (default: the available cores).")
  Integer threads;

  @Option(names = "--memory-limit", paramLabel = "SIZE",
      description = "Memory one query may hold, e.g. 512m or 4g (default: 3/4 of the heap); past it operators spill.")
  String memoryLimit;

  @Option(names = "--format", paramLabel = "FORMAT",
      description = "table (default on a terminal), csv (default otherwise), json (one object per line) or markdown"
          + " (a GitHub table).")
  String format;

  @Option(names = "--max-rows", paramLabel = "N", defaultValue = "1000",
      description = "Rows a table shows at most (default ${DEFAULT-VALUE}); csv and json print every row.")
  long maximumRows;

  @Option(names = "--null-string", paramLabel = "TEXT", defaultValue = "",
      description = "How CSV output writes a NULL (default: an empty field; an empty string is written \"\").")
  String nullString;

  @Option(names = "--spill-dir", paramLabel = "DIR", description = "Where queries spill (default: the temp folder).")
  Path spillDirectory;

  @Option(names = "--repartition-groups", paramLabel = "N",
      description = "A GROUP BY whose integer keys' statistics allow at least N groups repartitions its rows by key"
          + " across the threads first (default: 1000000; 1: every GROUP BY).")
  Long repartitionGroups;

  @Option(names = "--output", paramLabel = "FILE",
      description = "Write the result of the (last) statement to FILE, atomically: .qvr, .parquet or .arrow by its"
          + " extension, otherwise in --format (default csv); prints 'N rows written to FILE'.")
  Path output;

  /** How CSV tables are typed (--infer-rows, --column-type), as for convert. */
  @Mixin
  CsvInputOptions csv;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (query != null && file != null) {
      throw QuiverException.user("give a QUERY or --file, not both");
    }
    if (QuiverCommand.standalone && (query != null || file != null)) {
      // one query or one file and the process ends: the kernels that need no JIT warm-up (Simd decides
      // when a kernel first loads, after this; a JVM that runs commands in-process keeps its choice)
      System.setProperty(dev.quiver.common.simd.Simd.ONE_SHOT_PROPERTY, "true");
    }
    @SuppressWarnings("SystemConsoleNull") // Java 17: null when not on a terminal, the test this needs
    boolean terminal = System.console() != null;
    SqlResultPrinter.Format chosen = format == null
        ? (terminal ? SqlResultPrinter.Format.TABLE : SqlResultPrinter.Format.CSV)
        : SqlResultPrinter.Format.parse(format);
    try (CommandMemory memory = QuiverCommand.of(spec).openMemory("sql");
        QuiverSession session = database == null ? QuiverSession.open(memory.allocator(), options())
            : QuiverSession.open(memory.allocator(), options(), database)) {
      register(session);
      SqlRunner runner = new SqlRunner(session, out, err, chosen, maximumRows, Progress.standardErrorIsTerminal());
      runner.csvNull(nullString);
      if (output != null) {
        if (query == null && file == null && terminal) {
          throw QuiverException.user("--output needs a QUERY or --file (the shell prints its results)");
        }
        runner.output(output, format != null);
      }
      if (query != null) {
        return reported(memory, runner.runAll(query, "the query"));
      }
      if (file != null) {
        return reported(memory, runner.runAll(Files.readString(file, StandardCharsets.UTF_8), file.toString()));
      }
      if (terminal) {
        return reported(memory, new SqlShell(session, runner, err).run());
      }
      InputStream input = System.in;
      return reported(memory, runner.runAll(new String(input.readAllBytes(), StandardCharsets.UTF_8),
          "standard input"));
    }
  }

  /** {@code exitCode}, telling {@code memory} when it reports a failure already printed. */
  private static int reported(CommandMemory memory, int exitCode) {
    if (exitCode != 0) {
      memory.failureReported();
    }
    return exitCode;
  }

  private SessionOptions options() {
    SessionOptions options = SessionOptions.defaults();
    if (threads != null) {
      if (threads < 1) {
        throw QuiverException.user("--threads must be at least 1, not " + threads);
      }
      options = options.withThreads(threads);
    }
    if (memoryLimit != null) {
      options = options.withMemoryLimit(ShufflePartitionCommand.size("--memory-limit", memoryLimit));
    }
    if (spillDirectory != null) {
      options = options.withSpillDirectory(spillDirectory);
    }
    if (repartitionGroups != null) {
      if (repartitionGroups < 1) {
        throw QuiverException.user("--repartition-groups must be at least 1, not " + repartitionGroups);
      }
      options = options.withRepartitionGroups(repartitionGroups);
    }
    return options;
  }

  private void register(QuiverSession session) throws IOException {
    session.catalog().csvOptions(csv.readOptions());
    for (Path directory : tableDirectories) {
      session.registerDirectory(directory);
    }
    for (String table : tables) {
      int equals = table.indexOf('=');
      if (equals <= 0 || equals == table.length() - 1) {
        throw QuiverException.user("--table takes NAME=PATH, not '" + table + "'");
      }
      session.register(table.substring(0, equals).trim(), Path.of(table.substring(equals + 1).trim()));
    }
  }

  /** Statements of a text, for tests. */
  static List<SqlStatements.Statement> statements(String text) {
    return SqlStatements.split(text);
  }
}
