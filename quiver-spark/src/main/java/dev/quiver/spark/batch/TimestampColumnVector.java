package dev.quiver.spark.batch;

import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * An Arrow timestamp column of seconds, milliseconds or nanoseconds seen as Spark's microseconds
 * (Spark's own Arrow column reads microseconds only). Nanoseconds round toward negative infinity, as
 * Spark's casts do. Closing does not close the vector: the batch that owns it does.
 */
final class TimestampColumnVector extends ColumnVector {
  private final TimeStampVector vector;
  private final long multiplier;
  private final long divisor;

  TimestampColumnVector(DataType type, TimeStampVector vector, TimeUnit unit) {
    super(type);
    this.vector = vector;
    this.multiplier = switch (unit) {
      case SECOND -> 1_000_000L;
      case MILLISECOND -> 1_000L;
      default -> 1L;
    };
    this.divisor = unit == TimeUnit.NANOSECOND ? 1_000L : 1L;
  }

  @Override
  public void close() {
    // the vector belongs to the batch
  }

  @Override
  public boolean hasNull() {
    return vector.getNullCount() > 0;
  }

  @Override
  public int numNulls() {
    return vector.getNullCount();
  }

  @Override
  public boolean isNullAt(int rowId) {
    return vector.isNull(rowId);
  }

  @Override
  public long getLong(int rowId) {
    long value = vector.get(rowId);
    return divisor == 1 ? Math.multiplyExact(value, multiplier) : Math.floorDiv(value, divisor);
  }

  @Override
  public boolean getBoolean(int rowId) {
    throw unsupported();
  }

  @Override
  public byte getByte(int rowId) {
    throw unsupported();
  }

  @Override
  public short getShort(int rowId) {
    throw unsupported();
  }

  @Override
  public int getInt(int rowId) {
    throw unsupported();
  }

  @Override
  public float getFloat(int rowId) {
    throw unsupported();
  }

  @Override
  public double getDouble(int rowId) {
    throw unsupported();
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    throw unsupported();
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    throw unsupported();
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    throw unsupported();
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    throw unsupported();
  }

  @Override
  public byte[] getBinary(int rowId) {
    throw unsupported();
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    throw unsupported();
  }

  private static UnsupportedOperationException unsupported() {
    return new UnsupportedOperationException("a timestamp column is read as a long");
  }
}
