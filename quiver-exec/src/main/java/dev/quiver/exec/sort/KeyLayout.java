package dev.quiver.exec.sort;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.plan.SortKey;
import java.util.List;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * How the sort keys of one row become a few signed 64-bit words whose lexicographic order is the
 * row order the keys ask for (ASC/DESC and NULLS FIRST/LAST folded in), so rows are compared by
 * comparing longs. Narrow keys (bool, int8-32, date, float) take one word with NULL at either end of
 * the long range; 64-bit keys and decimals up to 18 digits take a null word and a value word; wider
 * decimals a null word and two value words; strings and binaries a null word and a prefix word (the
 * first 7 bytes and the length up to 8), with a byte comparison only when two prefixes are equal and
 * both values are 8 bytes or longer. Doubles: -0.0 equals 0.0, NaN sorts after every other value.
 * Immutable, thread-safe.
 */
final class KeyLayout {
  static final int NULLS = 0;
  static final int BOOL = 1;
  static final int INT8 = 2;
  static final int INT16 = 3;
  static final int INT32 = 4;
  static final int FLOAT32 = 5;
  static final int INT64 = 6;
  static final int FLOAT64 = 7;
  static final int DECIMAL64 = 8;
  static final int DECIMAL128 = 9;
  static final int BYTES = 10;
  /** An interval by its span (months as 30 days, as it compares): a null word and two words of 128 bits. */
  static final int INTERVAL = 11;

  private final int[] columns;
  private final int[] kinds;
  private final boolean[] descending;
  private final boolean[] nullsFirst;
  private final int[] firstWord;
  private final int words;
  /** Per word: the key whose string prefix it is, or -1. */
  private final int[] prefixKey;

  KeyLayout(List<SortKey> keys, Schema schema) {
    int count = keys.size();
    columns = new int[count];
    kinds = new int[count];
    descending = new boolean[count];
    nullsFirst = new boolean[count];
    firstWord = new int[count];
    int word = 0;
    for (int i = 0; i < count; i++) {
      SortKey key = keys.get(i);
      if (key.column() < 0 || key.column() >= schema.getFields().size()) {
        throw new IllegalArgumentException("sort key " + key + " is outside the input's "
            + schema.getFields().size() + " columns");
      }
      columns[i] = key.column();
      kinds[i] = kind(schema.getFields().get(key.column()).getType());
      descending[i] = !key.ascending();
      nullsFirst[i] = key.nullsFirst();
      firstWord[i] = word;
      word += wordsOf(kinds[i]);
    }
    words = word;
    prefixKey = new int[words];
    java.util.Arrays.fill(prefixKey, -1);
    for (int i = 0; i < count; i++) {
      if (kinds[i] == BYTES) {
        prefixKey[firstWord[i] + 1] = i;
      }
    }
  }

  /** The layout of {@code whole}'s first {@code count} keys (the same columns, kinds and orders). */
  private KeyLayout(KeyLayout whole, int count) {
    columns = java.util.Arrays.copyOf(whole.columns, count);
    kinds = java.util.Arrays.copyOf(whole.kinds, count);
    descending = java.util.Arrays.copyOf(whole.descending, count);
    nullsFirst = java.util.Arrays.copyOf(whole.nullsFirst, count);
    firstWord = java.util.Arrays.copyOf(whole.firstWord, count);
    words = count == whole.keyCount() ? whole.words : whole.firstWord[count];
    prefixKey = java.util.Arrays.copyOf(whole.prefixKey, words);
  }

  /** The layout of this one's first key alone: a row's order by it decides its order unless the two tie. */
  KeyLayout firstKey() {
    return keyCount() <= 1 ? this : new KeyLayout(this, 1);
  }

