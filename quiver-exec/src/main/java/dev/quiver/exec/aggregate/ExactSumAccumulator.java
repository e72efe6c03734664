package dev.quiver.exec.aggregate;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.VectorGather;
import dev.quiver.exec.keys.KeyKind;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * SUM and AVG of integers and decimals, exact: a 128-bit sum per group (low and high halves, added
 * with carry; an overflow of 128 bits is a USER error) and a count of the values. The result is
 * checked against the call's type (a sum that overflows it is a USER error); AVG divides at output,
 * decimals rounded half up at the result's scale. Values that fit a long (nearly all) first go to
 * a 64-bit running sum per group, moved into the 128-bit sum only when it would overflow and before
 * the sum is read, so the common row costs one add and an overflow test.
 */
final class ExactSumAccumulator extends Accumulator {
  private static final BigInteger LOW_MASK = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  private final KeyKind kind;
  private final int scale;
  private final boolean average;
  private long[] low = new long[0];
  private long[] high = new long[0];
  private long[] counts = new long[0];
  /** The part of each group's sum not yet moved into {@link #low}/{@link #high}. */
  private long[] pending = new long[0];
  private long[] valueLow = new long[0];
  private long[] valueHigh = new long[0];
  private boolean[] valid = new boolean[0];

  ExactSumAccumulator(KeyKind kind, int scale, boolean average) {
    this.kind = kind;
    this.scale = scale;
    this.average = average;
  }

  @Override
  int bytesPerGroup() {
    return 32;
  }

  @Override
  void ensureGroups(int groups) {
    if (groups > low.length) {
      low = Arrays.copyOf(low, groups);
      high = Arrays.copyOf(high, groups);
      counts = Arrays.copyOf(counts, groups);
      pending = Arrays.copyOf(pending, groups);
    }
  }

  @Override
  void update(int[] groups, FieldVector values, int[] rows, int count) {
    if (readsDirect()) {
      updateDirect(groups, values, rows, count);
      return;
    }
    if (valueLow.length < count) {
      valueLow = new long[count];
      valueHigh = new long[count];
      valid = new boolean[count];
    }
    ValueReader.read(values, kind, rows, count, valueLow, valueHigh, valid);
    for (int i = 0; i < count; i++) { // narrow kinds only: DECIMAL and INT64 took updateDirect
      if (valid[i]) {
        long addLow = valueLow[i];
        add(groups[i], addLow, addLow >> 63, 1);
      }
    }
  }

  /** Whether the values are integers or decimals read straight from the vector's memory (every kind but BOOL). */
  private boolean readsDirect() {
    return switch (kind) {
      case INT8, INT16, INT32, INT64, DECIMAL -> true;
      default -> false;
    };
  }

  /** The low 64 bits of row {@code row}'s value: a decimal's low half, an integer of any width sign-extended. */
  private static long lowBits(long data, int width, int row) {
    return switch (width) {
      case 1 -> MemoryUtil.getByte(data + row);
      case 2 -> MemoryUtil.getShort(data + 2L * row);
      case 4 -> MemoryUtil.getInt(data + 4L * row);
      case 8 -> MemoryUtil.getLong(data + 8L * row);
      default -> MemoryUtil.getLong(data + 16L * row);
    };
  }

  /** Integers and decimals read straight from the vector's memory into the running sums. */
  private void updateDirect(int[] groups, FieldVector values, int[] rows, int count) {
    long data = values.getDataBuffer().memoryAddress();
    long validity = values.getValidityBuffer().memoryAddress();
    boolean noNulls = VectorGather.knownWithoutNulls(values, count);
    boolean decimal = kind == KeyKind.DECIMAL;
    int width = kind.width();
    for (int i = 0; i < count; i++) {
      int row = rows[i];
      if (!noNulls && !ValueReader.isSet(validity, row)) {
        continue;
      }
      int group = groups[i];
      long value = lowBits(data, width, row);
      long valueHigh = decimal ? MemoryUtil.getLong(data + 16L * row + 8) : value >> 63;
      if (valueHigh == value >> 63) {
        long before = pending[group];
        long sum = before + value;
        if (((before ^ sum) & (value ^ sum)) < 0) {
          add(group, before, before >> 63, 0);
          sum = value;
        }
        pending[group] = sum;
        counts[group]++;
      } else {
        add(group, value, valueHigh, 1);
      }
    }
  }

