package dev.quiver.sql.planner;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.calcite.plan.RelOptUtil;

/** Prints the logical plans of the TPC-H queries (a development aid). */
final class DumpLogical {
  private DumpLogical() {}

  public static void main(String[] args) throws Exception {
    var catalog = TpchCatalog.atScale(1);
    for (String arg : args) {
      String sql = Files.readString(Path.of("quiver-sql/src/test/resources/tpch/" + arg + ".sql"),
          StandardCharsets.UTF_8);
      QueryText text = QueryText.of(sql);
      long start = System.nanoTime();
      var planned = LogicalPlanning.plan(LogicalPlanning.parse(text.rewritten()), catalog, schema -> {});
      System.out.println("== " + arg + " " + (System.nanoTime() - start) / 1_000_000 + " ms");
      System.out.println(RelOptUtil.toString(planned.rel()));
    }
  }
}
