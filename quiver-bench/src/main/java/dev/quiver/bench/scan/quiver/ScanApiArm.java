package dev.quiver.bench.scan.quiver;

import dev.quiver.bench.scan.query.WindowConsumer;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.Layouts;
import dev.quiver.scan.Scan;
import dev.quiver.scan.execution.ScanResult;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Expressions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Quiver arm over the scan of issue 4: {@code Scan.of(file).columns(...).filter(...).threads(n)}.
 * Splits run on the scan's threads with one decode per chunk; batches come back to the calling thread
 * in row order, where one consumer takes them. The predicates become the scan's filter, so zone maps
 * prune and rows are filtered before the consumer's own exact check.
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
  public <C extends WindowConsumer> Result<C> scan(Path file, List<String> columns, List<ZonePredicate> predicates,
      int threads, BufferAllocator allocator, Supplier<C> consumers) throws IOException {
    Scan scan = Scan.of(file).columns(columns).threads(threads);
    Schema schema;
    try (QuiverFile opened = QuiverFile.open(file)) {
      schema = opened.schema();
    }
    if (!predicates.isEmpty()) {
      List<Expression> conditions = new ArrayList<>();
      for (ZonePredicate predicate : predicates) {
        conditions.add(expression(schema, predicate));
      }
      scan.filter(conditions.size() == 1 ? conditions.get(0) : Expressions.and(conditions.toArray(new Expression[0])));
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

  private static Expression expression(Schema schema, ZonePredicate predicate) {
    ColumnReference column = Expressions.column(schema, predicate.column());
    ArrowType type = schema.findField(predicate.column()).getType();
    if (predicate instanceof ZonePredicate.Equals equals) {
      return Expressions.equal(column, literal(equals.value(), type));
    }
    ZonePredicate.Range range = (ZonePredicate.Range) predicate;
    List<Expression> bounds = new ArrayList<>();
    if (range.low() != null) {
      bounds.add(Expressions.compare(column, range.lowInclusive() ? ComparisonOperator.GREATER_OR_EQUAL
          : ComparisonOperator.GREATER, literal(range.low(), type)));
    }
    if (range.high() != null) {
      bounds.add(Expressions.compare(column, range.highInclusive() ? ComparisonOperator.LESS_OR_EQUAL
          : ComparisonOperator.LESS, literal(range.high(), type)));
    }
    return bounds.size() == 1 ? bounds.get(0) : Expressions.and(bounds.toArray(new Expression[0]));
  }

  /** Zone-map terms (days as Long, UTF-8 bytes) as the scan's literal types. */
  private static Object literal(Object value, ArrowType type) {
    if (type instanceof ArrowType.Date && value instanceof Long days) {
      return LocalDate.ofEpochDay(days);
    }
    if (type instanceof ArrowType.Utf8 && value instanceof byte[] bytes) {
      return new String(bytes, StandardCharsets.UTF_8);
    }
    return value;
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