  /**
   * Decimals and 64-bit integers of one group (an aggregate without keys): summed into a 128-bit register
   * pair (the low half with its carry into the high half, no branch per row; a value past 64 bits, rare, goes
   * straight to the group), added to the group's sum once.
   */
  @Override
  void updateOneGroup(int group, int[] groups, FieldVector values, int[] rows, int count) {
    if (!readsDirect()) {
      update(groups, values, rows, count);
      return;
    }
    long data = values.getDataBuffer().memoryAddress();
    long validity = values.getValidityBuffer().memoryAddress();
    sumRun(group, data, validity, VectorGather.knownWithoutNulls(values, count), rows, 0, count);
  }

  @Override
  boolean updatesGroupRuns() {
    return readsDirect();
  }

  @Override
  void updateRuns(GroupRuns runs, FieldVector values, int[] rows) {
    long data = values.getDataBuffer().memoryAddress();
    long validity = values.getValidityBuffer().memoryAddress();
    boolean noNulls = GroupRuns.withoutNulls(values, runs);
    for (int r = 0; r < runs.count(); r++) {
      int from = runs.start(r);
      sumRun(runs.group(r), data, validity, noNulls, rows, from, from + runs.length(r));
    }
  }

  /** Adds the values at rows {@code rows[from, end)} to {@code group}, as {@link #updateOneGroup} describes. */
  private void sumRun(int group, long data, long validity, boolean noNulls, int[] rows, int from, int end) {
    if (kind != KeyKind.DECIMAL && kind != KeyKind.INT64) {
      sumNarrowRun(group, data, validity, noNulls, rows, from, end);
      return;
    }
    boolean decimal = kind == KeyKind.DECIMAL;
    long sumLow = 0;
    long sumHigh = 0; // moves by at most one a row: cannot overflow
    long summed = 0;
    for (int i = from; i < end; i++) {
      int row = rows[i];
      if (!noNulls && !ValueReader.isSet(validity, row)) {
        continue;
      }
      long value = MemoryUtil.getLong(data + (decimal ? 16L : 8L) * row);
      long valueHigh = decimal ? MemoryUtil.getLong(data + 16L * row + 8) : value >> 63;
      if (valueHigh == value >> 63) {
        long next = sumLow + value;
        sumHigh += valueHigh + (Long.compareUnsigned(next, sumLow) < 0 ? 1 : 0);
        sumLow = next;
        summed++;
      } else {
        add(group, value, valueHigh, 1);
      }
    }
    add(group, sumLow, sumHigh, summed);
  }

  /**
   * As {@link #sumRun} for integers of 32 bits or fewer: a long holds the sum of 2^31 of them, more than a run
   * has, so the loop has no carry and, without nulls, no branch.
   */
  private void sumNarrowRun(int group, long data, long validity, boolean noNulls, int[] rows, int from, int end) {
    int width = kind.width();
    long sum = 0;
    long summed = 0;
    if (noNulls) {
      switch (width) {
        case 1 -> {
          for (int i = from; i < end; i++) {
            sum += MemoryUtil.getByte(data + rows[i]);
          }
        }
        case 2 -> {
          for (int i = from; i < end; i++) {
            sum += MemoryUtil.getShort(data + 2L * rows[i]);
          }
        }
        default -> {
          for (int i = from; i < end; i++) {
            sum += MemoryUtil.getInt(data + 4L * rows[i]);
          }
        }
      }
      summed = (long) end - from;
    } else {
      for (int i = from; i < end; i++) {
        int row = rows[i];
        if (ValueReader.isSet(validity, row)) {
          sum += lowBits(data, width, row);
          summed++;
        }
      }
    }
    add(group, sum, sum >> 63, summed);
  }

  /** Moves a group's running 64-bit sum into its 128-bit sum. */
  private void fold(int group) {
    long value = pending[group];
    if (value != 0) {
      pending[group] = 0;
      add(group, value, value >> 63, 0);
    }
  }

