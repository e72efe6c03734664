package dev.quiver.bench.scan;

/** The data sets of the scan suite, each one table. */
public enum DataSet {
  /** TPC-H lineitem ({@code quiver generate tpch}), sized by scale factor. */
  TPCH("tpch", "lineitem"),
  /** The ClickBench-like hits table ({@code quiver generate clickbench}), sized by rows. */
  CLICKBENCH("clickbench", "hits"),
  /** The FineWeb-like documents ({@code quiver generate fineweb}), sized by rows. */
  FINEWEB("fineweb", "fineweb");

  private final String label;
  private final String table;

  DataSet(String label, String table) {
    this.label = label;
    this.table = table;
  }

  public String label() {
    return label;
  }

  /** The table's name, also its files' base name. */
  public String table() {
    return table;
  }
}
