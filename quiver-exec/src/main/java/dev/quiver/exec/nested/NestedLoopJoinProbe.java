package dev.quiver.exec.nested;

import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.VectorGather;
import dev.quiver.exec.expression.CompiledPredicate;
import dev.quiver.exec.operator.BatchConsumer;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.StreamOperator;
import dev.quiver.exec.plan.JoinType;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/** One thread's nested-loop join probe (see {@link NestedLoopJoinProbeFactory}). */
final class NestedLoopJoinProbe implements StreamOperator {
  private final ExecutionContext context;
  private final CompiledPredicate predicate;
  private final JoinType type;
  private final int leftColumns;
  private final Schema conditionSchema;
  private final Schema outputSchema;
  private final List<FieldVector[]> rightBatches;
  private final List<Integer> rightCounts;
  private final int rightRows;
  private int[] positions = new int[0];
  private int[] repeated = new int[0];

  NestedLoopJoinProbe(ExecutionContext context, NestedLoopJoinBuildFactory build, CompiledPredicate predicate,
      JoinType type, int leftColumns, Schema conditionSchema, Schema outputSchema) {
    this.context = context;
    this.predicate = predicate;
    this.type = type;
    this.leftColumns = leftColumns;
    this.conditionSchema = conditionSchema;
    this.outputSchema = outputSchema;
    this.rightBatches = build.batches();
    this.rightCounts = build.counts();
    this.rightRows = build.rowCount();
  }

  @Override
  public void process(Batch input, BatchConsumer output) {
    boolean passed = false;
    try {
      if (input.rowCount() == 0) {
        return;
      }
      boolean everyRow = rightRows == 0 ? type == JoinType.ANTI : predicate == null && type == JoinType.SEMI;
      if (everyRow) {
        passed = true;
        output.accept(input);
        return;
      }
      if (rightRows == 0) {
        if (type == JoinType.LEFT) {
          output.accept(combined(input, nulls(input.physicalRowCount()), outputSchema, false, input.selection(),
              input.rowCount()));
        }
        return;
      }
      if (predicate == null) {
        if (type == JoinType.INNER || type == JoinType.LEFT) {
          crossProduct(input, output);
        }
        return;
      }
      withCondition(input, output);
    } finally {
      if (!passed) {
        input.close();
      }
    }
  }

  private void crossProduct(Batch input, BatchConsumer output) {
    for (int batch = 0; batch < rightBatches.size(); batch++) {
      for (int row = 0; row < rightCounts.get(batch); row++) {
        context.checkCancelled();
        FieldVector[] broadcast = broadcast(rightBatches.get(batch), row, input.physicalRowCount());
        output.accept(combined(input, broadcast, outputSchema, false, input.selection(), input.rowCount()));
      }
    }
  }

  private void withCondition(Batch input, BatchConsumer output) {
    int physical = input.physicalRowCount();
    if (positions.length < physical) {
      positions = new int[physical];
    }
    boolean[] matched = type == JoinType.INNER ? null : new boolean[physical];
    for (int batch = 0; batch < rightBatches.size(); batch++) {
      for (int row = 0; row < rightCounts.get(batch); row++) {
        context.checkCancelled();
        FieldVector[] broadcast = broadcast(rightBatches.get(batch), row, physical);
        int count;
        try (Batch condition = combined(input, broadcast, conditionSchema, true, input.selection(),
            input.rowCount())) {
          count = predicate.select(condition, positions);
        } catch (RuntimeException failure) {
          close(broadcast);
          throw failure;
        }
        if (matched != null) {
          for (int i = 0; i < count; i++) {
            matched[positions[i]] = true;
          }
        }
        if (count > 0 && (type == JoinType.INNER || type == JoinType.LEFT)) {
          output.accept(combined(input, broadcast, outputSchema, false, positions, count));
        } else {
          close(broadcast);
        }
      }
    }
    if (matched != null) {
      emitByMatch(input, matched, output);
    }
  }