  private void add(int group, long addLow, long addHigh, long values) {
    long before = low[group];
    long sum = before + addLow;
    long carry = Long.compareUnsigned(sum, before) < 0 ? 1 : 0;
    try {
      high[group] = Math.addExact(Math.addExact(high[group], addHigh), carry);
    } catch (ArithmeticException overflow) {
      throw QuiverException.user("a sum overflows 128 bits");
    }
    low[group] = sum;
    counts[group] += values;
  }

  @Override
  void merge(Accumulator other, int from, int count, int[] targets) {
    ExactSumAccumulator theirs = (ExactSumAccumulator) other;
    for (int i = 0; i < count; i++) {
      theirs.fold(from + i);
      add(targets[i], theirs.low[from + i], theirs.high[from + i], theirs.counts[from + i]);
    }
  }

  /** Integers of smaller magnitude are exact doubles. */
  private static final long EXACT_DOUBLE = 1L << 53;

  @Override
  void write(FieldVector out, int[] ids, int count) {
    write(out, ids, count, average);
  }

  /** Whether {@code other} (an AVG) can take its state from this accumulator ({@link SharedAverageAccumulator}). */
  boolean sumsLike(ExactSumAccumulator other) {
    return !average && other.average && kind == other.kind && scale == other.scale;
  }

  /** Writes the groups' sums, or their averages when {@code average} (for {@link SharedAverageAccumulator} too). */
  void write(FieldVector out, int[] ids, int count, boolean average) {
    ResultWriter.allocate(out, count);
    // fast paths without BigInteger: a sum in 64 bits into a BIGINT, an average of integers whose sum a double holds
    // exactly (then the one division is correctly rounded)
    boolean longOut = !average && scale == 0 && out instanceof BaseIntVector
        && ((ArrowType.Int) out.getField().getType()).getBitWidth() == Long.SIZE;
    boolean doubleAverage = average && scale == 0 && out instanceof Float8Vector;
    for (int i = 0; i < count; i++) {
      int group = ids[i];
      fold(group);
      if (counts[group] == 0) {
        continue;
      }
      boolean inLong = high[group] == (low[group] >> 63);
      if (longOut && inLong) {
        ((BaseIntVector) out).setWithPossibleTruncate(i, low[group]);
      } else if (doubleAverage && inLong && low[group] > -EXACT_DOUBLE && low[group] < EXACT_DOUBLE) {
        ((Float8Vector) out).set(i, (double) low[group] / counts[group]);
      } else if (!average && out instanceof DecimalVector decimal && decimal.getScale() == scale) {
        ResultWriter.setDecimal(decimal, i, low[group], high[group]);
      } else if (!average && out instanceof BaseIntVector && scale == 0 && high[group] == (low[group] >> 63)) {
        ResultWriter.setExact(out, i, BigDecimal.valueOf(low[group]));
      } else {
        BigDecimal sum = new BigDecimal(
            BigInteger.valueOf(high[group]).shiftLeft(64).or(BigInteger.valueOf(low[group]).and(LOW_MASK)), scale);
        if (!average) {
          ResultWriter.setExact(out, i, sum);
        } else if (out instanceof DecimalVector decimal) {
          ResultWriter.setExact(out, i,
              sum.divide(BigDecimal.valueOf(counts[group]), decimal.getScale(), RoundingMode.HALF_UP));
        } else if (out instanceof BaseIntVector) {
          ResultWriter.setExact(out, i, sum.divide(BigDecimal.valueOf(counts[group]), 0, RoundingMode.DOWN));
        } else {
          ResultWriter.setDouble(out, i, sum.divide(BigDecimal.valueOf(counts[group]), MathContext.DECIMAL64)
              .doubleValue());
        }
      }
    }
    out.setValueCount(count);
  }

  @Override
  void writeState(DataOutputStream out, int[] ids, int count) throws IOException {
    for (int k = 0; k < count; k++) {
      int i = ids[k];
      fold(i);
      out.writeLong(low[i]);
      out.writeLong(high[i]);
      out.writeLong(counts[i]);
    }
  }

  @Override
  void readState(DataInputStream in, int[] targets, int count) throws IOException {
    for (int i = 0; i < count; i++) {
      long readLow = in.readLong();
      long readHigh = in.readLong();
      add(targets[i], readLow, readHigh, in.readLong());
    }
  }
}
