package dev.quiver.exec.join;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.memory.MemoryReservation;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.SinkFactory;
import dev.quiver.exec.plan.JoinNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.VectorBatchAppender;

/**
 * The build side of a hash join (always the right input; the executor swaps inputs for {@code
 * buildLeft}): per-thread sinks keep their batches, {@link #finish} appends them into one vector per
 * column and builds the {@link JoinTable} (its arrays reserved first; RESOURCE naming HashJoin when
 * they do not fit). The probe side ({@link HashJoinProbeFactory}) reads the table.
 */
public final class HashJoinBuildFactory implements SinkFactory {
  final JoinSpec spec;
  private final OperatorMetrics metrics;
  private final List<VectorSchemaRoot> batches = new ArrayList<>();
  private long rows;
  private JoinTable table;
  volatile boolean spilling;
  private boolean buildHasNullKey;
  private final List<Path[]> spillSets = new ArrayList<>();
  private List<List<Path>> partitions;
  private byte[][] matched;

  /** The build side of {@code node}, whose inputs have schemas {@code left} and {@code right}. */
  public HashJoinBuildFactory(JoinNode node, Schema left, Schema right) {
    this.spec = new JoinSpec(node, left, right);
    this.metrics = new OperatorMetrics("HashJoinBuild", node.label());
  }

  @Override
  public Sink create(ExecutionContext context) {
    return new HashJoinBuildSink(this, context, metrics);
  }

  @Override
  public synchronized void combine(Sink finished, ExecutionContext context) {
    HashJoinBuildSink sink = (HashJoinBuildSink) finished;
    rows += sink.rows;
    if (spilling) {
      sink.startSpilling();
    }
    if (sink.partitions != null) {
      buildHasNullKey |= sink.partitions.sawNullKey;
      spillSets.add(sink.partitions.finish());
      sink.partitions = null;
    } else {
      batches.addAll(sink.batches);
      sink.batches.clear();
    }
  }

  @Override
  public synchronized void finish(ExecutionContext context) {
    try {
      build(context);
    } catch (org.apache.arrow.memory.OutOfMemoryException exhausted) {
      throw dev.quiver.exec.operator.ResourceErrors.outOfMemory("HashJoin", exhausted);
    }
  }

  private void build(ExecutionContext context) {
    context.checkCancelled();
    long started = System.nanoTime();
    if (rows > Integer.MAX_VALUE - 16) {
      throw dev.quiver.common.QuiverException.user("a hash join's build side holds more than 2^31 rows");
    }
    if (!spilling) {
      long estimate = 48L * rows;
      for (VectorSchemaRoot batch : batches) {
        for (FieldVector vector : batch.getFieldVectors()) {
          estimate += vector.getBufferSize();
        }
      }
      MemoryReservation check = context.reservation("HashJoin");
      spilling = !check.tryGrow(estimate) || context.memory().used() > context.memory().limit() / 2;
      check.close();
    }
    if (spilling) {
      finishSpilled(context);
      metrics.memory(context.memory().used());
      metrics.time.add(System.nanoTime() - started);
      return;
    }
    List<FieldVector> columns = new ArrayList<>();
    try {
      for (int column = 0; column < spec.right.getFields().size(); column++) {
        Field field = spec.right.getFields().get(column);
        FieldVector target = field.createVector(context.allocator());
        columns.add(target);
        target.setInitialCapacity(1);
        target.allocateNew();
        target.setValueCount(0);
        FieldVector[] sources = new FieldVector[batches.size()];
        for (int b = 0; b < sources.length; b++) {
          sources[b] = batches.get(b).getVector(column);
        }
        if (sources.length > 0) {
          VectorBatchAppender.batchAppend(target, sources);
        }
      }
    } catch (RuntimeException failure) {
      columns.forEach(FieldVector::close);
      throw failure;
    } finally {
      batches.forEach(VectorSchemaRoot::close);
      batches.clear();
    }
    table = JoinTable.build(spec, columns, (int) rows, context.reservation("HashJoin"));
    metrics.memory(context.memory().used());
    metrics.output(rows);
    metrics.time.add(System.nanoTime() - started);
  }

