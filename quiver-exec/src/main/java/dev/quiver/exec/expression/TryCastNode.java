package dev.quiver.exec.expression;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code TRY_CAST(operand AS type)}: {@link CastNode}'s conversion, except that a value that does not
 * convert (text that is no number, a number out of range) becomes NULL instead of an error. The whole
 * column is cast at once; only when that fails are the rows tried one by one, and the ones that fail
 * are cast as NULL.
 */
final class TryCastNode extends Node {
  private final Node operand;

  TryCastNode(Node operand, ArrowType type) {
    super(type);
    this.operand = operand;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    Column input = operand.evaluate(context);
    try {
      return CastNode.cast(input, operand.type, type);
    } catch (QuiverException failure) {
      if (failure.errorCode() != ErrorCode.USER) {
        throw failure;
      }
    }
    int count = input.size;
    int[] kept = new int[count];
    int[] single = new int[1];
    for (int row = 0; row < count; row++) {
      single[0] = row;
      kept[row] = converts(input.gather(single, 1)) ? row : -1;
    }
    return CastNode.cast(input.gather(kept, count), operand.type, type);
  }

  private boolean converts(Column row) {
    try {
      CastNode.cast(row, operand.type, type);
      return true;
    } catch (QuiverException failure) {
      if (failure.errorCode() != ErrorCode.USER) {
        throw failure;
      }
      return false;
    }
  }
}
