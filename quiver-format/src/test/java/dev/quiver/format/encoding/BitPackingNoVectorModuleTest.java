package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A JVM started without {@code --add-modules jdk.incubator.vector} unpacks on the scalar path: every row
 * right, SIMD reported off, and no class of the Vector API nor {@link VectorBitUnpacking} loaded (class
 * loading logged).
 */
class BitPackingNoVectorModuleTest {
  @Test
  void withoutTheModuleTheScalarKernelRuns() throws IOException, InterruptedException {
    long seed = Long.getLong("quiver.seed", System.nanoTime());
    System.out.println("BitPackingNoVectorModuleTest seed " + seed);
    List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Darrow.allocation.manager.type=Unsafe",
        "-Xlog:class+load=info", "-cp", System.getProperty("java.class.path"),
        BitPackingScalarOnlyMain.class.getName(), Long.toString(seed));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).contains("simd: off (jdk.incubator.vector not in the JVM").contains("wrong 0");
    assertThat(output).doesNotContain("jdk.incubator.vector.").doesNotContain(VectorBitUnpacking.class.getName());
  }
}
