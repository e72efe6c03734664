package dev.quiver.expression;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
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
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A schema with one column of every supported type, random cells drawn from small domains (so
 * equalities hit) plus the extremes (MIN/MAX, NaN, -0.0, infinities, empty, multi-byte and long
 * strings), and vectors holding them. Cells are kept as: Long (ints, dates in days, timestamps raw),
 * Double (floats), Boolean, String (utf8), byte[] (binary), BigDecimal (decimals), null.
 */
public final class TestColumns {
  public static final Schema SCHEMA = new Schema(List.of(
      Field.nullable("i8", new ArrowType.Int(8, true)),
      Field.nullable("i16", new ArrowType.Int(16, true)),
      Field.nullable("i32", new ArrowType.Int(32, true)),
      Field.nullable("i64", new ArrowType.Int(64, true)),
      Field.nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("flag", ArrowType.Bool.INSTANCE),
      Field.nullable("text", ArrowType.Utf8.INSTANCE),
      Field.nullable("data", ArrowType.Binary.INSTANCE),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("ts_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
      Field.nullable("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
      Field.nullable("ts_s_zone", new ArrowType.Timestamp(TimeUnit.SECOND, "America/New_York")),
      Field.nullable("ts_ms_utc", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
      Field.nullable("price", new ArrowType.Decimal(15, 2, 128)),
      Field.nullable("wide", new ArrowType.Decimal(38, 10, 128))));

  public static final String[] STRING_PIECES = {"a", "b", "é", "😀", "%", "_", "ab"};

  private TestColumns() {}

  public static ArrowType type(String column) {
    return SCHEMA.findField(column).getType();
  }

  /** A random cell of the type: null about one time in seven. */
  public static Object randomCell(Random random, ArrowType type) {
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
      case Utf8 -> randomString(random);
      case Binary ->
        random.nextInt(10) == 0 ? filled(70, (byte) 0xFF) : randomString(random).getBytes(StandardCharsets.UTF_8);
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
            : BigDecimal.valueOf(random.nextInt(25) - 12, 1).setScale(decimal.getScale());
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

  public static String randomString(Random random) {
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
    java.util.Arrays.fill(bytes, value);
    return bytes;
  }

  /** A vector of the column holding the cells. */
  public static FieldVector vector(BufferAllocator allocator, String column, List<Object> cells) {
    FieldVector vector = SCHEMA.findField(column).createVector(allocator);
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
    if (value instanceof org.apache.arrow.vector.util.Text text) {
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

  /** A dictionary of the cells: distinct non-null values and codes (a null code for a null cell). */
  public static final class Dictionary implements AutoCloseable {
    public final FieldVector values;
    public final IntVector codes;

    public Dictionary(BufferAllocator allocator, String column, List<Object> cells) {
      Map<Object, Integer> indexes = new HashMap<>();
      List<Object> distinct = new ArrayList<>();
      codes = new IntVector(column + "_codes", allocator);
      codes.allocateNew(cells.size());
      for (int i = 0; i < cells.size(); i++) {
        Object cell = cells.get(i);
        if (cell == null) {
          codes.setNull(i);
          continue;
        }
        Object key = cell instanceof byte[] bytes ? HexFormat.of().formatHex(bytes)
            : cell instanceof Double number ? Double.doubleToRawLongBits(number) : cell;
        Integer code = indexes.computeIfAbsent(key, unused -> {
          distinct.add(cell);
          return distinct.size() - 1;
        });
        codes.setSafe(i, code);
      }
      codes.setValueCount(cells.size());
      values = vector(allocator, column, distinct);
    }

    @Override
    public void close() {
      values.close();
      codes.close();
    }
  }
}
