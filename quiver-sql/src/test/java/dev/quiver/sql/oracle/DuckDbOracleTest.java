package dev.quiver.sql.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.batch.Batch;
import dev.quiver.testing.TestingAllocator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** DuckDB holds exactly the rows and types it was given, by either loading path. */
class DuckDbOracleTest {
  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  /** A table with a column of every kind, DECIMAL(15,2) among them, nulls and unicode. */
  private static RandomTable everyKind(long seed) {
    Random random = new Random(seed);
    List<RandomTable.Column> columns = List.of(new RandomTable.Column("k", RandomTable.Kind.INT, 0, 0),
        new RandomTable.Column("l", RandomTable.Kind.BIGINT, 0, 0),
        new RandomTable.Column("money", RandomTable.Kind.DECIMAL, 15, 2),
        new RandomTable.Column("d", RandomTable.Kind.DECIMAL, 9, 4),
        new RandomTable.Column("f", RandomTable.Kind.DOUBLE, 0, 0),
        new RandomTable.Column("s", RandomTable.Kind.VARCHAR, 0, 0),
        new RandomTable.Column("dt", RandomTable.Kind.DATE, 0, 0),
        new RandomTable.Column("b", RandomTable.Kind.BOOLEAN, 0, 0));
    List<List<Object>> rows = new ArrayList<>();
    for (int row = 0; row < 1500; row++) {
      List<Object> values = new ArrayList<>();
      for (RandomTable.Column column : columns) {
        values.add(random.nextInt(6) == 0 ? null : RandomTables.value(random, column, random.nextBoolean()));
      }
      rows.add(values);
    }
    rows.add(Arrays.asList(1L, Long.MAX_VALUE, new BigDecimal("9999999999999.99"), new BigDecimal("-99999.9999"), 0.125,
        "", LocalDate.of(2024, 2, 29), false));
    rows.add(Arrays.asList(null, null, null, null, null, null, null, null));
    return new RandomTable("every_kind", columns, rows);
  }

  @Test
  void appendedRowsComeBackWithTheirExactTypesAndValues() throws Exception {
    RandomTable table = everyKind(11);
    try (DuckDbOracle oracle = DuckDbOracle.inMemory(); VectorSchemaRoot batch = table.toArrow(allocator.allocator())) {
      oracle.load(table.name(), table.schema(), List.of(batch));
      Result result = oracle.run("SELECT * FROM every_kind");
      assertThat(result.columnTypes()).containsExactly("INTEGER", "BIGINT", "DECIMAL(15,2)", "DECIMAL(9,4)", "DOUBLE",
          "VARCHAR", "DATE", "BOOLEAN");
      assertThat(result.columnNames()).containsExactly("k", "l", "money", "d", "f", "s", "dt", "b");
      // Exact equality (BigDecimal scale included), in load order.
      assertThat(result.rows()).isEqualTo(table.rows());
    }
  }

  @Test
  void appenderAndInsertLoadTheSameRows() throws Exception {
    RandomTable table = everyKind(12);
    try (DuckDbOracle appended = DuckDbOracle.inMemory();
        DuckDbOracle inserted = DuckDbOracle.inMemory();
        VectorSchemaRoot first = table.toArrow(allocator.allocator(), 0, 700);
        VectorSchemaRoot second = table.toArrow(allocator.allocator(), 700, table.rows().size())) {
      appended.load(table.name(), table.schema(), List.of(first, second));
      inserted.createTable(table.name(), table.schema());
      inserted.insert(table.name(), first);
      inserted.insertRows(table.name(), table.rows().subList(700, table.rows().size()));
      Result left = appended.run("SELECT * FROM every_kind");
      Result right = inserted.run("SELECT * FROM every_kind");
      assertThat(right.rows()).isEqualTo(left.rows()).isEqualTo(table.rows());
      String aggregate = "SELECT count(*), count(s), sum(money), sum(d), min(dt), max(s), avg(f) FROM every_kind";
      assertThat(inserted.run(aggregate).rows()).isEqualTo(appended.run(aggregate).rows());
    }
  }

