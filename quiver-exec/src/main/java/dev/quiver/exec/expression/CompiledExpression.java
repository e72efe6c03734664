package dev.quiver.exec.expression;

import dev.quiver.common.batch.Batch;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * An expression compiled against an input schema into type-specialized loops over Arrow memory: one
 * call per batch, no per-row virtual calls, no boxing. Thread-safe (scratch space is per call or per
 * thread).
 */
public interface CompiledExpression {
  /** The type of the values it makes (the expression's type). */
  ArrowType type();

  /**
   * Evaluates over the rows of {@code input} (its selection and dictionary columns honoured): a dense
   * vector of {@code input.rowCount()} values, owned by the caller, allocated from {@code allocator}.
   * An arithmetic overflow, a division by zero or a bad cast is a USER error.
   */
  FieldVector evaluate(Batch input, BufferAllocator allocator);
}
