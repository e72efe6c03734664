package dev.quiver.exec.window;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.VectorGather;
import dev.quiver.exec.memory.MemoryReservation;
import dev.quiver.exec.operator.BatchConsumer;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.StreamOperator;
import dev.quiver.exec.plan.SortKey;
import dev.quiver.exec.plan.WindowCall;
import dev.quiver.exec.plan.WindowFrame;
import dev.quiver.exec.plan.WindowNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.TransferPair;
import org.apache.arrow.vector.util.VectorBatchAppender;

/**
 * Evaluates a window over sorted rows: appends each batch to a columnar buffer (Arrow vectors of the
 * query's allocator, so the memory limit sees them), and whenever a batch starts a new partition,
 * evaluates every call over the complete partitions before it ({@link ChunkLayout}, {@link FrameBounds},
 * then one column per call) and sends those rows on with the calls' columns appended, in batches of
 * about {@link ExecutionContext#batchRows()} rows. The rows of the last, unfinished partition stay;
 * {@link #finish} evaluates them. Heap arrays of an evaluation are reserved from the query's memory pool
 * before they are made. (The driver counts the rows, batches and time of each call.)
 */
final class WindowOperator implements StreamOperator {
  /** Heap bytes an evaluation takes per row per call beyond the layout and frames (values, results, positions). */
  private static final long CALL_BYTES_PER_ROW = 32;

  private final WindowNode node;
  private final ExecutionContext context;
  private final OperatorMetrics metrics;
  private final MemoryReservation reservation;
  private final int[] partitionColumns;
  private final List<SortKey> orderKeys;
  private final int frameCount;
  private List<FieldVector> buffer;
  private int bufferRows;

  WindowOperator(WindowFactory factory, ExecutionContext context) {
    this.node = factory.node();
    this.context = context;
    this.metrics = factory.metrics();
    this.reservation = context.reservation("Window");
    this.partitionColumns = node.partitionKeys().stream().mapToInt(Integer::intValue).toArray();
    this.orderKeys = node.orderKeys();
    this.frameCount = (int) node.calls().stream().map(WindowCall::frame).distinct().count();
  }

  @Override
  public void process(Batch input, BatchConsumer output) {
    try {
      if (input.rowCount() == 0) {
        input.close();
        return;
      }
      append(context.retain(input));
      int from = Math.max(1, bufferRows - input.rowCount());
      int last = ChunkLayout.lastPartitionStart(columns(partitionColumns), from, bufferRows);
      if (last > 0) {
        emit(last, output);
      }
      recordMemory();
    } catch (OutOfMemoryException failure) {
      throw exhausted(failure);
    }
  }

  @Override
  public void finish(BatchConsumer output) {
    try {
      if (buffer != null && bufferRows > 0) {
        recordMemory();
        emit(bufferRows, output);
      }
    } catch (OutOfMemoryException failure) {
      throw exhausted(failure);
    }
  }

  private QuiverException exhausted(OutOfMemoryException failure) {
    return new QuiverException(ErrorCode.RESOURCE, "Window ran out of memory holding a partition of " + bufferRows
        + " rows: " + failure.getMessage() + "; raise --memory-limit", failure);
  }

  private void append(VectorSchemaRoot root) {
    int rows = root.getRowCount();
    if (buffer == null) {
      buffer = new ArrayList<>(root.getFieldVectors());
      bufferRows = rows;
      return;
    }
    try {
      for (int column = 0; column < buffer.size(); column++) {
        VectorBatchAppender.batchAppend(buffer.get(column), root.getVector(column));
      }
      bufferRows += rows;
    } finally {
      root.close();
    }
  }

  private List<FieldVector> columns(int[] ordinals) {
    List<FieldVector> vectors = new ArrayList<>(ordinals.length);
    for (int ordinal : ordinals) {
      vectors.add(buffer.get(ordinal));
    }
    return vectors;
  }

