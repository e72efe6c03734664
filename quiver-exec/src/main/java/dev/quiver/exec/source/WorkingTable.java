package dev.quiver.exec.source;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.VectorSlices;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.expression.Expression;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The working table of a recursive query: the rows the step before made, which the recursive part
 * scans. Its rows belong to one running query ({@code recursive.RecursiveUnionSource} sets them per step, per
 * {@link ExecutionContext}, so two queries running one plan never see each other's rows); a scan
 * hands out slices sharing their buffers, one stored batch per morsel, and may be read any number of
 * times.
 */
public final class WorkingTable implements TableSource {
  private final String name;
  private final Schema schema;
  private final long estimatedRows;
  private final Map<ExecutionContext, List<VectorSchemaRoot>> rows = Collections.synchronizedMap(new WeakHashMap<>());

  /**
   * @param name the recursive query's name as written ({@code t} of {@code WITH RECURSIVE t})
   * @param schema its columns
   * @param estimatedRows the planner's guess of a step's rows
   */
  public WorkingTable(String name, Schema schema, long estimatedRows) {
    this.name = name;
    this.schema = schema;
    this.estimatedRows = estimatedRows;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public long rowCount() {
    return estimatedRows;
  }

  /** Sets the rows the next scans of {@code context}'s query read (still owned by the caller), or clears them. */
  public void set(ExecutionContext context, List<VectorSchemaRoot> batches) {
    if (batches == null) {
      rows.remove(context);
    } else {
      rows.put(context, List.copyOf(batches));
    }
  }

  @Override
  public MorselSource open(List<String> columns, Expression filter, long limit, ExecutionContext context) {
    List<VectorSchemaRoot> batches = rows.get(context);
    if (batches == null) {
      throw new QuiverException(ErrorCode.INTERNAL, "the working table " + name + " is read outside its recursion");
    }
    int[] positions = new int[columns.size()];
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      positions[i] = position(columns.get(i));
      fields.add(schema.getFields().get(positions[i]));
    }
    OperatorMetrics metrics = new OperatorMetrics("WorkingTable", name);
    AtomicInteger next = new AtomicInteger();
    return new MorselSource() {
      @Override
      public Morsel next(ExecutionContext ignored) {
        int index = next.getAndIncrement();
        if (index >= batches.size()) {
          return null;
        }
        return new Morsel() {
          private boolean done;

          @Override
          public Batch next() {
            if (done) {
              return null;
            }
            done = true;
            context.checkCancelled();
            Batch batch = slice(batches.get(index), positions, fields, context);
            metrics.output(batch.rowCount());
            return batch;
          }
        };
      }

      @Override
      public OperatorMetrics metrics() {
        return metrics;
      }
    };
  }

  private int position(String column) {
    List<Field> all = schema.getFields();
    for (int i = 0; i < all.size(); i++) {
      if (all.get(i).getName().equals(column)) {
        return i;
      }
    }
    throw new QuiverException(ErrorCode.INTERNAL, "the working table " + name + " has no column " + column);
  }

  private static Batch slice(VectorSchemaRoot root, int[] positions, List<Field> fields, ExecutionContext context) {
    int rowCount = root.getRowCount();
    Batch.Builder builder = Batch.builder(rowCount);
    try {
      for (int i = 0; i < positions.length; i++) {
        FieldVector piece = VectorSlices.slice(root.getVector(positions[i]), fields.get(i), 0, rowCount,
            context.allocator());
        builder.add(fields.get(i), piece);
      }
      return builder.build();
    } catch (RuntimeException failure) {
      builder.abandon();
      throw failure;
    }
  }
}
