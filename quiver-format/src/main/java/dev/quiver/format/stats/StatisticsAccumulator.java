package dev.quiver.format.stats;

import dev.quiver.common.stats.ZoneStatistics;

import dev.quiver.format.FormatConstants;
import java.math.BigDecimal;
import java.util.Arrays;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;

/** Accumulates statistics over rows of one column, zone by zone or for a whole file. */
public final class StatisticsAccumulator {
  private final StatisticKind kind;
  private long rows;
  private long nulls;
  private long minimumLong;
  private long maximumLong;
  private double minimumDouble;
  private double maximumDouble;
  private byte[] minimumBytes;
  private byte[] maximumBytes;
  private BigDecimal minimumDecimal;
  private BigDecimal maximumDecimal;
  private boolean anyValue;
  private boolean containsNaN;
  private long sumLong;
  private boolean sumOverflowed;
  private double sumDouble;
  private BigDecimal sumDecimal = BigDecimal.ZERO;

  public StatisticsAccumulator(StatisticKind kind) {
    this.kind = kind;
  }

  public StatisticKind kind() {
    return kind;
  }

  public long rows() {
    return rows;
  }

  /** Adds rows {@code [start, start+count)} of {@code vector}. */
  public void add(FieldVector vector, int start, int count) {
    rows += count;
    int end = start + count;
    for (int i = start; i < end; i++) {
      if (vector.isNull(i)) {
        nulls++;
        continue;
      }
      switch (kind) {
        case INTEGER:
          addLong(integerAt(vector, i));
          break;
        case FLOAT:
          addDouble(vector instanceof Float8Vector ? ((Float8Vector) vector).get(i) : ((Float4Vector) vector).get(i));
          break;
        case BOOLEAN:
          addLong(((BitVector) vector).get(i));
          break;
        case BYTES:
          addBytes(vector, i);
          break;
        case DECIMAL:
          addDecimal(((DecimalVector) vector).getObject(i));
          break;
        default:
          break;
      }
    }
  }

  /** Integers, dates, times, timestamps and durations by their raw stored value. */
  private static long integerAt(FieldVector vector, int index) {
    if (vector instanceof BaseIntVector) {
      return ((BaseIntVector) vector).getValueAsLong(index);
    }
    BaseFixedWidthVector fixed = (BaseFixedWidthVector) vector;
    return fixed.getTypeWidth() == 4
        ? fixed.getDataBuffer().getInt((long) index * 4)
        : fixed.getDataBuffer().getLong((long) index * 8);
  }

  private void addLong(long value) {
    if (!anyValue) {
      minimumLong = value;
      maximumLong = value;
      anyValue = true;
    } else {
      minimumLong = Math.min(minimumLong, value);
      maximumLong = Math.max(maximumLong, value);
    }
    if (!sumOverflowed) {
      long next = sumLong + value;
      if (((sumLong ^ next) & (value ^ next)) < 0) {
        sumOverflowed = true;
      }
      sumLong = next;
    }
  }

  private void addDouble(double value) {
    sumDouble += value;
    if (Double.isNaN(value)) {
      containsNaN = true;
      return;
    }
    if (!anyValue) {
      minimumDouble = value;
      maximumDouble = value;
      anyValue = true;
    } else {
      if (Double.compare(value, minimumDouble) < 0) {
        minimumDouble = value;
      }
      if (Double.compare(value, maximumDouble) > 0) {
        maximumDouble = value;
      }
    }
  }

  private void addBytes(FieldVector vector, int index) {
    byte[] value;
    if (vector instanceof BaseVariableWidthVector) {
      value = ((BaseVariableWidthVector) vector).get(index);
    } else {
      value = ((FixedSizeBinaryVector) vector).get(index);
    }
    if (!anyValue) {
      minimumBytes = value;
      maximumBytes = value;
      anyValue = true;
    } else {
      if (Arrays.compareUnsigned(value, minimumBytes) < 0) {
        minimumBytes = value;
      }
      if (Arrays.compareUnsigned(value, maximumBytes) > 0) {
        maximumBytes = value;
      }
    }
  }

  private void addDecimal(BigDecimal value) {
    sumDecimal = sumDecimal.add(value);
    if (!anyValue) {
      minimumDecimal = value;
      maximumDecimal = value;
      anyValue = true;
    } else {
      minimumDecimal = minimumDecimal.min(value);
      maximumDecimal = maximumDecimal.max(value);
    }
  }

  /** The statistics so far. */
  public ZoneStatistics result() {
    Object minimum = null;
    Object maximum = null;
    Object sum = null;
    boolean truncated = false;
    switch (kind) {
      case INTEGER:
        if (anyValue) {
          minimum = minimumLong;
          maximum = maximumLong;
          sum = sumOverflowed ? null : sumLong;
        }
        break;
      case FLOAT:
        if (anyValue) {
          minimum = minimumDouble;
          maximum = maximumDouble;
        }
        sum = anyValue || containsNaN ? sumDouble : null;
        break;
      case BOOLEAN:
        if (anyValue) {
          minimum = minimumLong != 0;
          maximum = maximumLong != 0;
        }
        break;
      case BYTES:
        if (anyValue) {
          int limit = FormatConstants.STATISTIC_STRING_BYTES;
          minimum = minimumBytes.length > limit ? Arrays.copyOf(minimumBytes, limit) : minimumBytes;
          maximum = maximumBytes.length > limit ? upperBound(maximumBytes, limit) : maximumBytes;
          truncated = minimumBytes.length > limit || maximumBytes.length > limit;
        }
        break;
      case DECIMAL:
        if (anyValue) {
          minimum = minimumDecimal;
          maximum = maximumDecimal;
          sum = sumDecimal;
        }
        break;
      default:
        break;
    }
    return new ZoneStatistics(rows, nulls, minimum, maximum, truncated, sum, containsNaN);
  }

  /**
   * The shortest prefix-based value of at most {@code limit} bytes that is greater than or equal to
   * every string starting with {@code value}'s first {@code limit} bytes; null when none exists
   * (all 0xFF).
   */
  static byte[] upperBound(byte[] value, int limit) {
    byte[] bound = Arrays.copyOf(value, limit);
    for (int i = limit - 1; i >= 0; i--) {
      if ((bound[i] & 0xFF) != 0xFF) {
        bound[i]++;
        return Arrays.copyOf(bound, i + 1);
      }
    }
    return null;
  }
}
