package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.QuiverException;
import dev.quiver.io.parquet.ParquetArrowReader;
import dev.quiver.testing.TestingAllocator;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code convert --row-group-bytes} and the reader's column projection and row-group skipping, as the
 * benchmarks use them: readers that take every other row group see every row exactly once, and only
 * the columns asked for.
 */
class ParquetRowGroupsTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void smallRowGroupsSplitBetweenReadersWithProjection() throws Exception {
    assertThat(CommandRunner.run(memory.allocator(), "generate", "tpch", "--scale", "0.01", "--tables", "lineitem",
        "--out", directory.toString()).exitCode()).isZero();
    Path parquet = directory.resolve("lineitem.parquet");
    CommandRunner.Outcome converted = CommandRunner.run(memory.allocator(), "convert", "--row-group-bytes", "262144",
        directory.resolve("lineitem.qvr").toString(), parquet.toString());
    assertThat(converted.exitCode()).as(converted.err()).isZero();
    long rows = 0;
    long keySum = 0;
    int rowGroups;
    for (int part = 0; part < 2; part++) {
      try (ParquetArrowReader reader = ParquetArrowReader.open(parquet, memory.allocator(), 10_000,
          ParquetArrowReader.defaultOptions(), List.of("l_comment", "l_orderkey"))) {
        rowGroups = reader.rowGroups().size();
        assertThat(rowGroups).isGreaterThan(2);
        assertThat(reader.schema().getFields()).extracting(Field::getName).containsExactly("l_orderkey", "l_comment");
        for (int group = 0; group < rowGroups; group++) {
          if (group % 2 != part) {
            assertThat(reader.skipRowGroup()).isTrue();
            continue;
          }
          long left = reader.rowGroups().get(group).getRowCount();
          while (left > 0) {
            try (VectorSchemaRoot batch = reader.next()) {
              BigIntVector keys = (BigIntVector) batch.getVector(0);
              for (int row = 0; row < batch.getRowCount(); row++) {
                keySum += keys.get(row);
              }
              rows += batch.getRowCount();
              left -= batch.getRowCount();
            }
          }
        }
        assertThat(reader.next()).isNull();
      }
    }
    assertThat(rows).isEqualTo(60_175);
    long expected = 0;
    try (ParquetArrowReader reader = ParquetArrowReader.open(parquet, memory.allocator(), 100_000)) {
      for (VectorSchemaRoot batch = reader.next(); batch != null; batch = reader.next()) {
        try (VectorSchemaRoot current = batch) {
          BigIntVector keys = (BigIntVector) current.getVector("l_orderkey");
          for (int row = 0; row < current.getRowCount(); row++) {
            expected += keys.get(row);
          }
        }
      }
    }
    assertThat(keySum).isEqualTo(expected);
  }

  @Test
  void unknownColumnsAndMisplacedOptionsAreUserErrors() throws Exception {
    assertThat(CommandRunner.run(memory.allocator(), "generate", "tpch", "--scale", "0.01", "--tables", "region",
        "--out", directory.toString()).exitCode()).isZero();
    Path parquet = directory.resolve("region.parquet");
    assertThat(CommandRunner.run(memory.allocator(), "convert", directory.resolve("region.qvr").toString(),
        parquet.toString()).exitCode()).isZero();
    assertThatThrownBy(
        () -> ParquetArrowReader.open(parquet, memory.allocator(), 10, ParquetArrowReader.defaultOptions(),
            List.of("r_nothing")))
        .isInstanceOf(QuiverException.class).hasMessageContaining("no column named 'r_nothing'");
    CommandRunner.Outcome misplaced = CommandRunner.run(memory.allocator(), "convert", "--row-group-bytes", "4096",
        directory.resolve("region.qvr").toString(), directory.resolve("region.csv").toString());
    assertThat(misplaced.exitCode()).isEqualTo(2);
    assertThat(misplaced.err()).contains("--row-group-bytes applies to Parquet output");
  }
}
