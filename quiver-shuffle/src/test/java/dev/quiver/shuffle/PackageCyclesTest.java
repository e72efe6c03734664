package dev.quiver.shuffle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingPackageCycles;
import dev.quiver.testing.TestingPackageGraph;
import org.junit.jupiter.api.Test;

/** No two main packages of quiver-shuffle use each other, directly or through others. */
class PackageCyclesTest extends TestingPackageCycles {
  @Override
  protected String basePackage() {
    return "dev.quiver.shuffle";
  }

  @Test
  void theGraphWasReadFromTheSources() {
    TestingPackageGraph graph = graph();
    assertThat(graph.uses()).as("the graph was read from the sources")
        .containsKeys("dev.quiver.shuffle.block", "dev.quiver.shuffle.codec", "dev.quiver.shuffle.ipc",
            "dev.quiver.shuffle.exchange");
    assertThat(graph.uses().get("dev.quiver.shuffle.block"))
        .contains("dev.quiver.shuffle.codec", "dev.quiver.shuffle.ipc");
    assertThat(graph.cycles()).as("package cycles in %s", graph.uses()).isEmpty();
  }
}
