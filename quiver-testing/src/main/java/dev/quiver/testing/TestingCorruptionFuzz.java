package dev.quiver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.QuiverException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A corruption-fuzz conformance kit: real encoded bytes ({@link #specimens}), damaged in seeded ways
 * ({@link #mutate}: bit flips, truncations, splices, overwritten and appended bytes unless a subclass
 * damages in its own way), must each either decode ({@link #decode} returns) or be refused with a typed
 * exception, {@link QuiverException} or {@link CorruptFileException}; any other exception fails the
 * test with the seed, the mutation and the specimen. The seed is printed once per class and replayed
 * with {@code -D}{@link #seedProperty()}{@code =N}.
 *
 * @param <T> what a subclass keeps beside each specimen's bytes (the field it decodes as, its codec)
 */
public abstract class TestingCorruptionFuzz<T> {
  private static final Map<Class<?>, Long> SEEDS = new ConcurrentHashMap<>();

  /** A real encoded value to damage: a label for messages, its bytes, and what decoding it needs. */
  public record Specimen<T>(String label, byte[] bytes, T detail) {}

  /** The system property that replays a seed. */
  protected abstract String seedProperty();

  /** How many damaged specimens to try (round robin over the specimens). */
  protected abstract int mutations();

  /** The specimens, made from the seeded {@code random}. */
  protected abstract List<Specimen<T>> specimens(Random random) throws Exception;

  /**
   * Decodes damaged bytes: returns when they decoded (after checking what came out), throws a
   * {@link QuiverException} or {@link CorruptFileException} when they are refused.
   */
  protected abstract void decode(Specimen<T> specimen, byte[] damaged, String context) throws Exception;

  /** Checks a typed refusal further (its message, its error code); nothing by default. */
  protected void refused(Exception typed, String context) {}

  /** The fewest refusals a run must see. */
  protected int minimumRefused(int mutations) {
    return 1;
  }

  /** This class's seed: {@link #seedProperty()} if set, else the clock; printed the first time. */
  protected final long seed() {
    return SEEDS.computeIfAbsent(getClass(), type -> {
      long seed = Long.getLong(seedProperty(), System.nanoTime());
      System.out
          .println(type.getSimpleName() + " seed " + seed + " (rerun with -D" + seedProperty() + "=" + seed + ")");
      return seed;
    });
  }

  @BeforeEach
  final void printSeed() {
    seed();
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void damagedBytesDecodeOrFailTyped() throws Exception {
    long seed = seed();
    Random random = new Random(seed);
    List<Specimen<T>> specimens = specimens(random);
    int mutations = mutations();
    int decoded = 0;
    int refused = 0;
    for (int m = 0; m < mutations; m++) {
      Specimen<T> specimen = specimens.get(m % specimens.size());
      StringBuilder description = new StringBuilder();
      byte[] damaged = mutate(specimen.bytes(), random, description);
      String context = "seed " + seed + ", mutation " + m + " (" + description + ") of " + specimen.label();
      if (decodeOrRefuse(specimen, damaged, context)) {
        decoded++;
      } else {
        refused++;
      }
    }
    System.out
        .println(getClass().getSimpleName() + ": " + decoded + " damaged specimens decoded, " + refused + " refused");
    assertThat(refused).as("most damage is detected (seed %s)", seed).isGreaterThanOrEqualTo(minimumRefused(mutations));
  }

  /** True when the damaged bytes decoded, false when refused with a typed exception. */
  protected final boolean decodeOrRefuse(Specimen<T> specimen, byte[] damaged, String context) {
    try {
      decode(specimen, damaged, context);
      return true;
    } catch (QuiverException | CorruptFileException typed) {
      refused(typed, context);
      return false;
    } catch (AssertionError failed) {
      throw failed;
    } catch (Throwable unexpected) {
      throw new AssertionError(context + ": " + unexpected + " instead of a QuiverException or CorruptFileException",
          unexpected);
    }
  }

  /** Damages a copy of {@code original} one seeded way, and says how in {@code description}. */
  protected byte[] mutate(byte[] original, Random random, StringBuilder description) {
    byte[] bytes = original.clone();
    if (bytes.length == 0) {
      description.append("extended from nothing");
      return new byte[] {(byte) random.nextInt(256)};
    }
    switch (random.nextInt(5)) {
      case 0: {
        int flips = 1 + random.nextInt(3);
        for (int f = 0; f < flips; f++) {
          int bit = random.nextInt(bytes.length * 8);
          bytes[bit >>> 3] ^= (byte) (1 << (bit & 7));
        }
        description.append(flips).append(" bit flips");
        return bytes;
      }
      case 1: {
        int length = random.nextInt(bytes.length);
        description.append("truncated to ").append(length).append(" bytes");
        return Arrays.copyOf(bytes, length);
      }
      case 2: {
        int length = 1 + random.nextInt(Math.min(64, bytes.length));
        int from = random.nextInt(bytes.length - length + 1);
        int to = random.nextInt(bytes.length - length + 1);
        System.arraycopy(original, from, bytes, to, length);
        description.append(length).append(" bytes from ").append(from).append(" spliced at ").append(to);
        return bytes;
      }
      case 3: {
        int at = random.nextInt(bytes.length);
        int length = Math.min(bytes.length - at, 1 + random.nextInt(32));
        for (int i = at; i < at + length; i++) {
          bytes[i] = (byte) random.nextInt(256);
        }
        description.append(length).append(" random bytes at ").append(at);
        return bytes;
      }
      default: {
        int extra = 1 + random.nextInt(16);
        byte[] longer = Arrays.copyOf(bytes, bytes.length + extra);
        for (int i = bytes.length; i < longer.length; i++) {
          longer[i] = (byte) random.nextInt(256);
        }
        description.append("extended by ").append(extra).append(" bytes");
        return longer;
      }
    }
  }
}
