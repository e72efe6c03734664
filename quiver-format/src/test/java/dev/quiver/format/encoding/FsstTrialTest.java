package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The compressor's FSST candidate: it still wins where its codes beat zstd (random hex digits,
 * small and sampled columns), its trial is skipped where zstd leaves it no
 * chance (long repeated text), and on seeded text of many shapes the choice (the whole encoding
 * tree) is the same as without the shortcut. Asserts on choices and counts, never on time.
 */
class FsstTrialTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @BeforeAll
  static void printSeed() {
    System.out.println("FsstTrialTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
  }

  /** The values tree the compressor chooses, and its FSST trials and skips. */
  private record Chosen(String tree, int trials, int skips, int bytes) {}

  private Chosen choose(List<Object> values, boolean shortcut) {
    try (FieldVector vector = TestVectors.build(memory.allocator(), TestColumnType.UTF8, values, "text")) {
      ColumnReader.ReadColumn read = ColumnReader.read(vector, 0, values.size(), PhysicalType.BINARY);
      Compressor compressor = new Compressor(EncodingOptions.defaults(), shortcut);
      EncodedNode node = compressor.encodeValues(read.values());
      return new Chosen(TreeDescriber.describe(node, null), compressor.fsstTrials(), compressor.fsstSkips(),
          (int) node.estimatedBytes(1));
    }
  }

  private static List<Object> column(int rows, IntFunction<String> row) {
    List<Object> values = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      values.add(row.apply(i).getBytes(StandardCharsets.UTF_8));
    }
    return values;
  }

  /** Rows of 2 to 12 tokens, each one of 200 random 8-byte tokens: FSST codes each token as one byte. */
  private static IntFunction<String> tokens(Random random) {
    String[] tokens = new String[200];
    for (int t = 0; t < tokens.length; t++) {
      StringBuilder token = new StringBuilder();
      for (int c = 0; c < 8; c++) {
        token.append((char) (33 + random.nextInt(94)));
      }
      tokens[t] = token.toString();
    }
    return row -> {
      StringBuilder text = new StringBuilder();
      int count = 2 + random.nextInt(11);
      for (int i = 0; i < count; i++) {
        text.append(tokens[random.nextInt(tokens.length)]);
      }
      return text.toString();
    };
  }

  /**
   * Rows of {@code 16 * longs} random hex digits and a short word: FSST's pairs of digits beat zstd's
   * entropy coding.
   */
  private static IntFunction<String> hex(Random random, int longs) {
    String[] words = {"alpha", "beta", "gamma", "delta"};
    return row -> {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < longs; i++) {
        text.append(String.format("%016x", random.nextLong()));
      }
      return text.append('-').append(words[random.nextInt(words.length)]).toString();
    };
  }

  @Test
  void fsstStillWinsOnHexText() {
    for (int rows : new int[] {1_200, 20_000, 60_000}) {
      Random random = new Random(SEED + rows);
      List<Object> values = column(rows, hex(random, rows <= 1_280 ? 4 : 1));
      Chosen chosen = choose(values, true);
      System.out.println(rows + " hex rows: " + chosen);
      assertThat(chosen.tree()).as("seed %d, %d rows", SEED, rows).startsWith("fsst(");
      assertThat(chosen.trials()).as("tried").isEqualTo(1);
      assertThat(chosen.skips()).isZero();
      assertThat(choose(values, false).tree()).isEqualTo(chosen.tree());
      try (FieldVector vector = TestVectors.build(memory.allocator(), TestColumnType.UTF8, values, "text")) {
        TestVectors.roundTrip(memory.allocator(), vector, 0, rows, EncodingOptions.defaults(), "seed " + SEED);
      }
    }
  }

  @Test
  void theTrialIsSkippedWhereZstdLeavesFsstNoChance() {
    Random random = new Random(SEED);
    String[] paragraphs = new String[4];
    for (int p = 0; p < paragraphs.length; p++) {
      StringBuilder text = new StringBuilder();
      while (text.length() < 2_000) {
        text.append(Integer.toString(random.nextInt(1 << 30), 36)).append(' ');
      }
      paragraphs[p] = text.toString();
    }
    for (int rows : new int[] {500, 5_000}) {
      List<Object> values = column(rows, row -> paragraphs[random.nextInt(paragraphs.length)] + row);
      Chosen chosen = choose(values, true);
      System.out.println(rows + " repeated paragraphs: " + chosen);
      assertThat(chosen.tree()).as("seed %d, %d rows", SEED, rows).doesNotContain("fsst(").contains("zstd");
      assertThat(chosen.skips()).as("skipped").isEqualTo(1);
      assertThat(chosen.trials()).as("never tried").isZero();
      Chosen tried = choose(values, false);
      assertThat(tried.trials()).isEqualTo(1);
      assertThat(tried.tree()).as("the same choice with the trial").isEqualTo(chosen.tree());
    }
  }

  /** Text shapes between the two: the shortcut never changes the choice. */
  @Test
  void theShortcutNeverChangesTheChoice() {
    Random random = new Random(SEED);
    String[] words = {"the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "über", "数据", "https://",
        "www.", ".com/", "?id=", "search", "catalog"};
    List<IntFunction<String>> shapes = List.of(
        tokens(random),
        row -> "https://www.example" + random.nextInt(50) + ".com/" + words[random.nextInt(words.length)] + "/"
            + random.nextInt(1_000_000),
        row -> {
          StringBuilder text = new StringBuilder();
          int count = 1 + random.nextInt(40);
          for (int i = 0; i < count; i++) {
            text.append(words[random.nextInt(words.length)]).append(' ');
          }
          return text.toString();
        },
        row -> {
          char[] bytes = new char[random.nextInt(60)];
          for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (char) (32 + random.nextInt(95));
          }
          return new String(bytes);
        },
        hex(random, 1),
        hex(random, 4),
        row -> "row " + row + " of " + words[row % words.length]);
    int shape = 0;
    for (IntFunction<String> rowOf : shapes) {
      for (int rows : new int[] {800, 20_000}) {
        List<Object> values = column(rows, rowOf);
        Chosen fast = choose(values, true);
        Chosen slow = choose(values, false);
        System.out.println("shape " + shape + ", " + rows + " rows: " + fast + " / without the shortcut " + slow);
        assertThat(fast.tree()).as("seed %d, shape %d, %d rows", SEED, shape, rows).isEqualTo(slow.tree());
        assertThat(fast.trials() + fast.skips()).as("FSST considered once").isEqualTo(slow.trials());
      }
      shape++;
    }
  }
}
