package dev.quiver.io.csv;

import dev.quiver.common.QuiverException;
import dev.quiver.common.arrow.IntervalValue;
import dev.quiver.common.arrow.TimestampText;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Arrow values as text in Quiver's CSV dialect (docs/CSV.md), used by {@code quiver shuffle cat} and the
 * demo.
 *
 * <ul>
 *   <li>null: {@code \N}, unquoted; integers in decimal (unsigned types unsigned); Float64 as
 *       {@link Double#toString}, Float32 and Float16 as {@link Float#toString}; decimals as
 *       {@link BigDecimal#toPlainString}; booleans {@code true}/{@code false};
 *   <li>dates ISO {@code yyyy-MM-dd} (Date64 prints its day); times as DuckDB prints TIME ({@code 10:11:12}, {@code 10:11:12.5});
 *       timestamps as DuckDB prints them ({@link TimestampText}: {@code 2024-01-01 10:30:00}, a
 *       fraction only when not zero, a zoned one in its zone with the offset: {@code +00});
 *   <li>strings as they are; binary as {@code \x} and lowercase hex;
 *   <li>dictionary-encoded columns print their values, not their indices;
 *   <li>lists, structs and maps print as JSON text ({@code [1,2,null]}, {@code {"a":1}}, a map as an
 *       object whose keys are the key texts); see {@link NestedValueText}; anything else (unions,
 *       intervals, durations) as its Arrow Java {@code getObject} text.
 * </ul>
 *
 * A field is quoted (RFC 4180, {@code "} doubled) when it contains a comma, quote, CR or LF, is
 * empty, is exactly {@code \N}, or starts or ends with a space or tab; so a quoted {@code "\N"} is
 * the two-character string and an unquoted one is null.
 */
public final class CsvFormat {
  /** The text of a null field. */
  public static final String NULL_TEXT = "\\N";

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private CsvFormat() {}

  /** The header line's fields (no line end), names quoted as needed. */
  public static void appendHeader(StringBuilder out, List<Field> fields) {
    appendHeader(out, fields, ',');
  }

  /** The header line's fields separated by {@code delimiter}, names quoted as needed. */
  public static void appendHeader(StringBuilder out, List<Field> fields, char delimiter) {
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        out.append(delimiter);
      }
      String name = fields.get(i).getName();
      if (needsQuotes(name) || name.indexOf(delimiter) >= 0) {
        appendQuoted(out, name);
      } else {
        out.append(name);
      }
    }
  }

  /** Row {@code row} of {@code root} as one CSV record (no line end). */
  public static void appendRow(StringBuilder out, VectorSchemaRoot root, int row, DictionaryProvider dictionaries) {
    List<FieldVector> vectors = root.getFieldVectors();
    for (int i = 0; i < vectors.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      out.append(field(vectors.get(i), row, dictionaries));
    }
  }

  /**
   * Row {@code row} of {@code root} as one record with fields separated by {@code delimiter} (no
   * line end); a value holding the delimiter is quoted.
   */
  public static void appendRow(StringBuilder out, VectorSchemaRoot root, int row, DictionaryProvider dictionaries,
      char delimiter) {
    if (delimiter == ',') {
      appendRow(out, root, row, dictionaries);
      return;
    }
    List<FieldVector> vectors = root.getFieldVectors();
    for (int i = 0; i < vectors.size(); i++) {
      if (i > 0) {
        out.append(delimiter);
      }
      String text = text(vectors.get(i), row, dictionaries);
      if (text == null) {
        out.append(NULL_TEXT);
      } else if (needsQuotes(text) || text.indexOf(delimiter) >= 0) {
        appendQuoted(out, text);
      } else {
        out.append(text);
      }
    }
  }

  /**
   * Row {@code row} of {@code root} as one record with fields separated by {@code delimiter} and
   * nulls written as {@code nullText} (SQL's CSV output: empty by default, docs/CSV.md); a value
   * holding the delimiter, or equal to {@code nullText}, is quoted.
   */
  public static void appendRow(StringBuilder out, VectorSchemaRoot root, int row, DictionaryProvider dictionaries,
      char delimiter, String nullText) {
    List<FieldVector> vectors = root.getFieldVectors();
    for (int i = 0; i < vectors.size(); i++) {
      if (i > 0) {
        out.append(delimiter);
      }
      String text = text(vectors.get(i), row, dictionaries);
      if (text == null) {
        out.append(nullText);
      } else if (needsQuotes(text) || text.indexOf(delimiter) >= 0 || text.equals(nullText)) {
        appendQuoted(out, text);
      } else {
        out.append(text);
      }
    }
  }

  /**
   * Whether {@code delimiter} can separate fields: one character, not a quote, a backslash (it
   * starts {@code \N}) or a line end.
   */
  public static boolean isValidDelimiter(char delimiter) {
    return delimiter != '"' && delimiter != '\\' && delimiter != '\n' && delimiter != '\r';
  }

  /** The CSV field for one value: {@code \N} for null, otherwise the text, quoted when needed. */
  public static String field(ValueVector vector, int row, DictionaryProvider dictionaries) {
    String text = text(vector, row, dictionaries);
    return text == null ? NULL_TEXT : quoteIfNeeded(text);
  }

  /** The unquoted text of one value, or null when the value is null. */
  public static String text(ValueVector vector, int row, DictionaryProvider dictionaries) {
    if (vector.isNull(row)) {
      return null;
    }
    DictionaryEncoding encoding = vector.getField().getDictionary();
    if (encoding != null) {
      Dictionary dictionary = lookup(encoding, vector.getField(), dictionaries);
      long index = ((BaseIntVector) vector).getValueAsLong(row);
      ValueVector values = dictionary.getVector();
      if (index < 0 || index >= values.getValueCount()) {
        throw QuiverException.corrupt("column " + vector.getName() + " row " + row + ": dictionary index "
            + index + " outside the dictionary of " + values.getValueCount() + " values");
      }
      return text(values, (int) index, dictionaries);
    }
    return nonNullText(vector, row, dictionaries);
  }

  /**
   * The dictionary of a dictionary-encoded column.
   *
   * @throws QuiverException CORRUPT when it is missing
   */
  public static Dictionary lookup(DictionaryEncoding encoding, Field field, DictionaryProvider dictionaries) {
    Dictionary dictionary = dictionaries == null ? null : dictionaries.lookup(encoding.getId());
    if (dictionary == null) {
      throw QuiverException.corrupt("column " + field.getName() + " is dictionary-encoded but dictionary "
          + encoding.getId() + " is missing");
    }
    return dictionary;
  }

  private static String nonNullText(ValueVector vector, int row, DictionaryProvider dictionaries) {
    switch (vector.getMinorType()) {
      case TINYINT:
      case SMALLINT:
      case INT:
      case BIGINT:
        return Long.toString(((BaseIntVector) vector).getValueAsLong(row));
      case UINT1:
        return ((UInt1Vector) vector).getObjectNoOverflow(row).toString();
      case UINT2:
        return Integer.toString(((UInt2Vector) vector).get(row));
      case UINT4:
        return ((UInt4Vector) vector).getObjectNoOverflow(row).toString();
      case UINT8:
        return ((UInt8Vector) vector).getObjectNoOverflow(row).toString();
      case FLOAT2:
        return Float.toString(((Float2Vector) vector).getValueAsFloat(row));
      case FLOAT4:
        return Float.toString(((Float4Vector) vector).get(row));
      case FLOAT8:
        return Double.toString(((Float8Vector) vector).get(row));
      case DECIMAL:
        return ((DecimalVector) vector).getObject(row).toPlainString();
      case DECIMAL256:
        return ((Decimal256Vector) vector).getObject(row).toPlainString();
      case BIT:
        return ((BitVector) vector).get(row) != 0 ? "true" : "false";
      case DATEDAY:
        return LocalDate.ofEpochDay(((DateDayVector) vector).get(row)).toString();
      case DATEMILLI:
        return LocalDate.ofEpochDay(Math.floorDiv(((DateMilliVector) vector).get(row), 86_400_000L)).toString();
      case TIMESEC:
      case TIMEMILLI:
      case TIMEMICRO:
      case TIMENANO:
        return timeText(vector, row);
      case TIMESTAMPSEC:
      case TIMESTAMPMILLI:
      case TIMESTAMPMICRO:
      case TIMESTAMPNANO:
      case TIMESTAMPSECTZ:
      case TIMESTAMPMILLITZ:
      case TIMESTAMPMICROTZ:
      case TIMESTAMPNANOTZ:
        return timestampText((TimeStampVector) vector, row);
      case VARCHAR:
      case LARGEVARCHAR:
      case VIEWVARCHAR:
        return vector.getObject(row).toString();
      case VARBINARY:
      case LARGEVARBINARY:
      case VIEWVARBINARY:
      case FIXEDSIZEBINARY:
        return binaryText((byte[]) vector.getObject(row));
      case INTERVALMONTHDAYNANO:
        return intervalText(vector, row);
      case LIST:
      case LARGELIST:
      case FIXED_SIZE_LIST:
      case STRUCT:
      case MAP:
        return NestedValueText.json(vector, row, dictionaries);
      default:
        return String.valueOf(vector.getObject(row));
    }
  }

  /** An Arrow MONTH_DAY_NANO interval as DuckDB prints it ({@link IntervalValue#text()}). */
  private static String intervalText(ValueVector vector, int row) {
    org.apache.arrow.memory.ArrowBuf data = vector.getDataBuffer();
    long offset = row * 16L;
    return IntervalValue.text(data.getInt(offset), data.getInt(offset + 4),
        Math.floorDiv(data.getLong(offset + 8), 1000L));
  }

  private static String timeText(ValueVector vector, int row) {
    long value;
    if (vector instanceof TimeSecVector) {
      value = ((TimeSecVector) vector).get(row);
    } else if (vector instanceof TimeMilliVector) {
      value = ((TimeMilliVector) vector).get(row);
    } else if (vector instanceof TimeMicroVector) {
      value = ((TimeMicroVector) vector).get(row);
    } else {
      value = ((TimeNanoVector) vector).get(row);
    }
    ArrowType.Time type = (ArrowType.Time) vector.getField().getType();
    return TimestampText.formatTimeNanos(value * nanosPer(type.getUnit()));
  }

  /** A timestamp as DuckDB prints it ({@link TimestampText}): {@code 2024-01-01 10:30:00[.ffffff][+00]}. */
  public static String timestampText(TimeStampVector vector, int row) {
    ArrowType.Timestamp type = (ArrowType.Timestamp) vector.getField().getType();
    return TimestampText.format(vector.get(row), type.getUnit(), type.getTimezone());
  }

  private static long nanosPer(TimeUnit unit) {
    switch (unit) {
      case SECOND:
        return 1_000_000_000L;
      case MILLISECOND:
        return 1_000_000L;
      case MICROSECOND:
        return 1_000L;
      default:
        return 1L;
    }
  }

  /** {@code \x} followed by the bytes in lowercase hex. */
  public static String binaryText(byte[] bytes) {
    char[] text = new char[2 + 2 * bytes.length];
    text[0] = '\\';
    text[1] = 'x';
    for (int i = 0; i < bytes.length; i++) {
      text[2 + 2 * i] = HEX[(bytes[i] >> 4) & 0xF];
      text[3 + 2 * i] = HEX[bytes[i] & 0xF];
    }
    return new String(text);
  }

  /** {@code text}, quoted when the dialect needs it. */
  public static String quoteIfNeeded(String text) {
    if (!needsQuotes(text)) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 2);
    appendQuoted(out, text);
    return out.toString();
  }

  private static void appendQuoted(StringBuilder out, String text) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"') {
        out.append('"');
      }
      out.append(c);
    }
    out.append('"');
  }

  /** Whether a non-null value's text must be quoted. */
  public static boolean needsQuotes(String text) {
    if (text.isEmpty() || text.equals(NULL_TEXT)) {
      return true;
    }
    char first = text.charAt(0);
    char last = text.charAt(text.length() - 1);
    if (first == ' ' || first == '\t' || last == ' ' || last == '\t') {
      return true;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == ',' || c == '"' || c == '\r' || c == '\n') {
        return true;
      }
    }
    return false;
  }
}
