package dev.quiver.exec.recursive;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.common.metrics.Metric;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.plan.RecursiveUnionNode;
import dev.quiver.exec.source.WorkingTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.VectorBatchAppender;

/**
 * Runs a {@link RecursiveUnionNode} when its pipeline starts, then hands its rows out, one kept batch
 * per morsel. The seed runs once; each step runs the recursive part over the working table holding
 * the step before's new rows, until a step makes none. For UNION the parts are wrapped by {@link
 * NewRows} (a step's rows less duplicates and the rows made before, by the engine's spilling
 * aggregate). Kept rows are dense Arrow batches in the query's allocator, so they count against its
 * memory limit; running out of it, or past the node's step limit, fails naming the recursion.
 */
public final class RecursiveUnionSource implements MorselSource {
  private final OperatorMetrics metrics;
  private final List<VectorSchemaRoot> rows;
  private int next;

  private RecursiveUnionSource(OperatorMetrics metrics, List<VectorSchemaRoot> rows) {
    this.metrics = metrics;
    this.rows = rows;
  }

  /** Runs the recursion of {@code node} to its end and returns its rows. */
  public static RecursiveUnionSource run(RecursiveUnionNode node, ExecutionContext context, SubPlanRunner runner)
      throws IOException {
    WorkingTable table = node.table();
    OperatorMetrics metrics = new OperatorMetrics("RecursiveUnion", table.name());
    long started = System.nanoTime();
    List<VectorSchemaRoot> result = new ArrayList<>();
    WorkingTable seen = node.all() ? null : NewRows.seenTable(node);
    long steps = 0;
    long rowCount = 0;
    try {
      if (seen != null) {
        seen.set(context, result);
      }
      List<VectorSchemaRoot> step = collect(runner.run(seen == null ? node.seed() : NewRows.of(node.seed(), seen)),
          context);
      var iterative = seen == null ? node.iterative() : NewRows.of(node.iterative(), seen);
      while (!step.isEmpty()) {
        // the roots kept so far are no working table now: small ones may merge
        coalesce(result, context.batchRows());
        result.addAll(step);
        rowCount += rows(step);
        context.checkCancelled();
        if (steps == node.maxSteps()) {
          throw new QuiverException(ErrorCode.USER, "the recursive query " + table.name() + " did not end after "
              + steps + " steps (" + rowCount + " rows); a recursion whose step always makes new rows never ends"
              + " (at most " + node.maxSteps() + " steps)");
        }
        steps++;
        table.set(context, step);
        if (seen != null) {
          seen.set(context, result);
        }
        step = collect(runner.run(iterative), context);
      }
    } catch (OutOfMemoryException exhausted) {
      result.forEach(VectorSchemaRoot::close);
      throw new QuiverException(ErrorCode.RESOURCE, "the recursive query " + table.name() + " ran out of memory at"
          + " step " + steps + " holding " + rowCount + " rows (a recursion that never ends, or raise"
          + " --memory-limit): " + exhausted.getMessage(), exhausted);
    } catch (RuntimeException | IOException | Error failure) {
      result.forEach(VectorSchemaRoot::close);
      throw failure;
    } finally {
      table.set(context, null);
      if (seen != null) {
        seen.set(context, null);
      }
    }
    coalesce(result, context.batchRows());
    long finalSteps = steps;
    metrics.include(() -> new MetricsSnapshot(List.of(new Metric("steps", Metric.Kind.COUNT, finalSteps))));
    metrics.time.add(System.nanoTime() - started);
    return new RecursiveUnionSource(metrics, result);
  }

  /**
   * Merges the last kept batches while the one before the last is no larger than the last and both fit
   * in one batch: like a binary counter, so a recursion of one row per step keeps O(log n) small
   * batches and copies each row O(log batchRows) times (many tiny batches would make every later step
   * read thousands of morsels).
   */
  private static void coalesce(List<VectorSchemaRoot> kept, int batchRows) {
    while (kept.size() >= 2) {
      VectorSchemaRoot before = kept.get(kept.size() - 2);
      VectorSchemaRoot last = kept.get(kept.size() - 1);
      int total = before.getRowCount() + last.getRowCount();
      if (before.getRowCount() > last.getRowCount() || total > batchRows) {
        return;
      }
      for (int column = 0; column < before.getFieldVectors().size(); column++) {
        VectorBatchAppender.batchAppend(before.getVector(column), last.getVector(column));
      }
      before.setRowCount(total);
      last.close();
      kept.remove(kept.size() - 1);
    }
  }

  private static long rows(List<VectorSchemaRoot> batches) {
    long count = 0;
    for (VectorSchemaRoot root : batches) {
      count += root.getRowCount();
    }
    return count;
  }

  /** The non-empty batches of a step, dense, in the query's allocator (the given ones closed). */
  private static List<VectorSchemaRoot> collect(List<Batch> batches, ExecutionContext context) {
    List<VectorSchemaRoot> dense = new ArrayList<>();
    try {
      for (int i = 0; i < batches.size(); i++) {
        Batch batch = batches.get(i);
        batches.set(i, null);
        try (batch) {
          if (batch.rowCount() > 0) {
            dense.add(batch.materialize(context.allocator()));
          }
        }
      }
    } catch (RuntimeException | Error failure) {
      dense.forEach(VectorSchemaRoot::close);
      for (Batch batch : batches) {
        if (batch != null) {
          batch.close();
        }
      }
      throw failure;
    }
    return dense;
  }

  @Override
  public Morsel next(ExecutionContext context) {
    VectorSchemaRoot root;
    synchronized (this) {
      if (next >= rows.size()) {
        return null;
      }
      root = rows.get(next);
      rows.set(next++, null);
    }
    return Morsel.of(Batch.of(root), metrics);
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  @Override
  public synchronized void close() {
    for (int i = next; i < rows.size(); i++) {
      rows.get(i).close();
    }
    next = rows.size();
  }
}
