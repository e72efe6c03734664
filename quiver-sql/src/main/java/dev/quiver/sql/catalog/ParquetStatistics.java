package dev.quiver.sql.catalog;

import dev.quiver.common.stats.ZoneStatistics;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * A Parquet table's column statistics from its footers: per column the smallest minimum and the
 * largest maximum over every row group of every file, and the nulls added up, in the value forms of
 * {@link ZoneStatistics} that Quiver's own files use (integers, dates, times and timestamps as Long, floats
 * as Double, booleans, strings and binaries as bytes, decimals as BigDecimal). A column has none
 * when any row group lacks its statistics or its null count, or its bounds are NaN; string bounds
 * are marked as bounds (writers may shorten them), floats with NaN values as containing NaN.
 */
final class ParquetStatistics {
  private final Schema schema;
  private final Map<String, Accumulator> columns = new HashMap<>();

  ParquetStatistics(Schema schema) {
    this(schema, false);
  }

  /**
   * @param strict whether a float column whose footer does not count its NaNs has no statistics (a
   *     NaN is not in a footer's bounds, so only a counted absence of NaN lets a filter skip on them)
   */
  private ParquetStatistics(Schema schema, boolean strict) {
    this.schema = schema;
    for (Field field : schema.getFields()) {
      columns.put(field.getName(), new Accumulator(field.getType(), strict));
    }
  }

  /** One row group's column statistics, for skipping it: strict about NaN (see the constructor). */
  static Map<String, ZoneStatistics> ofRowGroup(Schema schema, BlockMetaData rowGroup) {
    ParquetStatistics statistics = new ParquetStatistics(schema, true);
    statistics.add(List.of(rowGroup));
    return statistics.result();
  }

  /** Adds one file's row groups. */
  void add(List<BlockMetaData> rowGroups) {
    for (BlockMetaData rowGroup : rowGroups) {
      Map<String, ColumnChunkMetaData> chunks = new HashMap<>();
      for (ColumnChunkMetaData chunk : rowGroup.getColumns()) {
        if (chunk.getPath().size() == 1) {
          chunks.put(chunk.getPath().toArray()[0], chunk);
        }
      }
      for (Field field : schema.getFields()) {
        ColumnChunkMetaData chunk = chunks.get(field.getName());
        Accumulator accumulator = columns.get(field.getName());
        if (chunk == null) {
          accumulator.known = false;
        } else {
          accumulator.add(rowGroup.getRowCount(), chunk.getStatistics(), chunk.getPrimitiveType());
        }
      }
    }
  }

  /** The statistics of every column that has them. */
  Map<String, ZoneStatistics> result() {
    Map<String, ZoneStatistics> result = new HashMap<>();
    for (Map.Entry<String, Accumulator> column : columns.entrySet()) {
      ZoneStatistics statistics = column.getValue().statistics();
      if (statistics != null) {
        result.put(column.getKey(), statistics);
      }
    }
    return Map.copyOf(result);
  }

  /** One column's statistics so far. */
  private static final class Accumulator {
    private final ArrowType type;
    private final boolean strict;
    private boolean known = true;
    private long rows;
    private long nulls;
    private boolean containsNaN;
    private Object minimum;
    private Object maximum;

    Accumulator(ArrowType type, boolean strict) {
      this.type = type;
      this.strict = strict;
    }

    void add(long groupRows, Statistics<?> statistics, PrimitiveType column) {
      rows += groupRows;
      if (statistics == null || statistics.isEmpty() || !statistics.isNumNullsSet()) {
        known = false;
        return;
      }
      nulls += statistics.getNumNulls();
      if (strict && type instanceof ArrowType.FloatingPoint && !statistics.isNanCountSet()) {
        known = false;
        return;
      }
      if (statistics.isNanCountSet() && statistics.getNanCount() > 0) {
        containsNaN = true;
      }
      if (!statistics.hasNonNullValue()) {
        return;
      }
      LogicalTypeAnnotation annotation = column.getLogicalTypeAnnotation();
      Object low = value(statistics.genericGetMin(), annotation);
      Object high = value(statistics.genericGetMax(), annotation);
      if (low == null || high == null) {
        known = false;
        return;
      }
      minimum = minimum == null || compare(low, minimum) < 0 ? low : minimum;
      maximum = maximum == null || compare(high, maximum) > 0 ? high : maximum;
    }

    /**
     * A footer value in ZoneStatistics' form for this column's Arrow type, or null when not understood.
     * Unsigned integers (whose footer bounds are ordered unsigned) become their unsigned values, TIME
     * values in their Arrow unit (microseconds, nanoseconds for TIME(NANOS)).
     */
    private Object value(Object parquet, LogicalTypeAnnotation annotation) {
      boolean unsigned = annotation instanceof IntLogicalTypeAnnotation integer && !integer.isSigned();
      switch (type.getTypeID()) {
        case Int:
          if (parquet instanceof Integer value) {
            return unsigned ? Integer.toUnsignedLong(value) : (long) value;
          }
          return parquet instanceof Long value && !unsigned ? value : null;
        case Date:
        case Timestamp:
          return parquet instanceof Integer || parquet instanceof Long ? ((Number) parquet).longValue() : null;
        case Time:
          if (annotation instanceof TimeLogicalTypeAnnotation time) {
            return switch (time.getUnit()) {
              case MILLIS -> parquet instanceof Integer value ? value * 1_000L : null;
              case MICROS, NANOS -> parquet instanceof Long value ? value : null;
            };
          }
          return null;
        case FloatingPoint:
          if (parquet instanceof Float || parquet instanceof Double) {
            double value = ((Number) parquet).doubleValue();
            return Double.isNaN(value) ? null : value;
          }
          return null;
        case Bool:
          return parquet instanceof Boolean ? parquet : null;
        case Utf8:
        case Binary:
          return parquet instanceof Binary binary ? binary.getBytes() : null;
        case Decimal: {
          int scale = ((ArrowType.Decimal) type).getScale();
          if (unsigned) {
            return parquet instanceof Long value ? new BigDecimal(Long.toUnsignedString(value)) : null;
          }
          if (parquet instanceof Integer || parquet instanceof Long) {
            return BigDecimal.valueOf(((Number) parquet).longValue(), scale);
          }
          if (parquet instanceof Binary binary && binary.length() > 0) {
            return new BigDecimal(new BigInteger(binary.getBytes()), scale);
          }
          return null;
        }
        default:
          return null;
      }
    }

    @SuppressWarnings("unchecked")
    private static int compare(Object a, Object b) {
      if (a instanceof byte[] x && b instanceof byte[] y) {
        return Arrays.compareUnsigned(x, y);
      }
      return ((Comparable<Object>) a).compareTo(b);
    }

    ZoneStatistics statistics() {
      if (!known) {
        return null;
      }
      boolean bytes = type instanceof ArrowType.Utf8 || type instanceof ArrowType.Binary;
      return new ZoneStatistics(rows, nulls, minimum, maximum, bytes && minimum != null, null, containsNaN);
    }
  }
}
