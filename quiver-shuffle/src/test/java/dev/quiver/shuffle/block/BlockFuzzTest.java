package dev.quiver.shuffle.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingCorruptionFuzz;
import dev.quiver.testing.TestingTables;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seeded mutations of valid blocks: bit flips, truncations (with and without a matching length
 * field) and splices. Every decode must end in a batch or a typed {@link QuiverException}: never
 * another exception, an OutOfMemoryError, a hang or a leak. Oracles on top of that:
 * <ul>
 *   <li>cold and warm caches give the same outcome (same message, or bit-identical buffers);
 *   <li>a block {@code decodeValidated} accepts, {@code decode} accepts too, with the same buffers,
 *       and every value of it can be read;
 *   <li>snappy checksums every byte, so a snappy block decodes to the original batch or fails. (A
 *       flip inside a value of an unchecksummed block changes that value: no format can see it.)
 * </ul>
 * Set {@code -Dquiver.fuzz.seed=N} to replay a run, {@code -Dquiver.fuzz.iterations=N} for more.
 */
class BlockFuzzTest extends TestingCorruptionFuzz<CompressionCodec> {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private static final int ITERATIONS = Integer.getInteger("quiver.fuzz.iterations", 2500);

  /** The batch every specimen encodes (closed after the test, before the leak check). */
  private VectorSchemaRoot original;

  @AfterEach
  void closeOriginal() {
    if (original != null) {
      original.close();
    }
  }

  @Override
  protected String seedProperty() {
    return "quiver.fuzz.seed";
  }

  /** {@code ITERATIONS / 2} per codec and offsets flag, as before. */
  @Override
  protected int mutations() {
    return CompressionCodec.values().length * 2 * (ITERATIONS / 2);
  }

  /** Every codec, with offsets as offsets and as lengths: the same batch as a block. */
  @Override
  protected List<Specimen<CompressionCodec>> specimens(Random random) {
    original = TestingTables.allTypes(memory.allocator(), 40, seed(), 15);
    List<Specimen<CompressionCodec>> specimens = new ArrayList<>();
    for (CompressionCodec codec : CompressionCodec.values()) {
      for (boolean flag : new boolean[] {false, true}) {
        try (ShuffleBlockWriter writer = new ShuffleBlockWriter(
            original.getSchema(), codec, ShuffleBlockWriter.Options.defaults().withOffsetsAsLengths(flag))) {
          specimens.add(new Specimen<>(codec + " flag=" + flag, writer.encodeToArray(original), codec));
        }
      }
    }
    return specimens;
  }

  /** Every decode of a mutant, cold and warm, trusted and validated, agrees; a refusal is the validated one's. */
  @Override
  protected void decode(Specimen<CompressionCodec> specimen, byte[] mutant, String context) {
    check(original, mutant, specimen.detail(), context);
  }

  @Override
  protected byte[] mutate(byte[] block, Random random, StringBuilder description) {
    byte[] mutant = block.clone();
    int kind = random.nextInt(4);
    description.append(new String[] {"bit flips", "truncation", "splice", "insertion"}[kind]);
    switch (kind) {
      case 0: {
        int flips = 1 + random.nextInt(3);
        for (int f = 0; f < flips; f++) {
          int bit = random.nextInt(mutant.length * 8);
          mutant[bit >>> 3] ^= (byte) (1 << (bit & 7));
        }
        return mutant;
      }
      case 1: {
        byte[] cut = Arrays.copyOf(mutant, random.nextInt(mutant.length));
        if (cut.length >= 8 && random.nextBoolean()) {
          putLong(cut, 0, cut.length - 8);
        }
        return cut;
      }
      case 2: {
        int length = 1 + random.nextInt(Math.min(64, mutant.length));
        int from = random.nextInt(mutant.length - length + 1);
        int to = random.nextInt(mutant.length - length + 1);
        System.arraycopy(block, from, mutant, to, length);
        return mutant;
      }
      default: {
        int at = BlockFormat.HEADER_BYTES + random.nextInt(Math.max(1, mutant.length - BlockFormat.HEADER_BYTES));
        int length = random.nextInt(32);
        byte[] inserted = new byte[length];
        random.nextBytes(inserted);
        byte[] grown = new byte[mutant.length + length];
        System.arraycopy(mutant, 0, grown, 0, Math.min(at, mutant.length));
        System.arraycopy(inserted, 0, grown, Math.min(at, mutant.length), length);
        if (at < mutant.length) {
          System.arraycopy(mutant, at, grown, at + length, mutant.length - at);
        }
        putLong(grown, 0, grown.length - 8);
        return grown;
      }
    }
  }

