package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.ResultComparison;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * GROUP BY a string column whose file-wide dictionary is larger than a batch (12,000 values over 150,000 rows,
 * skewed, with NULLs), and one whose chunks bring their own dictionaries of a few thousand values (fewer than a
 * batch's rows, more than a quarter: each shared by the chunk's batches, a value repeated within a batch): the groups
 * are found through the dictionary codes (EXPLAIN ANALYZE counts {@code dictionary.rows}) and the answers equal
 * DuckDB's, with filters, two threads, and under a memory limit that makes the aggregate spill (its code slots
 * cleared with the table).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DictionaryGroupingTest {
  @TempDir
  static Path folder;
  private static final int ROWS = 150_000;
  private final long seed = Long.getLong("quiver.dictionary.seed", 20_261_205L);
  private OracleTables tables;
  private Path file;
  private Path chunked;

  @BeforeAll
  void load() throws Exception {
    System.out.println("DictionaryGroupingTest seed " + seed + " (-Dquiver.dictionary.seed=" + seed + ")");
    tables = new OracleTables(SessionOptions.defaults());
    file = tables.load("d", folder, allocator -> rows(allocator, 12_000));
    // no column-wide dictionary, chunks of about 20,000 rows: each chunk is dictionary-encoded on its own
    chunked = tables.load("c", folder, allocator -> rows(allocator, 4_000),
        QuiverWriter.Options.defaults().withColumnDictionaries(false).withChunkBytes(256 << 10));
  }

  private VectorSchemaRoot rows(BufferAllocator allocator, int words) {
    Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(32, true)),
        Field.nullable("s", ArrowType.Utf8.INSTANCE), Field.nullable("v", new ArrowType.Int(32, true))));
    Random random = new Random(seed);
    int rows = ROWS;
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    IntVector id = (IntVector) root.getVector("id");
    VarCharVector s = (VarCharVector) root.getVector("s");
    IntVector v = (IntVector) root.getVector("v");
    root.allocateNew();
    for (int row = 0; row < rows; row++) {
      id.setSafe(row, row);
      if (random.nextInt(20) == 0) {
        s.setNull(row);
      } else {
        int word = random.nextBoolean() ? random.nextInt(50) : random.nextInt(words);
        s.setSafe(row, ("page/" + word + (word % 7 == 0 ? "/é" : "")).getBytes(StandardCharsets.UTF_8));
      }
      if (random.nextInt(10) == 0) {
        v.setNull(row);
      } else {
        v.setSafe(row, random.nextInt(1000) - 500);
      }
    }
    root.setRowCount(rows);
    return root;
  }

  @AfterAll
  void close() throws Exception {
    if (tables != null) {
      tables.close();
    }
  }

  private static final List<String> QUERIES = List.of(
      "SELECT s, COUNT(*) AS c, SUM(v) AS t, MIN(v) AS lo FROM d GROUP BY s",
      "SELECT s, COUNT(*) AS c FROM d WHERE v > 100 GROUP BY s",
      "SELECT s, COUNT(DISTINCT v) AS u FROM d WHERE id % 3 = 0 GROUP BY s",
      "SELECT s, COUNT(*) AS c FROM d GROUP BY s ORDER BY c DESC, s LIMIT 10");

  @Test
  void groupsByDictionaryCodesEqualDuckDb() throws Exception {
    for (SessionOptions options : List.of(SessionOptions.defaults().withThreads(1),
        SessionOptions.defaults().withThreads(2), SessionOptions.defaults().withThreads(2).withMemoryLimit(6L << 20)
            .withSpillDirectory(folder))) {
      try (SessionRunner engine = new SessionRunner(options)) {
        engine.session().register("d", file);
        engine.session().register("c", chunked);
        for (String table : List.of("d", "c")) {
          for (String template : QUERIES) {
            String query = template.replace("FROM d", "FROM " + table);
            Optional<String> difference = ResultComparison.compare(tables.oracle().run(query), engine.run(query),
                query.contains("ORDER BY") ? OrderSpec.keys(1, 0) : OrderSpec.unordered(), null);
            assertThat(difference).as(query + " with " + options).isEmpty();
          }
          String analyzed;
          try (SqlResult result = engine.session().execute("EXPLAIN ANALYZE "
              + QUERIES.get(0).replace("FROM d", "FROM " + table))) {
            analyzed = result.text();
          }
          java.util.regex.Matcher found = java.util.regex.Pattern.compile("dictionary\\.rows=(\\d+)").matcher(analyzed);
          assertThat(found.find()).as(analyzed).isTrue();
          // most rows find their group through the code slots (not only the slices shorter than a dictionary)
          assertThat(Long.parseLong(found.group(1))).as(table + ": " + analyzed).isGreaterThan(ROWS / 2);
          if (options.queryOptions().memoryLimit() > 0 && options.queryOptions().memoryLimit() < (64L << 20)) {
            assertThat(analyzed).as("the limited run spills: " + analyzed).containsPattern("spills=[1-9]");
          }
        }
      }
    }
  }
}
