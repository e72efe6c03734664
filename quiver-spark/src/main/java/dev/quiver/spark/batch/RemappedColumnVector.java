package dev.quiver.spark.batch;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A column whose row {@code i} is row {@code index[i]} of another column, or null where
 * {@code index[i] < 0}: a selection vector over a batch's rows, a dictionary's codes over its values,
 * or both composed. Nothing is copied; the index is one int per row. Closing does not close the
 * values: the batch that owns them does.
 */
final class RemappedColumnVector extends ColumnVector {
  private final ColumnVector values;
  private final int[] index;
  private final int rows;
  private final int nulls;

  RemappedColumnVector(DataType type, ColumnVector values, int[] index, int rows) {
    super(type);
    this.values = values;
    this.index = index;
    this.rows = rows;
    int count = 0;
    for (int i = 0; i < rows; i++) {
      if (index[i] < 0 || values.isNullAt(index[i])) {
        count++;
      }
    }
    this.nulls = count;
  }

  @Override
  public void close() {
    // the values belong to the batch
  }

  @Override
  public boolean hasNull() {
    return nulls > 0;
  }

  @Override
  public int numNulls() {
    return nulls;
  }

  @Override
  public boolean isNullAt(int rowId) {
    int row = index[rowId];
    return row < 0 || values.isNullAt(row);
  }

  @Override
  public boolean getBoolean(int rowId) {
    return values.getBoolean(index[rowId]);
  }

  @Override
  public byte getByte(int rowId) {
    return values.getByte(index[rowId]);
  }

  @Override
  public short getShort(int rowId) {
    return values.getShort(index[rowId]);
  }

  @Override
  public int getInt(int rowId) {
    return values.getInt(index[rowId]);
  }

  @Override
  public long getLong(int rowId) {
    return values.getLong(index[rowId]);
  }

  @Override
  public float getFloat(int rowId) {
    return values.getFloat(index[rowId]);
  }

  @Override
  public double getDouble(int rowId) {
    return values.getDouble(index[rowId]);
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    return values.getArray(index[rowId]);
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    return values.getMap(index[rowId]);
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    int row = index[rowId];
    return row < 0 ? null : values.getDecimal(row, precision, scale);
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    int row = index[rowId];
    return row < 0 ? null : values.getUTF8String(row);
  }

  @Override
  public byte[] getBinary(int rowId) {
    int row = index[rowId];
    return row < 0 ? null : values.getBinary(row);
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    throw new UnsupportedOperationException("a remapped column has no children");
  }

  int rows() {
    return rows;
  }
}