  /** Returns when the mutant decoded; throws the validated decode's QuiverException when it was refused. */
  private void check(VectorSchemaRoot original, byte[] mutant, CompressionCodec codec, String context) {
    Outcome trustedCold = decode(mutant, false, false, context);
    Outcome trustedWarm = decode(mutant, false, true, context);
    Outcome validatedCold = decode(mutant, true, false, context);
    Outcome validatedWarm = decode(mutant, true, true, context);
    try {
      assertSame(trustedCold, trustedWarm, context + " trusted cold/warm");
      assertSame(validatedCold, validatedWarm, context + " validated cold/warm");
      if (validatedCold.batch != null) {
        assertThat(trustedCold.batch).as(context + ": validated accepted but trusted rejected: " + trustedCold.error)
            .isNotNull();
        assertSame(validatedCold, trustedCold, context + " validated/trusted");
        validatedCold.batch.root().contentToTSVString();
        if (codec == CompressionCodec.SNAPPY) {
          assertThat(TestingTables.differences(original, validatedCold.batch.root())).as(context).isNull();
        }
      }
      if (validatedCold.failure != null) {
        throw validatedCold.failure;
      }
    } finally {
      for (Outcome outcome : List.of(trustedCold, trustedWarm, validatedCold, validatedWarm)) {
        if (outcome.batch != null) {
          outcome.batch.close();
        }
      }
    }
  }

  private record Outcome(DecodedBatch batch, String error, QuiverException failure) {}

  private Outcome decode(byte[] mutant, boolean validated, boolean warm, String context) {
    BlockDecoder decoder = new BlockDecoder(memory.allocator());
    try {
      if (warm) {
        warmUp(decoder);
      }
      DecodedBatch batch = validated ? decoder.decodeValidated(mutant, "mutant") : decoder.decode(mutant, "mutant");
      return new Outcome(batch, null, null);
    } catch (QuiverException typed) {
      assertThat(typed.getMessage()).startsWith("mutant: ");
      return new Outcome(null, typed.getMessage(), typed);
    } catch (RuntimeException | Error untyped) {
      fail(context + ": untyped failure " + untyped, untyped);
      return null;
    }
  }

  private byte[] warmBlock;

  private void warmUp(BlockDecoder decoder) {
    if (warmBlock == null) {
      try (VectorSchemaRoot sample = TestingTables.allTypes(memory.allocator(), 3, 1, 0);
          ShuffleBlockWriter writer = new ShuffleBlockWriter(sample.getSchema(), CompressionCodec.NONE,
              ShuffleBlockWriter.Options.defaults())) {
        warmBlock = writer.encodeToArray(sample);
      }
    }
    decoder.decode(warmBlock, "warm").close();
  }

  private static void assertSame(Outcome left, Outcome right, String context) {
    assertThat(right.error).as(context).isEqualTo(left.error);
    if (left.batch != null) {
      assertThat(rawDifferences(left.batch.root(), right.batch.root())).as(context).isNull();
    }
  }

  /** Compares schemas, row counts and every buffer byte for byte, without interpreting values. */
  static String rawDifferences(VectorSchemaRoot left, VectorSchemaRoot right) {
    if (!left.getSchema().equals(right.getSchema()) || left.getRowCount() != right.getRowCount()) {
      return "schema or row count differ";
    }
    for (int c = 0; c < left.getFieldVectors().size(); c++) {
      String difference = rawDifferences(left.getVector(c), right.getVector(c));
      if (difference != null) {
        return difference;
      }
    }
    return null;
  }

  private static String rawDifferences(FieldVector left, FieldVector right) {
    if (left.getValueCount() != right.getValueCount()) {
      return left.getName() + ": value counts differ";
    }
    List<ArrowBuf> leftBuffers = left.getFieldBuffers();
    List<ArrowBuf> rightBuffers = right.getFieldBuffers();
    for (int b = 0; b < leftBuffers.size(); b++) {
      byte[] leftBytes = bytes(leftBuffers.get(b));
      byte[] rightBytes = bytes(rightBuffers.get(b));
      if (!Arrays.equals(leftBytes, rightBytes)) {
        return left.getName() + ": buffer " + b + " differs";
      }
    }
    for (int child = 0; child < left.getChildrenFromFields().size(); child++) {
      String difference = rawDifferences(left.getChildrenFromFields().get(child),
          right.getChildrenFromFields().get(child));
      if (difference != null) {
        return difference;
      }
    }
    return null;
  }

  private static byte[] bytes(ArrowBuf buffer) {
    byte[] bytes = new byte[(int) buffer.capacity()];
    buffer.getBytes(0, bytes);
    return bytes;
  }

  private static void putLong(byte[] array, int position, long value) {
    for (int i = 0; i < 8; i++) {
      array[position + i] = (byte) (value >>> (8 * i));
    }
  }
}
