package dev.quiver.bench.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.bench.scan.quiver.QuiverScanArm;
import dev.quiver.expression.Expressions;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Quiver arm's zone pruning (the scan's, through its filter): on a file whose "dump" column is
 * sorted, an equality filter skips the zones that cannot hold the value, and the answer is the same as
 * without it.
 */
class ZonePruningTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void equalityOnASortedColumnSkipsZonesAndKeepsTheAnswer() throws Exception {
    Schema schema = new Schema(List.of(
        new Field("dump", new FieldType(false, ArrowType.Utf8.INSTANCE, null), null),
        new Field("token_count", new FieldType(false, new ArrowType.Int(64, true), null), null)));
    Path file = directory.resolve("sorted.qvr");
    int rows = 100_000;
    try (VectorSchemaRoot batch = VectorSchemaRoot.create(schema, memory.allocator());
        QuiverWriter writer = QuiverWriter.create(file, schema, memory.allocator())) {
      VarCharVector dumps = (VarCharVector) batch.getVector(0);
      BigIntVector tokens = (BigIntVector) batch.getVector(1);
      for (int row = 0; row < rows; row++) {
        dumps.setSafe(row, String.format("D%02d", row * 10 / rows).getBytes(StandardCharsets.UTF_8));
        tokens.setSafe(row, row % 7);
      }
      batch.setRowCount(rows);
      writer.write(batch);
    }
    QuiverScanArm arm = QuiverScanArm.create();
    List<String> columns = List.of("dump", "token_count");
    var pruned = arm.scan(file, columns, Expressions.equal(Expressions.column(schema, "dump"), "D03"),
        2, memory.allocator(), () -> new dev.quiver.bench.scan.query.MatchCount(
            dev.quiver.bench.scan.query.MatchCount.Match.EQUALS, "D03"));
    var full = arm.scan(file, columns, null, 1, memory.allocator(),
        () -> new dev.quiver.bench.scan.query.MatchCount(dev.quiver.bench.scan.query.MatchCount.Match.EQUALS, "D03"));
    String prunedAnswer = ScanQuery.FINEWEB_DUMP.answer(pruned.consumers());
    assertThat(prunedAnswer).isEqualTo(ScanQuery.FINEWEB_DUMP.answer(full.consumers())).startsWith("count=10000 ");
    assertThat(pruned.counters().zonesSkipped()).isGreaterThan(0);
    assertThat(full.counters().zonesSkipped()).isZero();
  }
}
