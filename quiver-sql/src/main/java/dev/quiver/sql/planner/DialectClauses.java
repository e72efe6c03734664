package dev.quiver.sql.planner;

import dev.quiver.sql.SqlException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlStarExclude;
import org.apache.calcite.sql.SqlStarReplace;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlNameMatchers;

/**
 * DuckDB's {@code GROUP BY ALL} and {@code ORDER BY ALL} on a parsed query ({@link QueryText} leaves
 * the identifier {@code "$ALL"} where {@code ALL} stood). {@code GROUP BY ALL} groups by every select
 * item that holds no aggregate (by ordinal; none: one group of all rows). {@code ORDER BY ALL [ASC |
 * DESC] [NULLS FIRST | LAST]} sorts by every output column from left to right: by ordinals when the
 * select list has no {@code *}; for the outermost query with a {@code *}, the sort (with its LIMIT and
 * OFFSET) is put on top of the plan ({@link OrderAll}), when the columns are known.
 */
final class DialectClauses {
  /** The outermost query's ORDER BY ALL left for the plan: its direction, null placement, offset and fetch. */
  record OrderAll(boolean descending, Boolean nullsFirst, SqlNode offset, SqlNode fetch) {
    RelFieldCollation collation(int field) {
      RelFieldCollation.Direction direction = descending ? RelFieldCollation.Direction.DESCENDING
          : RelFieldCollation.Direction.ASCENDING;
      RelFieldCollation.NullDirection nulls = nullsFirst == null || !nullsFirst
          ? RelFieldCollation.NullDirection.LAST : RelFieldCollation.NullDirection.FIRST;
      return new RelFieldCollation(field, direction, nulls);
    }
  }

  /**
   * The query to plan, the outermost ORDER BY ALL left for the plan (or null), and how many DISTINCT ON
   * expressions the outermost SELECT has (0: none): they are its last select items, named {@code
   * $on0, $on1, ...}, for the plan to keep the first row of each group of and then drop.
   */
  record Result(SqlNode query, OrderAll orderAll, int distinctOn, List<NestedDistinctOn.Spec> nestedDistinctOn) {}

  /** The name of the i-th DISTINCT ON expression among the outermost SELECT's items. */
  static String distinctOnName(int i) {
    return "$on" + i;
  }

  private DialectClauses() {}

  static Result apply(SqlNode query) {
    OrderAll[] outermost = new OrderAll[1];
    SqlNode root = query;
    if (root instanceof SqlOrderBy orderBy && isOrderAll(orderBy.orderList) && hasStar(orderBy.query)) {
      outermost[0] = orderAll(orderBy);
      root = orderBy.query;
    } else if (root instanceof SqlWith with && with.body instanceof SqlOrderBy orderBy
        && isOrderAll(orderBy.orderList) && hasStar(orderBy.query)) {
      outermost[0] = orderAll(orderBy);
      with.setOperand(1, orderBy.query);
    }
    int distinctOn = 0;
    SqlSelect outerSelect = outermostSelect(root);
    if (outerSelect != null && isDistinctOn(outerSelect)) {
      SqlBasicCall on = (SqlBasicCall) outerSelect.getSelectList().get(0);
      List<SqlNode> items = new ArrayList<>(outerSelect.getSelectList().getList().subList(1,
          outerSelect.getSelectList().size()));
      for (SqlNode expression : on.getOperandList()) {
        items.add(SqlStdOperatorTable.AS.createCall(expression.getParserPosition(), expression,
            new SqlIdentifier(distinctOnName(distinctOn++), SqlParserPos.ZERO)));
      }
      if (distinctOn == 0) {
        throw new SqlException(line(on), column(on), "DISTINCT ON needs at least one expression");
      }
      outerSelect.setSelectList(new SqlNodeList(items, outerSelect.getSelectList().getParserPosition()));
    }
    List<NestedDistinctOn.Spec> nested = NestedDistinctOn.rewrite(root);
    visit(root);
    return new Result(root, outermost[0], distinctOn, nested);
  }

  /** The SELECT of a query's outermost level (under its ORDER BY and WITH), or null (a UNION, VALUES). */
  static SqlSelect outermostSelect(SqlNode root) {
    SqlNode node = root;
    while (true) {
      if (node instanceof SqlOrderBy orderBy) {
        node = orderBy.query;
      } else if (node instanceof SqlWith with) {
        node = with.body;
      } else {
        return node instanceof SqlSelect select ? select : null;
      }
    }
  }

