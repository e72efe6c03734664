package dev.quiver.bench.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The reference's answer with its cut runs' candidates, built from Arrow batches, and checked. */
class TieCandidatesTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private VectorSchemaRoot batch(String[] phrases, long[] counts) {
    VarCharVector phrase = new VarCharVector("phrase", memory.allocator());
    BigIntVector count = new BigIntVector("c", memory.allocator());
    for (int row = 0; row < phrases.length; row++) {
      phrase.setSafe(row, phrases[row].getBytes(StandardCharsets.UTF_8));
      count.setSafe(row, counts[row]);
    }
    phrase.setValueCount(phrases.length);
    count.setValueCount(phrases.length);
    return new VectorSchemaRoot(List.of(phrase, count));
  }

  @Test
  void theLastRunsCandidatesComeFromTheUnlimitedAnswer() {
    AnswerShape shape = AnswerShape.of("SELECT phrase, COUNT(*) AS c FROM t GROUP BY phrase ORDER BY c DESC LIMIT 3",
        "c");
    SqlAnswer answer = new SqlAnswer(shape);
    try (VectorSchemaRoot limited = batch(new String[] {"a", "b", "c"}, new long[] {9, 5, 5})) {
      answer.start(limited.getSchema());
      answer.add(limited);
    }
    assertThat(answer.cut()).isTrue();
    TieCandidates candidates = new TieCandidates(answer, false);
    try (VectorSchemaRoot unlimited = batch(new String[] {"a", "b", "c", "d", "e"}, new long[] {9, 5, 5, 5, 1})) {
      candidates.start(unlimited.getSchema());
      candidates.add(unlimited);
    }
    assertThat(candidates.text()).isEqualTo("#ties\tlast\ns:b\tn:5\ns:c\tn:5\ns:d\tn:5\n");
    String expected = answer.text() + candidates.text();
    SqlAnswerCheck check = new SqlAnswerCheck();
    SqlAnswer other = new SqlAnswer(shape);
    try (VectorSchemaRoot limited = batch(new String[] {"a", "d", "b"}, new long[] {9, 5, 5})) {
      other.start(limited.getSchema());
      other.add(limited);
    }
    assertThat(check.difference(expected, other.text())).isNull();
    SqlAnswer wrong = new SqlAnswer(shape);
    try (VectorSchemaRoot limited = batch(new String[] {"a", "e", "b"}, new long[] {9, 5, 5})) {
      wrong.start(limited.getSchema());
      wrong.add(limited);
    }
    assertThat(check.difference(expected, wrong.text())).startsWith("row 2 of 3: got [s:e, n:5]");
  }

  @Test
  void tooManyCandidatesOverflow() {
    AnswerShape shape = AnswerShape.of("SELECT phrase FROM t LIMIT 1");
    SqlAnswer answer = new SqlAnswer(shape);
    try (VectorSchemaRoot limited = batch(new String[] {"a"}, new long[] {1})) {
      answer.start(limited.getSchema());
      answer.add(limited);
    }
    TieCandidates candidates = new TieCandidates(answer, false);
    int rows = TieCandidates.MAXIMUM_ROWS / 4 + 1;
    String[] phrases = new String[rows];
    long[] counts = new long[rows];
    java.util.Arrays.fill(phrases, "x");
    try (VectorSchemaRoot unlimited = batch(phrases, counts)) {
      candidates.start(unlimited.getSchema());
      for (int pass = 0; pass < 4; pass++) {
        candidates.add(unlimited);
      }
    }
    assertThat(candidates.text()).isEqualTo("#ties\tlast\toverflow\n");
  }
}
