package dev.quiver.spark.read;

import dev.quiver.common.batch.Batch;
import dev.quiver.expression.Expression;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.scan.aggregate.StatisticsAggregatePlan;
import dev.quiver.scan.aggregate.StatisticsAggregatePlanner;
import dev.quiver.scan.aggregate.StatisticsAggregateScan;
import dev.quiver.scan.aggregate.StatisticsCall;
import dev.quiver.spark.files.DataFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.Decimal;

/**
 * COUNT(*), COUNT, MIN and MAX without GROUP BY answered on the driver from footers and zone maps alone:
 * {@link #answer} returns the one result row when every zone the filter keeps is answered by its
 * statistics (no data segment read), else null (Spark aggregates the scan as usual).
 *
 * @param row the result, in Spark's internal values
 * @param segmentsRead data segments read to answer (footers only: 0)
 * @param description for EXPLAIN
 */
record StatisticsAnswer(InternalRow row, long segmentsRead, String description) {
  static StatisticsAnswer answer(List<DataFile> files, List<StatisticsCall> calls, Expression filter) {
    List<QuiverFile> opened = new ArrayList<>();
    try {
      for (DataFile file : files) {
        opened.add(QuiverFile.open(Path.of(file.path())));
      }
      StatisticsAggregatePlan plan = StatisticsAggregatePlanner.plan(opened, calls, filter);
      if (plan.zonesScanned() != 0) {
        return null;
      }
      long segments = 0;
      for (QuiverFile file : opened) {
        segments += file.segments().segmentsRequested();
      }
      try (BufferAllocator allocator = new RootAllocator(Long.MAX_VALUE);
          StatisticsAggregateScan scan = StatisticsAggregateScan.fromStatisticsOnly(calls, plan);
          Batch state = scan.statisticsPart(allocator)) {
        Object[] values = new Object[calls.size()];
        for (int c = 0; c < calls.size(); c++) {
          values[c] = value(state.vector(c));
        }
        return new StatisticsAnswer(new GenericInternalRow(values), segments,
            "QuiverStatistics " + calls + " (" + plan.describe() + ")");
      }
    } catch (IOException failure) {
      throw new UncheckedIOException("reading footers for " + calls, failure);
    } finally {
      for (QuiverFile file : opened) {
        try {
          file.close();
        } catch (IOException ignored) {
          // footers were read; closing a read-only file cannot lose data
        }
      }
    }
  }

  /** Row 0 of a state vector as Spark's internal value. */
  private static Object value(FieldVector vector) {
    if (vector.isNull(0)) {
      return null;
    }
    if (vector instanceof BigIntVector longs) {
      return longs.get(0);
    } else if (vector instanceof IntVector ints) {
      return ints.get(0);
    } else if (vector instanceof SmallIntVector shorts) {
      return shorts.get(0);
    } else if (vector instanceof TinyIntVector bytes) {
      return bytes.get(0);
    } else if (vector instanceof DateDayVector days) {
      return days.get(0);
    } else if (vector instanceof BitVector bits) {
      return bits.get(0) == 1;
    } else if (vector instanceof DecimalVector decimals) {
      ArrowType.Decimal type = (ArrowType.Decimal) vector.getField().getType();
      return Decimal.apply(decimals.getObject(0), type.getPrecision(), type.getScale());
    } else if (vector instanceof TimeStampVector timestamps) {
      TimeUnit unit = ((ArrowType.Timestamp) vector.getField().getType()).getUnit();
      long value = timestamps.get(0);
      return switch (unit) {
        case SECOND -> Math.multiplyExact(value, 1_000_000L);
        case MILLISECOND -> Math.multiplyExact(value, 1_000L);
        case MICROSECOND -> value;
        case NANOSECOND -> Math.floorDiv(value, 1_000L);
      };
    }
    throw new IllegalStateException("no Spark value for a " + vector.getField().getType() + " statistic");
  }
}
