package dev.quiver.exec.expression;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.DictionaryIdentity;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A sub-tree that reads one column only. When that column arrives dictionary-encoded and holds fewer
 * distinct values than the rows evaluated, the sub-tree is evaluated once per dictionary value (and
 * once for NULL), then the rows take the result of their code. A USER error while evaluating the
 * dictionary (which may hold values no row uses) falls back to evaluating the rows. A dictionary larger than a
 * batch (a column-wide one: 41,760 URLs for a million hits) is evaluated once when a second batch brings it, and its
 * values are kept for the batches after.
 */
final class DictionaryNode extends Node {
  /** The most values of a dictionary evaluated once and kept for later batches. */
  private static final int MAXIMUM_REUSED_VALUES = 1 << 20;
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

  /** A dictionary's values of the sub-tree. */
  private record Evaluated(DictionaryIdentity dictionary, Column perValue) {}

  /** The dictionary evaluated last (shared by the threads: an immutable record, recomputed at worst). */
  private volatile Evaluated evaluated;
  /** The dictionary of the last batch that had more values than rows: a second sighting evaluates it. */
  private volatile DictionaryIdentity lastLarge;
  /** A dictionary whose evaluation failed (a value no row may use): its rows are evaluated instead. */
  private volatile DictionaryIdentity failedOn;

  @Override
  Column evaluate(EvaluationContext context) {
    if (context.hasOverrides() || context.batch() == null || !context.batch().isDictionaryEncoded(ordinal)) {
      return child.evaluate(context);
    }
    FieldVector values = context.batch().dictionary(ordinal);
    int size = values.getValueCount();
    boolean smallerThanRows = size + 1 < context.count;
    if (!smallerThanRows && size > MAXIMUM_REUSED_VALUES) {
      return child.evaluate(context);
    }
    DictionaryIdentity identity = DictionaryIdentity.of(values);
    if (identity == null && !smallerThanRows) {
      return child.evaluate(context);
    }
    Evaluated known = evaluated;
    Column perValue = known != null && identity != null && known.dictionary().sameAs(identity) ? known.perValue()
        : null;
    if (perValue == null) {
      if (identity != null && identity.sameAs(failedOn)) {
        return child.evaluate(context);
      }
      if (!smallerThanRows && !identity.sameAs(lastLarge)) {
        lastLarge = identity;
        return child.evaluate(context);
      }
      try {
        Column dictionary = ColumnReader.readDictionaryWithNull(values, columnType);
        perValue = child.evaluate(EvaluationContext.overriding(ordinal, dictionary, columns));
      } catch (QuiverException failure) {
        if (failure.errorCode() != ErrorCode.USER) {
          throw failure;
        }
        failedOn = identity;
        return child.evaluate(context);
      }
      if (identity != null) {
        evaluated = new Evaluated(identity, perValue);
      }
    }
    int[] codes = context.dictionaryCodes(ordinal, size);
    return perValue.gather(codes, context.count);
  }
}
