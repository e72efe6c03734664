package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * FSST, forced, round-trips utf8 and binary on every shape that stresses it (seeded random text,
 * nulls, all null, empty, one row, all rows equal, strings over 64 KiB, every byte value, random
 * unicode, URL-like text with a rich symbol table, empty strings among others), whole and sliced;
 * and the compressed view ({@link ChunkCodec#openStrings}) decompresses whole ranges and chosen rows
 * to the same bytes. Seeded: the seed is printed and set with {@code -Dquiver.test.seed}.
 */
class FsstConformanceTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  enum Shape {
    RANDOM_TEXT,
    WITH_NULLS,
    ALL_NULL,
    EMPTY,
    SINGLE,
    ALL_EQUAL,
    LONG_STRINGS,
    EVERY_BYTE,
    RANDOM_UNICODE,
    URLS,
    EMPTY_STRINGS,
    RANDOM_BYTES
  }

  @BeforeAll
  static void printSeed() {
    System.out.println("FsstConformanceTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (TestColumnType type : new TestColumnType[] {TestColumnType.UTF8, TestColumnType.BINARY}) {
      for (Shape shape : Shape.values()) {
        if (type == TestColumnType.UTF8 && (shape == Shape.EVERY_BYTE || shape == Shape.RANDOM_BYTES)) {
          continue; // not UTF-8
        }
        cases.add(Arguments.of(type, shape, false));
        cases.add(Arguments.of(type, shape, true));
      }
    }
    return cases.stream();
  }

  static List<Object> generate(Shape shape, Random random) {
    List<Object> values = new ArrayList<>();
    switch (shape) {
      case RANDOM_TEXT:
        for (int i = 0; i < 3000; i++) {
          values.add(words(random, 1 + random.nextInt(12)));
        }
        break;
      case WITH_NULLS:
        for (int i = 0; i < 2000; i++) {
          values.add(random.nextInt(4) == 0 ? null : words(random, random.nextInt(8)));
        }
        break;
      case ALL_NULL:
        for (int i = 0; i < 100; i++) {
          values.add(null);
        }
        break;
      case EMPTY:
        break;
      case SINGLE:
        values.add(words(random, 3));
        break;
      case ALL_EQUAL: {
        byte[] value = words(random, 4);
        for (int i = 0; i < 1500; i++) {
          values.add(value);
        }
        break;
      }
      case LONG_STRINGS:
        for (int i = 0; i < 3; i++) {
          values.add(TestValues.largeText(random));
          values.add(words(random, 5));
        }
        break;
      case EVERY_BYTE:
        for (int b = 0; b < 256; b++) {
          values.add(new byte[] {(byte) b});
          byte[] run = new byte[1 + random.nextInt(20)];
          java.util.Arrays.fill(run, (byte) b);
          values.add(run);
        }
        for (int i = 0; i < 200; i++) {
          byte[] all = new byte[256];
          for (int b = 0; b < 256; b++) {
            all[b] = (byte) (b + i);
          }
          values.add(all);
        }
        break;
      case RANDOM_UNICODE:
        for (int i = 0; i < 2000; i++) {
          values.add(TestValues.randomText(random, random.nextInt(30)));
        }
        break;
      case URLS:
        for (int i = 0; i < 4000; i++) {
          values.add(url(random));
        }
        break;
      case EMPTY_STRINGS:
        for (int i = 0; i < 1000; i++) {
          values.add(random.nextInt(3) == 0 ? new byte[0] : words(random, 1));
        }
        break;
      case RANDOM_BYTES:
        for (int i = 0; i < 1000; i++) {
          byte[] bytes = new byte[random.nextInt(40)];
          random.nextBytes(bytes);
          values.add(bytes);
        }
        break;
      default:
        throw new AssertionError(shape);
    }
    return values;
  }

  private static final String[] WORDS = {"the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "data",
      "column", "ähnlich", "größe", "数据", "😀", "http", "www", "index", "search", "compress"};

  static byte[] words(Random random, int count) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        text.append(' ');
      }
      text.append(WORDS[random.nextInt(WORDS.length)]);
    }
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  static byte[] url(Random random) {
    String[] hosts = {"www.example.com", "news.site62.ru", "shop.example.org", "mail.yandex.ru", "видео.рф"};
    String[] paths = {"catalog", "item", "search", "news", "2013", "07", "index.html", "user", "profile"};
    StringBuilder text = new StringBuilder(random.nextBoolean() ? "https://" : "http://");
    text.append(hosts[random.nextInt(hosts.length)]);
    for (int i = random.nextInt(5); i >= 0; i--) {
      text.append('/').append(paths[random.nextInt(paths.length)]);
    }
    if (random.nextBoolean()) {
      text.append("?id=").append(random.nextInt(1_000_000));
    }
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  @ParameterizedTest(name = "{0} {1} slice={2}")
  @MethodSource("cases")
  void roundTripsAndDecompressesFromCodes(TestColumnType type, Shape shape, boolean slice) {
    long caseSeed = SEED ^ ((long) (type.name() + shape + slice).hashCode() * 0x9E3779B97F4A7C15L);
    Random random = new Random(caseSeed);
    String context = "seed " + SEED + ", " + type + " " + shape + (slice ? " sliced" : "");
    List<Object> values = generate(shape, random);
    int prefix = slice ? 5 : 0;
    List<Object> all = new ArrayList<>();
    for (int i = 0; i < prefix; i++) {
      all.add(words(random, 2));
    }
    all.addAll(values);
    for (int i = 0; slice && i < 4; i++) {
      all.add(random.nextBoolean() ? null : words(random, 2));
    }
    EncodingOptions options = EncodingOptions.defaults().forcing(EncodingKind.FSST);
    try (FieldVector vector = TestVectors.build(memory.allocator(), type, all, "column")) {
      EncodedChunk chunk = TestVectors.roundTrip(memory.allocator(), vector, prefix, values.size(), options, context);
      assertThat(chunk.encodingTree()).as(context).startsWith("fsst(lengths=");
      try (ArrowBuf segment = TestVectors.toSegment(memory.allocator(), chunk.encodedBytes());
          FsstStrings strings = ChunkCodec.openStrings(segment, memory.allocator(), "test")) {
        assertThat(strings).as(context).isNotNull();
        assertThat(strings.rows()).as(context).isEqualTo(values.size());
        try (FieldVector whole = strings.decompress(0, values.size(), vector.getField(), memory.allocator())) {
          TestVectors.assertSameRows(vector, prefix, values.size(), whole, context + ", whole decompress");
        }
        int count = values.isEmpty() ? 0 : random.nextInt(values.size() + 1);
        int[] rows = new int[count];
        for (int i = 0; i < count; i++) {
          rows[i] = random.nextInt(values.size());
        }
        try (FieldVector picked = strings.decompress(rows, count, vector.getField(), memory.allocator())) {
          assertThat(picked.getValueCount()).as(context).isEqualTo(count);
          for (int i = 0; i < count; i++) {
            Object expected = values.get(rows[i]);
            assertThat(picked.isNull(i)).as("%s, picked row %d", context, rows[i]).isEqualTo(expected == null);
            if (expected != null) {
              assertThat(TestVectors.valueBytes(picked, i)).as("%s, picked row %d", context, rows[i])
                  .isEqualTo((byte[]) expected);
            }
          }
          TestVectors.validateStructure(picked);
        }
      }
    }
  }
}