  /** LEFT: the never-matched rows with NULL right columns; SEMI: the matched rows; ANTI: the others. */
  private void emitByMatch(Batch input, boolean[] matched, BatchConsumer output) {
    int[] selection = input.selection();
    int rows = input.rowCount();
    boolean wanted = type == JoinType.SEMI;
    if (type == JoinType.LEFT) {
      wanted = false;
    }
    int[] kept = new int[rows];
    int count = 0;
    for (int i = 0; i < rows; i++) {
      int at = selection == null ? i : selection[i];
      if (matched[at] == wanted) {
        kept[count++] = type == JoinType.LEFT ? at : i;
      }
    }
    if (count == 0) {
      return;
    }
    if (type == JoinType.LEFT) {
      output.accept(combined(input, nulls(input.physicalRowCount()), outputSchema, false, kept, count));
    } else {
      output.accept(input.withSelection(kept, count));
    }
  }

  /** The right row's values repeated {@code rows} times, one vector per right column. */
  private FieldVector[] broadcast(FieldVector[] right, int row, int rows) {
    if (repeated.length < rows || (repeated.length > 0 && repeated[0] != row)) {
      repeated = new int[Math.max(rows, repeated.length)];
      Arrays.fill(repeated, row);
    }
    FieldVector[] result = new FieldVector[right.length];
    try {
      for (int column = 0; column < right.length; column++) {
        Field field = outputField(leftColumns + column, column);
        result[column] = VectorGather.gather(right[column], repeated, rows, field, context.allocator());
      }
      return result;
    } catch (RuntimeException failure) {
      close(result);
      throw failure;
    }
  }

  private Field outputField(int outputColumn, int rightColumn) {
    return outputSchema.getFields().size() > outputColumn ? outputSchema.getFields().get(outputColumn)
        : conditionSchema.getFields().get(leftColumns + rightColumn);
  }

  private FieldVector[] nulls(int rows) {
    FieldVector[] result = new FieldVector[outputSchema.getFields().size() - leftColumns];
    try {
      for (int column = 0; column < result.length; column++) {
        FieldVector vector = outputSchema.getFields().get(leftColumns + column).createVector(context.allocator());
        result[column] = vector;
        if (!(vector instanceof NullVector)) {
          vector.setInitialCapacity(Math.max(1, rows));
          vector.allocateNew();
        }
        vector.setValueCount(rows);
      }
      return result;
    } catch (RuntimeException failure) {
      close(result);
      throw failure;
    }
  }

  /**
   * A batch of the left columns (shared with {@code input}, dictionaries kept) and {@code right}
   * (shared when {@code shareRight}, else taken over), with physical {@code selection[0, count)}
   * (copied; none when null).
   */
  private static Batch combined(Batch input, FieldVector[] right, Schema schema, boolean shareRight,
      int[] selection, int count) {
    int physical = input.physicalRowCount();
    Batch.Builder builder = Batch.builder(physical);
    List<Field> fields = schema.getFields();
    int leftCount = input.columnCount();
    try {
      for (int column = 0; column < leftCount; column++) {
        FieldVector vector = share(input.vector(column));
        if (input.isDictionaryEncoded(column)) {
          FieldVector values;
          try {
            values = share(input.dictionary(column));
          } catch (RuntimeException failure) {
            vector.close();
            throw failure;
          }
          builder.addDictionary(fields.get(column), (org.apache.arrow.vector.IntVector) vector, values);
        } else {
          builder.add(fields.get(column), vector);
        }
      }
      for (int column = 0; column < right.length; column++) {
        FieldVector vector = shareRight ? share(right[column]) : right[column];
        builder.add(fields.get(leftCount + column), vector);
      }
    } catch (RuntimeException failure) {
      builder.abandon();
      if (!shareRight) {
        close(right);
      }
      throw failure;
    }
    if (selection != null) {
      builder.selection(Arrays.copyOf(selection, count), count);
    }
    return builder.build();
  }

  /** A second reference to the same buffers (no copy); closing it leaves the original intact. */
  private static FieldVector share(FieldVector vector) {
    BufferAllocator allocator = vector.getAllocator();
    TransferPair transfer = vector.getTransferPair(allocator);
    transfer.splitAndTransfer(0, vector.getValueCount());
    return (FieldVector) transfer.getTo();
  }

  private static void close(FieldVector[] vectors) {
    for (FieldVector vector : vectors) {
      if (vector != null) {
        vector.close();
      }
    }
  }
}
