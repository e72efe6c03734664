package dev.quiver.exec.aggregate;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.keys.KeyDecoder;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The result of a hash aggregate as morsels of about {@code batchRows} groups: from the one merged
 * table in memory (morsels are ranges of groups, taken by any thread), or, after a spill, partition
 * by partition from disk (each partition built into a table when a thread asks for the next morsel,
 * partitioned again if it still does not fit). With an {@link OutputBound} (a top-N reads the output), the tables in
 * memory give only the groups that can reach it.
 */
final class AggregateOutput implements MorselSource {
  private final AggregateSpec spec;
  private final OperatorMetrics metrics;
  /** The finished tables in memory (one merged table, or one per thread when their groups are disjoint). */
  private final List<GroupBuilder> inMemory;
  /** Where each table's groups start in the morsel numbering, each table padded to whole morsels. */
  private long[] starts;
  private final AtomicLong nextGroup = new AtomicLong();
  private final Deque<Pending> pending = new ArrayDeque<>();
  /** The top-N reading the output, or null. */
  private final OutputBound bound;
  /** Per table in memory, the groups the bound lets out (null: all), set with {@link #starts}. */
  private int[][] selections;
  /** How many groups the bound kept out. */
  private final AtomicLong bounded = new AtomicLong();

  private record Pending(List<Path> files, int level) {}

  private AggregateOutput(AggregateSpec spec, OperatorMetrics metrics, List<GroupBuilder> inMemory,
      OutputBound bound) {
    this.spec = spec;
    this.metrics = metrics;
    this.inMemory = inMemory;
    this.bound = spec.keyOrdinals.length == 0 ? null : bound;
  }

  /** The output of a finished table held in memory (the source frees it on close); {@code bound} may be null. */
  static AggregateOutput inMemory(AggregateSpec spec, OperatorMetrics metrics, GroupBuilder builder,
      OutputBound bound) {
    return new AggregateOutput(spec, metrics, List.of(builder), bound);
  }

  /** The output of finished tables with disjoint groups, one after the other (freed on close). */
  static AggregateOutput inMemory(AggregateSpec spec, OperatorMetrics metrics, List<GroupBuilder> builders,
      OutputBound bound) {
    return new AggregateOutput(spec, metrics, List.copyOf(builders), bound);
  }

