package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SessionOptions;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.jline.reader.Candidate;
import org.jline.reader.impl.DefaultParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The shell without a terminal: completion, dot commands, and one line per failure. */
class SqlShellTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private QuiverSession session() throws IOException {
    Path file = directory.resolve("things.qvr");
    try (VectorSchemaRoot root = TestTables.allTypes(memory.allocator(), 50, 3, true);
        QuiverWriter writer = QuiverWriter.create(file, root.getSchema(), memory.allocator())) {
      writer.write(root);
    }
    QuiverSession session = QuiverSession.open(memory.allocator(), SessionOptions.defaults());
    session.register("things", file);
    return session;
  }

  @Test
  void completionOffersTablesColumnsAndKeywordsForWhatIsTyped() throws IOException {
    try (QuiverSession session = session()) {
      SqlCompleter completer = new SqlCompleter(session);
      List<String> columns = session.schema("things").getFields().stream().map(field -> field.getName()).toList();
      assertThat(columns).contains("utf8");
      assertThat(completer.candidates("th")).contains("things");
      assertThat(completer.candidates("UT")).contains("utf8").doesNotContain("things");
      assertThat(completer.candidates("things.")).containsExactlyElementsOf(
          columns.stream().map(column -> "things." + column).toList());
      assertThat(completer.candidates("count(ut")).contains("count(utf8");
      assertThat(completer.candidates("sel")).contains("SELECT");
      assertThat(completer.candidates("zzz")).isEmpty();
      // through JLine's parser, as the shell calls it
      String line = "SELECT id FROM thi";
      List<Candidate> candidates = new ArrayList<>();
      completer.complete(null, new DefaultParser().parse(line, line.length()), candidates);
      assertThat(candidates).extracting(Candidate::value).containsExactly("things");
    }
  }

  @Test
  void timerAndMaxRowsChangeTheTableAndFailuresPrintOneLine() throws IOException {
    try (QuiverSession session = session()) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      PrintWriter outWriter = new PrintWriter(out, true);
      PrintWriter errWriter = new PrintWriter(err, true);
      SqlRunner runner = new SqlRunner(session, outWriter, errWriter, SqlResultPrinter.Format.TABLE, 1000, false);
      SqlShell shell = new SqlShell(session, runner, errWriter);
      assertThat(shell.line("SELECT id FROM things", outWriter)).isTrue();
      assertThat(out.toString()).as("a statement without ';' waits").isEmpty();
      shell.line("ORDER BY id LIMIT 3;", outWriter);
      assertThat(lastLine(out)).startsWith("3 rows in ").endsWith(" s");
      shell.line(".timer off", outWriter);
      shell.line("SELECT id FROM things ORDER BY id LIMIT 3;", outWriter);
      assertThat(lastLine(out)).isEqualTo("3 rows");
      shell.line(".maxrows 2", outWriter);
      shell.line("SELECT id FROM things ORDER BY id LIMIT 3;", outWriter);
      assertThat(lastLine(out)).isEqualTo("3 rows (2 shown)");
      shell.line(".timer on", outWriter);
      shell.line("SELECT id FROM things ORDER BY id LIMIT 3;", outWriter);
      assertThat(lastLine(out)).startsWith("3 rows (2 shown) in ");
      assertThat(err.toString()).isEmpty();

      for (String mistake : List.of(".maxrows many", ".timer maybe", ".nothing", ".schema", ".schema nope",
          "SELECT nope FROM things;", "SELECT * FROM 'missing.parquet';", "COPY things TO 'x.txt';")) {
        err.getBuffer().setLength(0);
        assertThat(shell.line(mistake, outWriter)).as(mistake).isTrue();
        assertThat(err.toString().lines().toList()).as(mistake).hasSize(1)
            .allMatch(line -> line.startsWith("quiver: "));
      }
      shell.line(".help", outWriter);
      assertThat(out.toString()).contains(".timer on|off", ".maxrows N");
      shell.line("SELECT count(*) AS n FROM things;", outWriter);
      assertThat(lastLine(out)).startsWith("1 row in ");
      assertThat(shell.line(".quit", outWriter)).isFalse();
    }
  }

  private static String lastLine(StringWriter out) {
    List<String> lines = out.toString().lines().toList();
    return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
  }
}
