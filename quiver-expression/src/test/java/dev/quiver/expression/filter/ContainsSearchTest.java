package dev.quiver.expression.filter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The in-place word-at-a-time search finds a needle exactly where a plain search does: random haystacks over small
 * alphabets (many partial matches, bytes 0x00, 0x01 and 0x80-0xFF that stress the zero-byte test), needles of 1 to 20
 * bytes, at every alignment, matches at the very start and end and straddling the value's end.
 */
class ContainsSearchTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void findsWhatAPlainSearchFinds() {
    long seed = Long.getLong("quiver.contains.seed", System.nanoTime());
    System.out.println("ContainsSearchTest seed " + seed + " (-Dquiver.contains.seed=" + seed + ")");
    Random random = new Random(seed);
    byte[][] alphabets = {{'a', 'b'}, {0, 1, (byte) 0x80, (byte) 0xFF}, {'a', 'b', 'c', 0, 1}, {'x'}};
    try (ArrowBuf buffer = memory.allocator().buffer(4096)) {
      for (int round = 0; round < 20_000; round++) {
        byte[] alphabet = alphabets[random.nextInt(alphabets.length)];
        int length = random.nextInt(80);
        byte[] haystack = new byte[length + 16];
        for (int i = 0; i < haystack.length; i++) {
          haystack[i] = alphabet[random.nextInt(alphabet.length)];
        }
        byte[] needle = new byte[1 + random.nextInt(random.nextBoolean() ? 3 : 20)];
        for (int i = 0; i < needle.length; i++) {
          needle[i] = alphabet[random.nextInt(alphabet.length)];
        }
        if (length >= needle.length && random.nextInt(4) == 0) {
          int at = random.nextBoolean() ? 0 : length - needle.length;
          System.arraycopy(needle, 0, haystack, at, needle.length);
        }
        int alignment = random.nextInt(8);
        buffer.setBytes(alignment, haystack);
        boolean expected = plainContains(haystack, length, needle);
        assertThat(new ContainsSearch(needle).containedIn(buffer.memoryAddress() + alignment, length))
            .as("seed %d round %d", seed, round).isEqualTo(expected);
      }
    }
  }

  @Test
  void anEmptyNeedleIsInEveryValue() {
    try (ArrowBuf buffer = memory.allocator().buffer(8)) {
      assertThat(new ContainsSearch(new byte[0]).containedIn(buffer.memoryAddress(), 0)).isTrue();
      assertThat(new ContainsSearch(new byte[] {'a'}).containedIn(buffer.memoryAddress(), 0)).isFalse();
    }
  }

  private static boolean plainContains(byte[] haystack, int length, byte[] needle) {
    for (int start = 0; start + needle.length <= length; start++) {
      int matched = 0;
      while (matched < needle.length && haystack[start + matched] == needle[matched]) {
        matched++;
      }
      if (matched == needle.length) {
        return true;
      }
    }
    return false;
  }
}
