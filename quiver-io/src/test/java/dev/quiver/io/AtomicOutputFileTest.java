package dev.quiver.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link AtomicOutputFile}: the temporary file says whose it is ({@code .NAME.quiver-tmp-PID-...}),
 * and what a killed writer left behind is removed by the next write of the same file.
 */
class AtomicOutputFileTest {
  @TempDir
  Path directory;

  @Test
  void theTemporaryFileNamesTheTargetAndThisProcess() throws IOException {
    Path target = directory.resolve("out.csv");
    try (AtomicOutputFile file = AtomicOutputFile.create(target)) {
      file.stream().write("a\n".getBytes(StandardCharsets.UTF_8));
      assertThat(names()).singleElement().asString()
          .startsWith(".out.csv.quiver-tmp-" + ProcessHandle.current().pid() + "-");
      file.commit();
    }
    assertThat(names()).containsExactly("out.csv");
    assertThat(Files.readString(target)).isEqualTo("a\n");
  }

  @Test
  void theNextWriteRemovesWhatAKilledWriterLeft() throws Exception {
    long deadPid = deadProcessId();
    Path target = directory.resolve("out.csv");
    Files.writeString(directory.resolve(".out.csv.quiver-tmp-" + deadPid + "-k9"), "half a file");
    try (AtomicOutputFile file = AtomicOutputFile.create(target)) {
      file.commit();
    }
    assertThat(names()).containsExactly("out.csv");
  }

  /** The id of a process that has ended. */
  static long deadProcessId() throws IOException, InterruptedException {
    Process process = new ProcessBuilder("java", "-version").redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    process.waitFor();
    return process.pid();
  }

  private List<String> names() throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(path -> path.getFileName().toString()).sorted().toList();
    }
  }
}
