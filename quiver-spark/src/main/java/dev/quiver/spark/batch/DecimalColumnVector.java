package dev.quiver.spark.batch;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.DecimalVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;

/**
 * An Arrow decimal128 column read by Spark without a {@code BigDecimal} per value: a value whose
 * unscaled 128-bit integer fits a long (every value of precision 18 or less) becomes Spark's compact
 * long-backed {@link Decimal}; wider values go through {@code BigDecimal}. Spark's own Arrow column
 * builds a {@code BigDecimal} for every value. Closing does not close the vector: the batch owns it.
 */
public final class DecimalColumnVector extends SingleAccessorColumnVector {
  private final DecimalVector vector;
  private final ArrowBuf data;

  DecimalColumnVector(DataType type, DecimalVector vector) {
    super(type, vector);
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
}
