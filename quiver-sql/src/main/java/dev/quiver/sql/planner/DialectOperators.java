package dev.quiver.sql.planner;

import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.util.SqlOperatorTables;

/**
 * The operators of DuckDB's dialect that Calcite's Babel grammar parses but its standard operator
 * table lacks: the infix cast {@code x::INTEGER} (a CAST) and {@code TRY_CAST(x AS t)} (NULL where the
 * value does not convert).
 */
final class DialectOperators {
  static final SqlOperatorTable TABLE = SqlOperatorTables.of(SqlLibraryOperators.INFIX_CAST,
      SqlLibraryOperators.TRY_CAST);

  private DialectOperators() {}
}
