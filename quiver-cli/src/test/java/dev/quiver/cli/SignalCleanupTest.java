package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM (what Ctrl-C also does, through the JVM's shutdown hooks) during a COPY or a spilling query
 * leaves neither the COPY's temporary target nor the query's spill folder behind. The CLI runs in a
 * child JVM; the test waits (bounded) until it has started writing, then kills it.
 */
class SignalCleanupTest {
  @TempDir
  Path directory;
  private Path output;
  private Path spills;

  @BeforeEach
  void writeTable() throws IOException {
    output = Files.createDirectories(directory.resolve("out"));
    spills = Files.createDirectories(directory.resolve("spills"));
    try (Writer out = Files.newBufferedWriter(directory.resolve("t.csv"), StandardCharsets.UTF_8)) {
      out.write("x,s\n");
      for (int row = 0; row < 20_000; row++) {
        out.write(row + ",text number " + row + "\n");
      }
    }
  }

  private Process start(String sql) throws IOException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-modules=jdk.incubator.vector", "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Darrow.allocation.manager.type=Unsafe", "-cp", System.getProperty("java.class.path"),
        "dev.quiver.cli.QuiverCommand", "sql", "--threads", "2", "--memory-limit", "24m", "--spill-dir",
        spills.toString(), "--table", "t=" + directory.resolve("t.csv"), sql));
    return new ProcessBuilder(command).directory(directory.toFile())
        .redirectOutput(directory.resolve("stdout.txt").toFile())
        .redirectError(directory.resolve("stderr.txt").toFile()).start();
  }

  /** Waits (at most two minutes) until {@code folder} holds something, or the process ended. */
  private static void awaitFiles(Process process, Path folder) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (count(folder) == 0 && process.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
  }

  private static long count(Path folder) throws IOException {
    try (Stream<Path> inside = Files.walk(folder)) {
      return inside.filter(path -> !path.equals(folder)).count();
    }
  }

  private void killAndCheck(Process process, Path writtenTo) throws Exception {
    awaitFiles(process, writtenTo);
    assertThat(process.isAlive()).as("the query still runs: " + Files.readString(directory.resolve("stderr.txt")))
        .isTrue();
    assertThat(count(writtenTo)).as("the query started writing").isPositive();
    process.destroy(); // SIGTERM
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(count(output)).as("files left in the COPY's folder").isZero();
    assertThat(count(spills)).as("files left in the spill folder").isZero();
  }

  @Test
  void sigtermDuringCopyRemovesTheTemporaryTarget() throws Exception {
    Process process = start("COPY (SELECT a.x, b.s FROM t a CROSS JOIN t b) TO '" + output.resolve("big.csv") + "'");
    killAndCheck(process, output);
  }

  @Test
  void sigtermDuringASpillingQueryRemovesTheSpillFolder() throws Exception {
    Process process = start("COPY (SELECT a.x, b.s FROM t a CROSS JOIN t b ORDER BY b.s DESC, a.x) TO '"
        + output.resolve("sorted.parquet") + "'");
    killAndCheck(process, spills);
  }
}
