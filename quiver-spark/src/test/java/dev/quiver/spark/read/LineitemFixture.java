package dev.quiver.spark.read;

import dev.quiver.datagen.tpch.TpchGenerator;
import dev.quiver.datagen.tpch.TpchSchemas;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.io.parquet.ParquetArrowWriter;
import dev.quiver.io.parquet.ParquetTableWriter;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * TPC-H tables at a small scale written twice from the same generated batches: as {@code .qvr} with
 * small chunks (so a file has many splits) and as Parquet by parquet-java, which Spark reads with its
 * own reader: the comparison's other side.
 */
final class LineitemFixture {
  /** The eight TPC-H tables. */
  static final List<String> TABLES = List.of("region", "nation", "supplier", "customer", "part", "partsupp", "orders",
      "lineitem");

  private LineitemFixture() {}

  /** lineitem at {@code scale} as {@code qvr} and {@code parquet}. */
  static void write(double scale, Path qvr, Path parquet) throws IOException {
    write("lineitem", scale, qvr, parquet);
  }

  /** Every table at {@code scale} as {@code folder/NAME.qvr} and {@code folder/NAME.parquet}. */
  static void writeAll(double scale, Path folder) throws IOException {
    for (String table : TABLES) {
      write(table, scale, folder.resolve(table + ".qvr"), folder.resolve(table + ".parquet"));
    }
  }

  private static void write(String name, double scale, Path qvr, Path parquet) throws IOException {
    TpchTable<?> table = TpchSchemas.table(name);
    try (BufferAllocator allocator = new RootAllocator();
        QuiverWriter quiver = QuiverWriter.create(qvr, TpchSchemas.schema(table), allocator,
            QuiverWriter.Options.defaults().withChunkBytes(64 << 10));
        ParquetTableWriter parquetWriter = ParquetTableWriter.create(parquet, TpchSchemas.schema(table),
            ParquetArrowWriter.Options.defaults())) {
      TpchGenerator.generate(table, scale, 2, 8192, allocator, batch -> {
        try (batch) {
          quiver.write(batch);
          parquetWriter.write(batch);
        }
      });
      parquetWriter.commit();
    }
  }
}