  /** Whether {@code select} starts with the DISTINCT ON marker {@link QueryText} left. */
  static boolean isDistinctOn(SqlSelect select) {
    return !select.getSelectList().isEmpty() && select.getSelectList().get(0) instanceof SqlBasicCall call
        && call.getOperator().getName().equals(QueryText.DISTINCT_ON_MARKER);
  }

  private static void visit(SqlNode node) {
    if (node instanceof SqlOrderBy orderBy && isOrderAll(orderBy.orderList)) {
      if (hasStar(orderBy.query)) {
        throw new SqlException(line(orderBy.orderList), column(orderBy.orderList),
            "ORDER BY ALL in a sub-query with * is not supported; name the columns to sort by");
      }
      OrderAll order = orderAll(orderBy);
      int count = selectOf(orderBy.query).getSelectList().size();
      SqlParserPos position = orderBy.orderList.getParserPosition();
      orderBy.orderList.clear();
      for (int i = 1; i <= count; i++) {
        SqlNode ordinal = SqlLiteral.createExactNumeric(String.valueOf(i), position);
        if (order.descending()) {
          ordinal = SqlStdOperatorTable.DESC.createCall(position, ordinal);
        }
        if (order.nullsFirst() != null) {
          ordinal = (order.nullsFirst() ? SqlStdOperatorTable.NULLS_FIRST : SqlStdOperatorTable.NULLS_LAST)
              .createCall(position, ordinal);
        }
        orderBy.orderList.add(ordinal);
      }
    }
    if (node instanceof SqlSelect select && select.getGroup() != null && select.getGroup().size() == 1
        && isMarker(select.getGroup().get(0))) {
      groupByAll(select);
    }
    if (node instanceof SqlCall call) {
      List<SqlNode> operands = call.getOperandList();
      for (int i = 0; i < operands.size(); i++) {
        SqlNode operand = operands.get(i);
        SqlNode empty = emptyIn(operand);
        if (empty != null) {
          call.setOperand(i, empty);
          operand = empty;
        }
        if (operand != null) {
          visit(operand);
        }
      }
    } else if (node instanceof SqlNodeList list) {
      for (int i = 0; i < list.size(); i++) {
        SqlNode empty = emptyIn(list.get(i));
        if (empty != null) {
          list.set(i, empty);
        }
        if (list.get(i) != null) {
          visit(list.get(i));
        }
      }
    }
  }

  /**
   * {@code x IN ()} as DuckDB answers it: FALSE, or NULL when x is NULL ({@code NOT IN ()}: TRUE or NULL),
   * written {@code CASE WHEN x IS NULL THEN NULL ELSE FALSE END}; null when the node is no empty IN.
   */
  private static SqlNode emptyIn(SqlNode node) {
    if (!(node instanceof SqlCall call) || (call.getKind() != SqlKind.IN && call.getKind() != SqlKind.NOT_IN)
        || !(call.operand(1) instanceof SqlNodeList list) || list.size() != 1
        || !(list.get(0) instanceof SqlIdentifier identifier) || !identifier.isSimple()
        || !identifier.getSimple().equals(QueryText.EMPTY_LIST_MARKER)) {
      return null;
    }
    SqlParserPos position = call.getParserPosition();
    SqlNode value = call.operand(0);
    SqlNodeList whens = new SqlNodeList(List.of(SqlStdOperatorTable.IS_NULL.createCall(position, value)), position);
    SqlNodeList thens = new SqlNodeList(List.of(SqlLiteral.createNull(position)), position);
    return new org.apache.calcite.sql.fun.SqlCase(position, null, whens, thens,
        SqlLiteral.createBoolean(call.getKind() == SqlKind.NOT_IN, position));
  }

  private static void groupByAll(SqlSelect select) {
    SqlNode marker = select.getGroup().get(0);
    List<SqlNode> keys = new ArrayList<>();
    int ordinal = 0;
    for (SqlNode item : select.getSelectList()) {
      ordinal++;
      if (item instanceof SqlIdentifier identifier && identifier.isStar()
          || item instanceof SqlStarExclude || item instanceof SqlStarReplace) {
        throw new SqlException(line(marker), column(marker),
            "GROUP BY ALL with * is not supported; name the columns to group by");
      }
      if (!hasAggregate(item)) {
        keys.add(SqlLiteral.createExactNumeric(String.valueOf(ordinal), marker.getParserPosition()));
      }
    }
    select.setGroupBy(keys.isEmpty() ? null : new SqlNodeList(keys, marker.getParserPosition()));
  }

