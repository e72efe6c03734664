package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code timestamp + n microseconds} ({@link Functions#TIMESTAMP_ADD_MICROS}): the instant moved by an
 * exact amount of time (hours, minutes, seconds of an interval). A result past the 64-bit range of
 * microseconds is a USER error.
 */
final class TimestampAddNode extends Node {
  private final Node timestamp;
  private final Node micros;

  TimestampAddNode(Node timestamp, Node micros, ArrowType type) {
    super(type);
    this.timestamp = timestamp;
    this.micros = micros;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    LongColumn values = (LongColumn) timestamp.evaluate(context);
    LongColumn amounts = (LongColumn) micros.evaluate(context);
    int count = context.count;
    boolean[] nulls = Column.union(values.nulls, amounts.nulls, count);
    long[] result = new long[count];
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      try {
        result[i] = Math.addExact(values.values[i], amounts.values[i]);
      } catch (ArithmeticException overflow) {
        throw QuiverException.user("timestamp out of range: " + TextCasts.formatTimestamp(values.values[i], type)
            + " + " + amounts.values[i] + " microseconds");
      }
    }
    return new LongColumn(result, nulls);
  }
}
