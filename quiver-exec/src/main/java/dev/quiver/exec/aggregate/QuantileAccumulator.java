package dev.quiver.exec.aggregate;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.keys.KeyKind;
import dev.quiver.exec.plan.AggregateFunction;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The holistic aggregates, which need every value of a group: median, quantile_cont(x, q), quantile_disc(x, q)
 * and mode, with DuckDB's rules. Per group the non-null values in arrival order (longs: integers, dates,
 * timestamps, booleans, float bits, a decimal's low half with its high half beside; byte strings for text);
 * merged by appending, spilled as they are. The fraction q is the constant second argument, read from the first
 * batch and carried with the state.
 *
 * <p>quantile_disc picks the value at index max(1, n - floor(n - n·q)) - 1 of the sorted values (exact for a
 * decimal q); quantile_cont interpolates between the values at floor and ceil of (n - 1)·q: integers and DOUBLE
 * as lo·(1 - d) + hi·d in DOUBLE, FLOAT and decimals as lo + (hi - lo)·d (decimals truncated to their scale),
 * dates and timestamps as a rounded TIMESTAMP; median is quantile_cont(x, 0.5) (quantile_disc for text). mode is
 * the most frequent value, a tie going to the one that arrived first in the group.
 */
final class QuantileAccumulator extends Accumulator implements SecondArgument {
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private final AggregateFunction function;
  private final KeyKind kind;
  private final boolean dates;
  private final boolean singleFloat;
  private final KeyKind outputKind;
  private final boolean continuous;

  private int[] sizes = new int[0];
  private long[][] lows = new long[0][];
  private long[][] highs = new long[0][];
  private byte[][][] texts = new byte[0][][];
  private long heldBytes;

  /** The fraction (exact) and whether it came as a floating-point number; null until a row or state brings it. */
  private BigDecimal fraction;
  private boolean fractionIsDouble;
  private FieldVector fractionVector;
  private int[] fractionRows;

  private long[] readLow = new long[0];
  private long[] readHigh = new long[0];
  private boolean[] readValid = new boolean[0];

  QuantileAccumulator(AggregateFunction function, ArrowType input, ArrowType output) {
    this.function = function;
    this.kind = KeyKind.of(input);
    this.dates = input instanceof ArrowType.Date;
    this.singleFloat = kind == KeyKind.FLOAT32;
    this.outputKind = KeyKind.of(output);
    this.continuous = (function == AggregateFunction.QUANTILE_CONT || function == AggregateFunction.MEDIAN)
        && kind != KeyKind.BYTES && kind != KeyKind.BOOL;
    if (function == AggregateFunction.MEDIAN) {
      fraction = new BigDecimal("0.5");
    }
    if (kind == KeyKind.BOOL && function != AggregateFunction.MODE) {
      throw QuiverException.user(function.name().toLowerCase(java.util.Locale.ROOT) + " of a BOOLEAN is not supported");
    }
  }

  @Override
  public void second(FieldVector vector, int[] rows) {
    this.fractionVector = vector;
    this.fractionRows = rows;
  }

  @Override
  int bytesPerGroup() {
    return 32;
  }

  @Override
  long variableBytes() {
    return heldBytes;
  }

  @Override
  void ensureGroups(int groups) {
    if (groups > sizes.length) {
      sizes = Arrays.copyOf(sizes, groups);
      lows = Arrays.copyOf(lows, groups);
      highs = Arrays.copyOf(highs, groups);
      texts = Arrays.copyOf(texts, groups);
    }
  }

  @Override
  void update(int[] groups, FieldVector values, int[] rows, int count) {
    if (fractionVector != null) {
      if (fraction == null && count > 0) {
        readFraction(fractionVector, fractionRows[0]);
      }
      fractionVector = null;
      fractionRows = null;
    }
    if (readLow.length < count) {
      readLow = new long[count];
      readHigh = new long[count];
      readValid = new boolean[count];
    }
    ValueReader.read(values, kind, rows, count, readLow, readHigh, readValid);
    for (int i = 0; i < count; i++) {
      if (readValid[i]) {
        append(groups[i], readLow[i], readHigh[i], kind == KeyKind.BYTES ? ValueReader.bytes(values, rows[i]) : null);
      }
    }
  }

