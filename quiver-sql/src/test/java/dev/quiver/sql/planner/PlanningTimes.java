package dev.quiver.sql.planner;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * Warm planning times of the 22 TPC-H queries over the scale-1 schemas (a development aid, not a
 * test): every query planned {@code rounds} times in one JVM, then the median and the least CPU
 * time of the planning thread over the last half of the rounds printed per query (CPU time, not wall time: the
 * machines are shared).
 */
final class PlanningTimes {
  private PlanningTimes() {}

  public static void main(String[] args) throws IOException {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
    SqlPlanner planner = new SqlPlanner(TpchCatalog.atScale(1));
    String[] queries = new String[23];
    for (int number = 1; number <= 22; number++) {
      queries[number] = TpchPlanningTest.query(number);
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long[][] nanos = new long[23][rounds];
    for (int round = 0; round < rounds; round++) {
      for (int number = 1; number <= 22; number++) {
        long started = threads.getCurrentThreadCpuTime();
        planner.plan(queries[number]);
        nanos[number][round] = threads.getCurrentThreadCpuTime() - started;
      }
    }
    double total = 0;
    double totalMinimum = 0;
    System.out.println("query  median  minimum (ms of CPU)");
    for (int number = 1; number <= 22; number++) {
      long[] warm = Arrays.copyOfRange(nanos[number], rounds / 2, rounds);
      Arrays.sort(warm);
      double median = warm[warm.length / 2] / 1e6;
      double minimum = warm[0] / 1e6;
      total += median;
      totalMinimum += minimum;
      System.out.printf("Q%02d %8.2f %8.2f%n", number, median, minimum);
    }
    System.out.printf("sum %8.2f %8.2f%n", total, totalMinimum);
  }
}
