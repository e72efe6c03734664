package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The string functions DuckDB has beyond SQL's (see {@link Functions}): split_part, concat_ws, lpad,
 * rpad, left, right, reverse, repeat, starts_with, contains, trim of a set of characters, md5, chr. Lengths
 * and positions count code points. NULL in, NULL out, except concat_ws, which skips NULL values (its
 * separator NULL makes NULL). One call per batch: each function is a loop over the rows.
 */
final class TextFunctionNode extends Node {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  enum Function {
    SPLIT_PART,
    CONCAT_WS,
    LPAD,
    RPAD,
    LEFT,
    RIGHT,
    REVERSE,
    REPEAT,
    STARTS_WITH,
    CONTAINS,
    TRIM_CHARACTERS,
    LTRIM_CHARACTERS,
    RTRIM_CHARACTERS,
    MD5,
    CHR
  }

  private final Function function;
  private final List<Node> arguments;

  TextFunctionNode(Function function, List<Node> arguments, ArrowType type) {
    super(type);
    this.function = function;
    this.arguments = List.copyOf(arguments);
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    Column[] values = new Column[arguments.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = arguments.get(i).evaluate(context);
    }
    if (function == Function.CONCAT_WS) {
      return concatWithSeparator(values, count);
    }
    boolean[] nulls = null;
    for (Column value : values) {
      nulls = nulls == null ? Column.union(value.nulls, null, count) : Column.union(nulls, value.nulls, count);
    }
    if (function == Function.CHR) {
      return characters((LongColumn) values[0], nulls, count);
    }
    StringColumn strings = (StringColumn) values[0];
    if (function == Function.STARTS_WITH || function == Function.CONTAINS) {
      return test(strings, (StringColumn) values[1], nulls, count);
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
        case SPLIT_PART -> splitPart(builder, strings, i, (StringColumn) values[1], ((LongColumn) values[2]).values[i]);
        case LPAD, RPAD -> pad(builder, strings, i, ((LongColumn) values[1]).values[i], (StringColumn) values[2],
            function == Function.LPAD);
        case LEFT, RIGHT -> leftOrRight(builder, strings.data, start, end, ((LongColumn) values[1]).values[i],
            function == Function.LEFT);
        case REVERSE -> reverse(builder, strings.data, start, end);
        case REPEAT -> {
          long times = ((LongColumn) values[1]).values[i];
          int length = end - start;
          if (times > 0 && length > 0 && (long) length * times > Integer.MAX_VALUE / 2) {
            throw QuiverException.user("repeat: the result would exceed " + Integer.MAX_VALUE / 2 + " bytes");
          }
          for (long k = 0; k < times; k++) {
            builder.appendPart(strings.data, start, length);
          }
          builder.finishRow();
        }
        case TRIM_CHARACTERS, LTRIM_CHARACTERS, RTRIM_CHARACTERS -> trim(builder, strings, i,
            ((StringColumn) values[1]).string(i));
        case MD5 -> builder.append(md5(strings.data, start, end - start));
        default -> throw new IllegalStateException(function.toString());
      }
    }
    StringColumn result = builder.build();
    result.nulls = nulls;
    return result;
  }

  /** chr(n) of each row: the character of code point n; a USER error for 0, a surrogate or past U+10FFFF. */
  private static StringColumn characters(LongColumn codes, boolean[] nulls, int count) {
    StringColumn.Builder builder = new StringColumn.Builder(count, count * 2);
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        builder.appendNull();
        continue;
      }
      long code = codes.values[i];
      if (code < 1 || code > Character.MAX_CODE_POINT || (code >= Character.MIN_SURROGATE
          && code <= Character.MAX_SURROGATE)) {
        throw QuiverException.user("chr: " + code + " is not a character's code point (1 to 1114111, surrogates"
            + " U+D800 to U+DFFF excepted" + (code == 0 ? "; the NUL character is not allowed, as in PostgreSQL)"
                : ")"));
      }
      builder.append(Character.toString((int) code));
    }
    StringColumn result = builder.build();
    result.nulls = nulls;
    return result;
  }

  private BoolColumn test(StringColumn strings, StringColumn needles, boolean[] nulls, int count) {
    boolean[] results = new boolean[count];
    for (int i = 0; i < count; i++) {
      int start = strings.offsets[i];
      int end = strings.offsets[i + 1];
      int needle = needles.offsets[i];
      int length = needles.length(i);
      if (function == Function.STARTS_WITH) {
        boolean prefix = length <= end - start;
        for (int k = 0; k < length && prefix; k++) {
          prefix = strings.data[start + k] == needles.data[needle + k];
        }
        results[i] = prefix;
      } else {
        results[i] = indexOf(strings.data, start, end, needles.data, needle, length) >= 0;
      }
    }
    return new BoolColumn(results, nulls);
  }

  private static StringColumn concatWithSeparator(Column[] values, int count) {
    StringColumn separators = (StringColumn) values[0];
    StringColumn.Builder builder = new StringColumn.Builder(count, separators.data.length * 2);
    for (int i = 0; i < count; i++) {
      if (separators.isNull(i)) {
        builder.appendNull();
        continue;
      }
      boolean first = true;
      for (int v = 1; v < values.length; v++) {
        StringColumn part = (StringColumn) values[v];
        if (part.isNull(i)) {
          continue;
        }
        if (!first) {
          builder.appendPart(separators.data, separators.offsets[i], separators.length(i));
        }
        builder.appendPart(part.data, part.offsets[i], part.length(i));
        first = false;
      }
      builder.finishRow();
    }
    return builder.build();
  }

  /**
   * The {@code index}th (1-based; negative counts from the end) part of the string split at the
   * separator, empty when there is no such part; an empty separator splits into code points.
   */
  private static void splitPart(StringColumn.Builder builder, StringColumn strings, int row, StringColumn separators,
      long index) {
    byte[] data = strings.data;
    int start = strings.offsets[row];
    int end = strings.offsets[row + 1];
    int separator = separators.offsets[row];
    int separatorLength = separators.length(row);
    if (index == 0 || start == end) {
      builder.append(data, 0, 0);
      return;
    }
    if (separatorLength == 0) {
      int parts = StringFunctionNode.codePoints(data, start, end);
      long wanted = index > 0 ? index - 1 : parts + index;
      if (wanted < 0 || wanted >= parts) {
        builder.append(data, 0, 0);
        return;
      }
      int from = advance(data, start, end, wanted);
      builder.append(data, from, advance(data, from, end, 1) - from);
      return;
    }
    int parts = 1;
    for (int at = indexOf(data, start, end, separators.data, separator, separatorLength); at >= 0; at = indexOf(data,
        at + separatorLength, end, separators.data, separator, separatorLength)) {
      parts++;
    }
    long wanted = index > 0 ? index - 1 : parts + index;
    if (wanted < 0 || wanted >= parts) {
      builder.append(data, 0, 0);
      return;
    }
    int from = start;
    for (long part = 0; part < wanted; part++) {
      from = indexOf(data, from, end, separators.data, separator, separatorLength) + separatorLength;
    }
    int to = indexOf(data, from, end, separators.data, separator, separatorLength);
    builder.append(data, from, (to < 0 ? end : to) - from);
  }

  /** {@code s} padded (on the left or right) with repetitions of {@code fill} to {@code width} code points, or cut to it. */
  private static void pad(StringColumn.Builder builder, StringColumn strings, int row, long width, StringColumn fills,
      boolean left) {
    byte[] data = strings.data;
    int start = strings.offsets[row];
    int end = strings.offsets[row + 1];
    if (width <= 0) {
      builder.append(data, 0, 0);
      return;
    }
    int length = StringFunctionNode.codePoints(data, start, end);
    if (length >= width) {
      builder.append(data, start, advance(data, start, end, width) - start);
      return;
    }
    int fillStart = fills.offsets[row];
    int fillEnd = fills.offsets[row + 1];
    int fillLength = StringFunctionNode.codePoints(fills.data, fillStart, fillEnd);
    if (fillLength == 0) {
      throw QuiverException.user((left ? "lpad" : "rpad") + ": the padding is empty, but "
          + (width - length) + " characters are missing");
    }
    if (!left) {
      builder.appendPart(data, start, end - start);
    }
    long missing = width - length;
    while (missing > 0) {
      long take = Math.min(missing, fillLength);
      int cut = take == fillLength ? fillEnd : advance(fills.data, fillStart, fillEnd, take);
      builder.appendPart(fills.data, fillStart, cut - fillStart);
      missing -= take;
    }
    if (left) {
      builder.appendPart(data, start, end - start);
    }
    builder.finishRow();
  }

  /** left: the first {@code n} code points (n negative: all but the last -n); right: the last n (negative: all but the first -n). */
  private static void leftOrRight(StringColumn.Builder builder, byte[] data, int start, int end, long n,
      boolean left) {
    int length = StringFunctionNode.codePoints(data, start, end);
    long keep = n >= 0 ? Math.min(n, length) : Math.max(0, length + n);
    if (left) {
      builder.append(data, start, advance(data, start, end, keep) - start);
    } else {
      int from = advance(data, start, end, length - keep);
      builder.append(data, from, end - from);
    }
  }

  /** The code points in reverse order (DuckDB reverses grapheme clusters: the same unless combining marks). */
  private static void reverse(StringColumn.Builder builder, byte[] data, int start, int end) {
    byte[] reversed = new byte[end - start];
    int write = reversed.length;
    int position = start;
    while (position < end) {
      int next = position + 1;
      while (next < end && (data[next] & 0xC0) == 0x80) {
        next++;
      }
      write -= next - position;
      System.arraycopy(data, position, reversed, write, next - position);
      position = next;
    }
    builder.append(reversed, 0, reversed.length);
  }

  private void trim(StringColumn.Builder builder, StringColumn strings, int row, String characters) {
    byte[] data = strings.data;
    int start = strings.offsets[row];
    int end = strings.offsets[row + 1];
    if (function != Function.RTRIM_CHARACTERS) {
      while (start < end) {
        int next = advance(data, start, end, 1);
        if (characters.indexOf(new String(data, start, next - start, StandardCharsets.UTF_8)) < 0) {
          break;
        }
        start = next;
      }
    }
    if (function != Function.LTRIM_CHARACTERS) {
      while (end > start) {
        int previous = end - 1;
        while (previous > start && (data[previous] & 0xC0) == 0x80) {
          previous--;
        }
        if (characters.indexOf(new String(data, previous, end - previous, StandardCharsets.UTF_8)) < 0) {
          break;
        }
        end = previous;
      }
    }
    builder.append(data, start, end - start);
  }

  private static String md5(byte[] data, int from, int length) {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    digest.update(data, from, length);
    byte[] hash = digest.digest();
    char[] text = new char[hash.length * 2];
    for (int i = 0; i < hash.length; i++) {
      text[2 * i] = HEX[(hash[i] >> 4) & 0xF];
      text[2 * i + 1] = HEX[hash[i] & 0xF];
    }
    return new String(text);
  }

  /** The byte position {@code count} code points after {@code from} (at most {@code to}). */
  static int advance(byte[] data, int from, int to, long count) {
    int position = from;
    long seen = 0;
    while (position < to && seen < count) {
      position++;
      while (position < to && (data[position] & 0xC0) == 0x80) {
        position++;
      }
      seen++;
    }
    return position;
  }

  /** The byte index of {@code needle[from, from + length)} in {@code data[start, end)}, or -1 (an empty needle: start). */
  static int indexOf(byte[] data, int start, int end, byte[] needle, int from, int length) {
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
}