  /** The fraction from the constant second argument's column; a USER error outside [0, 1]. */
  private void readFraction(FieldVector vector, int row) {
    if (vector.isNull(row)) {
      throw QuiverException.user("the fraction of " + name() + " must not be NULL");
    }
    Object value = vector.getObject(row);
    BigDecimal read;
    if (value instanceof BigDecimal decimal) {
      read = decimal;
    } else if (value instanceof Double || value instanceof Float) {
      read = new BigDecimal(((Number) value).doubleValue());
      fractionIsDouble = true;
    } else if (value instanceof Number number) {
      read = BigDecimal.valueOf(number.longValue());
    } else {
      throw QuiverException.user("the fraction of " + name() + " must be a number, not " + value);
    }
    if (read.signum() < 0 || read.compareTo(BigDecimal.ONE) > 0) {
      throw QuiverException
          .user("the fraction of " + name() + " must be between 0 and 1, not " + read.stripTrailingZeros()
              .toPlainString());
    }
    fraction = read;
  }

  private String name() {
    return function.name().toLowerCase(java.util.Locale.ROOT);
  }

  private void append(int group, long low, long high, byte[] text) {
    int size = sizes[group];
    if (kind == KeyKind.BYTES) {
      byte[][] held = texts[group];
      if (held == null || held.length == size) {
        texts[group] = held = Arrays.copyOf(held == null ? new byte[4][] : held, Math.max(4, size * 2));
      }
      held[size] = text;
      heldBytes += text.length + 24;
    } else {
      long[] held = lows[group];
      if (held == null || held.length == size) {
        lows[group] = held = Arrays.copyOf(held == null ? new long[4] : held, Math.max(4, size * 2));
        if (kind == KeyKind.DECIMAL) {
          highs[group] = Arrays.copyOf(highs[group] == null ? new long[4] : highs[group], held.length);
        }
      }
      held[size] = low;
      if (kind == KeyKind.DECIMAL) {
        highs[group][size] = high;
      }
      heldBytes += kind == KeyKind.DECIMAL ? 16 : 8;
    }
    sizes[group] = size + 1;
  }

  @Override
  void merge(Accumulator other, int from, int count, int[] targets) {
    QuantileAccumulator theirs = (QuantileAccumulator) other;
    adoptFraction(theirs.fraction, theirs.fractionIsDouble);
    for (int i = 0; i < count; i++) {
      int source = from + i;
      for (int k = 0; k < theirs.sizes[source]; k++) {
        append(targets[i], kind == KeyKind.BYTES ? 0 : theirs.lows[source][k],
            kind == KeyKind.DECIMAL ? theirs.highs[source][k] : 0,
            kind == KeyKind.BYTES ? theirs.texts[source][k] : null);
      }
    }
  }

  private void adoptFraction(BigDecimal other, boolean otherIsDouble) {
    if (fraction == null && other != null) {
      fraction = other;
      fractionIsDouble = otherIsDouble;
    }
  }

  @Override
  void write(FieldVector out, int[] ids, int count) {
    ValueAccumulator results = new ValueAccumulator(outputKind, ValueAccumulator.Mode.ANY);
    results.ensureGroups(count);
    for (int i = 0; i < count; i++) {
      int group = ids[i];
      int size = sizes[group];
      if (size == 0) {
        continue;
      }
      if (function == AggregateFunction.MODE) {
        int at = mode(group);
        results.set(i, kind == KeyKind.BYTES ? 0 : lows[group][at], kind == KeyKind.DECIMAL ? highs[group][at] : 0,
            kind == KeyKind.BYTES ? texts[group][at] : null);
      } else if (continuous) {
        long[] result = continuous(group);
        results.set(i, result[0], result[1], null);
      } else {
        int index = discreteIndex(size);
        if (kind == KeyKind.BYTES) {
          byte[][] sorted = Arrays.copyOf(texts[group], size);
          Arrays.sort(sorted, Arrays::compareUnsigned);
          results.set(i, 0, 0, sorted[index]);
        } else {
          long[][] sorted = sorted(group);
          results.set(i, sorted[0][index], sorted[1] == null ? 0 : sorted[1][index], null);
        }
      }
    }
    int[] identity = new int[count];
    for (int i = 0; i < count; i++) {
      identity[i] = i;
    }
    results.write(out, identity, count);
  }

