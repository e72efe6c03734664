package dev.quiver.cli;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.datagen.tpch.TpchGenerator;
import dev.quiver.datagen.tpch.TpchQueries;
import dev.quiver.datagen.tpch.TpchSchemas;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.scan.Scan;
import dev.quiver.scan.execution.ScanResult;
import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SessionOptions;
import dev.quiver.sql.session.SqlResult;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The demo's SQL part: TPC-H at scale 0.1 as {@code .qvr} tables, Q1 through SQL (its row count
 * checked against a plain filtered scan of lineitem), Q5 (a six-table join) with EXPLAIN ANALYZE:
 * every operator's rows, time and memory, and the scan's decodes started and reused; then a large
 * GROUP BY repartitioned through a hash exchange, with EXPLAIN ANALYZE (the exchange's block decodes).
 */
final class DemoSql {
  static final double SCALE = 0.1;

  private DemoSql() {}

  static void run(BufferAllocator allocator, Path directory, PrintWriter out) throws IOException {
    Path tables = directory.resolve("tpch");
    Files.createDirectories(tables);
    long started = System.nanoTime();
    long rows = 0;
    for (TpchTable<?> table : TpchTable.getTables()) {
      rows += write(table, tables.resolve(table.getTableName() + ".qvr"), allocator);
    }
    out.println(String.format(Locale.ROOT, "TPC-H at scale %s: 8 tables, %s rows in %s (%s)", SCALE,
        NumberText.grouped(rows), tables, NumberText.seconds(System.nanoTime() - started)));
    out.println();
    int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
    try (QuiverSession session = QuiverSession.open(allocator, SessionOptions.defaults().withThreads(threads))) {
      session.registerDirectory(tables);
      out.println("TPC-H Q1 through SQL (" + threads + " threads):");
      long counted = 0;
      try (SqlResult result = session.execute(TpchQueries.statement(1))) {
        SqlResultPrinter printer = SqlResultPrinter.of(SqlResultPrinter.Format.TABLE, out, result.schema().getFields(),
            100);
        int countColumn = result.schema().getFields().size() - 1;
        for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
          try (VectorSchemaRoot current = batch) {
            FieldVector count = current.getVector(countColumn);
            for (int row = 0; row < current.getRowCount(); row++) {
              counted += ((BigIntVector) count).get(row);
            }
            printer.print(current);
          }
        }
        printer.finish(result.elapsedNanos());
      }
      long expected = scanCount(tables.resolve("lineitem.qvr"), allocator);
      if (counted != expected) {
        throw new QuiverException(ErrorCode.INTERNAL, "demo: Q1 counted " + counted + " line items but a plain scan"
            + " of lineitem finds " + expected + "; this is a bug in the engine");
      }
      out.println("verified: Q1's count_order adds up to " + NumberText.grouped(counted)
          + ", the line items a plain filtered scan finds");
      out.println();
      out.println("TPC-H Q5 (six tables joined) with EXPLAIN ANALYZE:");
      try (SqlResult result = session.execute("EXPLAIN ANALYZE " + TpchQueries.statement(5))) {
        out.print(result.text());
      }
      out.println();
    }
    // a session that repartitions from 100,000 possible groups, so the demo's scale shows the exchange
    try (QuiverSession session = QuiverSession.open(allocator,
        SessionOptions.defaults().withThreads(threads).withRepartitionGroups(REPARTITION_GROUPS))) {
      session.registerDirectory(tables);
      out.println("A GROUP BY of " + NumberText.grouped(150_000) + " order keys, repartitioned first (a hash exchange"
          + " of Arrow IPC blocks; read.decoder.cache.hits: blocks decoded in place), with EXPLAIN ANALYZE:");
      try (SqlResult result = session.execute("EXPLAIN ANALYZE " + REPARTITIONED)) {
        out.print(result.text());
      }
      out.println();
      out.println("ask more: ./quiver sql --tables " + tables + "   (the shell; .tables, .schema NAME, EXPLAIN ...)");
    }
  }

  /** The demo's repartition threshold (the default, a million groups, is past scale 0.1's sizes). */
  static final long REPARTITION_GROUPS = 100_000;

  /** A large aggregate: TPC-H Q18's inner GROUP BY, orders with more than 300 units. */
  static final String REPARTITIONED = "SELECT l_orderkey, sum(l_quantity) AS units FROM lineitem"
      + " GROUP BY l_orderkey HAVING sum(l_quantity) > 300";

  private static long scanCount(Path lineitem, BufferAllocator allocator) throws IOException {
    long rows = 0;
    try (ScanResult scan = Scan.of(lineitem).columns("l_shipdate").filter("l_shipdate <= DATE '1998-09-02'")
        .threads(2).open(allocator)) {
      for (VectorSchemaRoot batch = scan.nextBatch(); batch != null; batch = scan.nextBatch()) {
        rows += batch.getRowCount();
        batch.close();
      }
    }
    return rows;
  }

  private static <E extends TpchEntity> long write(TpchTable<E> table, Path target, BufferAllocator allocator)
      throws IOException {
    QuiverWriter writer = QuiverWriter.create(target, TpchSchemas.schema(table), allocator);
    boolean written = false;
    try {
      long rows = TpchGenerator.generate(table, SCALE, 2, GenerateTpchCommand.BATCH_ROWS, allocator, batch -> {
        try (batch) {
          writer.write(batch);
        }
      });
      writer.close();
      written = true;
      return rows;
    } finally {
      if (!written) {
        writer.abort();
      }
    }
  }
}
