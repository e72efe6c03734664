package dev.quiver.exec.expression;

import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.DictionaryDecoder;
import dev.quiver.common.batch.VectorGather;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/** A compiled expression: its node tree, evaluated per batch into a new vector. */
final class CompiledNodeExpression implements CompiledExpression {
  private final Node root;
  private final String text;

  CompiledNodeExpression(Node root, String text) {
    this.root = root;
    this.text = text;
  }

  @Override
  public ArrowType type() {
    return root.type;
  }

  @Override
  public FieldVector evaluate(Batch input, BufferAllocator allocator) {
    return evaluate(input, EvaluationContext.of(input), allocator);
  }

  /** Evaluates in a context shared with other expressions of the same batch (columns and shared sub-trees). */
  FieldVector evaluate(Batch input, EvaluationContext context, BufferAllocator allocator) {
    if (root instanceof ColumnNode column && input.schema().getFields().get(column.ordinal).getType().equals(root.type)
        && !(root.type instanceof ArrowType.Timestamp timestamp && Types.microsPerUnit(timestamp) != 1)) {
      return copyColumn(input, column.ordinal, allocator);
    }
    Column values = root.evaluate(context);
    return ColumnWriter.write(values, root.type, allocator);
  }

  /**
   * Evaluates over the batch's selected rows and writes each value at its row's physical position in a vector
   * of the batch's physical rows (the rows not selected NULL): the batch's other columns and its selection can
   * then be kept as they are. For a type {@link ColumnWriter#scatters}.
   */
  FieldVector evaluateScattered(Batch input, EvaluationContext context, BufferAllocator allocator) {
    Column values = root.evaluate(context);
    return ColumnWriter.write(values, root.type, allocator, input.selection(), input.physicalRowCount());
  }

  /** A column passed through: the rows copied by address (dictionary codes decoded). */
  private FieldVector copyColumn(Batch input, int ordinal, BufferAllocator allocator) {
    Field field = new Field("expression", FieldType.nullable(root.type), null);
    int count = input.rowCount();
    int[] positions = input.selection();
    if (input.isDictionaryEncoded(ordinal)) {
      return DictionaryDecoder.decode(input.dictionary(ordinal), (IntVector) input.vector(ordinal), positions, count,
          field, allocator);
    }
    if (positions == null) {
      positions = CaseNode.identity(count);
    }
    FieldVector vector = VectorGather.gather(input.vector(ordinal), positions, count, field, allocator);
    vector.setValueCount(count);
    return vector;
  }

  @Override
  public String toString() {
    return text;
  }
}
