package dev.quiver.spark.read;

import dev.quiver.common.metrics.MetricsSnapshot;
import java.util.List;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The scan's metrics as Spark shows them (SQL tab, {@code BatchScanExec.metrics}): Spark names paired
 * with the Quiver scan metric each sums over a task's scans.
 */
public final class ReadMetrics {
  /** Spark name, Quiver scan metric, description. */
  static final List<String[]> METRICS = List.of(
      new String[] {"quiverSplits", "splits", "Quiver splits read"},
      new String[] {"quiverRowsScanned", "rows.scanned", "rows evaluated after zone pruning"},
      new String[] {"quiverZonesPruned", "zones.pruned", "zones skipped by zone maps"},
      new String[] {"quiverSegmentsRead", "segments.requested", "data segments read"},
      new String[] {"quiverBytesRead", "bytes.read", "bytes read from files"},
      new String[] {"quiverBytesDecoded", "bytes.decoded", "bytes decoded"});

  private final long[] totals = new long[METRICS.size()];

  void add(MetricsSnapshot snapshot) {
    for (int m = 0; m < totals.length; m++) {
      totals[m] += value(snapshot, METRICS.get(m)[1]);
    }
  }

  CustomTaskMetric[] values(MetricsSnapshot running) {
    CustomTaskMetric[] values = new CustomTaskMetric[totals.length];
    for (int m = 0; m < totals.length; m++) {
      String name = METRICS.get(m)[0];
      long value = totals[m] + (running == null ? 0 : value(running, METRICS.get(m)[1]));
      values[m] = new TaskValue(name, value);
    }
    return values;
  }

  static CustomMetric[] supported() {
    CustomMetric[] metrics = new CustomMetric[METRICS.size()];
    for (int m = 0; m < metrics.length; m++) {
      metrics[m] = metric(m);
    }
    return metrics;
  }

  private static CustomMetric metric(int m) {
    return switch (m) {
      case 0 -> new Splits();
      case 1 -> new RowsScanned();
      case 2 -> new ZonesPruned();
      case 3 -> new SegmentsRead();
      case 4 -> new BytesRead();
      default -> new BytesDecoded();
    };
  }

  private static long value(MetricsSnapshot snapshot, String name) {
    return snapshot.has(name) ? snapshot.get(name) : 0;
  }

  private record TaskValue(String name, long value) implements CustomTaskMetric {}

  /** Spark instantiates metric classes by name on the driver: each needs a public no-argument constructor. */
  public static final class Splits extends CustomSumMetric {
    @Override
    public String name() {
      return METRICS.get(0)[0];
    }

    @Override
    public String description() {
      return METRICS.get(0)[2];
    }
  }

  public static final class RowsScanned extends CustomSumMetric {
    @Override
    public String name() {
      return METRICS.get(1)[0];
    }

    @Override
    public String description() {
      return METRICS.get(1)[2];
    }
  }

  public static final class ZonesPruned extends CustomSumMetric {
    @Override
    public String name() {
      return METRICS.get(2)[0];
    }

    @Override
    public String description() {
      return METRICS.get(2)[2];
    }
  }

  public static final class SegmentsRead extends CustomSumMetric {
    @Override
    public String name() {
      return METRICS.get(3)[0];
    }

    @Override
    public String description() {
      return METRICS.get(3)[2];
    }
  }

  public static final class BytesRead extends CustomSumMetric {
    @Override
    public String name() {
      return METRICS.get(4)[0];
    }

    @Override
    public String description() {
      return METRICS.get(4)[2];
    }
  }

  public static final class BytesDecoded extends CustomSumMetric {
    @Override
    public String name() {
      return METRICS.get(5)[0];
    }

    @Override
    public String description() {
      return METRICS.get(5)[2];
    }
  }
}