  private void finishSpilled(ExecutionContext context) {
    try (JoinPartitions own = new JoinPartitions(context, metrics, spec.right, spec.rightKeys, spec.rightLayout)) {
      for (VectorSchemaRoot held : batches) {
        try (held) {
          own.add(held.getFieldVectors(), held.getRowCount(), null);
        }
      }
      batches.clear();
      buildHasNullKey |= own.sawNullKey;
      spillSets.add(own.finish());
    }
    partitions = new ArrayList<>();
    for (int p = 0; p < JoinPartitions.COUNT; p++) {
      List<Path> files = new ArrayList<>();
      for (Path[] set : spillSets) {
        if (set[p] != null) {
          files.add(set[p]);
        }
      }
      partitions.add(files);
    }
    spillSets.clear();
    matched = new byte[JoinPartitions.COUNT][];
  }

  /** Whether the sinks should write their rows to disk (the build side is spilling or memory is half used). */
  boolean shouldSpill(ExecutionContext context) {
    return spilling || context.memory().used() > context.memory().limit() / 2;
  }

  /** Whether the build side went to disk (after {@link #finish}); then probes partition their input too. */
  synchronized boolean spilled() {
    return partitions != null;
  }

  long buildRows() {
    return rows;
  }

  synchronized boolean buildHasNullKey() {
    return buildHasNullKey;
  }

  /** The build rows of spilled partition {@code p} as a table (RESOURCE naming HashJoin when it does not fit). */
  JoinTable loadPartition(int p, ExecutionContext context) {
    List<Path> files;
    synchronized (this) {
      files = partitions.get(p);
    }
    List<FieldVector> columns = new ArrayList<>();
    try {
      for (Field field : spec.right.getFields()) {
        FieldVector target = field.createVector(context.allocator());
        columns.add(target);
        target.setInitialCapacity(1);
        target.allocateNew();
        target.setValueCount(0);
      }
      // one spilled batch at a time: appended to the columns, then freed
      for (Path file : files) {
        JoinSpillFile.forEach(file, context.allocator(), piece -> {
          try {
            for (int column = 0; column < piece.size(); column++) {
              VectorBatchAppender.batchAppend(columns.get(column), piece.get(column));
            }
          } finally {
            piece.forEach(FieldVector::close);
          }
        });
      }
      int count = columns.isEmpty() ? 0 : columns.get(0).getValueCount();
      List<FieldVector> taken = new ArrayList<>(columns);
      columns.clear();
      JoinTable table = JoinTable.build(spec, taken, count, context.reservation("HashJoin"));
      metrics.memory(context.memory().used());
      return table;
    } catch (QuiverException failure) {
      if (failure.errorCode() == ErrorCode.RESOURCE) {
        throw new QuiverException(ErrorCode.RESOURCE, "HashJoin cannot fit one partition of its build side ("
            + files.size() + " spill files) in the query's memory limit of " + context.memory().limit()
            + " bytes; raise --memory-limit", failure);
      }
      throw failure;
    } finally {
      columns.forEach(FieldVector::close);
    }
  }

  private final Object partitionJoins = new Object();

  /** The lock a probe thread holds while it has a spilled build partition loaded (one at a time). */
  Object partitionJoins() {
    return partitionJoins;
  }

  /** ORs a probe thread's matched flags of partition {@code p} into the join's. */
  synchronized void mergeMatched(int p, byte[] flags) {
    if (matched[p] == null) {
      matched[p] = flags.clone();
      return;
    }
    for (int i = 0; i < flags.length; i++) {
      matched[p][i] |= flags[i];
    }
  }

  synchronized byte[] matched(int p) {
    return matched[p];
  }

  synchronized int partitionCount() {
    return partitions == null ? 0 : partitions.size();
  }

  /** The built table (after {@link #finish}). */
  synchronized JoinTable table() {
    if (table == null) {
      throw new IllegalStateException("the join's build side is not finished");
    }
    return table;
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  @Override
  public synchronized void close() {
    batches.forEach(VectorSchemaRoot::close);
    batches.clear();
    if (table != null) {
      table.close();
      table = null;
    }
    for (Path[] set : spillSets) {
      for (Path file : set) {
        if (file != null) {
          JoinSpillFile.delete(file);
        }
      }
    }
    spillSets.clear();
    if (partitions != null) {
      partitions.forEach(files -> files.forEach(JoinSpillFile::delete));
    }
  }
}
