package dev.quiver.expression;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The substring search under LIKE against a naive search, and whole patterns against a regular
 * expression, over random strings long enough for the vector path ({@link VectorSearch}) with bytes past
 * the value's end that would match if they were read.
 */
class LikePatternSearchTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final String ALPHABET = "abcs ";

  @Test
  void indexOfFindsWhatANaiveSearchFinds() {
    System.out.println("LikePatternSearchTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
    Random random = new Random(SEED);
    for (int round = 0; round < 20_000; round++) {
      int length = random.nextInt(200);
      byte[] needle = randomText(random, 1 + random.nextInt(random.nextBoolean() ? 3 : 12));
      byte[] value = new byte[length + 64];
      for (int i = 0; i < value.length; i++) {
        value[i] = i < length ? (byte) ALPHABET.charAt(random.nextInt(ALPHABET.length())) : needle[i % needle.length];
      }
      if (length >= needle.length && random.nextInt(3) == 0) {
        System.arraycopy(needle, 0, value, random.nextInt(length - needle.length + 1), needle.length);
      }
      int from = random.nextInt(length + 2);
      String context = "seed " + SEED + " round " + round + ": '" + new String(value, 0, length,
          StandardCharsets.UTF_8) + "' needle '" + new String(needle, StandardCharsets.UTF_8) + "' from " + from;
      assertThat(LikePattern.indexOf(value, length, needle, from)).as(context)
          .isEqualTo(naiveIndexOf(value, length, needle, from));
    }
  }

  @Test
  void patternsMatchAsRegularExpressionsDo() {
    Random random = new Random(SEED + 1);
    for (int round = 0; round < 5_000; round++) {
      StringBuilder pattern = new StringBuilder(random.nextBoolean() ? "%" : "");
      int literals = 1 + random.nextInt(3);
      for (int k = 0; k < literals; k++) {
        pattern.append(new String(randomText(random, 1 + random.nextInt(4)), StandardCharsets.UTF_8));
        if (k < literals - 1 || random.nextBoolean()) {
          pattern.append(random.nextInt(4) == 0 ? "_" : "%");
        }
      }
      LikePattern like = LikePattern.compile(pattern.toString(), null);
      Pattern regex = Pattern.compile(pattern.toString().replace("%", ".*").replace("_", "."), Pattern.DOTALL);
      int length = random.nextInt(150);
      byte[] value = new byte[length + 40];
      for (int i = 0; i < value.length; i++) {
        value[i] = (byte) ALPHABET.charAt(random.nextInt(ALPHABET.length()));
      }
      String text = new String(value, 0, length, StandardCharsets.UTF_8);
      assertThat(like.matches(value, length)).as("seed " + SEED + " '" + text + "' LIKE '" + pattern + "'")
          .isEqualTo(regex.matcher(text).matches());
    }
  }

  private static byte[] randomText(Random random, int length) {
    byte[] text = new byte[length];
    for (int i = 0; i < length; i++) {
      text[i] = (byte) ALPHABET.charAt(random.nextInt(ALPHABET.length()));
    }
    return text;
  }

  private static int naiveIndexOf(byte[] value, int length, byte[] needle, int from) {
    for (int start = from; start + needle.length <= length; start++) {
      boolean found = true;
      for (int i = 0; i < needle.length && found; i++) {
        found = value[start + i] == needle[i];
      }
      if (found) {
        return start;
      }
    }
    return -1;
  }
}
