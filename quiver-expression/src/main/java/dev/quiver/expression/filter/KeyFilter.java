package dev.quiver.expression.filter;

import dev.quiver.common.simd.Simd;
import dev.quiver.common.stats.ZoneStatistics;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Comparator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * An interval or IN test on values read as long keys ({@link KeyType}). An interval over consecutive
 * rows of 32- or 64-bit integers (and 64-bit floats when {@link #VECTOR_DOUBLES}) runs {@link VectorIntervals} when {@link
 * Simd#enabled()}; the loops here are the scalar path (and the only one for selections, IN lists,
 * decimals and narrow types).
 */
final class KeyFilter implements ValueFilter {
  /** Whether intervals over consecutive rows take the vector kernels: chosen once, at class loading. */
  static final boolean VECTOR = Simd.enabled();
  /**
   * Whether float64 intervals take {@link VectorIntervals#doubles}: not yet. Measured here
   * (FilterKernelBenchmark, a loaded 2-core machine) it was faster at 15 % selectivity but had a
   * 58 ms/batch outlier at 1 %, so the scalar loop stays chosen until a quiet measurement says
   * otherwise; the kernel is tested ({@code VectorIntervalsTest}).
   */
  static final boolean VECTOR_DOUBLES = false;

  private static final BigInteger LONG_MINIMUM = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAXIMUM = BigInteger.valueOf(Long.MAX_VALUE);
  private static final int LINEAR_SEARCH_LIMIT = 8;

  private final KeyType keyType;
  private final int scale;
  private final long lower;
  private final long upper;
  private final long[] members;
  private final boolean negated;

  KeyFilter(KeyType keyType, ArrowType type, RawCondition condition) {
    this.keyType = keyType;
    this.scale = type instanceof ArrowType.Decimal decimal ? decimal.getScale() : 0;
    this.negated = condition.negated();
    if (condition.members() == null) {
      BigInteger[] interval = condition.clamped(LONG_MINIMUM, LONG_MAXIMUM);
      lower = interval[0].longValue();
      upper = interval[1].longValue();
      members = null;
    } else {
      lower = 0;
      upper = 0;
      members = condition.membersWithin(LONG_MINIMUM, LONG_MAXIMUM).stream().mapToLong(BigInteger::longValue).toArray();
    }
  }

  /**
   * This test as a raw interval on {@code column}, or null when its keys are not integer-like (floats,
   * booleans): what an encoded segment can evaluate without decoding.
   */
  RawInterval rawInterval(String column) {
    boolean integerLike = keyType == KeyType.INT8 || keyType == KeyType.INT16 || keyType == KeyType.INT32
        || keyType == KeyType.INT64 || keyType == KeyType.DECIMAL64;
    return integerLike ? new RawInterval(column, lower, upper, members, negated) : null;
  }

  @Override
  public int filter(FieldVector vector, int offset, int[] rows, int count, int[] out, Scratch scratch) {
    if (VECTOR && rows == null && members == null && count > 0) {
      int passed = vectorInterval(vector, offset, count, out);
      if (passed >= 0) {
        return passed;
      }
    }
    if (members == null && (keyType == KeyType.INT32 || keyType == KeyType.INT64 || keyType == KeyType.DECIMAL64)) {
      return interval(vector, offset, rows, count, out);
    }
    int[] candidates = scratch.candidates(count);
    int valid = Rows.nonNull(vector, offset, rows, count, candidates);
    long[] keys = scratch.keys(valid);
    keyType.read(vector, offset, candidates, valid, keys);
    int passed = 0;
    if (members == null) {
      long low = lower;
      long high = upper;
      boolean flip = negated;
      for (int j = 0; j < valid; j++) {
        long key = keys[j];
        out[passed] = candidates[j];
        passed += (key >= low && key <= high) != flip ? 1 : 0;
      }
    } else {
      for (int j = 0; j < valid; j++) {
        if (isMember(keys[j]) != negated) {
          out[passed++] = candidates[j];
        }
      }
    }
    return passed;
  }

  /** The vector interval over rows {@code 0..count-1}, or -1 when this type or interval has none. */
  private int vectorInterval(FieldVector vector, int offset, int count, int[] out) {
    int width = keyType == KeyType.INT32 ? 4
        : keyType == KeyType.INT64 || (keyType == KeyType.FLOAT64 && VECTOR_DOUBLES) ? 8 : 0;
    long bytes = (long) (offset + count) * width;
    if (width == 0 || bytes > Integer.MAX_VALUE) {
      return -1;
    }
    ByteBuffer data = vector.getDataBuffer().nioBuffer(0, (int) bytes);
    long validity = vector.getValidityBuffer().memoryAddress();
    if (keyType == KeyType.INT32) {
      long low = Math.max(lower, Integer.MIN_VALUE);
      long high = Math.min(upper, Integer.MAX_VALUE);
      return low > high ? -1 : VectorIntervals.ints(data, validity, offset, count, (int) low, (int) high, negated, out);
    }
    return keyType == KeyType.INT64
        ? VectorIntervals.longs(data, validity, offset, count, lower, upper, negated, out)
        : VectorIntervals.doubles(data, validity, offset, count, lower, upper, negated, out);
  }

  /**
   * The interval test on 32- and 64-bit keys in one pass straight over the vector's memory: each
   * row's validity bit and range test decide, without branches, whether it is kept.
   */
  private int interval(FieldVector vector, int offset, int[] rows, int count, int[] out) {
    long validity = vector.getValidityBuffer().memoryAddress();
    long data = vector.getDataBuffer().memoryAddress();
    long low = lower;
    long high = upper;
    int flip = negated ? 1 : 0;
    int width = keyType == KeyType.INT32 ? 4 : keyType == KeyType.INT64 ? 8 : 16;
    int passed = 0;
    for (int j = 0; j < count; j++) {
      int row = rows == null ? j : rows[j];
      int index = offset + row;
      long address = data + (long) index * width;
      long key = width == 4 ? MemoryUtil.getInt(address) : MemoryUtil.getLong(address);
      int valid = MemoryUtil.getByte(validity + (index >>> 3)) >> (index & 7) & 1;
      int inside = (key >= low && key <= high ? 1 : 0) ^ flip;
      out[passed] = row;
      passed += valid & inside;
    }
    return passed;
  }

  private boolean isMember(long key) {
    if (members.length <= LINEAR_SEARCH_LIMIT) {
      for (long member : members) {
        if (member == key) {
          return true;
        }
      }
      return false;
    }
    return Arrays.binarySearch(members, key) >= 0;
  }

  @Override
  public Truth prune(ZoneStatistics statistics) {
    Long zoneMinimum = keyType.minimumKey(statistics.minimum(), statistics.containsNaN(), scale);
    Long zoneMaximum = keyType.maximumKey(statistics.maximum(), statistics.containsNaN(), scale);
    Comparator<Long> order = Long::compare;
    if (members != null) {
      boolean exactBounds = !(statistics.minimum() instanceof BigDecimal minimum && minimum.scale() > scale)
          && !(statistics.maximum() instanceof BigDecimal maximum && maximum.scale() > scale);
      return RangePruning.members(statistics, zoneMinimum, zoneMaximum, exactBounds, order,
          Arrays.stream(members).boxed().toList(), negated);
    }
    return RangePruning.interval(statistics, zoneMinimum, zoneMaximum, order,
        new RangePruning.End<>(lower, true), new RangePruning.End<>(upper, true), negated);
  }
}