  /** Whether {@code node} holds an aggregate call of its own query (not of a sub-query, not a window). */
  private static boolean hasAggregate(SqlNode node) {
    if (node instanceof SqlSelect || node instanceof SqlOrderBy || node instanceof SqlWith
        || node instanceof SqlWithItem) {
      return false;
    }
    if (node instanceof SqlNodeList list) {
      for (SqlNode element : list) {
        if (element != null && hasAggregate(element)) {
          return true;
        }
      }
      return false;
    }
    if (!(node instanceof SqlCall call)) {
      return false;
    }
    if (call.getKind() == SqlKind.OVER) {
      return false;
    }
    if (isAggregate(call)) {
      return true;
    }
    for (SqlNode operand : call.getOperandList()) {
      if (operand != null && hasAggregate(operand)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isAggregate(SqlCall call) {
    SqlOperator operator = call.getOperator();
    if (operator.isAggregator() || call.getKind() == SqlKind.FILTER || call.getKind() == SqlKind.WITHIN_GROUP) {
      return true;
    }
    if (operator.getSyntax() != SqlSyntax.FUNCTION && operator.getSyntax() != SqlSyntax.FUNCTION_STAR) {
      return false;
    }
    List<SqlOperator> found = new ArrayList<>();
    LogicalPlanning.OPERATORS.lookupOperatorOverloads(new SqlIdentifier(operator.getName(), SqlParserPos.ZERO),
        SqlFunctionCategory.USER_DEFINED_FUNCTION, SqlSyntax.FUNCTION, found, SqlNameMatchers.withCaseSensitive(false));
    return found.stream().anyMatch(SqlOperator::isAggregator);
  }

  private static boolean isOrderAll(SqlNodeList orderList) {
    return orderList != null && orderList.size() == 1 && isMarker(unwrap(orderList.get(0)));
  }

  private static OrderAll orderAll(SqlOrderBy orderBy) {
    SqlNode item = orderBy.orderList.get(0);
    Boolean nullsFirst = null;
    if (item.getKind() == SqlKind.NULLS_FIRST || item.getKind() == SqlKind.NULLS_LAST) {
      nullsFirst = item.getKind() == SqlKind.NULLS_FIRST;
      item = ((SqlBasicCall) item).operand(0);
    }
    boolean descending = item.getKind() == SqlKind.DESCENDING;
    return new OrderAll(descending, nullsFirst, orderBy.offset, orderBy.fetch);
  }

  private static SqlNode unwrap(SqlNode item) {
    SqlNode node = item;
    while (node.getKind() == SqlKind.NULLS_FIRST || node.getKind() == SqlKind.NULLS_LAST
        || node.getKind() == SqlKind.DESCENDING) {
      node = ((SqlBasicCall) node).operand(0);
    }
    return node;
  }

  private static boolean isMarker(SqlNode node) {
    return node instanceof SqlIdentifier identifier && identifier.isSimple()
        && identifier.getSimple().equalsIgnoreCase(QueryText.ALL_MARKER);
  }

  /** The leftmost SELECT of a query (of a UNION's first branch). */
  private static SqlSelect selectOf(SqlNode query) {
    SqlNode node = query;
    while (!(node instanceof SqlSelect)) {
      if (node instanceof SqlOrderBy orderBy) {
        node = orderBy.query;
      } else if (node instanceof SqlWith with) {
        node = with.body;
      } else if (node instanceof SqlCall call && !call.getOperandList().isEmpty()) {
        node = call.operand(0);
      } else {
        throw new SqlException(line(query), column(query), "ORDER BY ALL needs a SELECT to take its columns from");
      }
    }
    return (SqlSelect) node;
  }

  private static boolean hasStar(SqlNode query) {
    SqlSelect select;
    try {
      select = selectOf(query);
    } catch (SqlException noSelect) {
      return true;
    }
    for (SqlNode item : select.getSelectList()) {
      if (item instanceof SqlIdentifier identifier && identifier.isStar()) {
        return true;
      }
      if (item instanceof SqlStarExclude || item instanceof SqlStarReplace) {
        return true;
      }
    }
    return false;
  }

  private static int line(SqlNode node) {
    return node.getParserPosition().getLineNum();
  }

  private static int column(SqlNode node) {
    return node.getParserPosition().getColumnNum();
  }
}
