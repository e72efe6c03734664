package dev.quiver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The package-cycle rule as a suite: a module's test extends this, names its base package, and
 * fails when two of its main packages use each other, directly or through others (read from the
 * sources by {@link TestingPackageGraph}). Tests run in the module's directory, so the default
 * source root is {@code src/main/java}.
 */
public abstract class TestingPackageCycles {
  /** The package every main package of the module starts with, such as {@code dev.quiver.io}. */
  protected abstract String basePackage();

  /** The module's main source root. */
  protected Path sourceRoot() {
    return Path.of("src/main/java");
  }

  /** The graph of the module's main packages. */
  protected final TestingPackageGraph graph() {
    return TestingPackageGraph.read(sourceRoot(), basePackage());
  }

  @Test
  void mainPackagesFormNoCycle() {
    assertThat(Files.isDirectory(sourceRoot())).as("%s is a directory", sourceRoot().toAbsolutePath()).isTrue();
    TestingPackageGraph graph = graph();
    assertThat(graph.uses()).as("packages read from %s", sourceRoot()).isNotEmpty();
    assertThat(graph.cycles()).as("package cycles among %s", graph.uses()).isEmpty();
  }
}
