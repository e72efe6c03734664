package dev.quiver.spark.batch;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.DecimalVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * An Arrow decimal128 column read by Spark without a {@code BigDecimal} per value: a value whose
 * unscaled 128-bit integer fits a long (every value of precision 18 or less) becomes Spark's compact
 * long-backed {@link Decimal}; wider values go through {@code BigDecimal}. Spark's own Arrow column
 * builds a {@code BigDecimal} for every value. Closing does not close the vector: the batch owns it.
 */
public final class DecimalColumnVector extends ColumnVector {
  private final DecimalVector vector;
  private final ArrowBuf data;

  DecimalColumnVector(DataType type, DecimalVector vector) {
    super(type);
    this.vector = vector;
    this.data = vector.getDataBuffer();
  }

  /** The column of {@code vector}, typed decimal(its precision, its scale). */
  public static DecimalColumnVector of(DecimalVector vector) {
    return new DecimalColumnVector(
        org.apache.spark.sql.types.DataTypes.createDecimalType(vector.getPrecision(), vector.getScale()), vector);
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    if (vector.isNull(rowId)) {
      return null;
    }
    long offset = (long) rowId * DecimalVector.TYPE_WIDTH;
    long low = data.getLong(offset);
    long high = data.getLong(offset + 8);
    if (precision <= Decimal.MAX_LONG_DIGITS() && high == (low >> 63)) {
      return Decimal.createUnsafe(low, precision, scale);
    }
    return Decimal.apply(vector.getObject(rowId), precision, scale);
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
  public long getLong(int rowId) {
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
    return new UnsupportedOperationException("a decimal column is read as a decimal");
  }
}
