package dev.quiver.testing;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Seeded rows of mixed types, every value a pure function of (seed, row id, column), so a reader
 * can check any row it receives without keeping the input: column {@code id} (int64, never null)
 * and twelve nullable columns (about 5 % nulls each) of the Spark types Comet carries, with NaN,
 * -0.0, infinities, extreme and empty values. The hash keys are {@code k_int}, {@code k_string} and
 * {@code k_decimal} (decimal(38,10): Spark hashes its bytes).
 */
public final class TestingMixedRows {
  public static final List<String> HASH_KEYS = List.of("k_int", "k_string", "k_decimal");

  private static final String[] WORDS = {"", "a", "quiver", "naïve", "Ωμέγα", "日本語", "🦀 crab", "x,y\"z", "\\N",
      "line\nbreak", "longer words for a longer string value"};

  private final long seed;

  public TestingMixedRows(long seed) {
    this.seed = seed;
  }

  public static Schema schema() {
    return new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.nullable("k_int", new ArrowType.Int(32, true)),
        Field.nullable("k_string", ArrowType.Utf8.INSTANCE),
        Field.nullable("k_decimal", new ArrowType.Decimal(38, 10, 128)),
        Field.nullable("v_short", new ArrowType.Int(16, true)),
        Field.nullable("v_long", new ArrowType.Int(64, true)),
        Field.nullable("v_double", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        Field.nullable("v_float", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
        Field.nullable("v_money", new ArrowType.Decimal(15, 2, 128)),
        Field.nullable("v_bool", ArrowType.Bool.INSTANCE),
        Field.nullable("v_date", new ArrowType.Date(DateUnit.DAY)),
        Field.nullable("v_ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        Field.nullable("v_binary", ArrowType.Binary.INSTANCE)));
  }

  /** 64 well-mixed bits for (id, column, salt). */
  private long bits(long id, int column, int salt) {
    long z = seed + id * 0x9E3779B97F4A7C15L + column * 0xBF58476D1CE4E5B9L + salt * 0x94D049BB133111EBL;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  private static final byte[][] WORD_BYTES = Arrays.stream(WORDS)
      .map(word -> word.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
  /** -(10^38 - 1), the smallest decimal(38, s) unscaled value, as two's complement (high, low). */
  private static final BigInteger MINIMUM = new BigInteger("-99999999999999999999999999999999999999");

  private boolean isNull(long id, int column) {
    return column != 0 && Math.floorMod(bits(id, column, 1), 20) == 0;
  }

  private static long pickOf(long r) {
    return Math.floorMod(r >>> 40, 16);
  }

  private int intValue(long id) {
    long r = bits(id, 1, 0);
    long pick = pickOf(r);
    return pick == 0 ? Integer.MIN_VALUE : pick == 1 ? Integer.MAX_VALUE : pick < 8 ? (int) (r % 1000) : (int) r;
  }

  /** Writes the UTF-8 of the string in row {@code id} to {@code into}; returns its length. */
  private int stringBytes(long id, byte[] into) {
    long r = bits(id, 2, 0);
    int length = 0;
    for (int i = 0; i < pickOf(r) % 4; i++) {
      byte[] word = WORD_BYTES[(int) Math.floorMod(r >>> (8 * i), WORDS.length)];
      System.arraycopy(word, 0, into, length, word.length);
      length += word.length;
    }
    return length;
  }

  /** The unscaled decimal(38,10) of row {@code id} as two's complement {high, low}. */
  private long[] wideDecimal(long id) {
    long r = bits(id, 3, 0);
    long pick = pickOf(r);
    if (pick == 0) {
      return new long[] {MINIMUM.shiftRight(64).longValue(), MINIMUM.longValue()};
    }
    if (pick < 4) {
      long small = r % 100_000;
      return new long[] {small >> 63, small};
    }
    long factor = bits(id, 3, 2) >>> 4;
    return new long[] {Math.multiplyHigh(r, factor), r * factor};
  }

  private double doubleValue(long id) {
    long r = bits(id, 6, 0);
    double[] special = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE};
    long pick = pickOf(r);
    return pick < special.length ? special[(int) pick] : (r >> 11) * 0x1.0p-30;
  }

  private float floatValue(long id) {
    long r = bits(id, 7, 0);
    long pick = pickOf(r);
    return pick == 0 ? Float.NaN : pick == 1 ? -0.0f : (float) ((r >> 40) / 7.0);
  }

  private byte[] binaryValue(long id) {
    long r = bits(id, 12, 0);
    byte[] bytes = new byte[(int) pickOf(r)];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (r >>> (4 * i));
    }
    return bytes;
  }

  /** The value of column {@code column} in row {@code id}, as a Java object (null for null). */
  public Object value(long id, int column) {
    if (column == 0) {
      return id;
    }
    if (isNull(id, column)) {
      return null;
    }
    long r = bits(id, column, 0);
    switch (column) {
      case 1:
        return intValue(id);
      case 2: {
        byte[] text = new byte[256];
        return new String(text, 0, stringBytes(id, text), StandardCharsets.UTF_8);
      }
      case 3: {
        long[] unscaled = wideDecimal(id);
        BigInteger value = BigInteger.valueOf(unscaled[0]).shiftLeft(64)
            .add(new BigInteger(Long.toUnsignedString(unscaled[1])));
        return new BigDecimal(value, 10);
      }
      case 4:
        return (short) r;
      case 5:
        return pickOf(r) == 0 ? Long.MIN_VALUE : r;
      case 6:
        return doubleValue(id);
      case 7:
        return floatValue(id);
      case 8:
        return BigDecimal.valueOf(r % 100_000_000_000_000L, 2);
      case 9:
        return (r & 1) == 1;
      case 10:
        return (int) Math.floorMod(r, 3_000_000) - 719_162;
      case 11:
        return r >> 10;
      default:
        return binaryValue(id);
    }
  }

  /** Rows {@code [firstId, firstId + rows)} as a batch (the caller's to close). */
  public VectorSchemaRoot batch(long firstId, int rows, BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
    try {
      for (FieldVector vector : root.getFieldVectors()) {
        vector.setInitialCapacity(rows);
        vector.allocateNew();
      }
      List<FieldVector> vectors = root.getFieldVectors();
      byte[] text = new byte[256];
      for (int row = 0; row < rows; row++) {
        long id = firstId + row;
        ((BigIntVector) vectors.get(0)).set(row, id);
        for (int c = 1; c < vectors.size(); c++) {
          if (isNull(id, c)) {
            vectors.get(c).setNull(row);
          } else {
            set(vectors.get(c), row, id, c, text);
          }
        }
      }
      root.setRowCount(rows);
      return root;
    } catch (RuntimeException failure) {
      root.close();
      throw failure;
    }
  }

  /** Sets row {@code row} of column {@code c} to its value in row {@code id} (not null), without boxing. */
  private void set(FieldVector vector, int row, long id, int c, byte[] text) {
    long r = bits(id, c, 0);
    switch (c) {
      case 1:
        ((IntVector) vector).set(row, intValue(id));
        break;
      case 2:
        ((VarCharVector) vector).setSafe(row, text, 0, stringBytes(id, text));
        break;
      case 3: {
        long[] unscaled = wideDecimal(id);
        vector.getDataBuffer().setLong(row * 16L, unscaled[1]);
        vector.getDataBuffer().setLong(row * 16L + 8, unscaled[0]);
        ((DecimalVector) vector).setIndexDefined(row);
        break;
      }
      case 4:
        ((SmallIntVector) vector).set(row, (short) r);
        break;
      case 5:
        ((BigIntVector) vector).set(row, pickOf(r) == 0 ? Long.MIN_VALUE : r);
        break;
      case 6:
        ((Float8Vector) vector).set(row, doubleValue(id));
        break;
      case 7:
        ((Float4Vector) vector).set(row, floatValue(id));
        break;
      case 8:
        ((DecimalVector) vector).set(row, r % 100_000_000_000_000L);
        break;
      case 9:
        ((BitVector) vector).set(row, (int) (r & 1));
        break;
      case 10:
        ((DateDayVector) vector).set(row, (int) Math.floorMod(r, 3_000_000) - 719_162);
        break;
      case 11:
        ((TimeStampMicroTZVector) vector).set(row, r >> 10);
        break;
      default:
        ((VarBinaryVector) vector).setSafe(row, binaryValue(id));
        break;
    }
  }

  /** Row {@code r} of {@code batch} as Java objects, in the same form as {@link #value}. */
  public static List<Object> read(VectorSchemaRoot batch, int r) {
    List<Object> values = new ArrayList<>();
    for (FieldVector vector : batch.getFieldVectors()) {
      Object value = vector.isNull(r) ? null : vector.getObject(r);
      if (value instanceof org.apache.arrow.vector.util.Text) {
        value = value.toString();
      } else if (vector instanceof BitVector && value != null) {
        value = ((BitVector) vector).get(r) == 1;
      } else if (vector instanceof DateDayVector && value != null) {
        value = ((DateDayVector) vector).get(r);
      }
      values.add(value);
    }
    return values;
  }

  /**
   * A 64-bit fingerprint of every value of row {@code r} (Arrow's per-value hash of each column, nulls
   * included), to check that a row arrives with exactly the values it was written with.
   */
  public static long fingerprint(VectorSchemaRoot batch, int r) {
    long fingerprint = 17;
    for (FieldVector vector : batch.getFieldVectors()) {
      fingerprint = fingerprint * 0x100000001B3L + (vector.isNull(r) ? 0x5bd1e995 : vector.hashCode(r) + 1L);
      fingerprint ^= fingerprint >>> 29;
    }
    return fingerprint;
  }

  /** Whether row {@code r} of {@code batch} holds exactly the generated values of its id; null if so, else what differs. */
  public String difference(VectorSchemaRoot batch, int r) {
    List<Object> actual = read(batch, r);
    long id = (Long) actual.get(0);
    for (int c = 1; c < actual.size(); c++) {
      Object expected = value(id, c);
      Object got = actual.get(c);
      boolean same = (expected instanceof byte[] && got instanceof byte[])
          ? Arrays.equals((byte[]) expected, (byte[]) got)
          : Objects.equals(expected, got);
      if (!same) {
        return "row id " + id + " column " + batch.getVector(c).getName() + ": " + got + " != " + expected;
      }
    }
    return null;
  }
}
