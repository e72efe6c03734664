package dev.quiver.bench.clickbench;

import dev.quiver.bench.sql.SqlQueries;

/** The queries of a SQL suite over one generated table: which generator makes it, and its name. */
public interface GeneratedQueries extends SqlQueries {
  /** The generator ({@code quiver generate NAME}) and the data directory's prefix: {@code clickbench}, {@code fineweb}. */
  String dataSet();

  /** The table's name in the queries and its files' names ({@code hits}, {@code fineweb}). */
  String table();
}
