package dev.quiver.exec.sort;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.memory.MemoryReservation;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.compare.Range;
import org.apache.arrow.vector.compare.RangeEqualsVisitor;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The sorted rows as one morsel: merges the runs lazily, skips the offset, stops at the limit, and
 * hands out batches of about {@code batchRows} rows (owned by the caller). Frees the runs as soon as
 * the last row is out. Batches hold fewer rows than asked when memory was short for the merge
 * ({@link SortFactory#outputRows}).
 */
final class SortOutput implements Morsel {
  private final SortFactory owner;
  private final ExecutionContext context;
  private final RunMerger merger;
  private final int[] sources;
  private final int[] rows;
  private long toSkip;
  private long remaining;
  private boolean done;
  /** DISTINCT ON: the input columns of the leading keys, and the last row that came out (one row each), or null. */
  private final int[] distinctColumns;
  private FieldVector[] lastKept;

  SortOutput(SortFactory owner, ExecutionContext context, List<MemoryRun> memory, List<SpillFile> spilled,
      MemoryReservation reservation) {
    this.owner = owner;
    this.context = context;
    this.merger = new RunMerger(owner.layout(), owner.storageSchema(), memory, spilled, reservation,
        context.allocator());
    int chunk = Math.max(1, owner.outputRows(context));
    this.sources = new int[chunk];
    this.rows = new int[chunk];
    this.toSkip = owner.offset();
    this.remaining = owner.limit() < 0 ? Long.MAX_VALUE : owner.limit();
    int distinct = owner.node().distinctKeys();
    this.distinctColumns = new int[distinct];
    for (int i = 0; i < distinct; i++) {
      distinctColumns[i] = owner.node().keys().get(i).column();
    }
  }

  @Override
  public Batch next() {
    if (done) {
      return null;
    }
    context.checkCancelled();
    long started = System.nanoTime();
    try {
      if (toSkip > 0) {
        merger.skip(toSkip);
        toSkip = 0;
      }
      while (true) {
        int count = remaining <= 0 ? 0 : merger.next((int) Math.min(sources.length, remaining), sources, rows);
        if (count == 0) {
          end();
          return null;
        }
        remaining -= count;
        FieldVector[] columns = merger.gather(sources, rows, count, context.allocator());
        Batch.Builder builder = Batch.builder(count);
        List<Field> fields = owner.storageSchema().getFields();
        for (int column = 0; column < columns.length; column++) {
          builder.add(fields.get(column), columns[column]);
        }
        if (distinctColumns.length == 0) {
          owner.metrics().output(count);
          return builder.build();
        }
        int kept;
        try {
          kept = firstOfEachGroup(columns, count);
        } catch (RuntimeException failure) {
          builder.abandon();
          throw failure;
        }
        if (kept == 0) {
          builder.abandon();
          continue;
        }
        owner.metrics().output(kept);
        return builder.selection(java.util.Arrays.copyOf(keptRows, kept), kept).build();
      }
    } catch (RuntimeException failure) {
      throw owner.named(failure);
    } finally {
      owner.metrics().time.add(System.nanoTime() - started);
    }
  }

  private int[] keptRows = new int[0];

  /**
   * DISTINCT ON: fills {@link #keptRows} with the rows of this batch that start a new group of the
   * leading keys (the first row compared with the last row kept before), remembers the batch's last
   * row, and says how many rows were kept.
   */
  private int firstOfEachGroup(FieldVector[] columns, int count) {
    if (keptRows.length < count) {
      keptRows = new int[count];
    }
    RangeEqualsVisitor[] sameBatch = new RangeEqualsVisitor[distinctColumns.length];
    RangeEqualsVisitor[] withLast = new RangeEqualsVisitor[distinctColumns.length];
    for (int i = 0; i < distinctColumns.length; i++) {
      FieldVector column = columns[distinctColumns[i]];
      sameBatch[i] = new RangeEqualsVisitor(column, column);
      withLast[i] = lastKept == null ? null : new RangeEqualsVisitor(lastKept[i], column);
    }
    Range range = new Range(0, 0, 1);
    int kept = 0;
    for (int row = 0; row < count; row++) {
      boolean same = row > 0 || lastKept != null;
      for (int i = 0; i < distinctColumns.length && same; i++) {
        range.setLeftStart(row > 0 ? row - 1 : 0).setRightStart(row);
        same = (row > 0 ? sameBatch[i] : withLast[i]).rangeEquals(range);
      }
      if (!same) {
        keptRows[kept++] = row;
      }
    }
    if (lastKept == null) {
      lastKept = new FieldVector[distinctColumns.length];
      for (int i = 0; i < distinctColumns.length; i++) {
        lastKept[i] = columns[distinctColumns[i]].getField().createVector(context.allocator());
      }
    }
    for (int i = 0; i < distinctColumns.length; i++) {
      lastKept[i].reset();
      lastKept[i].copyFromSafe(count - 1, 0, columns[distinctColumns[i]]);
      lastKept[i].setValueCount(1);
    }
    return kept;
  }

  private void end() {
    done = true;
    merger.close();
    closeLastKept();
    owner.releaseReservations();
  }

  private void closeLastKept() {
    if (lastKept != null) {
      for (FieldVector vector : lastKept) {
        vector.close();
      }
      lastKept = null;
    }
  }

  @Override
  public void close() {
    if (!done) {
      done = true;
      merger.close();
    }
    closeLastKept();
  }
}
