package dev.quiver.bench.scan.quiver;

import dev.quiver.bench.scan.query.WindowConsumer;
import dev.quiver.expression.Expression;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.Layouts;
import dev.quiver.scan.Scan;
import dev.quiver.scan.execution.ScanResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The Quiver arm over the scan of issue 4: {@code Scan.of(file).columns(...).filter(...).threads(n)}.
 * Splits run on the scan's threads with one decode per chunk; batches come back to the calling thread
 * in row order, where one consumer takes them. The query's filter is the scan's, so zone maps prune
 * and rows are filtered before the consumer's own exact check.
 */
final class ScanApiArm implements QuiverScanArm {

  @Override
  public ScanCounters decodeAll(Path file, int threads, BufferAllocator allocator, ColumnSink sink) throws IOException {
    try (ScanResult result = Scan.of(file).threads(threads).open(allocator)) {
      for (VectorSchemaRoot next = result.nextBatch(); next != null; next = result.nextBatch()) {
        try (VectorSchemaRoot batch = next) {
          for (int column = 0; column < batch.getFieldVectors().size(); column++) {
            sink.accept(column, batch.getVector(column), 0, batch.getRowCount());
          }
        }
      }
      return counters(file, result, null);
    }
  }

  @Override
  public <C extends WindowConsumer> Result<C> scan(Path file, List<String> columns, Expression filter, int threads,
      BufferAllocator allocator, Supplier<C> consumers) throws IOException {
    Scan scan = Scan.of(file).columns(columns).threads(threads);
    if (filter != null) {
      scan.filter(filter);
    }
    C consumer = consumers.get();
    try (ScanResult result = scan.open(allocator)) {
      for (VectorSchemaRoot next = result.nextBatch(); next != null; next = result.nextBatch()) {
        try (VectorSchemaRoot batch = next) {
          consumer.acceptBatch(batch.getFieldVectors().toArray(new FieldVector[0]), batch.getRowCount());
        }
      }
      return new Result<>(List.of(consumer), counters(file, result, columns));
    }
  }

  private static ScanCounters counters(Path path, ScanResult result, List<String> columns) throws IOException {
    long chunksInColumns = 0;
    try (QuiverFile file = QuiverFile.open(path)) {
      for (int column = 0; column < file.schema().getFields().size(); column++) {
        if (columns == null || columns.contains(file.schema().getFields().get(column).getName())) {
          chunksInColumns += Layouts.flats(file.layout().children().get(column)).size();
        }
      }
    }
    long decodes = result.metrics().get("decodes.started");
    return new ScanCounters(decodes, decodes, chunksInColumns, result.metrics().get("zones.pruned"),
        result.metrics().get("bytes.read"));
  }
}
