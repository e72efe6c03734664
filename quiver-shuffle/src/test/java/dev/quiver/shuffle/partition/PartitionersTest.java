package dev.quiver.shuffle.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.testing.CsvRows;
import dev.quiver.testing.TestingAllocator;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Range, round-robin and single partitioning, and the user errors of all schemes. */
class PartitionersTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  /** The partitions of {@code values} (fixture text, {@code \N} for null) in a column of Spark type {@code type}. */
  private int[] partitions(Partitioning partitioning, String type, String... values) {
    try (VectorSchemaRoot batch = batch(type, values)) {
      int[] partitions = new int[values.length];
      partitioning.newPartitioner(batch.getSchema(), 0).partition(batch, partitions);
      return partitions;
    }
  }

  /** One column {@code v} of {@code type} holding {@code values} (CSV text, {@code \N} for NULL). */
  private VectorSchemaRoot batch(String type, String... values) {
    Schema schema = new Schema(List.of(Field.nullable("v", SparkHashVectorsTest.arrowType(type))));
    VectorSchemaRoot batch = VectorSchemaRoot.create(schema, memory.allocator());
    batch.allocateNew();
    for (int r = 0; r < values.length; r++) {
      SparkHashVectorsTest.set(batch.getVector(0), r, type, new CsvRows.Field(values[r], false));
    }
    batch.setRowCount(values.length);
    return batch;
  }

  /**
   * Hash partitioning is Spark's {@code pmod(hash, n)} at every partition count: a power of two (taken from the hash's
   * low bits) and not, over values whose hashes are negative and positive, on every fixed-width type the hashers read
   * by address.
   */
  @Test
  void hashPartitionsArePmodOfSparksHashAtEveryCount() {
    long seed = System.nanoTime();
    System.out.println("PartitionersTest.hashPartitions seed " + seed);
    java.util.Random random = new java.util.Random(seed);
    for (String type : new String[] {"tinyint", "smallint", "int", "bigint", "float", "double"}) {
      String[] values = new String[200];
      for (int i = 0; i < values.length; i++) {
        values[i] = switch (type) {
          case "tinyint" -> Integer.toString(random.nextInt(256) - 128);
          case "smallint" -> Integer.toString(random.nextInt(65536) - 32768);
          case "int" -> Integer.toString(random.nextInt());
          case "bigint" -> Long.toString(random.nextLong());
          default -> Double.toString(random.nextGaussian() * 1e6);
        };
      }
      values[0] = "\\N";
      int[] hashes = hashes(type, values);
      assertThat(Arrays.stream(hashes).filter(hash -> hash < 0).count()).as("negative hashes").isPositive();
      for (int count : new int[] {1, 2, 8, 64, 1 << 20, 3, 7, 12, 1000}) {
        int[] partitions = partitions(Partitioning.hash(count, "v"), type, values);
        for (int i = 0; i < values.length; i++) {
          assertThat(partitions[i]).as("%s %s of %d partitions", type, values[i], count)
              .isEqualTo(Math.floorMod(hashes[i], count)).isBetween(0, count - 1);
        }
      }
    }
  }

  /** Spark's hashes of the values (the partitioner's first step), each row's column {@code v} of {@code type}. */
  private int[] hashes(String type, String... values) {
    try (VectorSchemaRoot batch = batch(type, values)) {
      int[] hashes = new int[values.length];
      ((HashPartitioning.HashPartitioner) Partitioning.hash(1, "v").newPartitioner(batch.getSchema(), 0))
          .hash(batch, hashes);
      return hashes;
    }
  }

  @Test
  void rangeSendsAValueToTheFirstPartitionWhoseBoundIsAtLeastIt() {
    Partitioning range = Partitioning.range("v", List.of(10, 20L, 20, 30));
    assertThat(range.partitionCount()).isEqualTo(5);
    assertThat(partitions(range, "bigint", "\\N", "-5", "10", "11", "20", "21", "30", "31", "9223372036854775807"))
        .containsExactly(0, 0, 0, 1, 1, 3, 3, 4, 4);
    assertThat(partitions(Partitioning.range("v", List.of((byte) 0)), "tinyint", "-128", "0", "1")).containsExactly(0,
        0, 1);
  }

  @Test
  void rangeOrdersEveryTypeAsSparkDoes() {
    assertThat(partitions(Partitioning.range("v", List.of(-0.0, 1.5)), "double", "0.0", "-0.0", "-Infinity", "1.5",
        "Infinity", "NaN"))
        .containsExactly(0, 0, 0, 1, 2, 2);
    assertThat(partitions(Partitioning.range("v", List.of(0.5f)), "float", "0.5", "NaN")).containsExactly(0, 1);
    assertThat(partitions(Partitioning.range("v", List.of("b", "z")), "string", "", "a", "b", "ba", "z", "é", "\\N"))
        .containsExactly(0, 0, 0, 1, 1, 2, 0);
    assertThat(
        partitions(Partitioning.range("v", List.of(new byte[] {(byte) 0x80})), "binary", "\\x7f", "\\x80", "\\xff"))
        .containsExactly(0, 0, 1);
    assertThat(partitions(Partitioning.range("v", List.of(new BigDecimal("1.005"), 2)), "decimal(15,2)", "1.00", "1.01",
        "2.00", "2.01"))
        .containsExactly(0, 1, 1, 2);
    assertThat(partitions(Partitioning.range("v", List.of(new BigDecimal("1E20"))), "decimal(38,10)",
        "99999999999999999999.9999999999", "100000000000000000000.0000000000", "100000000000000000000.0000000001"))
        .containsExactly(0, 0, 1);
    assertThat(partitions(Partitioning.range("v", List.of(LocalDate.of(2000, 1, 1))), "date", "1999-12-31",
        "2000-01-01", "2000-01-02"))
        .containsExactly(0, 0, 1);
    assertThat(partitions(Partitioning.range("v", List.of(Instant.parse("2000-01-01T00:00:00Z"))), "timestamp",
        "1999-12-31T23:59:59.999999Z", "2000-01-01T00:00:00Z", "2000-01-01T00:00:00.000001Z"))
        .containsExactly(0, 0, 1);
    assertThat(partitions(Partitioning.range("v", List.of(false)), "boolean", "true", "false", "\\N"))
        .containsExactly(1, 0, 0);
  }

  @Test
  void rangeRefusesDecreasingOrMistypedBounds() {
    assertThatThrownBy(() -> partitions(Partitioning.range("v", List.of(5, 4)), "int", "1"))
        .isInstanceOf(QuiverException.class)
        .hasMessageContaining("must not decrease: bound 1 (4) is below bound 0 (5)");
    assertThatThrownBy(() -> partitions(Partitioning.range("v", List.of("x")), "int", "1"))
        .isInstanceOf(QuiverException.class)
        .hasMessageContaining("range bound 0 (x) does not fit column v: expected a whole number");
  }

  @Test
  void roundRobinAndSingle() {
    Partitioning roundRobin = Partitioning.roundRobin(3);
    Schema schema = new Schema(List.of(Field.nullable("v", new ArrowType.Int(32, true))));
    Partitioner partitioner = roundRobin.newPartitioner(schema, 2);
    try (VectorSchemaRoot batch = VectorSchemaRoot.create(schema, memory.allocator())) {
      batch.setRowCount(4);
      int[] first = new int[4];
      int[] second = new int[4];
      partitioner.partition(batch, first);
      partitioner.partition(batch, second);
      assertThat(first).containsExactly(2, 0, 1, 2);
      assertThat(second).as("continues across batches").containsExactly(0, 1, 2, 0);
      int[] single = new int[4];
      Arrays.fill(single, 9);
      Partitioning.single().newPartitioner(schema, 0).partition(batch, single);
      assertThat(single).containsOnly(0);
    }
  }

  @Test
  void userErrors() {
    Schema schema = new Schema(List.of(
        Field.nullable("n", new ArrowType.Int(32, true)),
        Field.nullable("u", new ArrowType.Int(32, false)),
        new Field("list", FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(Field.nullable("item", new ArrowType.Int(32, true))))));
    assertThatThrownBy(() -> Partitioning.hash(4, "missing").newPartitioner(schema, 0))
        .isInstanceOf(QuiverException.class)
        .hasMessage("no column missing to partition by; the columns are [n, u, list]");
    assertThatThrownBy(() -> Partitioning.hash(4, "u").newPartitioner(schema, 0))
        .isInstanceOf(QuiverException.class)
        .hasMessageContaining("cannot hash-partition on column u: Spark has no hash for type");
    assertThatThrownBy(() -> Partitioning.hash(4, "list").newPartitioner(schema, 0))
        .isInstanceOf(QuiverException.class).hasMessageContaining("cannot hash-partition on column list");
    assertThatThrownBy(() -> Partitioning.hash(0, "n")).isInstanceOf(QuiverException.class)
        .hasMessage("the number of partitions must be at least 1, not 0");
    assertThatThrownBy(() -> Partitioning.hash(3)).isInstanceOf(QuiverException.class)
        .hasMessage("hash partitioning needs at least one column");
    assertThatThrownBy(() -> Partitioning.range("list", List.of()).newPartitioner(schema, 0))
        .isInstanceOf(QuiverException.class).hasMessageContaining("cannot range-partition on column list");
  }

  @Test
  void partitionCountsAreBoundedBySparksLimitBeforeAnythingIsSized() {
    assertThat(Partitioning.hash(Partitioning.MAX_PARTITIONS, "n").partitionCount()).isEqualTo(1 << 24);
    for (int count : new int[] {Partitioning.MAX_PARTITIONS + 1, Integer.MAX_VALUE}) {
      assertThatThrownBy(() -> Partitioning.hash(count, "n")).isInstanceOf(QuiverException.class)
          .hasMessage("the number of partitions must be at most 16777216 (2^24, Spark's limit for a serialized"
              + " shuffle), not " + count);
      assertThatThrownBy(() -> Partitioning.roundRobin(count)).isInstanceOf(QuiverException.class)
          .hasMessageContaining("at most 16777216");
    }
    // nCopies holds one element however long it claims to be: the check must come before any copy.
    assertThatThrownBy(() -> Partitioning.range("n", java.util.Collections.nCopies(Partitioning.MAX_PARTITIONS, 1)))
        .isInstanceOf(QuiverException.class)
        .hasMessage("too many range bounds: 16777216 bounds make 16777217 partitions, more than the 16777216 a"
            + " shuffle may have");
  }
}
