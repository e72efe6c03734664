package dev.quiver.bench.scan;

import dev.quiver.bench.run.Outcome;
import dev.quiver.bench.scan.query.WindowConsumer;
import dev.quiver.bench.scan.quiver.QuiverScanArm;
import dev.quiver.bench.scan.quiver.ScanCounters;
import dev.quiver.format.file.QuiverFile;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/** Quiver in the scan suite: {@link QuiverScanArm} (its public scan), the queries as plain code on top. */
public final class QuiverArm implements ScanArm {
  private final DataFiles files;
  private final int threads;
  private final QuiverScanArm scan = QuiverScanArm.create();

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
    QuiverScanArm.Result<WindowConsumer> result = scan.scan(files.quiver(), query.columns(), query.filter(schema),
        threads,
        allocator, query::newConsumer);
    return new Outcome(query.answer(result.consumers()), null, result.counters().details());
  }
}
