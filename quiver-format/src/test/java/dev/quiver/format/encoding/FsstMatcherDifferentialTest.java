package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Matching on FSST codes equals matching the decompressed strings: for seeded random string sets
 * (words, multibyte UTF-8, LIKE metacharacters as data, empty strings, NULLs) and random patterns
 * (literals, {@code %}, {@code _}, escapes, multibyte characters, the empty pattern, patterns longer
 * than every string), {@link FsstMatcher#match} returns exactly the rows a plain reference matcher
 * written here (dynamic programming over code points) accepts; equality, prefix and contains are
 * checked against byte comparisons, also on random binary. Seeded: {@code -Dquiver.test.seed}.
 */
class FsstMatcherDifferentialTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final String[] ALPHABET = {"a", "b", "c", "ab", "abc", "the ", "é", "€", "😀", "数", "%", "_", "\\",
      "x", " "};

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @BeforeAll
  static void printSeed() {
    System.out.println("FsstMatcherDifferentialTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
  }

  private static String randomString(Random random, int maximumPieces) {
    StringBuilder text = new StringBuilder();
    int pieces = random.nextInt(maximumPieces + 1);
    for (int i = 0; i < pieces; i++) {
      text.append(ALPHABET[random.nextInt(ALPHABET.length)]);
    }
    return text.toString();
  }

  private static String randomPattern(Random random) {
    if (random.nextInt(20) == 0) {
      return "";
    }
    if (random.nextInt(20) == 0) {
      return randomString(random, 60) + "x".repeat(200); // longer than every string
    }
    StringBuilder pattern = new StringBuilder();
    int parts = 1 + random.nextInt(6);
    for (int i = 0; i < parts; i++) {
      int pick = random.nextInt(10);
      if (pick < 2) {
        pattern.append('%');
      } else if (pick < 4) {
        pattern.append('_');
      } else if (pick < 5) {
        pattern.append('\\').append("%_\\a".charAt(random.nextInt(4)));
      } else {
        String piece = ALPHABET[random.nextInt(ALPHABET.length)];
        pattern.append(piece.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_"));
      }
    }
    return pattern.toString();
  }

  /** The reference: SQL LIKE with escape {@code \} over code points, by dynamic programming. */
  static boolean like(String value, String pattern) {
    List<int[]> tokens = new ArrayList<>(); // {kind, codePoint}: 0 literal, 1 any character, 2 any string
    for (int i = 0; i < pattern.length();) {
      int codePoint = pattern.codePointAt(i);
      i += Character.charCount(codePoint);
      if (codePoint == '\\') {
        codePoint = pattern.codePointAt(i);
        i += Character.charCount(codePoint);
        tokens.add(new int[] {0, codePoint});
      } else if (codePoint == '%') {
        tokens.add(new int[] {2, 0});
      } else if (codePoint == '_') {
        tokens.add(new int[] {1, 0});
      } else {
        tokens.add(new int[] {0, codePoint});
      }
    }
    int[] text = value.codePoints().toArray();
    boolean[][] matches = new boolean[tokens.size() + 1][text.length + 1];
    matches[tokens.size()][text.length] = true;
    for (int t = tokens.size() - 1; t >= 0; t--) {
      int[] token = tokens.get(t);
      for (int s = text.length; s >= 0; s--) {
        boolean result;
        if (token[0] == 2) {
          result = matches[t + 1][s] || (s < text.length && matches[t][s + 1]);
        } else if (s == text.length) {
          result = false;
        } else {
          result = (token[0] == 1 || token[1] == text[s]) && matches[t + 1][s + 1];
        }
        matches[t][s] = result;
      }
    }
    return matches[0][0];
  }

  private FsstStrings open(List<byte[]> values, boolean binary, ArrowBuf[] segmentOut) {
    List<Object> cells = new ArrayList<>(values);
    TestColumnType type = binary ? TestColumnType.BINARY : TestColumnType.UTF8;
    try (FieldVector vector = TestVectors.build(memory.allocator(), type, cells, "s")) {
      EncodedChunk chunk = ChunkCodec.encode(vector, 0, cells.size(),
          EncodingOptions.defaults().forcing(EncodingKind.FSST));
      segmentOut[0] = TestVectors.toSegment(memory.allocator(), chunk.encodedBytes());
      return ChunkCodec.openStrings(segmentOut[0], memory.allocator(), "test");
    }
  }

  @Test
  void likeOnCodesEqualsLikeOnStrings() {
    int compiled = 0;
    int refused = 0;
    for (int round = 0; round < 40; round++) {
      Random random = new Random(SEED + round);
      List<byte[]> values = new ArrayList<>();
      List<String> texts = new ArrayList<>();
      int rows = 1 + random.nextInt(400);
      for (int i = 0; i < rows; i++) {
        String text = random.nextInt(15) == 0 ? null : randomString(random, 12);
        texts.add(text);
        values.add(text == null ? null : text.getBytes(StandardCharsets.UTF_8));
      }
      ArrowBuf[] segment = new ArrowBuf[1];
      try (FsstStrings strings = open(values, false, segment)) {
        int[] positions = new int[rows];
        for (int p = 0; p < 60; p++) {
          String pattern = randomPattern(random);
          String context = "seed " + SEED + " round " + round + " pattern '" + pattern + "'";
          FsstPattern compiledPattern = FsstPattern.like(pattern, '\\');
          if (compiledPattern == null) {
            refused++;
            continue;
          }
          compiled++;
          int from = random.nextInt(rows);
          int count = random.nextInt(rows - from + 1);
          int found = strings.compile(compiledPattern).match(from, count, positions);
          List<Integer> expected = new ArrayList<>();
          for (int i = 0; i < count; i++) {
            String text = texts.get(from + i);
            if (text != null && like(text, pattern)) {
              expected.add(i);
            }
          }
          assertThat(Arrays.stream(positions, 0, found).boxed().toList()).as(context).isEqualTo(expected);
          int notFound = strings.compile(compiledPattern).match(from, count, positions, true);
          List<Integer> notExpected = new ArrayList<>();
          for (int i = 0; i < count; i++) {
            if (texts.get(from + i) != null && !expected.contains(i)) {
              notExpected.add(i);
            }
          }
          assertThat(Arrays.stream(positions, 0, notFound).boxed().toList()).as(context + " negated")
              .isEqualTo(notExpected);
        }
      } finally {
        segment[0].close();
      }
    }
    System.out.println("FsstMatcherDifferentialTest: " + compiled + " patterns compared, " + refused + " too large");
    assertThat(refused).isLessThan(compiled / 20 + 1);
  }

  @Test
  void equalityPrefixAndContainsOnCodesEqualByteComparisons() {
    for (int round = 0; round < 30; round++) {
      Random random = new Random(SEED * 31 + round);
      boolean binary = round % 2 == 1;
      List<byte[]> values = new ArrayList<>();
      int rows = 1 + random.nextInt(300);
      for (int i = 0; i < rows; i++) {
        byte[] value;
        if (random.nextInt(12) == 0) {
          value = null;
        } else if (binary) {
          value = new byte[random.nextInt(16)];
          for (int b = 0; b < value.length; b++) {
            value[b] = (byte) (0x7E + random.nextInt(6)); // few values: repeats, continuation bytes, 0x80+
          }
        } else {
          value = randomString(random, 10).getBytes(StandardCharsets.UTF_8);
        }
        values.add(value);
      }
      ArrowBuf[] segment = new ArrowBuf[1];
      try (FsstStrings strings = open(values, binary, segment)) {
        int[] positions = new int[rows];
        for (int p = 0; p < 40; p++) {
          byte[] source = values.get(random.nextInt(rows));
          byte[] needle = source == null ? new byte[0]
              : random.nextInt(4) == 0 ? source
                  : Arrays.copyOfRange(source, random.nextInt(source.length + 1) / 2, source.length);
          if (random.nextInt(8) == 0) {
            needle = Arrays.copyOf(needle, needle.length + 1);
          }
          String context = "seed " + SEED + " round " + round + " needle " + Arrays.toString(needle);
          for (int kind = 0; kind < 3; kind++) {
            FsstPattern pattern = kind == 0 ? FsstPattern.equalTo(needle)
                : kind == 1 ? FsstPattern.prefix(needle) : FsstPattern.contains(needle);
            int found = strings.compile(pattern).match(0, rows, positions);
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < rows; i++) {
              byte[] value = values.get(i);
              if (value != null && (kind == 0 ? Arrays.equals(value, needle)
                  : kind == 1 ? startsWith(value, needle) : indexOf(value, needle) >= 0)) {
                expected.add(i);
              }
            }
            assertThat(Arrays.stream(positions, 0, found).boxed().toList()).as(context + " kind " + kind)
                .isEqualTo(expected);
          }
        }
      } finally {
        segment[0].close();
      }
    }
  }

  @Test
  void aPatternEndingWithItsEscapeIsAUserError() {
    assertThatThrownBy(() -> FsstPattern.like("ab\\", '\\'))
        .isInstanceOfSatisfying(QuiverException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.USER));
  }

  @Test
  void aSegmentThatIsNotFsstHasNoStringsView() {
    List<Object> cells = List.of("a".getBytes(StandardCharsets.UTF_8), "b".getBytes(StandardCharsets.UTF_8));
    try (FieldVector vector = TestVectors.build(memory.allocator(), TestColumnType.UTF8, cells, "s");
        ArrowBuf segment = TestVectors.toSegment(memory.allocator(),
            ChunkCodec.encode(vector, 0, 2, EncodingOptions.defaults().forcing(EncodingKind.PLAIN)).encodedBytes())) {
      assertThat(ChunkCodec.openStrings(segment, memory.allocator(), "test")).isNull();
    }
  }

  private static boolean startsWith(byte[] value, byte[] prefix) {
    return value.length >= prefix.length && Arrays.equals(value, 0, prefix.length, prefix, 0, prefix.length);
  }

  private static int indexOf(byte[] value, byte[] needle) {
    for (int start = 0; start + needle.length <= value.length; start++) {
      if (Arrays.equals(value, start, start + needle.length, needle, 0, needle.length)) {
        return start;
      }
    }
    return -1;
  }
}
