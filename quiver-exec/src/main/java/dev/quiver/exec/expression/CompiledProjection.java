package dev.quiver.exec.expression;

import dev.quiver.common.batch.Batch;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Expressions compiled together over one input, as a projection's computed columns: per batch each
 * input column is read once for all of them, and a call or cast that occurs in more than one place
 * (TPC-H Q1's {@code l_extendedprice * (1 - l_discount)} in two sums) is evaluated once. Thread-safe.
 */
public final class CompiledProjection {
  private final CompiledNodeExpression[] expressions;

  CompiledProjection(CompiledNodeExpression[] expressions) {
    this.expressions = expressions;
  }

  /** How many expressions. */
  public int size() {
    return expressions.length;
  }

  /** The type of expression {@code index}. */
  public ArrowType type(int index) {
    return expressions[index].type();
  }

  /**
   * Evaluates every expression over the rows of {@code input}: dense vectors of {@code
   * input.rowCount()} values in the order compiled, owned by the caller. On an error none is left open.
   */
  public FieldVector[] evaluate(Batch input, BufferAllocator allocator) {
    return evaluate(input, allocator, false);
  }

  /** Whether {@link #evaluateScattered} can evaluate these expressions (all of fixed-width types). */
  public boolean scatters() {
    for (CompiledNodeExpression expression : expressions) {
      if (!ColumnWriter.scatters(expression.type())) {
        return false;
      }
    }
    return true;
  }

  /**
   * Evaluates every expression over the selected rows of {@code input} (which has a selection), each value
   * written at its row's physical position in a vector of {@code input.physicalRowCount()} rows, so that the
   * result goes with the batch's own vectors and selection, which need not be compacted. Needs {@link #scatters}.
   */
  public FieldVector[] evaluateScattered(Batch input, BufferAllocator allocator) {
    return evaluate(input, allocator, true);
  }

  private FieldVector[] evaluate(Batch input, BufferAllocator allocator, boolean scattered) {
    EvaluationContext context = EvaluationContext.of(input);
    FieldVector[] vectors = new FieldVector[expressions.length];
    try {
      for (int i = 0; i < expressions.length; i++) {
        vectors[i] = scattered ? expressions[i].evaluateScattered(input, context, allocator)
            : expressions[i].evaluate(input, context, allocator);
      }
      return vectors;
    } catch (RuntimeException failure) {
      for (FieldVector vector : vectors) {
        if (vector != null) {
          vector.close();
        }
      }
      throw failure;
    }
  }

  @Override
  public String toString() {
    return List.of(expressions).toString();
  }
}
