package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.encoding.TestFloats.FloatDataset;
import dev.quiver.testing.TestingAllocator;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The compressor picks ALP for price-like doubles and, for random doubles, whatever is smallest
 * (within the 5% that ALP, ALP-RD and dictionaries must save to win) among plain, zstd, ALP and
 * ALP-RD, each forced on the same rows. Sizes are printed for the record; every chunk round-trips.
 */
class AlpCompressorChoiceTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final int ROWS = 100_000;
  private static final EncodingKind[] RIVALS = {EncodingKind.PLAIN, EncodingKind.ZSTD, EncodingKind.ALP,
      EncodingKind.ALP_RD};

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @BeforeAll
  static void printSeed() {
    System.out.println("AlpCompressorChoiceTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
  }

  private EncodedChunk encode(FieldVector vector, EncodingOptions options, String label) {
    EncodedChunk chunk = TestVectors.roundTrip(memory.allocator(), vector, 0, vector.getValueCount(), options,
        "seed " + SEED + ", " + label);
    System.out.printf("%-28s %8d B  %s%n", label, chunk.encodedBytes().length, chunk.encodingTree());
    return chunk;
  }

  /** The chosen chunk, after checking it is within 5% of the smallest forced rival. */
  private EncodedChunk chooseAndCompare(TestColumnType type, FloatDataset dataset) {
    List<Object> values = TestFloats.generate(type, dataset, new Random(SEED), ROWS);
    try (FieldVector vector = TestVectors.build(memory.allocator(), type, values, "column")) {
      EncodedChunk chosen = encode(vector, EncodingOptions.defaults(), type + " " + dataset + " auto");
      long smallest = Long.MAX_VALUE;
      for (EncodingKind kind : RIVALS) {
        smallest = Math.min(smallest,
            encode(vector, EncodingOptions.defaults().forcing(kind), type + " " + dataset + " " + kind)
                .encodedBytes().length);
      }
      assertThat((double) chosen.encodedBytes().length).as("seed %d, %s %s", SEED, type, dataset)
          .isLessThanOrEqualTo(smallest * 1.06);
      return chosen;
    }
  }

  @Test
  void pricesChooseAlp() {
    for (TestColumnType type : new TestColumnType[] {TestColumnType.FLOAT64, TestColumnType.FLOAT32}) {
      EncodedChunk chunk = chooseAndCompare(type, FloatDataset.PRICES);
      assertThat(chunk.encodingTree()).as("seed %d, %s", SEED, type).startsWith("alp(");
      // cents up to 10^6 pack in 20 bits: under a third of the 64-bit (or two thirds of the 32-bit) values
      assertThat(chunk.encodedBytes().length).as("seed %d, %s", SEED, type).isLessThan(ROWS * 21 / 8 + 1000);
    }
  }

  @Test
  void sensorReadingsChooseAlp() {
    EncodedChunk chunk = chooseAndCompare(TestColumnType.FLOAT64, FloatDataset.SENSOR);
    assertThat(chunk.encodingTree()).as("seed %d", SEED).startsWith("alp(");
  }

  @Test
  void randomDoublesChooseTheSmallest() {
    EncodedChunk chunk = chooseAndCompare(TestColumnType.FLOAT64, FloatDataset.RANDOM);
    assertThat(chunk.encodedBytes().length).as("seed %d", SEED).isLessThan(ROWS * 8);
  }
}
