package dev.quiver.exec.join;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.expression.CompiledPredicate;
import dev.quiver.exec.keys.KeyEncoder;
import dev.quiver.exec.keys.KeyRows;
import dev.quiver.exec.operator.BatchConsumer;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.StreamOperator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One thread's probe of a grace hash join (the build side went to disk): rows with a NULL key are
 * answered at once (they match nothing; the type decides, with the whole build side's row count
 * and NULL-key flag), the others are written to the same hash partitions as the build side; at
 * {@link #finish} each partition's build rows are loaded as a table and this thread's probe rows of
 * that partition are joined against it, partition by partition, one thread at a time holding a
 * loaded partition (each then has the whole memory limit).
 */
final class SpilledJoinProbe implements StreamOperator {
  private final JoinSpec spec;
  private final HashJoinBuildFactory build;
  private final CompiledPredicate residual;
  private final ExecutionContext context;
  private final JoinPartitions partitions;
  private final KeyEncoder encoder;
  private final KeyRows keys;
  private JoinTable empty;

  SpilledJoinProbe(JoinSpec spec, HashJoinBuildFactory build, CompiledPredicate residual, ExecutionContext context,
      OperatorMetrics metrics) {
    this.spec = spec;
    this.build = build;
    this.residual = residual;
    this.context = context;
    this.partitions = new JoinPartitions(context, metrics, spec.left, spec.leftKeys, spec.leftLayout);
    this.encoder = new KeyEncoder(spec.leftLayout);
    this.keys = new KeyRows(spec.leftLayout, 16);
  }

  @Override
  public void process(Batch input, BatchConsumer output) {
    try (input) {
      context.checkCancelled();
      int count = input.rowCount();
      if (count == 0) {
        return;
      }
      encoder.encode(input, spec.leftKeys, keys);
      boolean[] nullKey = new boolean[count];
      int[] all = new int[count];
      int nulls = 0;
      for (int i = 0; i < count; i++) {
        all[i] = i;
        nullKey[i] = keys.hasNull(i);
        nulls += nullKey[i] ? 1 : 0;
      }
      try (Batch dense = JoinGather.pairs(input, all, null, null, count, spec.left.getFields(), context.allocator())) {
        List<FieldVector> vectors = new ArrayList<>();
        for (int column = 0; column < dense.columnCount(); column++) {
          vectors.add(dense.vector(column));
        }
        partitions.add(vectors, count, nullKey);
      }
      if (nulls > 0) {
        int[] rows = new int[nulls];
        int chosen = 0;
        for (int i = 0; i < count; i++) {
          if (nullKey[i]) {
            rows[chosen++] = i;
          }
        }
        probe(emptyTable()).process(input.withSelection(rows, nulls), output);
      }
    }
  }

  private JoinTable emptyTable() {
    if (empty == null) {
      List<FieldVector> columns = new ArrayList<>();
      for (Field field : spec.right.getFields()) {
        FieldVector vector = field.createVector(context.allocator());
        vector.setInitialCapacity(1);
        vector.allocateNew();
        vector.setValueCount(0);
        columns.add(vector);
      }
      empty = JoinTable.build(spec, columns, 0, context.reservation("HashJoin"));
    }
    return empty;
  }

  private HashJoinProbe probe(JoinTable table) {
    return new HashJoinProbe(spec, table, residual, context, new OperatorMetrics("HashJoinProbe", ""),
        build.buildRows(), build.buildHasNullKey());
  }

  @Override
  public void finish(BatchConsumer output) {
    try {
      joinPartitions(output);
    } catch (org.apache.arrow.memory.OutOfMemoryException exhausted) {
      throw dev.quiver.exec.operator.ResourceErrors.outOfMemory("HashJoin", exhausted);
    }
  }

  private void joinPartitions(BatchConsumer output) {
    Path[] mine = partitions.finish();
    try {
      for (int p = 0; p < mine.length; p++) {
        if (mine[p] == null) {
          continue;
        }
        context.checkCancelled();
        // one probe thread at a time holds a loaded build partition, so each gets the whole memory limit
        synchronized (build.partitionJoins()) {
          joinPartition(p, mine[p], output);
        }
        JoinSpillFile.delete(mine[p]);
        mine[p] = null;
      }
    } finally {
      for (Path file : mine) {
        if (file != null) {
          JoinSpillFile.delete(file);
        }
      }
    }
  }

  /** Joins this thread's probe rows of partition {@code p} against that partition's build rows. */
  private void joinPartition(int p, Path probeRows, BatchConsumer output) {
    context.checkCancelled();
    try (JoinTable table = build.loadPartition(p, context)) {
      HashJoinProbe probe = probe(table);
      JoinSpillFile.forEach(probeRows, context.allocator(), vectors -> {
        Batch.Builder batch = Batch.builder(vectors.get(0).getValueCount());
        for (int column = 0; column < vectors.size(); column++) {
          batch.add(spec.left.getFields().get(column), vectors.get(column));
        }
        probe.process(batch.build(), output);
      });
      if (table.matched != null) {
        build.mergeMatched(p, table.matched);
      }
    }
  }

  @Override
  public void close() {
    partitions.close();
    if (empty != null) {
      empty.close();
      empty = null;
    }
  }
}
