package dev.quiver.scan.aggregate;

import dev.quiver.common.QuiverException;
import dev.quiver.common.stats.ZoneStatistics;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The state of {@link StatisticsCall}s over some rows: counts, and minimum, maximum or sum as 128-bit
 * two's complement values (integers, dates, times and timestamps by their stored value, decimals by
 * their unscaled value at the column's scale). Fed from zone or file statistics
 * ({@link #addStatistics}) and from scanned batches ({@link BatchAggregation}); merged; written as
 * one row of {@link #schema} (a count as BIGINT NOT NULL, a minimum or maximum in the column's type,
 * a sum as DECIMAL(38, column scale); NULL when no value was seen), which an engine merges with SUM
 * of counts and sums, MIN of minimums, MAX of maximums. Not thread-safe: one per thread.
 */
public final class PartialAggregate {
  final List<StatisticsCall> calls;
  final List<ArrowType> types;
  final int[] scales;
  /** COUNT(*): rows; COUNT: non-null values; MIN/MAX/SUM: values seen. */
  final long[] counts;
  final long[] high;
  final long[] low;

  /**
   * @param types per call its argument's type (null for COUNT(*)); every pair supported by
   *     {@link StatisticsCall#supports}
   */
  public PartialAggregate(List<StatisticsCall> calls, List<ArrowType> types) {
    if (calls.size() != types.size()) {
      throw new IllegalArgumentException(calls.size() + " calls, " + types.size() + " types");
    }
    this.calls = List.copyOf(calls);
    this.types = new ArrayList<>(types);
    int count = calls.size();
    scales = new int[count];
    counts = new long[count];
    high = new long[count];
    low = new long[count];
    for (int c = 0; c < count; c++) {
      ArrowType type = types.get(c);
      if (!StatisticsCall.supports(calls.get(c).function(), type)) {
        throw new IllegalArgumentException(calls.get(c) + " over " + type + " is not answered from statistics");
      }
      scales[c] = type instanceof ArrowType.Decimal decimal ? decimal.getScale() : 0;
    }
  }

  /** An empty state of the same calls. */
  public PartialAggregate empty() {
    return new PartialAggregate(calls, types);
  }

  /** The row {@link #write} produces: per call one column named {@code partial_<i>}. */
  public static Schema schema(List<StatisticsCall> calls, List<ArrowType> types) {
    List<Field> fields = new ArrayList<>();
    for (int c = 0; c < calls.size(); c++) {
      ArrowType type;
      boolean nullable = true;
      switch (calls.get(c).function()) {
        case COUNT_ROWS:
        case COUNT:
          type = new ArrowType.Int(64, true);
          nullable = false;
          break;
        case SUM:
          type = new ArrowType.Decimal(38,
              types.get(c) instanceof ArrowType.Decimal decimal ? decimal.getScale() : 0, 128);
          break;
        default:
          type = types.get(c);
          break;
      }
      fields.add(new Field("partial_" + c, new FieldType(nullable, type, null), null));
    }
    return new Schema(fields);
  }

  public Schema schema() {
    return schema(calls, types);
  }

  /**
   * Whether statistics of a zone (or file) of {@code rows} rows answer call {@code c}: present, of
   * those rows, exact (not truncated), with the minimum, maximum or sum the call needs whenever the
   * zone holds a non-null value. COUNT(*) needs none.
   */
  public boolean answers(int c, ZoneStatistics statistics, long rows) {
    StatisticsCall.Function function = calls.get(c).function();
    if (function == StatisticsCall.Function.COUNT_ROWS) {
      return true;
    }
    if (statistics == null || statistics.rowCount() != rows || statistics.nullCount() < 0
        || statistics.nullCount() > rows) {
      return false;
    }
    if (function == StatisticsCall.Function.COUNT || statistics.allNull()) {
      return true;
    }
    if (statistics.truncated()) {
      return false;
    }
    Object value = switch (function) {
      case MIN -> statistics.minimum();
      case MAX -> statistics.maximum();
      default -> statistics.sum();
    };
    return unscaled(value, c) != null;
  }

  /** Adds a zone's statistics to call {@code c} (which {@link #answers} must have accepted). */
  public void addStatistics(int c, ZoneStatistics statistics, long rows) {
    StatisticsCall.Function function = calls.get(c).function();
    if (function == StatisticsCall.Function.COUNT_ROWS) {
      counts[c] += rows;
      return;
    }
    long values = statistics.rowCount() - statistics.nullCount();
    if (function == StatisticsCall.Function.COUNT) {
      counts[c] += values;
      return;
    }
    if (values == 0) {
      return;
    }
    Object value = switch (function) {
      case MIN -> statistics.minimum();
      case MAX -> statistics.maximum();
      default -> statistics.sum();
    };
    BigInteger unscaled = unscaled(value, c);
    if (unscaled == null) {
      throw new IllegalStateException(calls.get(c) + ": statistics " + statistics + " do not answer it");
    }
    accept(c, unscaled.shiftRight(64).longValue(), unscaled.longValue(), values);
  }

  /** Adds one value ({@code values} of them for a sum's count) to a MIN, MAX or SUM call. */
  void accept(int c, long valueHigh, long valueLow, long values) {
    long seen = counts[c];
    counts[c] = seen + values;
    switch (calls.get(c).function()) {
      case MIN:
        if (seen == 0 || compare(valueHigh, valueLow, high[c], low[c]) < 0) {
          high[c] = valueHigh;
          low[c] = valueLow;
        }
        break;
      case MAX:
        if (seen == 0 || compare(valueHigh, valueLow, high[c], low[c]) > 0) {
          high[c] = valueHigh;
          low[c] = valueLow;
        }
        break;
      case SUM:
        add(c, valueHigh, valueLow);
        break;
      default:
        throw new IllegalStateException(calls.get(c).toString());
    }
  }

  /** Adds a 128-bit value to call {@code c}'s sum; beyond 128 bits is a USER error, as the engine's. */
  void add(int c, long valueHigh, long valueLow) {
    long before = low[c];
    long sum = before + valueLow;
    long carry = Long.compareUnsigned(sum, before) < 0 ? 1 : 0;
    try {
      high[c] = Math.addExact(Math.addExact(high[c], valueHigh), carry);
    } catch (ArithmeticException overflow) {
      throw QuiverException.user("a sum overflows 128 bits");
    }
    low[c] = sum;
  }

  static int compare(long leftHigh, long leftLow, long rightHigh, long rightLow) {
    int byHigh = Long.compare(leftHigh, rightHigh);
    return byHigh != 0 ? byHigh : Long.compareUnsigned(leftLow, rightLow);
  }

  /** Adds another state of the same calls into this one. */
  public void merge(PartialAggregate other) {
    for (int c = 0; c < calls.size(); c++) {
      StatisticsCall.Function function = calls.get(c).function();
      if (function == StatisticsCall.Function.COUNT_ROWS || function == StatisticsCall.Function.COUNT) {
        counts[c] += other.counts[c];
      } else if (other.counts[c] > 0) {
        accept(c, other.high[c], other.low[c], other.counts[c]);
      }
    }
  }

  /** The count of call {@code c} (rows, values, or values seen). */
  public long count(int c) {
    return counts[c];
  }

  /** The state as one row of {@link #schema()}, owned by the caller. */
  public VectorSchemaRoot write(BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
    try {
      root.allocateNew();
      for (int c = 0; c < calls.size(); c++) {
        FieldVector vector = root.getVector(c);
        StatisticsCall.Function function = calls.get(c).function();
        if (function == StatisticsCall.Function.COUNT_ROWS || function == StatisticsCall.Function.COUNT) {
          ((BigIntVector) vector).set(0, counts[c]);
        } else if (counts[c] > 0) {
          ValueAccess.write(vector, 0, high[c], low[c]);
        } else {
          vector.setNull(0);
        }
      }
      root.setRowCount(1);
      return root;
    } catch (RuntimeException failure) {
      root.close();
      throw failure;
    }
  }

  /** A statistic as its unscaled 128-bit value at call {@code c}'s scale, or null when it is not one. */
  private BigInteger unscaled(Object value, int c) {
    if (types.get(c) instanceof ArrowType.Decimal) {
      if (!(value instanceof BigDecimal decimal)) {
        return null;
      }
      BigInteger unscaled;
      try {
        unscaled = decimal.setScale(scales[c]).unscaledValue();
      } catch (ArithmeticException inexact) {
        return null;
      }
      return unscaled.bitLength() < 128 ? unscaled : null;
    }
    return value instanceof Long number ? BigInteger.valueOf(number) : null;
  }
}
