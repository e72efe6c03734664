package dev.quiver.exec.expression;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The word-at-a-time code point count of UTF-8 bytes equals Java's count, at every offset and length. */
class CodePointCountTest {
  private static final String[] PIECES = {"a", "é", "日", "😀", "ß", "Σ", "/", "\u0080", "\u07ff", "\uffff", " "};

  @Test
  void countsEqualJavasAtEveryOffsetAndLength() {
    long seed = Long.getLong("quiver.codepoints.seed", System.nanoTime());
    System.out.println("CodePointCountTest seed " + seed + " (-Dquiver.codepoints.seed=" + seed + ")");
    Random random = new Random(seed);
    for (int round = 0; round < 300; round++) {
      StringBuilder text = new StringBuilder();
      int pieces = random.nextInt(40);
      for (int i = 0; i < pieces; i++) {
        text.append(PIECES[random.nextInt(PIECES.length)]);
      }
      String prefix = "x".repeat(random.nextInt(9));
      byte[] bytes = (prefix + text + "yz").getBytes(StandardCharsets.UTF_8);
      int from = prefix.length();
      int to = bytes.length - 2;
      assertThat(StringFunctionNode.codePoints(bytes, from, to)).as("seed %d: %s", seed, text)
          .isEqualTo(text.codePointCount(0, text.length()));
    }
  }
}
