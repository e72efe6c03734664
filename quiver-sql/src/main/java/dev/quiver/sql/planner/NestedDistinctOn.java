package dev.quiver.sql.planner;

import dev.quiver.sql.SqlException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * DISTINCT ON below the outermost SELECT (in a sub-query, a CTE, a UNION branch). Such a query {@code
 * SELECT DISTINCT ON (k, ...) items FROM ... [ORDER BY o, ...] [LIMIT n]} becomes {@code SELECT *
 * EXCLUDE (hidden) FROM (SELECT items, k AS "$on<q>_0", ..., o AS "$ob<q>_0", ... FROM ... [ORDER BY
 * ...] [LIMIT n]) AS "$don<q>"}: the keys and the ORDER BY's expressions ride along as hidden columns
 * (Calcite drops a sub-query's ORDER BY without LIMIT, so the order is carried here, not by its sort),
 * and {@link DistinctOnPlanning#nested} puts a {@link DistinctOnRel} over the projection that computes
 * them, ordered by the keys and then the ORDER BY.
 */
final class NestedDistinctOn {
  /** One rewritten query: its number, how many keys it has, and its ORDER BY's directions. */
  record Spec(int id, int keys, List<RelFieldCollation> order) {
    String keyName(int i) {
      return "$on" + id + "_" + i;
    }

    String orderName(int j) {
      return "$ob" + id + "_" + j;
    }
  }

  /**
   * {@code "$KEEP"(id, hidden, ...)}: TRUE, in the wrapper's WHERE so that conversion keeps the hidden
   * columns (nothing above uses them) until {@link DistinctOnPlanning#nested} puts the DISTINCT ON in
   * its place (its operands say which columns, even after projections merge). Not deterministic, so constant reduction leaves it alone.
   */
  static final org.apache.calcite.sql.SqlFunction KEEP = new org.apache.calcite.sql.SqlFunction("$KEEP",
      SqlKind.OTHER_FUNCTION, org.apache.calcite.sql.type.ReturnTypes.BOOLEAN, null,
      org.apache.calcite.sql.type.OperandTypes.VARIADIC, org.apache.calcite.sql.SqlFunctionCategory.SYSTEM) {
    @Override
    public boolean isDeterministic() {
      return false;
    }
  };

  private final List<Spec> specs = new ArrayList<>();

  private NestedDistinctOn() {}

  /** Rewrites every DISTINCT ON query below {@code root} (the outermost one is already done) in place. */
  static List<Spec> rewrite(SqlNode root) {
    NestedDistinctOn rewriter = new NestedDistinctOn();
    rewriter.walk(root);
    return List.copyOf(rewriter.specs);
  }

  private void walk(SqlNode node) {
    if (node instanceof SqlNodeList list) {
      for (int i = 0; i < list.size(); i++) {
        SqlNode child = list.get(i);
        if (child != null && isDistinctOnQuery(child)) {
          list.set(i, wrap(child));
        } else if (child != null) {
          walk(child);
        }
      }
    } else if (node instanceof SqlCall call) {
      List<SqlNode> operands = call.getOperandList();
      for (int i = 0; i < operands.size(); i++) {
        SqlNode child = operands.get(i);
        if (child != null && isDistinctOnQuery(child)) {
          call.setOperand(i, wrap(child));
        } else if (child != null) {
          walk(child);
        }
      }
    }
  }

  private static boolean isDistinctOnQuery(SqlNode node) {
    SqlNode query = node instanceof SqlOrderBy orderBy ? orderBy.query : node;
    return query instanceof SqlSelect select && DialectClauses.isDistinctOn(select);
  }

  private SqlNode wrap(SqlNode node) {
    SqlOrderBy orderBy = node instanceof SqlOrderBy sorted ? sorted : null;
    SqlSelect select = (SqlSelect) (orderBy == null ? node : orderBy.query);
    int id = specs.size() + 1;
    SqlBasicCall on = (SqlBasicCall) select.getSelectList().get(0);
    List<SqlNode> original = new ArrayList<>(select.getSelectList().getList().subList(1,
        select.getSelectList().size()));
    List<SqlNode> items = new ArrayList<>(original);
    List<String> hidden = new ArrayList<>();
    int keys = on.getOperandList().size();
    if (keys == 0) {
      throw new SqlException(on.getParserPosition().getLineNum(), on.getParserPosition().getColumnNum(),
          "DISTINCT ON needs at least one expression");
    }
    Spec spec = new Spec(id, keys, new ArrayList<>());
    for (int i = 0; i < keys; i++) {
      items.add(as(on.operand(i), spec.keyName(i)));
      hidden.add(spec.keyName(i));
    }
    List<RelFieldCollation> order = new ArrayList<>();
    if (orderBy != null) {
      for (int j = 0; j < orderBy.orderList.size(); j++) {
        SqlNode item = orderBy.orderList.get(j);
        Boolean nullsFirst = null;
        if (item.getKind() == SqlKind.NULLS_FIRST || item.getKind() == SqlKind.NULLS_LAST) {
          nullsFirst = item.getKind() == SqlKind.NULLS_FIRST;
          item = ((SqlBasicCall) item).operand(0);
        }
        boolean descending = item.getKind() == SqlKind.DESCENDING;
        if (descending) {
          item = ((SqlBasicCall) item).operand(0);
        }
        items.add(as(expressionOf(item, original), spec.orderName(j)));
        hidden.add(spec.orderName(j));
        order.add(new RelFieldCollation(j, descending ? RelFieldCollation.Direction.DESCENDING
            : RelFieldCollation.Direction.ASCENDING,
            nullsFirst != null && nullsFirst
                ? RelFieldCollation.NullDirection.FIRST : RelFieldCollation.NullDirection.LAST));
      }
    }
    specs.add(new Spec(id, keys, order));
    select.setSelectList(new SqlNodeList(items, select.getSelectList().getParserPosition()));
    StringBuilder wrapper = new StringBuilder("SELECT * EXCLUDE (");
    for (int i = 0; i < hidden.size(); i++) {
      wrapper.append(i == 0 ? "" : ", ").append('"').append(hidden.get(i)).append('"');
    }
    wrapper.append(") FROM (VALUES (1)) AS \"$don").append(id).append("\" WHERE \"$KEEP\"(").append(id);
    for (String name : hidden) {
      wrapper.append(", \"").append(name).append('"');
    }
    wrapper.append(')');
    SqlSelect outer;
    try {
      outer = (SqlSelect) LogicalPlanning.parse(wrapper.toString());
    } catch (SqlParseException impossible) {
      throw new IllegalStateException("the DISTINCT ON wrapper does not parse: " + wrapper, impossible);
    }
    ((SqlBasicCall) outer.getFrom()).setOperand(0, node);
    walk(node);
    return outer;
  }

  /** The expression an ORDER BY item stands for: a select item by ordinal or alias, else itself. */
  private static SqlNode expressionOf(SqlNode item, List<SqlNode> selectItems) {
    if (item instanceof SqlNumericLiteral number && number.isInteger()) {
      int ordinal = number.intValue(true);
      if (ordinal >= 1 && ordinal <= selectItems.size()) {
        return withoutAlias(selectItems.get(ordinal - 1));
      }
    }
    if (item instanceof SqlIdentifier identifier && identifier.isSimple()) {
      for (SqlNode selectItem : selectItems) {
        if (selectItem.getKind() == SqlKind.AS && ((SqlBasicCall) selectItem).operand(1) instanceof SqlIdentifier alias
            && alias.getSimple().equalsIgnoreCase(identifier.getSimple())) {
          return ((SqlBasicCall) selectItem).operand(0);
        }
      }
    }
    return item;
  }

  private static SqlNode withoutAlias(SqlNode item) {
    return item.getKind() == SqlKind.AS ? ((SqlBasicCall) item).operand(0) : item;
  }

  private static SqlNode as(SqlNode expression, String name) {
    return SqlStdOperatorTable.AS.createCall(expression.getParserPosition(), expression,
        new SqlIdentifier(name, SqlParserPos.ZERO));
  }
}
