package dev.quiver.bench.format;

import dev.quiver.format.file.QuiverFile;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;

/**
 * TPC-H Q6 ({@code sum(l_extendedprice * l_discount)} for 1994 ship dates, discounts 0.05 to 0.07
 * and quantities below 24) computed exactly from a lineitem {@code .qvr} file: an end-to-end check of
 * generator, writer and reader (123141078.2283 at scale 1).
 */
final class QuerySix {
  /** Q6 at scale factor 1, from the reference generator. */
  static final BigDecimal SCALE_ONE = new BigDecimal("123141078.2283");

  private QuerySix() {}

  static BigDecimal compute(Path lineitem, BufferAllocator allocator) throws IOException {
    int from = (int) LocalDate.of(1994, 1, 1).toEpochDay();
    int to = (int) LocalDate.of(1995, 1, 1).toEpochDay();
    try (QuiverFile file = QuiverFile.open(lineitem)) {
      long rows = file.rowCount();
      try (FieldVector shipDates = file.read(file.columnIndex("l_shipdate"), 0, rows, allocator);
          FieldVector discounts = file.read(file.columnIndex("l_discount"), 0, rows, allocator);
          FieldVector quantities = file.read(file.columnIndex("l_quantity"), 0, rows, allocator);
          FieldVector prices = file.read(file.columnIndex("l_extendedprice"), 0, rows, allocator)) {
        long sum = 0;
        for (int row = 0; row < rows; row++) {
          int shipDate = ((DateDayVector) shipDates).get(row);
          long discount = unscaled((DecimalVector) discounts, row);
          if (shipDate >= from && shipDate < to && discount >= 5 && discount <= 7
              && unscaled((DecimalVector) quantities, row) < 2400) {
            sum += unscaled((DecimalVector) prices, row) * discount;
          }
        }
        return BigDecimal.valueOf(sum, 4);
      }
    }
  }

  /** The unscaled value of a decimal(15,2): the low 8 bytes of its 16 (every 15-digit value fits). */
  private static long unscaled(DecimalVector vector, int row) {
    return vector.getDataBuffer().getLong((long) row * DecimalVector.TYPE_WIDTH);
  }
}
