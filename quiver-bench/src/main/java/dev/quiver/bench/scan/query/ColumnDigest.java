package dev.quiver.bench.scan.query;

import dev.quiver.common.QuiverException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Checksums of every column of a decoded table that do not depend on the system that decoded it:
 * each value is first brought to a canonical form (integers of any width, dates as days,
 * timestamps as microseconds, decimals as unscaled value and scale, floats by their bits, strings by
 * their UTF-8 bytes whatever the vector class), hashed, mixed, and added up per column. A sum does
 * not depend on the order of rows or on how they are cut into batches, so a system that decodes in
 * parallel and returns batches out of order still agrees. Thread-safe.
 */
public final class ColumnDigest {
  private static final long NULL_HASH = 0x6e756c6c_6e756c6cL;

  private final List<String> names;
  private final AtomicLongArray sums;
  private final AtomicLongArray rows;

  public ColumnDigest(List<String> names) {
    this.names = List.copyOf(names);
    this.sums = new AtomicLongArray(names.size());
    this.rows = new AtomicLongArray(names.size());
  }

  /** Adds rows {@code [offset, offset + length)} of column {@code column}. */
  public void add(int column, FieldVector vector, int offset, int length) {
    long sum = 0;
    for (int i = offset; i < offset + length; i++) {
      sum += mix(vector.isNull(i) ? NULL_HASH : valueHash(vector, i));
    }
    sums.addAndGet(column, sum);
    rows.addAndGet(column, length);
  }

  /** Rows added to column 0. */
  public long rowCount() {
    return rows.get(0);
  }

  /** The checksums as compared across systems: {@code name=hex/rows ...}. */
  public String text() {
    StringBuilder text = new StringBuilder();
    for (int column = 0; column < names.size(); column++) {
      text.append(column == 0 ? "" : " ").append(names.get(column)).append('=')
          .append(Long.toHexString(sums.get(column))).append('/').append(rows.get(column));
    }
    return text.toString();
  }

  static long valueHash(FieldVector vector, int index) {
    if (vector instanceof BaseIntVector && !(vector instanceof BitVector)) {
      return ((BaseIntVector) vector).getValueAsLong(index);
    }
    if (vector instanceof DateDayVector) {
      return ((DateDayVector) vector).get(index);
    }
    if (vector instanceof DateMilliVector) {
      return Math.floorDiv(((DateMilliVector) vector).get(index), 86_400_000L);
    }
    if (vector instanceof TimeStampVector) {
      return micros((TimeStampVector) vector, index);
    }
    if (vector instanceof DecimalVector) {
      ArrowBuf data = vector.getDataBuffer();
      long at = (long) index * DecimalVector.TYPE_WIDTH;
      return mix(data.getLong(at)) ^ data.getLong(at + 8) * 31 ^ ((DecimalVector) vector).getScale();
    }
    if (vector instanceof Float8Vector) {
      return Double.doubleToLongBits(((Float8Vector) vector).get(index));
    }
    if (vector instanceof Float4Vector) {
      return Double.doubleToLongBits(((Float4Vector) vector).get(index));
    }
    if (vector instanceof BitVector) {
      return ((BitVector) vector).get(index);
    }
    if (vector instanceof BaseVariableWidthVector) {
      ArrowBuf offsets = vector.getOffsetBuffer();
      int start = offsets.getInt((long) index * 4);
      int end = offsets.getInt((long) (index + 1) * 4);
      return bytesHash(vector.getDataBuffer(), start, end);
    }
    if (vector instanceof BaseVariableWidthViewVector) {
      byte[] bytes = ((BaseVariableWidthViewVector) vector).get(index);
      long hash = 0xcbf29ce484222325L;
      for (byte b : bytes) {
        hash = (hash ^ (b & 0xFF)) * 0x100000001b3L;
      }
      return hash;
    }
    throw QuiverException
        .user("cannot checksum column " + vector.getName() + " of type " + vector.getField().getType());
  }

  private static long micros(TimeStampVector vector, int index) {
    long value = vector.get(index);
    switch (((ArrowType.Timestamp) vector.getField().getType()).getUnit()) {
      case SECOND:
        return value * 1_000_000L;
      case MILLISECOND:
        return value * 1_000L;
      case NANOSECOND:
        return Math.floorDiv(value, 1_000L);
      default:
        return value;
    }
  }

  private static long bytesHash(ArrowBuf data, long start, long end) {
    long hash = 0xcbf29ce484222325L;
    for (long i = start; i < end; i++) {
      hash = (hash ^ (data.getByte(i) & 0xFF)) * 0x100000001b3L;
    }
    return hash;
  }

  /** SplitMix64's finalizer. */
  static long mix(long value) {
    long z = value + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
