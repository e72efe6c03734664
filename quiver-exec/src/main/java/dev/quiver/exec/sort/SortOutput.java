package dev.quiver.exec.sort;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.memory.MemoryReservation;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
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
      owner.metrics().output(count);
      return builder.build();
    } catch (RuntimeException failure) {
      throw owner.named(failure);
    } finally {
      owner.metrics().time.add(System.nanoTime() - started);
    }
  }

  private void end() {
    done = true;
    merger.close();
    owner.releaseReservations();
  }

  @Override
  public void close() {
    if (!done) {
      done = true;
      merger.close();
    }
  }
}
