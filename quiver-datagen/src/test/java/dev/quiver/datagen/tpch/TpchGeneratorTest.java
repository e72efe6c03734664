package dev.quiver.datagen.tpch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * TPC-H generation is deterministic: parts made on several threads reach the consumer in the order
 * one generator makes them, so the batches are the same whatever the thread count.
 */
class TpchGeneratorTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void theSameRowsInTheSameOrderWhateverTheThreadCount() throws IOException {
    List<VectorSchemaRoot> one = new ArrayList<>();
    List<VectorSchemaRoot> three = new ArrayList<>();
    try {
      long rows = TpchGenerator.generate(TpchTable.ORDERS, 0.01, 1, 4_096, memory.allocator(), one::add);
      long again = TpchGenerator.generate(TpchTable.ORDERS, 0.01, 3, 4_096, memory.allocator(), three::add);
      assertThat(rows).isEqualTo(15_000);
      assertThat(again).isEqualTo(rows);
      assertThat(concatenatedKeys(three)).isEqualTo(concatenatedKeys(one));
      assertThat(concatenatedKeys(one)).isSorted();
      assertThat(one.get(0).getSchema()).isEqualTo(TpchSchemas.schema(TpchTable.ORDERS));
    } finally {
      one.forEach(VectorSchemaRoot::close);
      three.forEach(VectorSchemaRoot::close);
    }
  }

  private static List<Long> concatenatedKeys(List<VectorSchemaRoot> batches) {
    List<Long> keys = new ArrayList<>();
    for (VectorSchemaRoot batch : batches) {
      BigIntVector orderKeys = (BigIntVector) batch.getVector("o_orderkey");
      for (int row = 0; row < batch.getRowCount(); row++) {
        keys.add(orderKeys.get(row));
      }
    }
    return keys;
  }
}
