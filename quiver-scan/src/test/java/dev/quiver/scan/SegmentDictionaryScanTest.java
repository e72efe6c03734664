package dev.quiver.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.batch.Batch;
import dev.quiver.format.encoding.EncodingKind;
import dev.quiver.format.encoding.EncodingOptions;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.scan.execution.ScanResult;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * String segments whose values are a dictionary (no dict layout) reach the scan's batches as codes +
 * dictionary, and filters on them, evaluated once per distinct value, select exactly the rows a
 * row-by-row reference selects.
 */
class SegmentDictionaryScanTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final Schema SCHEMA = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
      Field.nullable("word", ArrowType.Utf8.INSTANCE)));

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private List<String> write(Path file, Random random, int rows) throws IOException {
    List<String> words = new ArrayList<>();
    QuiverWriter.Options options = QuiverWriter.Options.defaults().withColumnDictionaries(false)
        .withChunkBytes(2048 + random.nextInt(8192)).withZoneRows(512)
        .withEncoding(EncodingOptions.defaults().forcing(EncodingKind.DICTIONARY));
    try (QuiverWriter writer = QuiverWriter.create(file, SCHEMA, memory.allocator(), options);
        VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      BigIntVector ids = (BigIntVector) batch.getVector(0);
      VarCharVector text = (VarCharVector) batch.getVector(1);
      ids.allocateNew(rows);
      text.allocateNew(rows);
      for (int row = 0; row < rows; row++) {
        ids.set(row, row);
        String word = random.nextInt(9) == 0 ? null : "w" + random.nextInt(1 + random.nextInt(40)) + "\u00e9";
        words.add(word);
        if (word == null) {
          text.setNull(row);
        } else {
          text.setSafe(row, word.getBytes(StandardCharsets.UTF_8));
        }
      }
      batch.setRowCount(rows);
      writer.write(batch);
    }
    return words;
  }

  @Test
  void filtersAndBatchesKeepTheSegmentDictionary() throws IOException {
    System.out.println("SegmentDictionaryScanTest seed " + SEED);
    Random random = new Random(SEED);
    Path file = directory.resolve("words.qvr");
    int rows = 20_000 + random.nextInt(20_000);
    List<String> words = write(file, random, rows);
    List<String> filters = List.of("word = 'w3\u00e9'", "word LIKE 'w1%'", "word IN ('w2\u00e9', 'w30\u00e9')",
        "word IS NULL", "word > 'w25' AND id BETWEEN 5000 AND 15000", "word <> 'w0\u00e9' OR id < 100");
    for (String filter : filters) {
      for (int threads = 1; threads <= 2; threads++) {
        List<Long> expected = new ArrayList<>();
        for (int row = 0; row < rows; row++) {
          if (reference(filter, row, words.get(row))) {
            expected.add((long) row);
          }
        }
        List<Long> seen = new ArrayList<>();
        int dictionaryBatches = 0;
        try (ScanResult result = Scan.of(file).filter(filter).threads(threads).open(memory.allocator())) {
          for (Batch next = result.read(); next != null; next = result.read()) {
            try (Batch batch = next) {
              if (batch.isDictionaryEncoded(1)) {
                dictionaryBatches++;
              }
              try (VectorSchemaRoot root = batch.materialize(memory.allocator())) {
                BigIntVector ids = (BigIntVector) root.getVector(0);
                VarCharVector text = (VarCharVector) root.getVector(1);
                for (int i = 0; i < root.getRowCount(); i++) {
                  long id = ids.get(i);
                  seen.add(id);
                  String word = words.get((int) id);
                  String actual = text.isNull(i) ? null : new String(text.get(i), StandardCharsets.UTF_8);
                  assertThat(actual).as("%s row %d (seed %d)", filter, id, SEED).isEqualTo(word);
                }
              }
            }
          }
        }
        assertThat(seen).as("%s, %d threads (seed %d)", filter, threads, SEED).isEqualTo(expected);
        if (!expected.isEmpty()) {
          assertThat(dictionaryBatches).as("%s: batches carry the dictionary (seed %d)", filter, SEED).isPositive();
        }
      }
    }
  }

  private static boolean reference(String filter, long id, String word) {
    switch (filter) {
      case "word = 'w3\u00e9'":
        return "w3\u00e9".equals(word);
      case "word LIKE 'w1%'":
        return word != null && word.startsWith("w1");
      case "word IN ('w2\u00e9', 'w30\u00e9')":
        return "w2\u00e9".equals(word) || "w30\u00e9".equals(word);
      case "word IS NULL":
        return word == null;
      case "word > 'w25' AND id BETWEEN 5000 AND 15000":
        return word != null && word.compareTo("w25") > 0 && id >= 5000 && id <= 15000;
      case "word <> 'w0\u00e9' OR id < 100":
        return (word != null && !word.equals("w0\u00e9")) || id < 100;
      default:
        throw new IllegalArgumentException(filter);
    }
  }
}
