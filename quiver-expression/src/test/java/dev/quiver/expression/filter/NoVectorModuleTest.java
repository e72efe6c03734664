package dev.quiver.expression.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A JVM started without {@code --add-modules jdk.incubator.vector} runs the filters on the scalar
 * path: it starts, answers as a plain loop counts, says why SIMD is off, and never loads a Vector
 * API class or the vector kernels (class loading logged).
 */
public class NoVectorModuleTest {
  @Test
  void withoutTheModuleTheScalarPathRuns() throws IOException, InterruptedException {
    long seed = Long.getLong("quiver.seed", System.nanoTime());
    System.out.println("NoVectorModuleTest seed " + seed);
    List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Darrow.allocation.manager.type=Unsafe",
        "-Xlog:class+load=info", "-cp", System.getProperty("java.class.path"), ScalarOnlyMain.class.getName(),
        Long.toString(seed));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).contains("simd: off (jdk.incubator.vector not in the JVM");
    String counts = output.lines().filter(line -> line.startsWith("passed ")).findFirst().orElseThrow();
    String[] words = counts.split(" ");
    assertThat(words[1]).isEqualTo(words[3]);
    assertThat(output).doesNotContain("jdk.incubator.vector.").doesNotContain(VectorIntervals.class.getName());
  }
}