  /** Evaluates the calls over buffer rows [0, rows) (whole partitions), sends them on, keeps the rest. */
  private void emit(int rows, BatchConsumer output) {
    context.checkCancelled();
    List<FieldVector> results = evaluate(rows);
    List<FieldVector> rest = null;
    try {
      if (rows < bufferRows) {
        int[] positions = new int[bufferRows - rows];
        for (int i = 0; i < positions.length; i++) {
          positions[i] = rows + i;
        }
        rest = new ArrayList<>(buffer.size());
        for (FieldVector vector : buffer) {
          rest.add(VectorGather.gather(vector, positions, positions.length, vector.getField(), context.allocator()));
        }
      }
    } catch (RuntimeException failure) {
      results.forEach(FieldVector::close);
      if (rest != null) {
        rest.forEach(FieldVector::close);
      }
      throw failure;
    }
    List<FieldVector> done = buffer;
    buffer = rest;
    bufferRows -= rows;
    List<FieldVector> all = new ArrayList<>(done);
    all.addAll(results);
    for (FieldVector vector : all) {
      vector.setValueCount(rows);
    }
    send(all, rows, output);
  }

  /** Sends the columns as batches of at most about batchRows rows (slices moved out of the vectors). */
  private void send(List<FieldVector> columns, int rows, BatchConsumer output) {
    int batchRows = Math.max(1, context.batchRows());
    if (rows <= 2 * batchRows) {
      output.accept(batch(columns, rows));
      return;
    }
    try {
      for (int at = 0; at < rows; at += batchRows) {
        int count = Math.min(batchRows, rows - at);
        List<FieldVector> slice = new ArrayList<>(columns.size());
        try {
          for (FieldVector column : columns) {
            TransferPair pair = column.getTransferPair(context.allocator());
            pair.splitAndTransfer(at, count);
            slice.add((FieldVector) pair.getTo());
          }
        } catch (RuntimeException failure) {
          slice.forEach(FieldVector::close);
          throw failure;
        }
        output.accept(batch(slice, count));
      }
    } finally {
      columns.forEach(FieldVector::close);
    }
  }

  private static Batch batch(List<FieldVector> columns, int rows) {
    Batch.Builder builder = Batch.builder(rows);
    for (FieldVector column : columns) {
      builder.add(column.getField(), column);
    }
    return builder.build();
  }

  /** One result column per call over buffer rows [0, rows). */
  private List<FieldVector> evaluate(int rows) {
    long heap = ChunkLayout.bytes(rows) + frameCount * FrameBounds.bytes(rows)
        + CALL_BYTES_PER_ROW * rows + SegmentTree.bytes(rows);
    reservation.grow(heap);
    List<FieldVector> results = new ArrayList<>(node.calls().size());
    try {
      List<FieldVector> orderVectors = new ArrayList<>(orderKeys.size());
      for (SortKey key : orderKeys) {
        orderVectors.add(buffer.get(key.column()));
      }
      ChunkLayout layout = ChunkLayout.of(columns(partitionColumns), orderVectors, rows);
      Map<WindowFrame, FrameBounds> frames = new HashMap<>();
      FieldVector rangeKey = orderKeys.size() == 1 ? orderVectors.get(0) : null;
      SortKey rangeSortKey = orderKeys.size() == 1 ? orderKeys.get(0) : null;
      for (WindowCall call : node.calls()) {
        FrameBounds bounds = call.function().framed() ? frames.computeIfAbsent(call.frame(),
            frame -> FrameBounds.of(frame, layout, rangeKey, rangeSortKey)) : null;
        results.add(switch (call.function()) {
          case ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST, NTILE -> RankingFunctions.compute(call, layout,
              context.allocator());
          case LAG, LEAD, FIRST_VALUE, LAST_VALUE, NTH_VALUE -> ValueFunctions.compute(call, layout, bounds, buffer,
              context.allocator());
          case COUNT, SUM, AVG, MIN, MAX -> FrameAggregates.compute(call, layout, bounds, buffer,
              context.allocator());
        });
      }
      for (int i = 0; i < results.size(); i++) {
        Field field = node.calls().get(i).field();
        if (!results.get(i).getField().getName().equals(field.getName())) {
          throw new IllegalStateException("result column " + i + " is " + results.get(i).getField());
        }
      }
      return results;
    } catch (RuntimeException failure) {
      results.forEach(FieldVector::close);
      throw failure;
    } finally {
      reservation.shrink(heap);
    }
  }

  private void recordMemory() {
    long bytes = reservation.peak();
    if (buffer != null) {
      for (FieldVector vector : buffer) {
        bytes += vector.getBufferSize();
      }
    }
    metrics.memory(bytes);
  }

  @Override
  public void close() {
    if (buffer != null) {
      buffer.forEach(FieldVector::close);
      buffer = null;
    }
    reservation.close();
  }
}
