package dev.quiver.datagen.clickbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.datagen.synthetic.SyntheticBatches;
import dev.quiver.datagen.synthetic.SyntheticTable;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The ClickBench-like hits table: seeded and deterministic (the same seed, the same batches in the
 * same order whatever the thread count; another seed, other batches), and the shape the benchmarks
 * rely on (most search phrases empty and the rest few distinct, URLs sharing prefixes).
 */
class HitsTableTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void sameSeedSameBatchesAnyThreadsOtherSeedOtherBatches() throws IOException {
    long rows = SyntheticTable.BATCH_ROWS + 4_464;
    List<VectorSchemaRoot> one = generate(new HitsTable(rows, 7), 1);
    List<VectorSchemaRoot> three = generate(new HitsTable(rows, 7), 3);
    List<VectorSchemaRoot> other = generate(new HitsTable(rows, 8), 2);
    try {
      assertThat(one).hasSize(2);
      assertThat(three).hasSize(2);
      assertThat(one.get(0).getFieldVectors()).hasSize(105);
      assertThat(one.get(1).getRowCount()).isEqualTo(4_464);
      for (int i = 0; i < one.size(); i++) {
        assertThat(one.get(i).equals(three.get(i))).as("batch " + i + ", 1 and 3 threads").isTrue();
        assertThat(one.get(i).equals(other.get(i))).as("batch " + i + ", seeds 7 and 8").isFalse();
      }
    } finally {
      one.forEach(VectorSchemaRoot::close);
      three.forEach(VectorSchemaRoot::close);
      other.forEach(VectorSchemaRoot::close);
    }
  }

  private List<VectorSchemaRoot> generate(SyntheticTable table, int threads) throws IOException {
    List<VectorSchemaRoot> batches = new ArrayList<>();
    SyntheticBatches.generate(table, threads, memory.allocator(), "test", batches::add);
    return batches;
  }

  @Test
  void hitsHaveMostlyEmptyFewDistinctPhrasesAndSharedUrlPrefixes() {
    HitsTable table = new HitsTable(SyntheticTable.BATCH_ROWS, 42);
    try (VectorSchemaRoot batch = table.batch(0, memory.allocator())) {
      VarCharVector phrases = (VarCharVector) batch.getVector("SearchPhrase");
      VarCharVector urls = (VarCharVector) batch.getVector("URL");
      int empty = 0;
      Set<String> distinct = new HashSet<>();
      Set<String> domains = new HashSet<>();
      for (int row = 0; row < batch.getRowCount(); row++) {
        String phrase = new String(phrases.get(row), StandardCharsets.UTF_8);
        if (phrase.isEmpty()) {
          empty++;
        } else {
          distinct.add(phrase);
        }
        String url = new String(urls.get(row), StandardCharsets.UTF_8);
        assertThat(url).matches("https?://[^/]+/.*");
        domains.add(url.substring(0, url.indexOf('/', 8)));
      }
      double emptyShare = empty / (double) batch.getRowCount();
      assertThat(emptyShare).isBetween(0.85, 0.89);
      assertThat(distinct.size()).isBetween(500, batch.getRowCount() - empty - 1);
      assertThat(domains.size()).as("URLs share domains").isLessThan(batch.getRowCount() / 20);
    }
  }

}
