package dev.quiver.exec.execution;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.exec.operator.BatchConsumer;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.StreamOperator;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.OutOfMemoryException;

/**
 * One thread's run of a pipeline: takes morsels from the source until there are none (or the
 * pipeline needs no more), pushes each batch through its own operator instances into its own sink,
 * finishes the operators in order, and hands the sink to the breaker. Counts rows, batches and time
 * per operator (time exclusive of the operators after it).
 */
final class Driver {
  private final Pipeline pipeline;
  private final ExecutionContext context;

  Driver(Pipeline pipeline, ExecutionContext context) {
    this.pipeline = pipeline;
    this.context = context;
  }

  /** Runs the main source (and then {@code tails}, when this thread is the one that runs them). */
  Sink run(MorselSource source, int firstOperator, Sink sink) throws IOException {
    List<StreamOperator> operators = new java.util.ArrayList<>();
    try {
      for (int i = firstOperator; i < pipeline.operators.size(); i++) {
        operators.add(pipeline.operators.get(i).create(context));
      }
      int count = operators.size();
      long[] inclusive = new long[count + 1];
      BatchConsumer[] chain = new BatchConsumer[count + 1];
      OperatorMetrics sinkMetrics = pipeline.sink.metrics();
      chain[count] = batch -> {
        long started = System.nanoTime();
        try {
          if (pipeline.sinkNode != null) {
            sinkMetrics.input(batch.rowCount());
          }
          sink.consume(batch);
        } catch (OutOfMemoryException exhausted) {
          throw resource(sinkMetrics, exhausted);
        } finally {
          inclusive[count] += System.nanoTime() - started;
        }
      };
      for (int i = count - 1; i >= 0; i--) {
        StreamOperator operator = operators.get(i);
        OperatorMetrics metrics = pipeline.operators.get(firstOperator + i).metrics();
        BatchConsumer next = chain[i + 1];
        BatchConsumer counted = batch -> {
          metrics.output(batch.rowCount());
          next.accept(batch);
        };
        int index = i;
        chain[i] = batch -> {
          long started = System.nanoTime();
          try {
            metrics.input(batch.rowCount());
            operator.process(batch, counted);
          } catch (OutOfMemoryException exhausted) {
            throw resource(metrics, exhausted);
          } finally {
            inclusive[index] += System.nanoTime() - started;
          }
        };
      }
      Morsel morsel;
      while (!done(operators, sink) && (morsel = source.next(context)) != null) {
        try (Morsel running = morsel) {
          while (!done(operators, sink)) {
            context.checkCancelled();
            Batch batch = running.next();
            if (batch == null) {
              break;
            }
            chain[0].accept(batch);
          }
        }
      }
      context.checkCancelled();
      for (int i = 0; i < count; i++) {
        long started = System.nanoTime();
        BatchConsumer next = chain[i + 1];
        OperatorMetrics metrics = pipeline.operators.get(firstOperator + i).metrics();
        try {
          operators.get(i).finish(batch -> {
            metrics.output(batch.rowCount());
            next.accept(batch);
          });
        } catch (OutOfMemoryException exhausted) {
          throw resource(metrics, exhausted);
        }
        inclusive[i] += System.nanoTime() - started;
      }
      for (int i = 0; i < count; i++) {
        pipeline.operators.get(firstOperator + i).metrics().time.add(inclusive[i] - inclusive[i + 1]);
      }
      sinkMetrics.time.add(inclusive[count]);
      return sink;
    } finally {
      for (StreamOperator operator : operators) {
        operator.close();
      }
    }
  }

  private static boolean done(List<StreamOperator> operators, Sink sink) {
    if (sink.isDone()) {
      return true;
    }
    for (StreamOperator operator : operators) {
      if (operator.isDone()) {
        return true;
      }
    }
    return false;
  }

  static QuiverException resource(OperatorMetrics metrics, OutOfMemoryException exhausted) {
    return dev.quiver.exec.operator.ResourceErrors.outOfMemory(metrics.operator(), exhausted);
  }
}
