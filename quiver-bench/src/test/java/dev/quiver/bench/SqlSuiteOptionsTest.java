package dev.quiver.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.bench.clickbench.ClickBenchSql;
import dev.quiver.bench.clickbench.FinewebSql;
import dev.quiver.bench.sql.SqlSystem;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code quiver bench clickbench|fineweb-sql} options: query lists with ranges, systems, and one-line USER errors. */
class SqlSuiteOptionsTest {
  private static BenchClickbenchCommand parsed(String... arguments) {
    BenchClickbenchCommand command = new BenchClickbenchCommand();
    new CommandLine(command).parseArgs(arguments);
    return command;
  }

  @Test
  void queriesTakeNumbersNamesAndRanges() {
    BenchClickbenchCommand command = parsed("--rows", "2000", "--queries", "0,3-5,q42,top-phrases,Q4");
    assertThat(command.suite.subjects(ClickBenchSql.QUERIES)).containsExactly("q00", "q03", "q04", "q05", "q42",
        "top-phrases");
    assertThat(parsed().suite.subjects(ClickBenchSql.QUERIES)).hasSize(44);
    assertThat(parsed("--queries", "like").suite.subjects(FinewebSql.QUERIES)).containsExactly("fineweb-like");
    assertThat(parsed("--systems", "quiver").suite.systems()).containsExactly(SqlSystem.QUIVER);
    assertThat(parsed().suite.rows).isEqualTo(1_000_000);
    assertThat(parsed().suite.run.threads).containsExactly(1, 2);
  }

  @Test
  void badOptionsAreUserErrors() {
    assertThatThrownBy(() -> parsed("--queries", "5-3").suite.subjects(ClickBenchSql.QUERIES))
        .isInstanceOf(QuiverException.class).hasMessage("--queries range 5-3 is empty")
        .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER));
    assertThatThrownBy(() -> parsed("--queries", "43").suite.subjects(ClickBenchSql.QUERIES))
        .hasMessage("unknown ClickBench query '43': use 0 to 42 or top-phrases");
    assertThatThrownBy(() -> parsed("--rows", "0").suite.checkedDataDirectory()).hasMessageContaining("--rows");
    StringWriter output = new StringWriter();
    StringWriter error = new StringWriter();
    int exit = BenchCommand.commandLine(new PrintWriter(output, true), new PrintWriter(error, true))
        .execute("clickbench", "--systems", "oracle", "--data", "/nonexistent");
    assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
    assertThat(error.toString()).isEqualTo(
        "quiver bench: unknown system 'oracle': use duckdb, quiver, duckdb-parquet" + System.lineSeparator());
  }
}