  /** DuckDB's discrete index: max(1, n - floor(n - n·q)) - 1, exact for a decimal fraction. */
  private int discreteIndex(int n) {
    long floored;
    if (fractionIsDouble) {
      floored = (long) Math.floor((double) n - (double) n * fraction.doubleValue());
    } else {
      BigDecimal size = BigDecimal.valueOf(n);
      floored = size.subtract(size.multiply(fraction)).setScale(0, RoundingMode.FLOOR).longValueExact();
    }
    return (int) (Math.max(1, n - floored) - 1);
  }

  /** The group's values sorted: {low, high (decimals only)}; floats by value, decimals by their 128 bits. */
  private long[][] sorted(int group) {
    int size = sizes[group];
    long[] low = Arrays.copyOf(lows[group], size);
    if (kind == KeyKind.FLOAT32 || kind == KeyKind.FLOAT64) {
      double[] values = new double[size];
      for (int i = 0; i < size; i++) {
        values[i] = Double.longBitsToDouble(low[i]);
      }
      Arrays.sort(values);
      for (int i = 0; i < size; i++) {
        low[i] = Double.doubleToRawLongBits(values[i]);
      }
      return new long[][] {low, null};
    }
    if (kind != KeyKind.DECIMAL) {
      Arrays.sort(low);
      return new long[][] {low, null};
    }
    long[] high = Arrays.copyOf(highs[group], size);
    boolean narrow = true;
    for (int i = 0; i < size && narrow; i++) {
      narrow = high[i] == (low[i] >> 63);
    }
    if (narrow) {
      Arrays.sort(low);
      for (int i = 0; i < size; i++) {
        high[i] = low[i] >> 63;
      }
      return new long[][] {low, high};
    }
    BigInteger[] values = new BigInteger[size];
    for (int i = 0; i < size; i++) {
      values[i] = BigInteger.valueOf(high[i]).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(low[i])));
    }
    Arrays.sort(values);
    for (int i = 0; i < size; i++) {
      low[i] = values[i].longValue();
      high[i] = values[i].shiftRight(64).longValue();
    }
    return new long[][] {low, high};
  }

  /** quantile_cont's answer as {low, high} of the output kind (double bits, decimal halves, timestamp micros). */
  private long[] continuous(int group) {
    int n = sizes[group];
    double q = fraction.doubleValue();
    double position = (double) (n - 1) * q;
    int below = (int) Math.floor(position);
    int above = (int) Math.ceil(position);
    double d = position - below;
    long[][] sorted = sorted(group);
    long[] low = sorted[0];
    switch (kind) {
      case FLOAT32, FLOAT64 -> {
        double lo = Double.longBitsToDouble(low[below]);
        double hi = Double.longBitsToDouble(low[above]);
        double result = below == above ? lo : singleFloat ? lo + (hi - lo) * d : lo * (1.0 - d) + hi * d;
        return new long[] {Double.doubleToRawLongBits(result), 0};
      }
      case DECIMAL -> {
        if (below == above) {
          return new long[] {low[below], sorted[1][below]};
        }
        BigInteger lo = BigInteger.valueOf(sorted[1][below]).shiftLeft(64)
            .add(new BigInteger(Long.toUnsignedString(low[below])));
        BigInteger hi = BigInteger.valueOf(sorted[1][above]).shiftLeft(64)
            .add(new BigInteger(Long.toUnsignedString(low[above])));
        BigInteger result;
        if (lo.bitLength() < 64 && hi.bitLength() < 64) {
          double delta = (double) hi.longValue() - (double) lo.longValue();
          result = BigInteger.valueOf((long) ((double) lo.longValue() + delta * d));
        } else {
          double delta = hi.subtract(lo).doubleValue();
          result = lo.add(new BigDecimal(delta * d).toBigInteger());
        }
        return new long[] {result.longValue(), result.shiftRight(64).longValue()};
      }
      default -> {
        if (dates || Types.timestampOutput(outputKind, kind)) {
          long lo = dates ? low[below] * MICROS_PER_DAY : low[below];
          long hi = dates ? low[above] * MICROS_PER_DAY : low[above];
          long result = below == above ? lo : Math.round((double) lo * (1.0 - d) + (double) hi * d);
          return new long[] {result, 0};
        }
        double lo = low[below];
        double hi = low[above];
        double result = below == above ? lo : lo * (1.0 - d) + hi * d;
        return new long[] {Double.doubleToRawLongBits(result), 0};
      }
    }
  }

  /** Index (in arrival order) of the group's most frequent value, a tie going to the one that arrived first. */
  private int mode(int group) {
    int size = sizes[group];
    int[] order = new int[size];
    for (int i = 0; i < size; i++) {
      order[i] = i;
    }
    // a stable merge sort of arrival indexes by value: equal values keep their arrival order
    sortIndexes(group, order, new int[size], 0, size);
    int best = order[0];
    int bestCount = 0;
    int run = 0;
    int runFirst = order[0];
    for (int i = 0; i < size; i++) {
      if (i > 0 && compare(group, order[i - 1], order[i]) == 0) {
        run++;
      } else {
        run = 1;
        runFirst = order[i];
      }
      if (run > bestCount || run == bestCount && runFirst < best) {
        bestCount = run;
        best = runFirst;
      }
    }
    return best;
  }

  /** Sorts {@code order[from, to)} by the values they index, stably ({@code scratch} as long as order). */
  private void sortIndexes(int group, int[] order, int[] scratch, int from, int to) {
    if (to - from < 2) {
      return;
    }
    int middle = (from + to) >>> 1;
    sortIndexes(group, order, scratch, from, middle);
    sortIndexes(group, order, scratch, middle, to);
    int left = from;
    int right = middle;
    for (int k = from; k < to; k++) {
      if (right >= to || left < middle && compare(group, order[left], order[right]) <= 0) {
        scratch[k] = order[left++];
      } else {
        scratch[k] = order[right++];
      }
    }
    System.arraycopy(scratch, from, order, from, to - from);
  }

  /** Compares two held values of a group (floats: -0.0 equals 0.0 and NaN equals NaN, as DuckDB groups them). */
  private int compare(int group, int a, int b) {
    switch (kind) {
      case BYTES:
        return Arrays.compareUnsigned(texts[group][a], texts[group][b]);
      case FLOAT32:
      case FLOAT64: {
        double x = Double.longBitsToDouble(lows[group][a]);
        double y = Double.longBitsToDouble(lows[group][b]);
        return x == y || Double.isNaN(x) && Double.isNaN(y) ? 0 : Double.compare(x, y);
      }
      case DECIMAL: {
        int high = Long.compare(highs[group][a], highs[group][b]);
        return high != 0 ? high : Long.compareUnsigned(lows[group][a], lows[group][b]);
      }
      default:
        return Long.compare(lows[group][a], lows[group][b]);
    }
  }

  @Override
  void writeState(DataOutputStream out, int[] ids, int count) throws IOException {
    out.writeUTF(fraction == null ? "" : (fractionIsDouble ? "d" : "e") + fraction.toString());
    for (int k = 0; k < count; k++) {
      int group = ids[k];
      int size = sizes[group];
      out.writeInt(size);
      for (int i = 0; i < size; i++) {
        if (kind == KeyKind.BYTES) {
          out.writeInt(texts[group][i].length);
          out.write(texts[group][i]);
        } else {
          out.writeLong(lows[group][i]);
          if (kind == KeyKind.DECIMAL) {
            out.writeLong(highs[group][i]);
          }
        }
      }
    }
  }

  @Override
  void readState(DataInputStream in, int[] targets, int count) throws IOException {
    String written = in.readUTF();
    if (!written.isEmpty()) {
      adoptFraction(new BigDecimal(written.substring(1)), written.charAt(0) == 'd');
    }
    for (int k = 0; k < count; k++) {
      int size = in.readInt();
      for (int i = 0; i < size; i++) {
        if (kind == KeyKind.BYTES) {
          byte[] text = new byte[in.readInt()];
          in.readFully(text);
          append(targets[k], 0, 0, text);
        } else {
          long low = in.readLong();
          long high = kind == KeyKind.DECIMAL ? in.readLong() : 0;
          append(targets[k], low, high, null);
        }
      }
    }
  }

  /** Helpers on kinds. */
  private static final class Types {
    private Types() {}

    /** Whether a continuous quantile of a 64-bit integer-like input answers a timestamp (not a double). */
    static boolean timestampOutput(KeyKind output, KeyKind input) {
      return output == KeyKind.INT64 && input == KeyKind.INT64;
    }
  }
}