  @Test
  void aFailedStatementLeavesTheOracleUsable() throws Exception {
    try (DuckDbOracle oracle = DuckDbOracle.inMemory()) {
      try {
        oracle.run("SELECT * FROM missing_table");
      } catch (java.sql.SQLException expected) {
        assertThat(expected.getMessage()).contains("missing_table");
      }
      assertThat(oracle.run("SELECT 1 + 1 AS two").rows()).containsExactly(List.of(2L));
    }
  }

  @Test
  void duckDbResultTypesAreNormalized() throws Exception {
    try (DuckDbOracle oracle = DuckDbOracle.inMemory()) {
      Result result = oracle
          .run("SELECT sum(x) AS s, avg(CAST(x AS DECIMAL(15,2))) AS a, CAST(x AS DECIMAL(30,3)) AS w, "
              + "DATE '2024-02-29' + INTERVAL 1 DAY AS t FROM (VALUES (1), (2)) v(x) GROUP BY x ORDER BY x LIMIT 1");
      assertThat(result.columnTypes().get(0)).isEqualTo("HUGEINT");
      assertThat(result.rows().get(0).get(0)).isEqualTo(1L);
      assertThat(result.columnTypes().get(1)).isEqualTo("DOUBLE");
      assertThat(result.rows().get(0).get(2)).isEqualTo(new BigDecimal("1.000"));
      assertThat(result.rows().get(0).get(3)).isEqualTo(LocalDate.of(2024, 3, 1).atStartOfDay());
    }
  }

  @Test
  void arrowResultsReadAnArrowStream() throws Exception {
    RandomTable table = everyKind(14);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (VectorSchemaRoot first = table.toArrow(allocator.allocator(), 0, 1000);
        ArrowStreamWriter writer = new ArrowStreamWriter(first,
            null, bytes)) {
      writer.start();
      writer.writeBatch();
      try (VectorSchemaRoot second = table.toArrow(allocator.allocator(), 1000, table.rows().size())) {
        try (ArrowRecordBatch batch = new VectorUnloader(
            second).getRecordBatch()) {
          new VectorLoader(first).load(batch);
        }
      }
      writer.writeBatch();
      writer.end();
    }
    try (ArrowStreamReader reader = new ArrowStreamReader(
        new ByteArrayInputStream(bytes.toByteArray()), allocator.allocator())) {
      assertThat(ArrowResults.of(reader).rows()).isEqualTo(table.rows());
    }
  }

  @Test
  void arrowResultsReadBatchesThroughSelectionAndDictionary() {
    RandomTable table = everyKind(13);
    try (VectorSchemaRoot root = table.toArrow(allocator.allocator())) {
      Result plain = ArrowResults.of(root.getSchema(), List.of(root));
      assertThat(plain.rows()).isEqualTo(table.rows());
      assertThat(plain.columnTypes()).contains("DECIMAL(15,2)", "DATE");
    }
    Field field = new Field("s", FieldType.nullable(ArrowType.Utf8.INSTANCE), null);
    IntVector codes = new IntVector("s", allocator.allocator());
    VarCharVector dictionary = new VarCharVector("values", allocator.allocator());
    codes.allocateNew(4);
    codes.set(0, 1);
    codes.setNull(1);
    codes.set(2, 0);
    codes.set(3, 1);
    codes.setValueCount(4);
    dictionary.allocateNew();
    dictionary.setSafe(0, "日本".getBytes(StandardCharsets.UTF_8));
    dictionary.setSafe(1, "a😀b".getBytes(StandardCharsets.UTF_8));
    dictionary.setValueCount(2);
    try (Batch batch = Batch.builder(4).addDictionary(field, codes, dictionary).selection(new int[] {3, 1, 2}, 3)
        .build()) {
      Result result = new ArrowResults.Collector(batch.schema()).add(batch).result();
      assertThat(result.columnTypes()).containsExactly("VARCHAR");
      assertThat(result.rows()).containsExactly(List.of("a😀b"), Arrays.asList((Object) null), List.of("日本"));
    }
  }
}
