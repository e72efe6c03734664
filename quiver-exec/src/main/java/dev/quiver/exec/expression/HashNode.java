package dev.quiver.exec.expression;

import java.math.BigInteger;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code hash(a, ...)}: DuckDB's 64-bit hash, value for value (checked against DuckDB 2.0 in quiver-sql's
 * HashFunctionTest and hash.slt). An unsigned 64-bit number, held as DECIMAL(20,0) (Quiver has no UBIGINT;
 * the same stand-in as a Parquet UINT_64 column). Never NULL.
 *
 * <p>Each argument's value hashes by its SQL type's physical width in DuckDB: a value of at most 32 bits
 * (TINYINT, SMALLINT, INTEGER, DATE, BOOLEAN as 1/0, DECIMAL of precision up to 9 as its unscaled value)
 * is taken as its 32 bits, zero-extended; a 64-bit one (BIGINT, TIMESTAMP in its unit, TIME, DECIMAL up to
 * precision 18) as its 64 bits; both then go through {@link #finalizer}. A wider DECIMAL is the XOR of the
 * finalized low and high 64-bit halves of its 128-bit two's complement. A DOUBLE is its IEEE bits, a FLOAT its
 * 32 IEEE bits, with -0.0 as 0.0 and every NaN as the canonical quiet NaN. A string hashes its UTF-8 bytes
 * ({@link #bytes}). NULL hashes to a fixed constant. The first argument's hash starts the result; each
 * further one is folded in by {@link #combine}.
 */
final class HashNode extends Node {
  /** The multiplier of DuckDB's 64-bit finalizer (MurmurHash-style xor-shift-multiply). */
  static final long MULTIPLIER = 0xD6E8_FEB8_6659_FD93L;
  /** The hash of a NULL argument. */
  static final long NULL_HASH = 0xBF58_476D_1CE4_E5B9L;
  /** The decimal type that stands in for DuckDB's UBIGINT. */
  static final ArrowType UNSIGNED_64 = new ArrowType.Decimal(20, 0, 128);

  private static final long STRING_SEED = 0xE17A_1465L;
  private static final long LENGTH_MULTIPLIER = 0xC6A4_A793_5BD1_E995L;
  private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);
  private static final long FLOAT_NAN_BITS = Float.floatToRawIntBits(Float.NaN) & 0xFFFF_FFFFL;
  private static final long DOUBLE_NAN_BITS = Double.doubleToRawLongBits(Double.NaN);

  private enum Rule {
    INT32,
    INT64,
    FLOAT,
    DOUBLE,
    WIDE_DECIMAL,
    STRING,
    BOOL,
    NULL
  }

  private final List<Node> arguments;
  private final Rule[] rules;
  /** Per argument, what a timestamp's microseconds are divided by to get back its own unit (1 otherwise). */
  private final long[] unitDivisors;

  HashNode(List<Node> arguments) {
    super(UNSIGNED_64);
    this.arguments = List.copyOf(arguments);
    this.rules = new Rule[this.arguments.size()];
    this.unitDivisors = new long[rules.length];
    for (int i = 0; i < rules.length; i++) {
      ArrowType argumentType = this.arguments.get(i).type;
      rules[i] = rule(argumentType);
      unitDivisors[i] = argumentType instanceof ArrowType.Timestamp timestamp
          ? Math.max(1, Types.microsPerUnit(timestamp))
          : 1;
    }
  }

  private static Rule rule(ArrowType type) {
    return switch (type.getTypeID()) {
      case Int -> Types.bitWidth(type) <= 32 ? Rule.INT32 : Rule.INT64;
      case Date -> Rule.INT32;
      case Timestamp, Time -> Rule.INT64;
      case FloatingPoint -> Types.isSingle(type) ? Rule.FLOAT : Rule.DOUBLE;
      case Decimal -> Types.precision(type) <= 9 ? Rule.INT32
          : Types.precision(type) <= 18 ? Rule.INT64 : Rule.WIDE_DECIMAL;
      case Utf8 -> Rule.STRING;
      case Bool -> Rule.BOOL;
      default -> Rule.NULL;
    };
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    long[] hashes = new long[count];
    long[] argumentHashes = new long[count];
    for (int a = 0; a < rules.length; a++) {
      Column column = arguments.get(a).evaluate(context);
      hashArgument(rules[a], unitDivisors[a], column, argumentHashes, count);
      if (a == 0) {
        System.arraycopy(argumentHashes, 0, hashes, 0, count);
      } else {
        for (int i = 0; i < count; i++) {
          hashes[i] = combine(hashes[i], argumentHashes[i]);
        }
      }
    }
    return unsigned(hashes, count);
  }

  /** The hashes as DECIMAL(20,0) values: unsigned, so one at or above 2^63 makes the column wide. */
  private static DecimalColumn unsigned(long[] hashes, int count) {
    boolean wide = false;
    for (int i = 0; i < count; i++) {
      wide |= hashes[i] < 0;
    }
    if (!wide) {
      return new DecimalColumn(0, hashes, null);
    }
    BigInteger[] values = new BigInteger[count];
    for (int i = 0; i < count; i++) {
      BigInteger value = BigInteger.valueOf(hashes[i]);
      values[i] = hashes[i] < 0 ? value.add(TWO_TO_64) : value;
    }
    return new DecimalColumn(0, values, null);
  }

  private static void hashArgument(Rule rule, long unitDivisor, Column column, long[] out, int count) {
    switch (rule) {
      case INT32 -> {
        if (column instanceof DecimalColumn decimals) {
          for (int i = 0; i < count; i++) {
            out[i] = finalizer(decimals.values[i] & 0xFFFF_FFFFL);
          }
        } else {
          long[] values = ((LongColumn) column).values;
          for (int i = 0; i < count; i++) {
            out[i] = finalizer(values[i] & 0xFFFF_FFFFL);
          }
        }
      }
      case INT64 -> {
        long[] values = column instanceof DecimalColumn decimals ? decimals.values : ((LongColumn) column).values;
        if (unitDivisor == 1) {
          for (int i = 0; i < count; i++) {
            out[i] = finalizer(values[i]);
          }
        } else {
          for (int i = 0; i < count; i++) {
            out[i] = finalizer(values[i] / unitDivisor);
          }
        }
      }
      case FLOAT -> {
        double[] values = ((DoubleColumn) column).values;
        for (int i = 0; i < count; i++) {
          float value = (float) values[i];
          long bits = value == 0.0f ? 0L
              : Float.isNaN(value) ? FLOAT_NAN_BITS : Float.floatToRawIntBits(value) & 0xFFFF_FFFFL;
          out[i] = finalizer(bits);
        }
      }
      case DOUBLE -> {
        double[] values = ((DoubleColumn) column).values;
        for (int i = 0; i < count; i++) {
          double value = values[i];
          long bits = value == 0.0 ? 0L : Double.isNaN(value) ? DOUBLE_NAN_BITS : Double.doubleToRawLongBits(value);
          out[i] = finalizer(bits);
        }
      }
      case WIDE_DECIMAL -> {
        DecimalColumn decimals = (DecimalColumn) column;
        if (decimals.isWide()) {
          for (int i = 0; i < count; i++) {
            BigInteger value = decimals.wide[i];
            out[i] = finalizer(value.longValue()) ^ finalizer(value.shiftRight(64).longValue());
          }
        } else {
          for (int i = 0; i < count; i++) {
            long value = decimals.values[i];
            out[i] = finalizer(value) ^ finalizer(value >> 63);
          }
        }
      }
      case STRING -> {
        StringColumn strings = (StringColumn) column;
        for (int i = 0; i < count; i++) {
          int start = strings.offsets[i];
          out[i] = bytes(strings.data, start, strings.offsets[i + 1] - start);
        }
      }
      case BOOL -> {
        boolean[] values = ((BoolColumn) column).values;
        for (int i = 0; i < count; i++) {
          out[i] = finalizer(values[i] ? 1L : 0L);
        }
      }
      case NULL -> java.util.Arrays.fill(out, 0, count, NULL_HASH);
    }
    if (rule != Rule.NULL && column.nulls != null) {
      for (int i = 0; i < count; i++) {
        if (column.nulls[i]) {
          out[i] = NULL_HASH;
        }
      }
    }
  }

  /** DuckDB's 64-bit finalizer: three xor-shifts by 32 around two multiplications. */
  static long finalizer(long value) {
    long x = value;
    x ^= x >>> 32;
    x *= MULTIPLIER;
    x ^= x >>> 32;
    x *= MULTIPLIER;
    return x ^ (x >>> 32);
  }

  /**
   * DuckDB's hash of a byte string: a seed mixed with the length, then each 8-byte little-endian word (the
   * last one zero-padded) xored in and multiplied, then the finalizer.
   */
  static long bytes(byte[] data, int start, int length) {
    long hash = STRING_SEED ^ (length * LENGTH_MULTIPLIER);
    int end = start + length;
    int position = start;
    for (; position + 8 <= end; position += 8) {
      hash ^= littleEndianWord(data, position, 8);
      hash *= MULTIPLIER;
    }
    if (position < end) {
      hash ^= littleEndianWord(data, position, end - position);
      hash *= MULTIPLIER;
    }
    return finalizer(hash);
  }

  private static long littleEndianWord(byte[] data, int position, int length) {
    long word = 0;
    for (int k = 0; k < length; k++) {
      word |= (data[position + k] & 0xFFL) << (8 * k);
    }
    return word;
  }

  /** DuckDB's combination of a running hash with the next argument's. */
  static long combine(long running, long next) {
    long x = running ^ (running >>> 32);
    x *= MULTIPLIER;
    return x ^ next;
  }
}
