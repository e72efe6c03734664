package dev.quiver.exec.expression;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A sub-tree that reads one column only. When that column arrives dictionary-encoded and holds fewer
 * distinct values than the rows evaluated, the sub-tree is evaluated once per dictionary value (and
 * once for NULL), then the rows take the result of their code. A USER error while evaluating the
 * dictionary (which may hold values no row uses) falls back to evaluating the rows.
 */
final class DictionaryNode extends Node {
  private final Node child;
  private final int ordinal;
  private final ArrowType columnType;
  private final int columns;

  DictionaryNode(Node child, int ordinal, ArrowType columnType, int columns) {
    super(child.type);
    this.child = child;
    this.ordinal = ordinal;
    this.columnType = columnType;
    this.columns = columns;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    if (context.hasOverrides() || context.batch() == null || !context.batch().isDictionaryEncoded(ordinal)) {
      return child.evaluate(context);
    }
    var values = context.batch().dictionary(ordinal);
    int size = values.getValueCount();
    if (size + 1 >= context.count) {
      return child.evaluate(context);
    }
    Column perValue;
    try {
      Column dictionary = ColumnReader.readDictionaryWithNull(values, columnType);
      perValue = child.evaluate(EvaluationContext.overriding(ordinal, dictionary, columns));
    } catch (QuiverException failure) {
      if (failure.errorCode() != ErrorCode.USER) {
        throw failure;
      }
      return child.evaluate(context);
    }
    int[] codes = context.dictionaryCodes(ordinal, size);
    return perValue.gather(codes, context.count);
  }
}
