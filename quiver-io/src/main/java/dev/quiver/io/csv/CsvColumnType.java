package dev.quiver.io.csv;

import dev.quiver.common.QuiverException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The column types CSV input is inferred as, narrowest first, with how each recognises and stores a
 * value. Values are taken as written (no trimming).
 *
 * <ul>
 *   <li>{@link #BOOLEAN}: {@code true} or {@code false}, any case;
 *   <li>{@link #INT64}: {@code -?(0|[1-9][0-9]*)} within the long range (a leading zero, as in a zip
 *       code {@code 02134}, keeps the column text);
 *   <li>{@link #DECIMAL}: such an integer of up to {@value #DECIMAL_DIGITS} digits, as
 *       decimal128({@value #DECIMAL_DIGITS}, 0): an integer too wide for Int64 keeps every digit
 *       (wider ones keep the column text);
 *   <li>{@link #FLOAT64}: decimal or scientific notation without leading zeros, or {@code NaN},
 *       {@code Infinity}, {@code -Infinity}; not an integer too wide for Int64;
 *   <li>{@link #DATE}: {@code yyyy-MM-dd}, a real date;
 *   <li>{@link #TIMESTAMP_UTC}: ISO date-time ({@code T} or a space) with {@code Z} or an offset,
 *       stored in UTC; {@link #TIMESTAMP_LOCAL}: the same without a zone; whole microseconds only;
 *   <li>{@link #UTF8}: anything.
 * </ul>
 *
 * Widening: Int64 and Float64 make Float64; Int64 and Decimal make Decimal; any other mix (Decimal
 * and Float64 too, as a double would lose digits) makes Utf8. See docs/CSV.md.
 */
@SuppressWarnings("ImmutableEnumChecker") // Arrow's ArrowType instances are immutable, not annotated so
public enum CsvColumnType {
  /** No non-null value seen yet; a column that stays here becomes Utf8. */
  NULL("Null", null),
  BOOLEAN("Bool", ArrowType.Bool.INSTANCE),
  INT64("Int64", new ArrowType.Int(64, true)),
  DECIMAL("Decimal128(38, 0)", new ArrowType.Decimal(CsvColumnType.DECIMAL_DIGITS, 0, 128)),
  FLOAT64("Float64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
  DATE("Date32", new ArrowType.Date(DateUnit.DAY)),
  TIMESTAMP_UTC("Timestamp(µs, UTC)", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
  TIMESTAMP_LOCAL("Timestamp(µs)", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
  UTF8("Utf8", ArrowType.Utf8.INSTANCE);

  /** The most digits of an integer a {@link #DECIMAL} column holds (decimal128's precision). */
  public static final int DECIMAL_DIGITS = 38;

  private final String displayName;
  private final ArrowType arrowType;

  CsvColumnType(String displayName, ArrowType arrowType) {
    this.displayName = displayName;
    this.arrowType = arrowType;
  }

  /** The type's name in messages and in type overrides, e.g. {@code Int64}. */
  public String displayName() {
    return displayName;
  }

  /** The Arrow type of the column; Utf8 for a column of nulls only. */
  public ArrowType arrowType() {
    return this == NULL ? UTF8.arrowType : arrowType;
  }

  /**
   * The type named {@code name}, for type overrides: its display name or its constant's name, any
   * case ({@code int64}, {@code decimal}, {@code timestamp_utc}, {@code Timestamp(µs, UTC)}).
   *
   * @throws QuiverException USER listing the names when there is no such type
   */
  public static CsvColumnType parse(String name) {
    for (CsvColumnType type : values()) {
      if (type != NULL && (type.name().equalsIgnoreCase(name) || type.displayName.equalsIgnoreCase(name))) {
        return type;
      }
    }
    throw QuiverException.user("unknown CSV column type '" + name
        + "': use bool, int64, decimal, float64, date, timestamp_utc, timestamp_local or utf8");
  }

  /** The narrowest type that holds {@code value} (a non-null field). */
  static CsvColumnType of(String value) {
    for (CsvColumnType type : values()) {
      if (type != NULL && type.accepts(value)) {
        return type;
      }
    }
    return UTF8;
  }

  /** The narrowest type holding the values of both types. */
  CsvColumnType widen(CsvColumnType other) {
    if (this == other || other == NULL) {
      return this;
    }
    if (this == NULL) {
      return other;
    }
    if ((this == INT64 && other == FLOAT64) || (this == FLOAT64 && other == INT64)) {
      return FLOAT64;
    }
    if ((this == INT64 && other == DECIMAL) || (this == DECIMAL && other == INT64)) {
      return DECIMAL;
    }
    return UTF8;
  }

  /** Whether a column of this type can hold {@code value} (a non-null field). */
  boolean accepts(String value) {
    switch (this) {
      case NULL:
        return false;
      case BOOLEAN:
        return value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false");
      case INT64:
        return isInteger(value) && fitsLong(value);
      case DECIMAL:
        return isInteger(value) && digits(value) <= DECIMAL_DIGITS;
      case FLOAT64:
        return isFloat(value) && !(isInteger(value) && !fitsLong(value));
      case DATE:
        return looksLikeDate(value) && parses(() -> LocalDate.parse(value));
      case TIMESTAMP_UTC:
        return looksLikeTimestamp(value) && parses(() -> micros(parseZoned(value)));
      case TIMESTAMP_LOCAL:
        return looksLikeTimestamp(value) && parses(() -> micros(parseLocal(value).toInstant(ZoneOffset.UTC)));
      default:
        return true;
    }
  }

  /**
   * Stores {@code value} in row {@code row} of {@code vector} (made for this type).
   *
   * @throws IllegalArgumentException or {@link DateTimeParseException} when the value does not fit
   */
  void set(FieldVector vector, int row, String value) {
    switch (this) {
      case BOOLEAN:
        if (!accepts(value)) {
          throw new IllegalArgumentException("not a boolean");
        }
        ((BitVector) vector).setSafe(row, value.equalsIgnoreCase("true") ? 1 : 0);
        return;
      case INT64:
        if (!isInteger(value)) {
          throw new IllegalArgumentException("not an integer");
        }
        ((BigIntVector) vector).setSafe(row, Long.parseLong(value));
        return;
      case DECIMAL:
        if (!accepts(value)) {
          throw new IllegalArgumentException("not an integer of at most " + DECIMAL_DIGITS + " digits");
        }
        ((DecimalVector) vector).setSafe(row, new BigDecimal(value));
        return;
      case FLOAT64:
        if (!isFloat(value)) {
          throw new IllegalArgumentException("not a number");
        }
        ((Float8Vector) vector).setSafe(row, Double.parseDouble(value));
        return;
      case DATE:
        if (!looksLikeDate(value)) {
          throw new IllegalArgumentException("not a date");
        }
        ((DateDayVector) vector).setSafe(row, Math.toIntExact(LocalDate.parse(value).toEpochDay()));
        return;
      case TIMESTAMP_UTC:
        ((TimeStampVector) vector).setSafe(row, micros(parseZoned(value)));
        return;
      case TIMESTAMP_LOCAL:
        ((TimeStampVector) vector).setSafe(row, micros(parseLocal(value).toInstant(ZoneOffset.UTC)));
        return;
      default:
        ((VarCharVector) vector).setSafe(row, value.getBytes(StandardCharsets.UTF_8));
    }
  }

  private static boolean isInteger(String value) {
    int start = value.startsWith("-") ? 1 : 0;
    int length = value.length() - start;
    if (length == 0 || (length > 1 && value.charAt(start) == '0')) {
      return false;
    }
    for (int i = start; i < value.length(); i++) {
      if (!isDigit(value.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** The digits of an integer (without its sign). */
  private static int digits(String value) {
    return value.startsWith("-") ? value.length() - 1 : value.length();
  }

  private static boolean fitsLong(String value) {
    return parses(() -> Long.parseLong(value));
  }

  private static boolean isFloat(String value) {
    if (value.equals("NaN") || value.equals("Infinity") || value.equals("-Infinity")) {
      return true;
    }
    int i = value.startsWith("-") ? 1 : 0;
    int integerStart = i;
    while (i < value.length() && isDigit(value.charAt(i))) {
      i++;
    }
    int integerDigits = i - integerStart;
    if (integerDigits > 1 && value.charAt(integerStart) == '0') {
      return false;
    }
    int fractionDigits = 0;
    if (i < value.length() && value.charAt(i) == '.') {
      i++;
      while (i < value.length() && isDigit(value.charAt(i))) {
        i++;
        fractionDigits++;
      }
    }
    if (integerDigits + fractionDigits == 0) {
      return false;
    }
    if (i < value.length() && (value.charAt(i) == 'e' || value.charAt(i) == 'E')) {
      i++;
      if (i < value.length() && (value.charAt(i) == '+' || value.charAt(i) == '-')) {
        i++;
      }
      int exponentStart = i;
      while (i < value.length() && isDigit(value.charAt(i))) {
        i++;
      }
      if (i == exponentStart) {
        return false;
      }
    }
    return i == value.length();
  }

  private static boolean looksLikeDate(String value) {
    return value.length() == 10 && dateShape(value);
  }

  private static boolean looksLikeTimestamp(String value) {
    return value.length() >= 16 && dateShape(value)
        && (value.charAt(10) == 'T' || value.charAt(10) == ' ') && value.charAt(13) == ':';
  }

  private static boolean dateShape(String value) {
    for (int i = 0; i < 10; i++) {
      char c = value.charAt(i);
      boolean ok = (i == 4 || i == 7) ? c == '-' : isDigit(c);
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static Instant parseZoned(String value) {
    String text = withT(value);
    int length = text.length();
    if (length > 3 && (text.charAt(length - 3) == '+' || text.charAt(length - 3) == '-')
        && isDigit(text.charAt(length - 2)) && isDigit(text.charAt(length - 1))) {
      text = text + ":00"; // DuckDB's offset of whole hours: +01
    }
    return OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
  }

  private static LocalDateTime parseLocal(String value) {
    return LocalDateTime.parse(withT(value), DateTimeFormatter.ISO_LOCAL_DATE_TIME);
  }

  private static String withT(String value) {
    return value.charAt(10) == ' ' ? value.substring(0, 10) + 'T' + value.substring(11) : value;
  }

  /** Microseconds since the epoch; a value with nanoseconds left over does not fit. */
  private static long micros(Instant instant) {
    if (instant.getNano() % 1_000 != 0) {
      throw new IllegalArgumentException("finer than a microsecond");
    }
    return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
  }

  private static boolean parses(Runnable parse) {
    try {
      parse.run();
      return true;
    } catch (RuntimeException notThisType) {
      return false;
    }
  }
}
