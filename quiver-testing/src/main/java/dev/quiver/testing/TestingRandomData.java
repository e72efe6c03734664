package dev.quiver.testing;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.Text;

/**
 * Seeded random cells of every type the project stores, for randomized tests (the caller makes the
 * {@link Random} from a seed it prints): ints at their extremes, floats with NaN, -0.0 and infinities,
 * unicode and long strings, binary, dates and timestamps at the edges of their ranges, decimals at
 * their precision's limit; null about one time in seven. Cells are plain Java values ({@code Long},
 * {@code Double}, {@code Boolean}, {@code String}, {@code byte[]}, {@code BigDecimal}; dates and
 * timestamps as {@code Long}), written into vectors by {@link #vector} and read back by {@link #read}.
 */
public final class TestingRandomData {
  private static final String[] STRING_PIECES = {"a", "b", "é", "😀", "%", "_", "ab"};

  private TestingRandomData() {}

  /** The pieces random strings are made of (ASCII, accents, emoji, LIKE's wildcards), as a new array. */
  public static String[] stringPieces() {
    return STRING_PIECES.clone();
  }

  /** A random cell of the type: null about one time in seven. */
  public static Object cell(Random random, ArrowType type) {
    if (random.nextInt(7) == 0) {
      return null;
    }
    return switch (type.getTypeID()) {
      case Int -> {
        int bits = ((ArrowType.Int) type).getBitWidth();
        long maximum = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
        int pick = random.nextInt(12);
        yield pick == 0 ? maximum : pick == 1 ? -maximum - 1 : (long) random.nextInt(7) - 3;
      }
      case FloatingPoint -> {
        double[] special = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.1, -1.5,
            1e300};
        double value = random.nextInt(3) == 0 ? special[random.nextInt(special.length)]
            : (random.nextInt(13) - 6) / 2.0;
        boolean single = ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.SINGLE;
        yield single ? (double) (float) value : value;
      }
      case Bool -> random.nextBoolean();
      case Utf8 -> string(random);
      case Binary ->
        random.nextInt(10) == 0 ? filled(70, (byte) 0xFF) : string(random).getBytes(StandardCharsets.UTF_8);
      case Date ->
        random.nextInt(15) == 0 ? (random.nextBoolean() ? (long) Integer.MAX_VALUE : (long) Integer.MIN_VALUE)
            : (long) random.nextInt(7) - 3;
      case Timestamp -> randomTimestamp(random, (ArrowType.Timestamp) type);
      case Decimal -> {
        ArrowType.Decimal decimal = (ArrowType.Decimal) type;
        BigDecimal maximum = BigDecimal.TEN.pow(decimal.getPrecision()).subtract(BigDecimal.ONE)
            .movePointLeft(decimal.getScale());
        int pick = random.nextInt(15);
        yield pick == 0 ? maximum : pick == 1 ? maximum.negate()
            : BigDecimal.valueOf(random.nextInt(25) - 12, Math.min(1, decimal.getScale())).setScale(decimal.getScale());
      }
      default -> throw new IllegalArgumentException(type.toString());
    };
  }

  private static long randomTimestamp(Random random, ArrowType.Timestamp type) {
    int pick = random.nextInt(20);
    if (pick == 0) {
      return random.nextBoolean() ? Long.MAX_VALUE / 2 : Long.MIN_VALUE / 2;
    }
    long perSecond = switch (type.getUnit()) {
      case SECOND -> 1;
      case MILLISECOND -> 1_000;
      case MICROSECOND -> 1_000_000;
      case NANOSECOND -> 1_000_000_000;
    };
    // around 1994-01-01 in steps of half an hour, sometimes off by one unit
    long seconds = 757_382_400L + (random.nextInt(9) - 4) * 1_800L;
    return seconds * perSecond + (random.nextInt(4) == 0 ? random.nextInt(3) - 1 : 0);
  }

  public static String string(Random random) {
    if (random.nextInt(12) == 0) {
      return "a".repeat(66 + random.nextInt(6)) + (random.nextBoolean() ? "b" : "é");
    }
    StringBuilder text = new StringBuilder();
    int length = random.nextInt(4);
    for (int i = 0; i < length; i++) {
      text.append(STRING_PIECES[random.nextInt(STRING_PIECES.length)]);
    }
    return text.toString();
  }

  private static byte[] filled(int length, byte value) {
    byte[] bytes = new byte[length];
    Arrays.fill(bytes, value);
    return bytes;
  }

  /** A vector of the field holding the cells (cells as {@link #cell} makes them). */
  public static FieldVector vector(BufferAllocator allocator, Field field, List<Object> cells) {
    FieldVector vector = field.createVector(allocator);
    vector.setInitialCapacity(Math.max(cells.size(), 1));
    vector.allocateNew();
    for (int i = 0; i < cells.size(); i++) {
      set(vector, i, cells.get(i));
    }
    vector.setValueCount(cells.size());
    return vector;
  }

  private static void set(FieldVector vector, int index, Object cell) {
    if (cell == null) {
      if (vector instanceof BaseFixedWidthVector fixed) {
        fixed.setNull(index);
      } else {
        ((BaseVariableWidthVector) vector).setNull(index);
      }
    } else if (vector instanceof BaseIntVector integer && !(vector instanceof TimeStampVector)) {
      integer.setWithPossibleTruncate(index, (Long) cell);
    } else if (vector instanceof DateDayVector date) {
      date.setSafe(index, (int) (long) (Long) cell);
    } else if (vector instanceof TimeStampVector timestamp) {
      timestamp.setSafe(index, (Long) cell);
    } else if (vector instanceof Float4Vector single) {
      single.setSafe(index, (float) (double) (Double) cell);
    } else if (vector instanceof Float8Vector number) {
      number.setSafe(index, (Double) cell);
    } else if (vector instanceof BitVector bit) {
      bit.setSafe(index, (Boolean) cell ? 1 : 0);
    } else if (vector instanceof VarCharVector text) {
      text.setSafe(index, ((String) cell).getBytes(StandardCharsets.UTF_8));
    } else if (vector instanceof DecimalVector decimal) {
      decimal.setSafe(index, (BigDecimal) cell);
    } else {
      ((BaseVariableWidthVector) vector).setSafe(index, (byte[]) cell);
    }
  }

  /** Reads a cell back with getObject (the reference path), normalized to the cell types above. */
  public static Object read(FieldVector vector, int index) {
    if (vector.isNull(index)) {
      return null;
    }
    if (vector instanceof TimeStampVector timestamp) {
      return timestamp.get(index);
    }
    Object value = vector.getObject(index);
    if (value instanceof Text text) {
      return new String(text.copyBytes(), StandardCharsets.UTF_8);
    }
    if (value instanceof Float single) {
      return (double) single;
    }
    if (value instanceof Byte || value instanceof Short || value instanceof Integer) {
      return ((Number) value).longValue();
    }
    return value;
  }

}
