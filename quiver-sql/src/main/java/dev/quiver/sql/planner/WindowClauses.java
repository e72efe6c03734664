package dev.quiver.sql.planner;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Named windows written out where they are used, on the parsed tree: {@code OVER w} becomes {@code OVER
 * (w's definition)} and {@code OVER (w ORDER BY ... ROWS ...)} the definition refined by the call's
 * order and frame. Calcite resolves such references itself but drops a refinement's frame offsets
 * ({@code OVER (w ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)} ran as {@code UNBOUNDED PRECEDING}); and
 * written out, the call's output name is DuckDB's ({@link OutputNames}).
 */
final class WindowClauses {
  private WindowClauses() {}

  /** Rewrites every SELECT of {@code query} in place. */
  static void apply(SqlNode query) {
    visit(query, Map.of());
  }

  private static void visit(SqlNode node, Map<String, SqlWindow> windows) {
    if (node instanceof SqlSelect select) {
      Map<String, SqlWindow> inScope = new HashMap<>(windows);
      for (SqlNode item : select.getWindowList()) {
        if (item instanceof SqlWindow window && window.getDeclName() != null) {
          inScope.put(key(window.getDeclName()), window);
        }
      }
      for (SqlNode operand : select.getOperandList()) {
        if (operand != select.getWindowList()) {
          visit(operand, inScope);
        }
      }
      return;
    }
    if (node instanceof SqlNodeList list) {
      for (SqlNode item : list) {
        visit(item, windows);
      }
      return;
    }
    if (!(node instanceof SqlCall call)) {
      return;
    }
    if (call.getKind() == SqlKind.OVER && call instanceof SqlBasicCall over && !windows.isEmpty()) {
      SqlNode spec = over.operand(1);
      SqlWindow resolved = resolve(spec, windows, 0);
      if (resolved != null) {
        over.setOperand(1, resolved);
      }
    }
    List<SqlNode> operands = call.getOperandList();
    for (SqlNode operand : operands) {
      if (operand != null) {
        visit(operand, windows);
      }
    }
  }

  private static String key(SqlIdentifier name) {
    return name.getSimple().toLowerCase(Locale.ROOT);
  }

  /** The window {@code spec} means, written out, or null when it names no window defined here. */
  private static SqlWindow resolve(SqlNode spec, Map<String, SqlWindow> windows, int depth) {
    if (depth > 32) {
      return null;
    }
    if (spec instanceof SqlIdentifier name) {
      SqlWindow named = windows.get(key(name));
      if (named == null) {
        return null;
      }
      SqlWindow base = named.getRefName() == null ? named : resolve(named, windows, depth + 1);
      return base == null ? null : copy(base, base, base);
    }
    if (!(spec instanceof SqlWindow window) || window.getRefName() == null) {
      return null;
    }
    SqlWindow base = resolve(window.getRefName(), windows, depth + 1);
    if (base == null) {
      return null;
    }
    boolean ownFrame = window.getLowerBound() != null || window.getUpperBound() != null;
    return copy(base, window.getOrderList() == null || window.getOrderList().isEmpty() ? base : window,
        ownFrame ? window : base);
  }

  private static SqlWindow copy(SqlWindow partition, SqlWindow order, SqlWindow frame) {
    SqlParserPos position = frame.getParserPosition();
    SqlNodeList partitionList = partition.getPartitionList() == null ? SqlNodeList.EMPTY
        : partition.getPartitionList();
    SqlNodeList orderList = order.getOrderList() == null ? SqlNodeList.EMPTY : order.getOrderList();
    return SqlWindow.create(null, null, partitionList, orderList, SqlLiteral.createBoolean(frame.isRows(), position),
        frame.getLowerBound(), frame.getUpperBound(), SqlLiteral.createBoolean(frame.isAllowPartial(), position),
        frame.getExclude(), position);
  }
}
