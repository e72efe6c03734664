package dev.quiver.bench.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.bench.scan.query.TextSearch;
import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The one-pass LIKE search finds exactly the rows a plain {@code String.contains} finds, on random
 * strings over a small alphabet (so hits straddle row boundaries and repeat), for every window of a
 * vector, in plain and view vectors. Randomized: the seed is printed.
 */
class TextSearchTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void findsTheSameRowsAsContains() {
    long seed = System.nanoTime();
    System.out.println("TextSearchTest seed " + seed);
    Random random = new Random(seed);
    List<String> values = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      StringBuilder value = new StringBuilder();
      int length = random.nextInt(12);
      for (int j = 0; j < length; j++) {
        value.append("abc".charAt(random.nextInt(3)));
      }
      values.add(value.toString());
    }
    try (VarCharVector plain = new VarCharVector("text", memory.allocator());
        ViewVarCharVector views = new ViewVarCharVector("text", memory.allocator())) {
      // sized up front: Arrow 19's ViewVarCharVector.setSafe can fail to grow its view buffer
      plain.allocateNew(64 * 1024, values.size());
      views.allocateNew(64 * 1024, values.size());
      for (int i = 0; i < values.size(); i++) {
        plain.setSafe(i, values.get(i).getBytes(StandardCharsets.UTF_8));
        views.setSafe(i, values.get(i).getBytes(StandardCharsets.UTF_8));
      }
      plain.setValueCount(values.size());
      views.setValueCount(values.size());
      for (String needle : List.of("a", "ab", "cab", "abca", "ccc")) {
        TextSearch search = new TextSearch(needle.getBytes(StandardCharsets.UTF_8));
        int offset = random.nextInt(50);
        int length = values.size() - offset - random.nextInt(50);
        List<Integer> expected = new ArrayList<>();
        for (int row = offset; row < offset + length; row++) {
          if (values.get(row).contains(needle)) {
            expected.add(row);
          }
        }
        List<Integer> found = new ArrayList<>();
        search.search(plain, offset, length, found::add);
        assertThat(found).as("needle %s, seed %d", needle, seed).isEqualTo(expected);
        List<Integer> foundInViews = new ArrayList<>();
        search.search(views, offset, length, foundInViews::add);
        assertThat(foundInViews).as("views, needle %s, seed %d", needle, seed).isEqualTo(expected);
      }
    }
  }
}
