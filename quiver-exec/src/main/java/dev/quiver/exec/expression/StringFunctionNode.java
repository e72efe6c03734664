package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The string functions: SUBSTRING (1-based, in code points, SQL's rule for a start below 1), CONCAT,
 * UPPER, LOWER (ASCII in place, else code point by code point with Java's simple case mapping, as
 * DuckDB maps them: no context rules, one code point for one), CHAR_LENGTH (code points, int64), TRIM
 * (spaces at both ends), STRPOS (the 1-based code point position of the first occurrence, 0 when none,
 * 1 for an empty needle) and REPLACE (every occurrence, left to right; an empty search string changes
 * nothing). NULL in, NULL out.
 */
final class StringFunctionNode extends Node {
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long HIGH_BITS = 0x8080_8080_8080_8080L;
  enum Function {
    SUBSTRING,
    CONCAT,
    UPPER,
    LOWER,
    CHAR_LENGTH,
    TRIM,
    LTRIM,
    RTRIM,
    STRPOS,
    REPLACE
  }

  private final Function function;
  private final List<Node> arguments;

  StringFunctionNode(Function function, List<Node> arguments, ArrowType type) {
    super(type);
    this.function = function;
    this.arguments = List.copyOf(arguments);
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    Column[] values = new Column[arguments.size()];
    boolean[] nulls = evaluateAll(arguments, context, values);
    StringColumn strings = (StringColumn) values[0];
    if (function == Function.CHAR_LENGTH) {
      long[] lengths = new long[count];
      for (int i = 0; i < count; i++) {
        lengths[i] = codePoints(strings.data, strings.offsets[i], strings.offsets[i + 1]);
      }
      return new LongColumn(lengths, nulls);
    }
    if (function == Function.STRPOS) {
      StringColumn needles = (StringColumn) values[1];
      long[] positions = new long[count];
      for (int i = 0; i < count; i++) {
        if (nulls == null || !nulls[i]) {
          positions[i] = position(strings, i, needles, i);
        }
      }
      return new LongColumn(positions, nulls);
    }
    StringColumn.Builder builder = new StringColumn.Builder(count, strings.data.length);
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        builder.appendNull();
        continue;
      }
      int start = strings.offsets[i];
      int end = strings.offsets[i + 1];
      switch (function) {
        case SUBSTRING -> substring(builder, strings.data, start, end, ((LongColumn) values[1]).values[i],
            values.length > 2 ? ((LongColumn) values[2]).values[i] : -1, values.length > 2);
        case CONCAT -> {
          for (Column value : values) {
            StringColumn part = (StringColumn) value;
            builder.appendPart(part.data, part.offsets[i], part.length(i));
          }
          builder.finishRow();
        }
        case UPPER, LOWER -> changeCase(builder, strings, i, function == Function.UPPER);
        case TRIM, LTRIM, RTRIM -> {
          while (function != Function.RTRIM && start < end && strings.data[start] == ' ') {
            start++;
          }
          while (function != Function.LTRIM && end > start && strings.data[end - 1] == ' ') {
            end--;
          }
          builder.append(strings.data, start, end - start);
        }
        case REPLACE -> replace(builder, strings, i, (StringColumn) values[1], (StringColumn) values[2]);
        default -> throw new IllegalStateException(function.toString());
      }
    }
    StringColumn result = builder.build();
    result.nulls = nulls;
    return result;
  }

  /** The 1-based code point position of {@code needles[n]} in {@code strings[row]}, 0 when absent. */
  private static long position(StringColumn strings, int row, StringColumn needles, int n) {
    int at = indexOf(strings.data, strings.offsets[row], strings.offsets[row + 1], needles.data, needles.offsets[n],
        needles.length(n));
    return at < 0 ? 0 : codePoints(strings.data, strings.offsets[row], at) + 1;
  }

  /** The byte index of the first occurrence of {@code needle[from, from + length)} in {@code data[start, end)}, or -1. */
  private static int indexOf(byte[] data, int start, int end, byte[] needle, int from, int length) {
    if (length == 0) {
      return start;
    }
    byte first = needle[from];
    int last = end - length;
    for (int i = start; i <= last; i++) {
      if (data[i] != first) {
        continue;
      }
      int k = 1;
      while (k < length && data[i + k] == needle[from + k]) {
        k++;
      }
      if (k == length) {
        return i;
      }
    }
    return -1;
  }

  private static void replace(StringColumn.Builder builder, StringColumn strings, int row, StringColumn searches,
      StringColumn replacements) {
    int start = strings.offsets[row];
    int end = strings.offsets[row + 1];
    int searchLength = searches.length(row);
    if (searchLength == 0) {
      builder.append(strings.data, start, end - start);
      return;
    }
    int position = start;
    while (true) {
      int found = indexOf(strings.data, position, end, searches.data, searches.offsets[row], searchLength);
      if (found < 0) {
        break;
      }
      builder.appendPart(strings.data, position, found - position);
      builder.appendPart(replacements.data, replacements.offsets[row], replacements.length(row));
      position = found + searchLength;
    }
    builder.appendPart(strings.data, position, end - position);
    builder.finishRow();
  }

  /**
   * The code points of UTF-8 {@code data[from, to)}: the bytes that are not continuation bytes ({@code 10xxxxxx}),
   * counted eight at a time (a continuation byte has bit 7 set and bit 6 clear).
   */
  static int codePoints(byte[] data, int from, int to) {
    int continuations = 0;
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      long word = (long) LONGS.get(data, i);
      continuations += Long.bitCount(word & ~(word << 1) & HIGH_BITS);
    }
    int count = i - from - continuations;
    for (; i < to; i++) {
      count += (data[i] & 0xC0) != 0x80 ? 1 : 0;
    }
    return count;
  }

  /** The byte position of the code point {@code index} (0-based) at or after {@code from}, at most {@code to}. */
  private static int advance(byte[] data, int from, int to, long index) {
    int position = from;
    long seen = 0;
    while (position < to) {
      if ((data[position] & 0xC0) != 0x80) {
        if (seen == index) {
          return position;
        }
        seen++;
      }
      position++;
    }
    return to;
  }

  private static void substring(StringColumn.Builder builder, byte[] data, int start, int end, long from,
      long length, boolean hasLength) {
    if (hasLength && length < 0) {
      throw QuiverException.user("negative substring length " + length);
    }
    long last = hasLength ? saturatedAdd(from, length) : Long.MAX_VALUE;
    long first = Math.max(from, 1);
    if (last <= first) {
      builder.append(data, 0, 0);
      return;
    }
    int begin = advance(data, start, end, first - 1);
    int finish = last == Long.MAX_VALUE ? end : advance(data, begin, end, last - first);
    builder.append(data, begin, finish - begin);
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return ((a ^ sum) & (b ^ sum)) < 0 ? (a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : sum;
  }

  private static void changeCase(StringColumn.Builder builder, StringColumn strings, int row, boolean upper) {
    int start = strings.offsets[row];
    int end = strings.offsets[row + 1];
    boolean ascii = true;
    for (int i = start; i < end && ascii; i++) {
      ascii = strings.data[i] >= 0;
    }
    if (!ascii) {
      String text = strings.string(row);
      StringBuilder changed = new StringBuilder(text.length());
      text.codePoints().forEach(codePoint -> changed.appendCodePoint(upper ? (codePoint == 0xDF ? 0x1E9E
          : Character.toUpperCase(codePoint)) : Character.toLowerCase(codePoint))); // DuckDB: upper('ß') = 'ẞ'
      builder.append(changed.toString());
      return;
    }
    byte[] changed = new byte[end - start];
    for (int i = start; i < end; i++) {
      byte value = strings.data[i];
      if (upper && value >= 'a' && value <= 'z') {
        value = (byte) (value - 32);
      } else if (!upper && value >= 'A' && value <= 'Z') {
        value = (byte) (value + 32);
      }
      changed[i - start] = value;
    }
    builder.append(changed, 0, changed.length);
  }
}
