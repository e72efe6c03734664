package dev.quiver.bench.scan.query;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;

/**
 * TPC-H Q6 as plain code over windows of (l_shipdate, l_discount, l_quantity, l_extendedprice):
 * {@code sum(l_extendedprice * l_discount)} where the ship date is in 1994, the discount 0.05 to
 * 0.07 and the quantity below 24; exact (decimal(15,2) values as unscaled longs, the sum at scale 4).
 */
public final class TpchQ6 implements WindowConsumer {
  /** The columns, in the order the windows must hold them. */
  public static final List<String> COLUMNS = List.of("l_shipdate", "l_discount", "l_quantity", "l_extendedprice");
  public static final int FIRST_DAY = (int) LocalDate.of(1994, 1, 1).toEpochDay();
  public static final int END_DAY = (int) LocalDate.of(1995, 1, 1).toEpochDay();
  /** Discount bounds and the quantity limit, unscaled at scale 2. */
  public static final long LOWEST_DISCOUNT = 5;
  public static final long HIGHEST_DISCOUNT = 7;
  public static final long QUANTITY_BELOW = 2_400;
  /** The SQL text (for systems that take SQL), {@code TABLE} replaced by the table reference. */
  public static final String SQL = "SELECT sum(l_extendedprice * l_discount) FROM TABLE WHERE l_shipdate >= DATE '1994-01-01'"
      + " AND l_shipdate < DATE '1995-01-01' AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24";

  private long sum;

  @Override
  public void accept(FieldVector[] vectors, int[] offsets, int length) {
    if (vectors[0] instanceof DateDayVector && vectors[1] instanceof DecimalVector && vectors[2] instanceof DecimalVector
        && vectors[3] instanceof DecimalVector) {
      sum += sumInMemory(vectors, offsets, length);
      return;
    }
    FieldVector shipDates = vectors[0];
    FieldVector discounts = vectors[1];
    FieldVector quantities = vectors[2];
    FieldVector prices = vectors[3];
    long total = 0;
    for (int i = 0; i < length; i++) {
      long day = ArrowValues.day(shipDates, offsets[0] + i);
      if (day < FIRST_DAY || day >= END_DAY) {
        continue;
      }
      long discount = ArrowValues.unscaled(discounts, offsets[1] + i);
      if (discount < LOWEST_DISCOUNT || discount > HIGHEST_DISCOUNT
          || ArrowValues.unscaled(quantities, offsets[2] + i) >= QUANTITY_BELOW) {
        continue;
      }
      total += ArrowValues.unscaled(prices, offsets[3] + i) * discount;
    }
    sum += total;
  }

  /**
   * The common case (date32 days, decimal128 values) read straight from the vectors' memory: the
   * windows are inside the vectors, so the reads need no bounds checks; the ship date is tested first
   * (it rules out 6 rows in 7).
   */
  private static long sumInMemory(FieldVector[] vectors, int[] offsets, int length) {
    long days = vectors[0].getDataBuffer().memoryAddress() + (long) offsets[0] * 4;
    long discounts = vectors[1].getDataBuffer().memoryAddress() + (long) offsets[1] * DecimalVector.TYPE_WIDTH;
    long quantities = vectors[2].getDataBuffer().memoryAddress() + (long) offsets[2] * DecimalVector.TYPE_WIDTH;
    long prices = vectors[3].getDataBuffer().memoryAddress() + (long) offsets[3] * DecimalVector.TYPE_WIDTH;
    long total = 0;
    for (int i = 0; i < length; i++) {
      int day = MemoryUtil.getInt(days + (long) i * 4);
      if (day < FIRST_DAY || day >= END_DAY) {
        continue;
      }
      long at = (long) i * DecimalVector.TYPE_WIDTH;
      long discount = MemoryUtil.getLong(discounts + at);
      if (discount >= LOWEST_DISCOUNT && discount <= HIGHEST_DISCOUNT && MemoryUtil.getLong(quantities + at) < QUANTITY_BELOW) {
        total += MemoryUtil.getLong(prices + at) * discount;
      }
    }
    return total;
  }

  public void merge(TpchQ6 other) {
    sum += other.sum;
  }

  /** The answer as the suite compares it: the exact sum at scale 4. */
  public String answer() {
    return format(BigDecimal.valueOf(sum, 4));
  }

  /** The canonical text of a Q6 result from any system. */
  public static String format(BigDecimal value) {
    return value == null ? "null" : value.setScale(4).toPlainString();
  }
}
