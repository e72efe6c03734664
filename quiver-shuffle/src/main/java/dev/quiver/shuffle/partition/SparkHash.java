package dev.quiver.shuffle.partition;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Apache Spark's {@code hash(...)}: MurmurHash3 x86_32 with seed 42, with Spark's own rule for the
 * last 1 to 3 bytes of a byte string (each mixed as a block of its own, sign-extended), as the
 * vectors in {@code ../shared/testdata/spark-hash/README.md} pin down. Three encodings: INT (4
 * bytes), LONG (low word then high word) and BYTES. Arithmetic wraps on 32-bit ints.
 */
public final class SparkHash {
  private SparkHash() {}

  /** Spark's seed for {@code hash(...)} and hash partitioning. */
  public static final int SEED = 42;

  private static final int C1 = 0xcc9e2d51;
  private static final int C2 = 0x1b873593;

  /** INT(value): the hash of a 32-bit value. */
  public static int hashInt(int value, int seed) {
    return finish(mix(seed, value), 4);
  }

  /** LONG(value): the low 32 bits mixed first, then the high 32 bits. */
  public static int hashLong(long value, int seed) {
    int hash = mix(seed, (int) value);
    hash = mix(hash, (int) (value >>> 32));
    return finish(hash, 8);
  }

  /** BYTES over {@code length} bytes of {@code buffer} from {@code offset}. */
  public static int hashBytes(ArrowBuf buffer, long offset, int length, int seed) {
    int hash = seed;
    int aligned = length - (length & 3);
    for (int i = 0; i < aligned; i += 4) {
      hash = mix(hash, buffer.getInt(offset + i));
    }
    for (int i = aligned; i < length; i++) {
      hash = mix(hash, buffer.getByte(offset + i));
    }
    return finish(hash, length);
  }

  /** BYTES over {@code bytes[0, length)}. */
  public static int hashBytes(byte[] bytes, int length, int seed) {
    int hash = seed;
    int aligned = length - (length & 3);
    for (int i = 0; i < aligned; i += 4) {
      int block = (bytes[i] & 0xFF) | (bytes[i + 1] & 0xFF) << 8 | (bytes[i + 2] & 0xFF) << 16 | bytes[i + 3] << 24;
      hash = mix(hash, block);
    }
    for (int i = aligned; i < length; i++) {
      hash = mix(hash, bytes[i]);
    }
    return finish(hash, length);
  }

  /** A float as Spark hashes it: -0.0 as 0.0, every NaN as the canonical NaN. */
  public static int hashFloat(float value, int seed) {
    return hashInt(value == 0.0f ? 0 : Float.floatToIntBits(value), seed);
  }

  /** A double as Spark hashes it: -0.0 as 0.0, every NaN as the canonical NaN. */
  public static int hashDouble(double value, int seed) {
    return hashLong(value == 0.0 ? 0L : Double.doubleToLongBits(value), seed);
  }

  /** Spark's {@code pmod(hash, partitions)}: never negative. */
  public static int partition(int hash, int partitions) {
    return Math.floorMod(hash, partitions);
  }

  private static int mix(int hash, int block) {
    int k = block * C1;
    k = Integer.rotateLeft(k, 15);
    k *= C2;
    int h = hash ^ k;
    h = Integer.rotateLeft(h, 13);
    return h * 5 + 0xe6546b64;
  }

  private static int finish(int hash, int length) {
    int h = hash ^ length;
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }
}
