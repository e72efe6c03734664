package dev.quiver.scan.plan;

import dev.quiver.expression.Expression;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What a scan will do, decided before it reads a data segment. The splits are portable; the plan
 * also keeps, for the process that planned it, the chunk pieces each split reads (from which the
 * shared decodes are counted). Immutable.
 */
public final class ScanPlan {
  private final Schema tableSchema;
  private final Schema outputSchema;
  private final List<String> touchedColumns;
  private final Expression filter;
  private final List<SplitFile> files;
  private final List<Split> splits;
  private final List<List<List<ChunkPiece>>> pieces;
  private final long zonesPruned;
  private final int filesSkipped;
  private final Map<String, Integer> fileIndexes = new HashMap<>();

  /**
   * @param tableSchema the schema of every file
   * @param outputSchema the projected columns, in the order asked
   * @param touchedColumns the columns read: the projection, then filter columns not projected
   * @param filter the filter, or null
   * @param files the table's files, in table order
   * @param splits the splits in row order (split i has index i)
   * @param pieces per split, per touched column, the chunk pieces that overlap its ranges
   * @param zonesPruned zones (per split) that zone maps proved empty, and zones of skipped files
   * @param filesSkipped files whose statistics proved them empty
   */
  public ScanPlan(Schema tableSchema, Schema outputSchema, List<String> touchedColumns, Expression filter,
      List<SplitFile> files, List<Split> splits, List<List<List<ChunkPiece>>> pieces, long zonesPruned,
      int filesSkipped) {
    if (pieces.size() != splits.size()) {
      throw new IllegalArgumentException(splits.size() + " splits but pieces for " + pieces.size());
    }
    this.tableSchema = tableSchema;
    this.outputSchema = outputSchema;
    this.touchedColumns = List.copyOf(touchedColumns);
    this.filter = filter;
    this.files = List.copyOf(files);
    this.splits = List.copyOf(splits);
    this.pieces = List.copyOf(pieces);
    this.zonesPruned = zonesPruned;
    this.filesSkipped = filesSkipped;
    for (int i = 0; i < this.files.size(); i++) {
      fileIndexes.put(this.files.get(i).path(), i);
    }
  }

  public Schema tableSchema() {
    return tableSchema;
  }

  public Schema outputSchema() {
    return outputSchema;
  }

  public List<String> touchedColumns() {
    return touchedColumns;
  }

  public Expression filter() {
    return filter;
  }

  public List<SplitFile> files() {
    return files;
  }

  public List<Split> splits() {
    return splits;
  }

  public long zonesPruned() {
    return zonesPruned;
  }

  public int filesSkipped() {
    return filesSkipped;
  }

  /** Rows the splits evaluate. */
  public long rowsScanned() {
    long rows = 0;
    for (Split split : splits) {
      rows += split.rowsScanned();
    }
    return rows;
  }

  /** The chunk pieces {@code split} reads, per touched column. */
  public List<List<ChunkPiece>> pieces(Split split) {
    return pieces.get(split.index());
  }

  /** The position of a split's file in {@link #files()}. */
  public int fileIndex(Split split) {
    Integer index = fileIndexes.get(split.file().path());
    if (index == null) {
      throw new IllegalArgumentException(split + " is not a split of this plan");
    }
    return index;
  }

  /** The scan as portable text: what a {@link dev.quiver.scan.execution.SplitReader} needs besides a split. */
  public ScanSpec spec() {
    return new ScanSpec(outputSchema.getFields().stream().map(Field::getName).toList(),
        filter == null ? null : filter.toString());
  }
}
