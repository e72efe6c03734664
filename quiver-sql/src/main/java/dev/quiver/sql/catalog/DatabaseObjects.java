package dev.quiver.sql.catalog;

import dev.quiver.exec.source.TableSource;
import java.util.List;
import java.util.Optional;

/**
 * The tables and views of a database the catalog consults after the tables registered by name: what
 * {@code CREATE TABLE}, {@code CREATE VIEW} and {@code CREATE SCHEMA} made. A name without a schema is
 * looked up in the temporary schema, then {@code main}.
 */
public interface DatabaseObjects {
  /** The schema names looked up for a name without one, in order. */
  List<String> searchPath();

  /** The table {@code name} in {@code schema} (null: the search path), at its latest committed version. */
  Optional<TableSource> table(String schema, String name);

  /** The view {@code name} in {@code schema} (null: the search path). */
  Optional<View> view(String schema, String name);

  /** The schemas, sorted. */
  List<String> schemas();

  /** The tables and views of {@code schema}, sorted by name. */
  List<ObjectName> objects(String schema);

  /**
   * A view: a query stored by name.
   *
   * @param columnNames the names given to its columns ({@code CREATE VIEW v (a, b) AS ...}), or empty
   */
  record View(String schema, String name, String query, List<String> columnNames) {}

  /** A table or a view of a schema. */
  record ObjectName(String schema, String name, boolean isView) {}
}
