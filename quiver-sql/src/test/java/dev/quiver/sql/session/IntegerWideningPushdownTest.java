package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.sql.oracle.OrderSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
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
 * A SMALLINT or TINYINT column compared with integer literals (which Calcite widens with a cast) reaches the scan as
 * column-versus-literal when every literal fits the column's type, and stays a computed comparison when one does not
 * (out of range, a fraction): the answers equal DuckDB's either way, NULLs included.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IntegerWideningPushdownTest {
  @TempDir
  static Path folder;
  private final long seed = Long.getLong("quiver.widening.seed", 20_261_206L);
  private OracleTables tables;
  private SessionRunner engine;

  @BeforeAll
  void load() throws Exception {
    System.out.println("IntegerWideningPushdownTest seed " + seed + " (-Dquiver.widening.seed=" + seed + ")");
    tables = new OracleTables(SessionOptions.defaults().withThreads(2));
    engine = tables.engine();
    tables.load("w", folder, this::rows);
  }

  private VectorSchemaRoot rows(BufferAllocator allocator) {
    Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(32, true)),
        Field.nullable("s", new ArrowType.Int(16, true)), Field.nullable("t", new ArrowType.Int(8, true))));
    Random random = new Random(seed);
    int rows = 20_000;
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    root.allocateNew();
    IntVector id = (IntVector) root.getVector("id");
    SmallIntVector small = (SmallIntVector) root.getVector("s");
    TinyIntVector tiny = (TinyIntVector) root.getVector("t");
    short[] edges = {Short.MIN_VALUE, -1, 0, 1, 6, Short.MAX_VALUE};
    for (int row = 0; row < rows; row++) {
      id.setSafe(row, row);
      if (random.nextInt(15) == 0) {
        small.setNull(row);
      } else {
        small.setSafe(row, random.nextBoolean() ? edges[random.nextInt(edges.length)] : random.nextInt(200) - 100);
      }
      if (random.nextInt(15) == 0) {
        tiny.setNull(row);
      } else {
        tiny.setSafe(row, (byte) (random.nextInt(256) - 128));
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

  @Test
  void comparisonsEqualDuckDbAndFittingOnesArePushed() throws Exception {
    List<String> pushed = List.of("s = 0", "s <> 0", "0 = s", "s < -1", "s >= 32767", "s IN (-1, 6)",
        "s NOT IN (-1, 6)", "s BETWEEN -5 AND 6", "t = -128", "t > 100", "s = 0 AND t <> 0", "s = 0 OR t = 1");
    List<String> computed = List.of("s = 40000", "s < 40000", "s > -40000", "s IN (-1, 100000)", "t = 200",
        "t < 300", "s = 1.5");
    for (String condition : pushed) {
      check(condition);
      String plan = engine.session().explain("SELECT count(*) FROM w WHERE " + condition);
      // pushed into the scan, or into the scan that answers the COUNT(*) from statistics (StatisticsAggregatesTest)
      assertThat(plan).as(plan).containsPattern("(TableScan\\[w, |StatisticsAggregate\\[w: )[^\\n]*filter=")
          .doesNotContain("CAST(");
    }
    for (String condition : computed) {
      check(condition);
    }
  }

  private void check(String condition) throws Exception {
    for (String query : List.of("SELECT count(*) AS c FROM w WHERE " + condition,
        "SELECT s, t, count(*) AS c FROM w WHERE " + condition + " GROUP BY s, t")) {
      assertThat(tables.compare(query, OrderSpec.unordered())).as(query).isEmpty();
    }
  }
}
