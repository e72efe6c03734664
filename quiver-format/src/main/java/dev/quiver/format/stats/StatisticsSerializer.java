package dev.quiver.format.stats;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.format.io.BinaryReader;
import dev.quiver.format.io.BinaryWriter;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Statistics in the footer: {@code varint rows, varint nulls, u8 flags} then, as the flags say,
 * minimum, maximum and sum encoded by kind (integers as zigzag varints, floats as their IEEE bits,
 * booleans as one byte, bytes with a varint length, decimals as the two's-complement bytes of the
 * unscaled value at the column's scale).
 */
public final class StatisticsSerializer {
  private StatisticsSerializer() {}

  private static final int HAS_MINIMUM = 1;
  private static final int HAS_MAXIMUM = 2;
  private static final int TRUNCATED = 4;
  private static final int HAS_SUM = 8;
  private static final int CONTAINS_NAN = 16;
  private static final int KNOWN_FLAGS = 31;

  public static void write(BinaryWriter out, StatisticKind kind, int scale, ZoneStatistics statistics) {
    int flags = (statistics.minimum() != null ? HAS_MINIMUM : 0)
        | (statistics.maximum() != null ? HAS_MAXIMUM : 0)
        | (statistics.truncated() ? TRUNCATED : 0)
        | (statistics.sum() != null ? HAS_SUM : 0)
        | (statistics.containsNaN() ? CONTAINS_NAN : 0);
    out.varint(statistics.rowCount()).varint(statistics.nullCount()).u8(flags);
    if (statistics.minimum() != null) {
      writeValue(out, kind, scale, statistics.minimum());
    }
    if (statistics.maximum() != null) {
      writeValue(out, kind, scale, statistics.maximum());
    }
    if (statistics.sum() != null) {
      writeValue(out, kind, scale, statistics.sum());
    }
  }

  private static void writeValue(BinaryWriter out, StatisticKind kind, int scale, Object value) {
    switch (kind) {
      case INTEGER:
        out.signedVarint((Long) value);
        break;
      case FLOAT:
        out.u64(Double.doubleToRawLongBits((Double) value));
        break;
      case BOOLEAN:
        out.u8((Boolean) value ? 1 : 0);
        break;
      case BYTES:
        out.bytes((byte[]) value);
        break;
      case DECIMAL:
        out.bytes(((BigDecimal) value).setScale(scale).unscaledValue().toByteArray());
        break;
      default:
        throw new IllegalArgumentException("no values for " + kind);
    }
  }

  /** Reads statistics; {@code maximumRows} bounds the row count (the zone's or the file's). */
  public static ZoneStatistics read(BinaryReader in, StatisticKind kind, int scale, long maximumRows)
      throws CorruptFileException {
    long rows = in.varint("statistics row count", 0, maximumRows);
    long nulls = in.varint("statistics null count", 0, rows);
    int flags = in.u8("statistics flags");
    if ((flags & ~KNOWN_FLAGS) != 0) {
      throw in.corrupt("statistics flags " + flags + " has unknown bits");
    }
    if (kind == StatisticKind.NONE && (flags & (HAS_MINIMUM | HAS_MAXIMUM | HAS_SUM)) != 0) {
      throw in.corrupt("statistics of a column without an order carry values");
    }
    if ((flags & HAS_SUM) != 0 && !kind.summable()) {
      throw in.corrupt("statistics of a non-numeric column carry a sum");
    }
    Object minimum = (flags & HAS_MINIMUM) != 0 ? readValue(in, kind, scale) : null;
    Object maximum = (flags & HAS_MAXIMUM) != 0 ? readValue(in, kind, scale) : null;
    Object sum = (flags & HAS_SUM) != 0 ? readValue(in, kind, scale) : null;
    if (minimum != null && maximum != null && StatisticsMerger.compare(kind, minimum, maximum) > 0) {
      throw in.corrupt("statistics minimum is greater than the maximum");
    }
    return new ZoneStatistics(rows, nulls, minimum, maximum, (flags & TRUNCATED) != 0, sum,
        (flags & CONTAINS_NAN) != 0);
  }

  private static Object readValue(BinaryReader in, StatisticKind kind, int scale) throws CorruptFileException {
    switch (kind) {
      case INTEGER:
        return in.signedVarint("statistic");
      case FLOAT:
        return Double.longBitsToDouble(in.u64("statistic"));
      case BOOLEAN: {
        int value = in.u8("statistic");
        if (value > 1) {
          throw in.corrupt("boolean statistic " + value);
        }
        return value == 1;
      }
      case BYTES:
        return in.bytes("statistic");
      case DECIMAL: {
        byte[] unscaled = in.bytes("decimal statistic");
        if (unscaled.length == 0 || unscaled.length > 64) {
          throw in.corrupt("decimal statistic of " + unscaled.length + " bytes");
        }
        return new BigDecimal(new BigInteger(unscaled), scale);
      }
      default:
        throw in.corrupt("statistic values for a column without an order");
    }
  }
}
