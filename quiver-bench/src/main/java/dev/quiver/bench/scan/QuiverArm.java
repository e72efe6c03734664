package dev.quiver.bench.scan;

import dev.quiver.bench.run.Outcome;
import dev.quiver.bench.scan.query.TpchQ6;
import dev.quiver.bench.scan.query.WindowConsumer;
import dev.quiver.bench.scan.quiver.QuiverScanArm;
import dev.quiver.bench.scan.quiver.ScanCounters;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SessionOptions;
import dev.quiver.sql.session.SqlResult;
import java.math.BigDecimal;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Quiver in the scan suite. TPC-H Q6 runs through the engine: its SQL ({@link TpchQ6#SQL}) in a
 * {@link QuiverSession} over the {@code .qvr} file; when verifying, the hand loop ({@link TpchQ6} over
 * {@link QuiverScanArm}'s scan) is its oracle and must give the same sum. The other queries are
 * {@link QuiverScanArm} (the public scan) with the query as plain code on top.
 */
public final class QuiverArm implements ScanArm {
  private final DataFiles files;
  private final int threads;
  private final QuiverScanArm scan = QuiverScanArm.create();
  private QuiverSession session;

  public QuiverArm(DataFiles files, int threads) {
    this.files = files;
    this.threads = threads;
  }

  @Override
  public Outcome run(ScanQuery query, BufferAllocator allocator, boolean verify) throws Exception {
    Schema schema;
    try (QuiverFile file = QuiverFile.open(files.quiver())) {
      schema = file.schema();
    }
    if (query.decodesAll()) {
      DecodeCheck check = new DecodeCheck(schema, verify);
      ScanCounters counters = scan.decodeAll(files.quiver(), threads, allocator, check::add);
      return check.outcome(counters.details());
    }
    if (query == ScanQuery.TPCH_Q6) {
      String answer = TpchQ6.format(q6ThroughSql(allocator));
      if (verify) {
        String oracle = handLoop(query, schema, allocator).answer();
        if (!oracle.equals(answer)) {
          throw new QuiverException(ErrorCode.INTERNAL, "Quiver's SQL answers TPC-H Q6 with " + answer
              + " but the hand loop (TpchQ6) sums " + oracle);
        }
      }
      return Outcome.of(answer);
    }
    return handLoop(query, schema, allocator);
  }

  private Outcome handLoop(ScanQuery query, Schema schema, BufferAllocator allocator) throws Exception {
    QuiverScanArm.Result<WindowConsumer> result = scan.scan(files.quiver(), query.columns(), query.filter(schema),
        threads, allocator, query::newConsumer);
    return new Outcome(query.answer(result.consumers()), null, result.counters().details());
  }

  /** Q6 through Quiver's SQL: one row, one decimal (null when no row qualifies). */
  private BigDecimal q6ThroughSql(BufferAllocator allocator) throws Exception {
    if (session == null) {
      session = QuiverSession.open(allocator, SessionOptions.defaults().withThreads(threads));
      session.register(files.table(), files.quiver());
    }
    BigDecimal sum = null;
    long rows = 0;
    try (SqlResult result = session.execute(query(files.table()))) {
      for (VectorSchemaRoot next = result.next(); next != null; next = result.next()) {
        try (VectorSchemaRoot batch = next) {
          for (int row = 0; row < batch.getRowCount(); row++) {
            FieldVector vector = batch.getVector(0);
            sum = vector.isNull(row) ? null : vector instanceof DecimalVector
                ? ((DecimalVector) vector).getObject(row) : new BigDecimal(vector.getObject(row).toString());
            rows++;
          }
        }
      }
    }
    if (rows != 1) {
      throw new QuiverException(ErrorCode.INTERNAL, "Quiver's SQL answered TPC-H Q6 with " + rows + " rows, not one");
    }
    return sum;
  }

  static String query(String table) {
    return TpchQ6.SQL.replace("TABLE", table);
  }

  @Override
  public void close() {
    if (session != null) {
      session.close();
    }
  }
}
