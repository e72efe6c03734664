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
 * The one Q6 loop of the benchmarks: the scan suite's answer (Quiver's, and parquet-java's, which the
 * other systems must equal), {@code ScanBenchmark}'s {@code q6} and the format benchmark's check
 * against {@link #REVENUE_AT_SCALE_ONE} all run it.
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
  /** Q6 at scale factor 1, from the reference generator. */
  public static final BigDecimal REVENUE_AT_SCALE_ONE = new BigDecimal("123141078.2283");

  private long sum;

  @Override
  public void accept(FieldVector[] vectors, int[] offsets, int length) {
    if (!(vectors[0] instanceof DateDayVector)) {
      throw ArrowValues.unexpected(vectors[0], "a date32");
    }
    for (int i = 1; i < COLUMNS.size(); i++) {
      if (!(vectors[i] instanceof DecimalVector)) {
        throw ArrowValues.unexpected(vectors[i], "a decimal128");
      }
    }
    sum += sumInMemory(vectors, offsets, length);
  }

  /**
   * The sum over one window, read straight from the vectors' memory (date32 days; decimal128 values,
   * whose low 8 bytes hold every decimal(15,2)): the windows are inside the vectors, so the reads need
   * no bounds checks; the ship date is tested first (it rules out 6 rows in 7).
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
      if (discount >= LOWEST_DISCOUNT && discount <= HIGHEST_DISCOUNT
          && MemoryUtil.getLong(quantities + at) < QUANTITY_BELOW) {
        total += MemoryUtil.getLong(prices + at) * discount;
      }
    }
    return total;
  }

  public void merge(TpchQ6 other) {
    sum += other.sum;
  }

  /** The exact sum so far, at scale 4. */
  public BigDecimal revenue() {
    return BigDecimal.valueOf(sum, 4);
  }

  /** The answer as the suite compares it: the exact sum at scale 4. */
  public String answer() {
    return format(revenue());
  }

  /** The canonical text of a Q6 result from any system. */
  public static String format(BigDecimal value) {
    return value == null ? "null" : value.setScale(4).toPlainString();
  }
}
