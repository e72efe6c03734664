package dev.quiver.exec.aggregate;

import dev.quiver.common.QuiverException;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** Writes aggregate results into result vectors of the call's type. */
final class ResultWriter {
  private ResultWriter() {}

  static void allocate(FieldVector out, int count) {
    out.setInitialCapacity(Math.max(count, 1));
    out.allocateNew();
  }

  static void setLong(FieldVector out, int row, long value) {
    if (out instanceof BaseIntVector integer) {
      integer.setWithPossibleTruncate(row, value);
    } else if (out instanceof Float8Vector number) {
      number.set(row, (double) value);
    } else if (out instanceof DecimalVector decimal) {
      setDecimal(decimal, row, value, value >> 63);
    } else {
      throw new IllegalStateException("a count or sum cannot be written as " + out.getField().getType());
    }
  }

  static void setDouble(FieldVector out, int row, double value) {
    if (out instanceof Float8Vector number) {
      number.set(row, value);
    } else if (out instanceof Float4Vector single) {
      single.set(row, (float) value);
    } else {
      throw new IllegalStateException("a double cannot be written as " + out.getField().getType());
    }
  }

  /** Writes a 128-bit unscaled value, checking it fits the decimal's precision (else a USER error). */
  static void setDecimal(DecimalVector out, int row, long low, long high) {
    int precision = out.getPrecision();
    boolean fitsLong = high == (low >> 63);
    if (!fitsLong || precision < 19) {
      BigInteger value = BigInteger.valueOf(high).shiftLeft(64).or(BigInteger.valueOf(low).and(LOW_MASK));
      if (value.abs().compareTo(BigInteger.TEN.pow(precision)) >= 0) {
        throw QuiverException.user("the aggregate's value " + new BigDecimal(value, out.getScale())
            + " overflows decimal(" + precision + ", " + out.getScale() + ")");
      }
    }
    long data = out.getDataBuffer().memoryAddress();
    MemoryUtil.putLong(data + 16L * row, low);
    MemoryUtil.putLong(data + 16L * row + 8, high);
    BitVectorHelper.setBit(out.getValidityBuffer(), row);
  }

  /** Writes an exact value (checked against the decimal's precision, or an integer's range). */
  static void setExact(FieldVector out, int row, BigDecimal value) {
    if (out instanceof DecimalVector decimal) {
      BigInteger unscaled = value.setScale(decimal.getScale(), java.math.RoundingMode.HALF_UP).unscaledValue();
      setDecimal(decimal, row, unscaled.longValue(), unscaled.shiftRight(64).longValue());
    } else if (out instanceof BaseIntVector integer) {
      BigInteger whole = value.toBigInteger();
      int bits = ((ArrowType.Int) out.getField().getType()).getBitWidth();
      if (whole.bitLength() > bits - 1) {
        throw QuiverException.user("the aggregate's value " + value + " overflows " + out.getField().getType());
      }
      integer.setWithPossibleTruncate(row, whole.longValue());
    } else {
      setDouble(out, row, value.doubleValue());
    }
  }

  private static final BigInteger LOW_MASK = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
}
