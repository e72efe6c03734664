package dev.quiver.spark.exchange;

import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.execution.arrow.ArrowFieldWriter;
import org.apache.spark.sql.types.Decimal;

/**
 * Writes a Spark decimal of at most 18 digits (Spark keeps those as an unscaled long) into a
 * decimal128 vector from its unscaled long, sign-extended to 128 bits: the same bytes as Spark's own
 * {@code DecimalWriter}, which goes through a {@code java.math.BigDecimal} and its byte array for
 * every value (10 % of the map side's time on TPC-H lineitem, measured). Values that do not fit the
 * precision become null, as in Spark's writer.
 */
final class CompactDecimalWriter extends ArrowFieldWriter {
  private final DecimalVector vector;
  private final int precision;
  private final int scale;

  CompactDecimalWriter(DecimalVector vector) {
    this.vector = vector;
    this.precision = vector.getPrecision();
    this.scale = vector.getScale();
  }

  /** Whether decimals of {@code precision} digits are written (and read) through their unscaled long. */
  static boolean fits(int precision) {
    return precision <= Decimal.MAX_LONG_DIGITS();
  }

  @Override
  public ValueVector valueVector() {
    return vector;
  }

  @Override
  public void setNull() {
    vector.setNull(count());
  }

  @Override
  public void setValue(SpecializedGetters input, int ordinal) {
    Decimal decimal = input.getDecimal(ordinal, precision, scale);
    if (decimal.changePrecision(precision, scale)) {
      vector.setSafe(count(), decimal.toUnscaledLong());
    } else {
      setNull();
    }
  }
}
