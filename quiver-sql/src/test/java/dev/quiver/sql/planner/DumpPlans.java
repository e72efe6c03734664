package dev.quiver.sql.planner;

import dev.quiver.exec.plan.PlanPrinter;

/** Prints the Quiver plans of TPC-H queries or of SQL given as arguments (a development aid). */
final class DumpPlans {
  private DumpPlans() {}

  public static void main(String[] args) throws Exception {
    SqlPlanner planner = new SqlPlanner(TpchCatalog.atScale(1));
    for (String arg : args) {
      String sql = arg.startsWith("q") && arg.length() == 3
          ? dev.quiver.datagen.tpch.TpchQueries.text(Integer.parseInt(arg.substring(1)))
          : arg;
      long start = System.nanoTime();
      try {
        var plan = planner.plan(sql);
        System.out.println("== " + arg + " " + (System.nanoTime() - start) / 1_000_000 + " ms");
        System.out.println(PlanPrinter.print(plan));
      } catch (RuntimeException failure) {
        System.out.println("== " + arg + " FAILED " + failure);
        if (!(failure instanceof dev.quiver.sql.SqlException)) {
          failure.printStackTrace(System.out);
        }
      }
    }
  }
}
