package dev.quiver.datagen.tpcds;

import dev.quiver.datagen.BatchConsumer;
import io.trino.tpcds.Table;
import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Generates a TPC-DS table as Arrow batches with {@code io.trino.tpcds} (a Java port of dsdgen, which
 * seeds its random streams itself: the same scale gives the same rows, in the same order). One thread
 * per table.
 */
public final class TpcdsGenerator {
  private TpcdsGenerator() {}

  /**
   * Generates {@code table} at {@code scale}; each batch goes to {@code consumer}, which owns (closes) it.
   *
   * @return the rows generated
   */
  public static long generate(Table table, double scale, int batchRows, BufferAllocator allocator,
      BatchConsumer consumer) throws IOException {
    TpcdsBatchFiller filler = new TpcdsBatchFiller(table, scale, allocator, batchRows);
    long rows = 0;
    for (VectorSchemaRoot batch = filler.next(); batch != null; batch = filler.next()) {
      rows += batch.getRowCount();
      consumer.accept(batch);
    }
    return rows;
  }
}
