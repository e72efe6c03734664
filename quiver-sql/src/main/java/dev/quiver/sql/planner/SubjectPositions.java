package dev.quiver.sql.planner;

import dev.quiver.sql.SqlException;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Positions for failures found while translating the plan, when Calcite's row expressions no longer
 * carry any: the parsed query is searched for the element the failure is about (its
 * {@link SqlException#subject}): a literal whose value it is, or a call of the function or operator
 * it names; the first one in the text wins.
 */
final class SubjectPositions {
  private SubjectPositions() {}

  /** {@code failure} at its subject's position in {@code parsed}, or {@code failure} when it has none. */
  static SqlException locate(SqlException failure, SqlNode parsed, QueryText text) {
    if (failure.line() > 0 || failure.subject() == null || parsed == null) {
      return failure;
    }
    String subject = failure.subject();
    SqlParserPos[] best = new SqlParserPos[1];
    parsed.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlLiteral literal) {
        String value = literal instanceof SqlCharStringLiteral string ? string.getValueAs(String.class)
            : literal.toValue();
        if (subject.equals(value)) {
          consider(literal.getParserPosition());
        }
        return null;
      }

      @Override
      public Void visit(SqlCall call) {
        String name = call.getOperator().getName();
        if (name.equalsIgnoreCase(subject) || call.getKind().name().equals(subject.toUpperCase(Locale.ROOT))) {
          consider(call.getParserPosition());
        }
        return super.visit(call);
      }

      private void consider(SqlParserPos position) {
        if (position == null || position.getLineNum() <= 0) {
          return;
        }
        if (best[0] == null || position.getLineNum() < best[0].getLineNum()
            || (position.getLineNum() == best[0].getLineNum()
                && position.getColumnNum() < best[0].getColumnNum())) {
          best[0] = position;
        }
      }
    });
    if (best[0] == null) {
      return failure;
    }
    int line = best[0].getLineNum();
    return failure.at(line, text.originalColumn(line, best[0].getColumnNum()));
  }
}
