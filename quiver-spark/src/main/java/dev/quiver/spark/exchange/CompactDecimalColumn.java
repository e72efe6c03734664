package dev.quiver.spark.exchange;

import org.apache.arrow.vector.DecimalVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A Spark column over a decimal128 vector of at most 18 digits: each value is its low 64 bits, the
 * unscaled long Spark keeps such a decimal as, with no {@code java.math.BigDecimal} in between (as
 * Spark's {@code ArrowColumnVector} makes for every value). Only the decimal getters are supported.
 * Closing does nothing: the vector belongs to the decoded block.
 */
final class CompactDecimalColumn extends ColumnVector {
  private static final long WIDTH = DecimalVector.TYPE_WIDTH;
  private final DecimalVector vector;

  CompactDecimalColumn(DecimalVector vector) {
    super(DataTypes.createDecimalType(vector.getPrecision(), vector.getScale()));
    this.vector = vector;
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    if (vector.isNull(rowId)) {
      return null;
    }
    return Decimal.createUnsafe(vector.getDataBuffer().getLong(rowId * WIDTH), precision, scale);
  }

  @Override
  public boolean isNullAt(int rowId) {
    return vector.isNull(rowId);
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
  public void close() {}

  private UnsupportedOperationException notDecimal() {
    return new UnsupportedOperationException("column " + vector.getName() + " holds decimals");
  }

  @Override
  public boolean getBoolean(int rowId) {
    throw notDecimal();
  }

  @Override
  public byte getByte(int rowId) {
    throw notDecimal();
  }

  @Override
  public short getShort(int rowId) {
    throw notDecimal();
  }

  @Override
  public int getInt(int rowId) {
    throw notDecimal();
  }

  @Override
  public long getLong(int rowId) {
    throw notDecimal();
  }

  @Override
  public float getFloat(int rowId) {
    throw notDecimal();
  }

  @Override
  public double getDouble(int rowId) {
    throw notDecimal();
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    throw notDecimal();
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    throw notDecimal();
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    throw notDecimal();
  }

  @Override
  public byte[] getBinary(int rowId) {
    throw notDecimal();
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    throw notDecimal();
  }
}
