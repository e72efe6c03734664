package dev.quiver.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.spark.SparkSessions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder of hive-style partition folders ({@code p=<int>/s=<string>/}, a null partition, an escaped
 * value) read as one table: partition columns typed and appended, partition filters prune files
 * (EXPLAIN counts them), queries over data and partition columns give the rows written. Also SQL
 * directly on a path through {@code QuiverCatalog} ({@code quiver.`path`}).
 */
class PartitionedReadTest {
  @TempDir
  static Path folder;
  private static SparkSession spark;
  /** Per file: p (null for the default partition), s, first id, rows. */
  private static final List<Object[]> files = new ArrayList<>();

  @BeforeAll
  static void write() throws Exception {
    spark = SparkSessions.local("partitioned-read");
    spark.conf().set("spark.sql.catalog.quiver", "dev.quiver.spark.QuiverCatalog");
    Object[][] layout = {{1, "x", 0, 1000}, {1, "y/z", 1000, 500}, {2, "x", 1500, 2000}, {3, "x", 3500, 10},
        {null, "x", 3510, 300}, {2, "y/z", 3810, 190}};
    Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)), null),
        new Field("amount", FieldType.nullable(new ArrowType.Int(64, true)), null)));
    try (BufferAllocator allocator = new RootAllocator()) {
      for (Object[] file : layout) {
        String p = file[0] == null ? "__HIVE_DEFAULT_PARTITION__" : file[0].toString();
        String s = ((String) file[1]).replace("/", "%2F");
        Path dir = Files.createDirectories(folder.resolve("table").resolve("p=" + p).resolve("s=" + s));
        int first = (Integer) file[2];
        int rows = (Integer) file[3];
        try (QuiverWriter writer = QuiverWriter.create(dir.resolve("part-0.qvr"), schema, allocator);
            VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
          root.allocateNew();
          for (int i = 0; i < rows; i++) {
            ((IntVector) root.getVector(0)).setSafe(i, first + i);
            ((BigIntVector) root.getVector(1)).setSafe(i, (first + i) * 10L);
          }
          root.setRowCount(rows);
          writer.write(root);
        }
        files.add(file);
      }
      Files.writeString(folder.resolve("table").resolve("_SUCCESS"), "");
      Files.writeString(folder.resolve("table").resolve("p=1").resolve(".hidden.qvr"), "not a quiver file");
    }
    spark.read().format("quiver").load(folder.resolve("table").toString()).createOrReplaceTempView("t");
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  private static long rows(java.util.function.Predicate<Object[]> keep) {
    return files.stream().filter(keep).mapToLong(file -> (Integer) file[3]).sum();
  }

  @Test
  void partitionColumnsAreTypedAndAppended() {
    Dataset<Row> table = spark.table("t");
    assertThat(table.schema().fieldNames()).containsExactly("id", "amount", "p", "s");
    assertThat(table.schema().apply("p").dataType()).isEqualTo(DataTypes.IntegerType);
    assertThat(table.schema().apply("s").dataType()).isEqualTo(DataTypes.StringType);
    assertThat(table.count()).isEqualTo(rows(file -> true));
    for (Row row : spark.sql("SELECT id, amount, p, s FROM t").collectAsList()) {
      int id = row.getInt(0);
      Object[] file = files.stream().filter(f -> id >= (Integer) f[2] && id < (Integer) f[2] + (Integer) f[3])
          .findFirst().orElseThrow();
      assertThat(row.getLong(1)).isEqualTo(id * 10L);
      assertThat(row.isNullAt(2) ? null : row.getInt(2)).isEqualTo(file[0]);
      assertThat(row.getString(3)).isEqualTo(file[1]);
    }
  }

  @Test
  void partitionFiltersPruneFiles() {
    Dataset<Row> one = spark.sql("SELECT count(*), sum(amount) FROM t WHERE p = 1");
    String plan = one.queryExecution().executedPlan().toString();
    assertThat(plan).contains("PartitionFilters").contains("Files: 2/6");
    assertThat(one.first().getLong(0)).isEqualTo(rows(file -> Integer.valueOf(1).equals(file[0])));
    assertThat(spark.sql("SELECT count(*) FROM t WHERE p IS NULL").first().getLong(0))
        .isEqualTo(rows(file -> file[0] == null));
    assertThat(spark.sql("SELECT count(*) FROM t WHERE s = 'y/z' AND (p >= 2 OR p IS NULL)").first().getLong(0))
        .isEqualTo(rows(file -> file[1].equals("y/z") && file[0] != null && (Integer) file[0] >= 2));
    assertThat(spark.sql("SELECT count(*) FROM t WHERE NOT (p IN (1, 3))").first().getLong(0))
        .isEqualTo(rows(file -> file[0] != null && (Integer) file[0] != 1 && (Integer) file[0] != 3));
  }

  @Test
  void mixedFiltersAndGroupingOnPartitions() {
    List<Row> grouped = spark.sql("SELECT p, count(*) FROM t WHERE id >= 1200 OR p = 3 GROUP BY p ORDER BY p")
        .collectAsList();
    long total = 0;
    for (Row row : grouped) {
      total += row.getLong(1);
    }
    long expected = spark.sql("SELECT id, p FROM t").collectAsList().stream()
        .filter(row -> row.getInt(0) >= 1200 || (!row.isNullAt(1) && row.getInt(1) == 3)).count();
    assertThat(total).isEqualTo(expected);
    assertThat(grouped.get(0).isNullAt(0)).as("NULL sorts first").isTrue();
  }

  @Test
  void sqlOnAPath() {
    String path = folder.resolve("table").resolve("p=2").resolve("s=x").resolve("part-0.qvr").toString();
    assertThat(spark.sql("SELECT count(*) FROM quiver.`" + path + "`").first().getLong(0)).isEqualTo(2000);
    String table = folder.resolve("table").toString();
    assertThat(spark.sql("SELECT count(*) FROM quiver.`" + table + "` WHERE p = 2").first().getLong(0))
        .isEqualTo(rows(file -> Integer.valueOf(2).equals(file[0])));
  }
}
