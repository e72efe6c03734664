package dev.quiver.spark.batch;

import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.spark.sql.types.DataType;

/**
 * An Arrow timestamp column of seconds, milliseconds or nanoseconds seen as Spark's microseconds
 * (Spark's own Arrow column reads microseconds only). Nanoseconds round toward negative infinity, as
 * Spark's casts do. Closing does not close the vector: the batch that owns it does.
 */
final class TimestampColumnVector extends SingleAccessorColumnVector {
  private final TimeStampVector vector;
  private final long multiplier;
  private final long divisor;

  TimestampColumnVector(DataType type, TimeStampVector vector, TimeUnit unit) {
    super(type, vector);
    this.vector = vector;
    this.multiplier = switch (unit) {
      case SECOND -> 1_000_000L;
      case MILLISECOND -> 1_000L;
      default -> 1L;
    };
    this.divisor = unit == TimeUnit.NANOSECOND ? 1_000L : 1L;
  }

  @Override
  public long getLong(int rowId) {
    long value = vector.get(rowId);
    return divisor == 1 ? Math.multiplyExact(value, multiplier) : Math.floorDiv(value, divisor);
  }
}
