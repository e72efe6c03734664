package dev.quiver.sql.oracle;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarCharVector;

/** Reads one cell of an Arrow vector as its normalized Java value ({@link Values}). */
public final class ArrowValues {
  private static final long MILLIS_PER_DAY = 86_400_000L;

  private ArrowValues() {}

  /** The value at {@code index} of {@code vector}, normalized; {@code null} for SQL NULL. */
  public static Object get(FieldVector vector, int index) {
    if (vector.isNull(index)) {
      return null;
    }
    if (vector instanceof BitVector) {
      return ((BitVector) vector).get(index) != 0;
    }
    if (vector instanceof BaseIntVector) {
      return ((BaseIntVector) vector).getValueAsLong(index);
    }
    if (vector instanceof Float8Vector) {
      return ((Float8Vector) vector).get(index);
    }
    if (vector instanceof Float4Vector) {
      return (double) ((Float4Vector) vector).get(index);
    }
    if (vector instanceof VarCharVector) {
      return new String(((VarCharVector) vector).get(index), StandardCharsets.UTF_8);
    }
    if (vector instanceof LargeVarCharVector) {
      return new String(((LargeVarCharVector) vector).get(index), StandardCharsets.UTF_8);
    }
    if (vector instanceof DateDayVector) {
      return LocalDate.ofEpochDay(((DateDayVector) vector).get(index));
    }
    if (vector instanceof DateMilliVector) {
      return LocalDate.ofEpochDay(Math.floorDiv(((DateMilliVector) vector).get(index), MILLIS_PER_DAY));
    }
    // Decimals (BigDecimal with the vector's scale) and timestamps (LocalDateTime).
    return Values.normalize(vector.getObject(index));
  }
}