  /** The output of the spilled partitions (level 0). */
  static AggregateOutput spilled(AggregateSpec spec, OperatorMetrics metrics, List<List<Path>> partitions) {
    AggregateOutput output = new AggregateOutput(spec, metrics, List.of(), null);
    for (List<Path> files : partitions) {
      if (!files.isEmpty()) {
        output.pending.add(new Pending(files, 0));
      }
    }
    return output;
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  @Override
  public Morsel next(ExecutionContext context) {
    context.checkCancelled();
    if (!inMemory.isEmpty()) {
      int rows = context.batchRows();
      long[] offsets = starts(rows);
      long from = nextGroup.getAndAdd(rows);
      for (int t = 0; t < inMemory.size(); t++) {
        if (from < offsets[t + 1]) {
          GroupTable table = inMemory.get(t).table;
          int[] selected = selections[t];
          int size = selected == null ? table.size() : selected.length;
          int start = (int) (from - offsets[t]);
          return new RangeMorsel(table, selected, start, Math.min(size, start + rows), null, context);
        }
      }
      return null;
    }
    return nextPartition(context);
  }

  /**
   * {@link #starts}, computed once: table t's morsels are numbered from {@code starts[t]} on (and, with a bound, the
   * groups each table lets out).
   */
  private synchronized long[] starts(int rows) {
    if (starts == null) {
      selections = new int[inMemory.size()][];
      long[] numbered = new long[inMemory.size() + 1];
      for (int t = 0; t < inMemory.size(); t++) {
        GroupTable table = inMemory.get(t).table;
        long size = table.size();
        if (bound != null) {
          selections[t] = bound.select(spec, table);
          if (selections[t] != null) {
            bounded.addAndGet(size - selections[t].length);
            size = selections[t].length;
          }
        }
        numbered[t + 1] = numbered[t] + (size + rows - 1) / rows * rows;
      }
      starts = numbered;
    }
    return starts;
  }

  /** How many groups the top-N bound kept out of the output. */
  long bounded() {
    return bounded.get();
  }

  private synchronized Morsel nextPartition(ExecutionContext context) {
    while (!pending.isEmpty()) {
      Pending partition = pending.poll();
      GroupBuilder builder = new GroupBuilder(spec, context, context.reservation("HashAggregate"), metrics,
          partition.level() + 1);
      try {
        for (Path file : partition.files()) {
          builder.addFile(file);
        }
        if (builder.spilled()) {
          builder.spillTable();
          for (List<Path> files : SpillPartitions.byPartition(builder.finishSpills())) {
            if (!files.isEmpty()) {
              pending.add(new Pending(files, partition.level() + 1));
            }
          }
          builder.close();
          continue;
        }
        builder.resolveDistinct();
      } catch (RuntimeException failure) {
        builder.close();
        partition.files().forEach(SpillPartitions::delete);
        throw failure;
      }
      return new RangeMorsel(builder.table, null, 0, builder.table.size(), builder, context);
    }
    return null;
  }

  /** One batch of output rows for groups {@code ids[0, count)} of a table. */
  static Batch batchOf(AggregateSpec spec, GroupTable table, int[] ids, int count, BufferAllocator allocator) {
    Batch.Builder batch = Batch.builder(count);
    try {
      List<Field> fields = spec.output.getFields();
      int keys = spec.keyOrdinals.length;
      for (int k = 0; k < keys; k++) {
        batch.add(fields.get(k), KeyDecoder.decode(table.keys.rows(), k, ids, count, fields.get(k), allocator));
      }
      for (int c = 0; c < spec.callCount(); c++) {
        Field field = fields.get(keys + c);
        FieldVector vector = field.createVector(allocator);
        try {
          table.accumulators[c].write(vector, ids, count);
        } catch (RuntimeException failure) {
          vector.close();
          throw failure;
        }
        batch.add(field, vector);
      }
      return batch.build();
    } catch (RuntimeException failure) {
      batch.abandon();
      throw failure;
    }
  }

  /** Frees what is left: the table in memory and the partitions not read. */
  @Override
  public synchronized void close() {
    inMemory.forEach(GroupBuilder::close);
    for (Pending partition : pending) {
      partition.files().forEach(SpillPartitions::delete);
    }
    pending.clear();
  }

  /**
   * Groups {@code [from, to)} of a table (positions in {@code selected} when it is not null), a batch at a time;
   * frees {@code owner} at the end.
   */
  private final class RangeMorsel implements Morsel {
    private final GroupTable table;
    private final int[] selected;
    private final GroupBuilder owner;
    private final ExecutionContext context;
    private final int to;
    private int position;

    RangeMorsel(GroupTable table, int[] selected, int from, int to, GroupBuilder owner, ExecutionContext context) {
      this.table = table;
      this.selected = selected;
      this.position = from;
      this.to = to;
      this.owner = owner;
      this.context = context;
    }

    @Override
    public Batch next() {
      if (position >= to) {
        close();
        return null;
      }
      context.checkCancelled();
      long started = System.nanoTime();
      int count = Math.min(context.batchRows(), to - position);
      int[] ids = new int[count];
      for (int i = 0; i < count; i++) {
        ids[i] = selected == null ? position + i : selected[position + i];
      }
      position += count;
      Batch batch = batchOf(spec, table, ids, count, context.allocator());
      metrics.time.add(System.nanoTime() - started);
      metrics.output(count);
      return batch;
    }

    @Override
    public void close() {
      if (owner != null) {
        owner.close();
      }
      position = to;
    }
  }
}
