package dev.quiver.scan.plan;

import dev.quiver.expression.Expression;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What a scan will do, decided before it reads a data segment.
 *
 * @param tableSchema the schema of every file
 * @param outputSchema the projected columns, in the order asked
 * @param touchedColumns the columns read: the projection, then filter columns not projected
 * @param filter the filter, or null
 * @param splits the splits in row order
 * @param zonesPruned zones (per split) that zone maps proved empty, and zones of skipped files
 * @param filesSkipped files whose statistics proved them empty
 */
public record ScanPlan(Schema tableSchema, Schema outputSchema, List<String> touchedColumns, Expression filter,
    List<Split> splits, long zonesPruned, int filesSkipped) {

  /** Rows the splits evaluate. */
  public long rowsScanned() {
    long rows = 0;
    for (Split split : splits) {
      rows += split.rowsScanned();
    }
    return rows;
  }
}
