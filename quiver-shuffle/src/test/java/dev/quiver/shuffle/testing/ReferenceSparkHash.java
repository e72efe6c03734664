package dev.quiver.shuffle.testing;

import dev.quiver.testing.TestingMixedRows;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * An independent, value-at-a-time implementation of Spark's {@code hash(...)} from the rules in
 * {@code spark-hash/README.md}, for checking where rows land: Java objects in, no Arrow, no code
 * shared with the engine. Supports what {@link TestingMixedRows} keys hold: Integer (INT), String (UTF-8
 * BYTES), byte[] (a string's UTF-8 or binary: BYTES) and BigDecimal of precision &gt; 18 (BYTES of the
 * unscaled value's two's complement).
 */
public final class ReferenceSparkHash {
  private ReferenceSparkHash() {}

  /** Spark's {@code hash(values...)}: seed 42, each non-null value's hash seeding the next. */
  public static int hash(Object... values) {
    int seed = 42;
    for (Object value : values) {
      if (value == null) {
        continue;
      }
      if (value instanceof Integer) {
        seed = murmur(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((Integer) value).array(), seed);
      } else if (value instanceof String) {
        seed = murmur(((String) value).getBytes(StandardCharsets.UTF_8), seed);
      } else if (value instanceof byte[]) {
        seed = murmur((byte[]) value, seed);
      } else if (value instanceof BigDecimal) {
        seed = murmur(((BigDecimal) value).unscaledValue().toByteArray(), seed);
      } else {
        throw new IllegalArgumentException("no reference hash for " + value.getClass());
      }
    }
    return seed;
  }

  /** Murmur3 x86_32 over {@code bytes}, with Spark's tail: each of the last 1-3 bytes its own block, sign-extended. */
  private static int murmur(byte[] bytes, int seed) {
    ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int h = seed;
    while (in.remaining() >= 4) {
      h = mixIntoHash(h, in.getInt());
    }
    while (in.hasRemaining()) {
      h = mixIntoHash(h, in.get());
    }
    h ^= bytes.length;
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    return h ^ (h >>> 16);
  }

  private static int mixIntoHash(int h, int k) {
    k *= 0xcc9e2d51;
    k = (k << 15) | (k >>> 17);
    k *= 0x1b873593;
    h ^= k;
    h = (h << 13) | (h >>> 19);
    return h * 5 + 0xe6546b64;
  }
}