  private static int kind(ArrowType type) {
    switch (type.getTypeID()) {
      case Null:
        return NULLS;
      case Bool:
        return BOOL;
      case Int: {
        ArrowType.Int integer = (ArrowType.Int) type;
        if (!integer.getIsSigned()) {
          break;
        }
        return switch (integer.getBitWidth()) {
          case 8 -> INT8;
          case 16 -> INT16;
          case 32 -> INT32;
          default -> INT64;
        };
      }
      case FloatingPoint: {
        FloatingPointPrecision precision = ((ArrowType.FloatingPoint) type).getPrecision();
        if (precision == FloatingPointPrecision.SINGLE) {
          return FLOAT32;
        }
        if (precision == FloatingPointPrecision.DOUBLE) {
          return FLOAT64;
        }
        break;
      }
      case Decimal: {
        ArrowType.Decimal decimal = (ArrowType.Decimal) type;
        if (decimal.getBitWidth() == 128) {
          return decimal.getPrecision() <= 18 ? DECIMAL64 : DECIMAL128;
        }
        break;
      }
      case Utf8:
      case Binary:
        return BYTES;
      case Date:
        return ((ArrowType.Date) type).getUnit() == org.apache.arrow.vector.types.DateUnit.DAY ? INT32 : INT64;
      case Timestamp:
        return INT64;
      case Time:
        return ((ArrowType.Time) type).getBitWidth() == 32 ? INT32 : INT64;
      case Interval:
        if (((ArrowType.Interval) type).getUnit() == org.apache.arrow.vector.types.IntervalUnit.MONTH_DAY_NANO) {
          return INTERVAL;
        }
        break;
      default:
        break;
    }
    throw QuiverException.user("cannot order by a column of type " + type);
  }

  private static int wordsOf(int kind) {
    return switch (kind) {
      case NULLS, BOOL, INT8, INT16, INT32, FLOAT32 -> 1;
      case DECIMAL128, INTERVAL -> 3;
      default -> 2;
    };
  }

  /** Words per row. */
  int words() {
    return words;
  }

  int keyCount() {
    return columns.length;
  }

  int column(int key) {
    return columns[key];
  }

  int kind(int key) {
    return kinds[key];
  }

  boolean descending(int key) {
    return descending[key];
  }

  boolean nullsFirst(int key) {
    return nullsFirst[key];
  }

  int firstWord(int key) {
    return firstWord[key];
  }

  /**
   * Compares row {@code rowA} of the batch {@code columnsA} (its key words at {@code keysA[offsetA..]})
   * with row {@code rowB} of {@code columnsB}: negative, zero or positive.
   */
  int compare(long[] keysA, int offsetA, FieldVector[] columnsA, int rowA, long[] keysB, int offsetB,
      FieldVector[] columnsB, int rowB) {
    for (int word = 0; word < words; word++) {
      long a = keysA[offsetA + word];
      long b = keysB[offsetB + word];
      if (a != b) {
        return a < b ? -1 : 1;
      }
      int key = prefixKey[word];
      if (key >= 0 && prefixLength(a, key) == 8) {
        int column = columns[key];
        int order = compareBytes((BaseVariableWidthVector) columnsA[column], rowA,
            (BaseVariableWidthVector) columnsB[column], rowB);
        if (order != 0) {
          return descending[key] ? -order : order;
        }
      }
    }
    return 0;
  }

  private int prefixLength(long word, int key) {
    return (int) ((descending[key] ? ~word : word) & 0xFF);
  }

  /** Unsigned byte order of two non-null values whose first 7 bytes are known equal. */
  static int compareBytes(BaseVariableWidthVector a, int rowA, BaseVariableWidthVector b, int rowB) {
    long offsetsA = a.getOffsetBuffer().memoryAddress();
    long offsetsB = b.getOffsetBuffer().memoryAddress();
    int startA = MemoryUtil.getInt(offsetsA + 4L * rowA);
    int lengthA = MemoryUtil.getInt(offsetsA + 4L * rowA + 4) - startA;
    int startB = MemoryUtil.getInt(offsetsB + 4L * rowB);
    int lengthB = MemoryUtil.getInt(offsetsB + 4L * rowB + 4) - startB;
    long dataA = a.getDataBuffer().memoryAddress() + startA;
    long dataB = b.getDataBuffer().memoryAddress() + startB;
    int common = Math.min(lengthA, lengthB);
    int at = 7;
    for (; at + 8 <= common; at += 8) {
      long wordA = Long.reverseBytes(MemoryUtil.getLong(dataA + at));
      long wordB = Long.reverseBytes(MemoryUtil.getLong(dataB + at));
      if (wordA != wordB) {
        return Long.compareUnsigned(wordA, wordB);
      }
    }
    for (; at < common; at++) {
      int byteA = MemoryUtil.getByte(dataA + at) & 0xFF;
      int byteB = MemoryUtil.getByte(dataB + at) & 0xFF;
      if (byteA != byteB) {
        return byteA - byteB;
      }
    }
    return Integer.compare(lengthA, lengthB);
  }
}
