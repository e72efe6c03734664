package dev.quiver.sql.planner;

import dev.quiver.sql.SqlException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Why a recursive query cannot be typed. Calcite types a recursive query's columns from its first
 * part, types the recursive part from them, and takes the wider of the two; when the recursive part's
 * type grows with its input (a DECIMAL multiplied or added to: {@code m * 2}, {@code n + 0.5}) no type
 * holds every step and Calcite's conversion fails with an internal error. PostgreSQL refuses such a
 * query too ("column has type numeric(10,2) in non-recursive term but type numeric overall"); DuckDB
 * casts each step to the first part's type. The error names the recursive queries and the cast that
 * settles them.
 */
final class RecursiveTypes {
  private RecursiveTypes() {}

  /** The error for a query whose conversion failed, when it holds recursive queries; else null. */
  static SqlException explain(SqlNode validated) {
    List<SqlWithItem> recursive = new ArrayList<>();
    validated.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlCall call) {
        if (call instanceof SqlWithItem item && item.recursive.booleanValue()) {
          recursive.add(item);
        }
        return super.visit(call);
      }
    });
    if (recursive.isEmpty()) {
      return null;
    }
    SqlWithItem first = recursive.get(0);
    String names = recursive.size() == 1 ? "the recursive query " + first.name
        : "one of the recursive queries " + String.join(", ", recursive.stream().map(item -> item.name.toString())
            .toList());
    var position = first.name.getParserPosition();
    return new SqlException(position.getLineNum(), position.getColumnNum(), names + " has a column whose type"
        + " grows with each step (a DECIMAL multiplied or added to, such as m * 2 or n + 0.5), so no one type"
        + " holds every step; cast the recursive part's expression to the first part's type, e.g."
        + " CAST(m * 2 AS DECIMAL(10, 2)), as PostgreSQL requires");
  }
}
