package dev.quiver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The package graph read from sources, and the cycles it finds. */
class TestingPackageGraphTest {

  @Test
  void findsACycleThroughImportsAndQualifiedNamesButNotThroughComments(@TempDir Path root) throws IOException {
    write(root, "p/a/A.java", "package p.a;\nimport p.b.B;\nclass A { B b; }\n");
    write(root, "p/b/B.java", "package p.b;\nclass B { p.c.C c; }\n");
    write(root, "p/c/C.java", "package p.c;\nimport static p.a.A.something;\nclass C {}\n");
    write(root, "p/d/D.java", "package p.d;\n/** Uses {@link p.a.A}. */\nclass D { String s = \"p.a.A\"; }\n");
    write(root, "p/a/Other.java", "package p.a;\nimport p.d.*;\nclass Other {}\n");

    TestingPackageGraph graph = TestingPackageGraph.read(root, "p");

    assertThat(graph.uses()).containsEntry("p.d", Set.of()).containsEntry("p.a", Set.of("p.b", "p.d"));
    assertThat(graph.cycles()).containsExactly(List.of("p.a", "p.b", "p.c", "p.a"));
  }

  @Test
  void aGraphWithoutCyclesHasNone() {
    TestingPackageGraph graph = TestingPackageGraph.of(Map.of("x", Set.of("y", "z"), "y", Set.of("z")));
    assertThat(graph.cycles()).isEmpty();
    assertThat(TestingPackageGraph.of(Map.of("x", Set.of("y"), "y", Set.of("x"))).cycles())
        .containsExactly(List.of("x", "y", "x"));
  }

  private static void write(Path root, String file, String text) throws IOException {
    Path path = root.resolve(file);
    Files.createDirectories(path.getParent());
    Files.writeString(path, text);
  }
}
