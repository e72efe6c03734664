package dev.quiver.bench.sql;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FloatingPointVector;

/**
 * One value of an answer as canonical text, the same from every system's Arrow vectors ({@code n:} a
 * number written exactly, {@code s:} a string, escaped, {@code d:} a date or timestamp, {@code b:} a
 * boolean, {@code -} null), and when two such texts are the same answer: equal, or numbers within a
 * relative {@value #RELATIVE_TOLERANCE}, or equal once the finer is rounded to the coarser's scale (a
 * system answering {@code avg} as a double against one answering a decimal).
 */
public final class AnswerValues {
  public static final double RELATIVE_TOLERANCE = 1e-6;

  private AnswerValues() {}

  /** The canonical text of one value. */
  public static String value(FieldVector vector, int row) {
    if (vector.isNull(row)) {
      return "-";
    }
    if (vector instanceof DateDayVector) {
      return "d:" + LocalDate.ofEpochDay(((DateDayVector) vector).get(row));
    }
    if (vector instanceof BitVector) {
      return "b:" + (((BitVector) vector).get(row) != 0);
    }
    if (vector instanceof FloatingPointVector) {
      double value = ((FloatingPointVector) vector).getValueAsDouble(row);
      return Double.isFinite(value) ? "n:" + BigDecimal.valueOf(value).toPlainString() : "s:" + value;
    }
    Object object = vector.getObject(row);
    if (object instanceof BigDecimal) {
      return "n:" + ((BigDecimal) object).toPlainString();
    }
    if (object instanceof Long || object instanceof Integer || object instanceof Short || object instanceof Byte) {
      return "n:" + object;
    }
    if (object instanceof java.time.LocalDateTime) {
      return "d:" + object;
    }
    return "s:" + escape(object.toString());
  }

  /** Backslash, tab and newline escaped, so a value stays inside its cell and line. */
  public static String escape(String text) {
    StringBuilder escaped = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\\':
          escaped.append("\\\\");
          break;
        case '\t':
          escaped.append("\\t");
          break;
        case '\n':
          escaped.append("\\n");
          break;
        default:
          escaped.append(c);
      }
    }
    return escaped.toString();
  }

  /** Whether two canonical values are the same answer. */
  public static boolean same(String expected, String actual) {
    if (expected.equals(actual)) {
      return true;
    }
    if (!expected.startsWith("n:") || !actual.startsWith("n:")) {
      return false;
    }
    return close(new BigDecimal(expected.substring(2)), new BigDecimal(actual.substring(2)));
  }

  /** Whether two rows of canonical values are the same answer, value by value. */
  public static boolean sameRow(String[] expected, String[] actual) {
    if (expected.length != actual.length) {
      return false;
    }
    for (int i = 0; i < expected.length; i++) {
      if (!same(expected[i], actual[i])) {
        return false;
      }
    }
    return true;
  }

  /** Equal, within the relative tolerance, or equal at the coarser value's scale. */
  public static boolean close(BigDecimal expected, BigDecimal actual) {
    if (expected.compareTo(actual) == 0) {
      return true;
    }
    BigDecimal difference = expected.subtract(actual).abs();
    BigDecimal magnitude = expected.abs().max(actual.abs());
    if (difference.compareTo(magnitude.multiply(BigDecimal.valueOf(RELATIVE_TOLERANCE))) <= 0) {
      return true;
    }
    boolean expectedCoarser = expected.scale() <= actual.scale();
    BigDecimal coarse = expectedCoarser ? expected : actual;
    BigDecimal fine = expectedCoarser ? actual : expected;
    if (coarse.scale() == fine.scale()) {
      return false;
    }
    return fine.setScale(coarse.scale(), RoundingMode.HALF_UP).compareTo(coarse) == 0
        || fine.setScale(coarse.scale(), RoundingMode.HALF_EVEN).compareTo(coarse) == 0;
  }
}
