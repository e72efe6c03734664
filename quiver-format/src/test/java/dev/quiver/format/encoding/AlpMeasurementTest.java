package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.encoding.TestFloats.FloatDataset;
import dev.quiver.testing.TestingAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A measurement, not a check (run with {@code -Dquiver.alp.measure=true}): 1 M float64 rows of
 * prices, sensor readings and random doubles in 128 Ki-row chunks, encoded by the compressor as it
 * chooses now (AUTO) and forced to what it chose before ALP existed (PLAIN, with the zstd stage) and
 * to each of ZSTD, ALP and ALP_RD; prints bytes and the best of 7 decode passes. Asserts only that
 * every decode gives back the rows.
 */
@EnabledIfSystemProperty(named = "quiver.alp.measure", matches = "true")
class AlpMeasurementTest {
  private static final int ROWS = 1 << 20;
  private static final int CHUNK = 1 << 17;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void measure() {
    for (FloatDataset dataset : new FloatDataset[] {FloatDataset.PRICES, FloatDataset.SENSOR, FloatDataset.RANDOM}) {
      List<Object> values = TestFloats.generate(TestColumnType.FLOAT64, dataset, new Random(42), ROWS);
      try (FieldVector vector = TestVectors.build(memory.allocator(), TestColumnType.FLOAT64, values, "column")) {
        for (String arm : new String[] {"AUTO", "PLAIN", "ZSTD", "ALP", "ALP_RD"}) {
          EncodingOptions options = arm.equals("AUTO") ? EncodingOptions.defaults()
              : EncodingOptions.defaults().forcing(EncodingKind.valueOf(arm));
          List<byte[]> chunks = new ArrayList<>();
          long encodeStart = System.nanoTime();
          String tree = null;
          for (int start = 0; start < ROWS; start += CHUNK) {
            EncodedChunk chunk = ChunkCodec.encode(vector, start, CHUNK, options);
            chunks.add(chunk.encodedBytes());
            tree = tree == null ? chunk.encodingTree() : tree;
          }
          long encodeMillis = (System.nanoTime() - encodeStart) / 1_000_000;
          long bytes = chunks.stream().mapToLong(chunk -> chunk.length).sum();
          long best = Long.MAX_VALUE;
          for (int pass = 0; pass < 7; pass++) {
            long started = System.nanoTime();
            for (int c = 0; c < chunks.size(); c++) {
              try (ArrowBuf segment = TestVectors.toSegment(memory.allocator(), chunks.get(c));
                  FieldVector decoded = ChunkCodec.decode(segment, vector.getField(), memory.allocator(), "m")) {
                if (pass == 0) {
                  TestVectors.assertSameRows(vector, c * CHUNK, CHUNK, decoded, dataset + " " + arm);
                }
                assertThat(decoded.getValueCount()).isEqualTo(CHUNK);
              }
            }
            best = Math.min(best, System.nanoTime() - started);
          }
          System.out.printf("measure %-7s %-7s %9d B  %5.2f bits/value  encode %5d ms  decode %6.2f ms  %s%n",
              dataset, arm, bytes, 8.0 * bytes / ROWS, encodeMillis, best / 1e6, tree);
        }
      }
    }
  }
}
