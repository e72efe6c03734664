package dev.quiver.sql.planner;

import dev.quiver.common.QuiverException;
import dev.quiver.sql.catalog.Catalog;
import dev.quiver.sql.catalog.DatabaseObjects;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * Views in a parsed query: every table name in a FROM clause that names a view of the database (and no
 * WITH query of the statement) becomes the view's query, parsed as a sub-query under the view's name,
 * so the whole query is validated, optimized and pushed down as one (a filter on a view reaches the
 * scan of its table). Views of views expand in turn, at most {@link #MAX_DEPTH} deep. A view's table
 * functions join the query's under names of their own.
 */
final class ViewExpansion {
  static final int MAX_DEPTH = 32;

  private final Catalog catalog;
  private final List<TableFunctionCall> tableFunctions;
  private final Set<String> withNames = new HashSet<>();
  private int views;

  private ViewExpansion(Catalog catalog, List<TableFunctionCall> tableFunctions) {
    this.catalog = catalog;
    this.tableFunctions = tableFunctions;
  }

  /**
   * The query with its views expanded; {@code tableFunctions} (the query's) gains the views' table
   * functions. The query itself when the catalog has no database.
   */
  static SqlNode apply(SqlNode query, Catalog catalog, List<TableFunctionCall> tableFunctions) {
    if (catalog.database() == null) {
      return query;
    }
    return new ViewExpansion(catalog, tableFunctions).expand(query, 0);
  }

  private SqlNode expand(SqlNode query, int depth) {
    if (depth > MAX_DEPTH) {
      throw QuiverException.user("views nest more than " + MAX_DEPTH + " deep (does a view name itself?)");
    }
    return query.accept(new SqlShuttle() {
      @Override
      public SqlNode visit(SqlCall call) {
        if (call instanceof SqlWith with) {
          for (SqlNode item : with.withList) {
            withNames.add(((SqlWithItem) item).name.getSimple().toLowerCase(Locale.ROOT));
          }
        }
        if (call instanceof SqlSelect select && select.getFrom() != null) {
          select.setFrom(from(select.getFrom(), depth));
        }
        if (call instanceof SqlJoin join) {
          join.setLeft(from(join.getLeft(), depth));
          join.setRight(from(join.getRight(), depth));
        }
        return super.visit(call);
      }
    });
  }

  /** A FROM item with a view's name replaced by its query. */
  private SqlNode from(SqlNode item, int depth) {
    if (item instanceof SqlIdentifier name) {
      SqlNode view = view(name, depth);
      return view == null ? item : as(view, name.names.get(name.names.size() - 1), name.getParserPosition());
    }
    if (item.getKind() == SqlKind.AS && item instanceof SqlBasicCall alias
        && alias.operand(0) instanceof SqlIdentifier name) {
      SqlNode view = view(name, depth);
      if (view != null) {
        alias.setOperand(0, view);
      }
      return item;
    }
    return item;
  }

  private SqlNode view(SqlIdentifier name, int depth) {
    if (name.names.size() > 2 || name.isStar()) {
      return null;
    }
    String table = name.names.get(name.names.size() - 1);
    String schema = name.names.size() == 2 ? name.names.get(0) : null;
    if (schema == null && withNames.contains(table.toLowerCase(Locale.ROOT))) {
      return null;
    }
    DatabaseObjects.View view = catalog.view(schema, table).orElse(null);
    if (view == null) {
      return null;
    }
    StringBuilder text = new StringBuilder("SELECT * FROM (").append(view.query()).append("\n) AS ")
        .append(quote(view.name()));
    if (!view.columnNames().isEmpty()) {
      text.append(" (");
      for (int i = 0; i < view.columnNames().size(); i++) {
        text.append(i > 0 ? ", " : "").append(quote(view.columnNames().get(i)));
      }
      text.append(')');
    }
    QueryText viewText = QueryText.of(text.toString());
    SqlNode parsed;
    try {
      parsed = LogicalPlanning.parse(viewText.rewritten());
    } catch (SqlParseException failure) {
      throw QuiverException.user("view " + view.name() + " no longer parses: " + failure.getMessage());
    }
    DialectClauses.Result clauses = DialectClauses.apply(parsed);
    if (!clauses.nestedDistinctOn().isEmpty() || clauses.distinctOn() > 0 || clauses.orderAll() != null) {
      throw QuiverException.user("view " + view.name() + ": DISTINCT ON and ORDER BY ALL inside a view are not"
          + " supported yet");
    }
    parsed = clauses.query();
    WindowClauses.apply(parsed);
    parsed = renameTableFunctions(parsed, viewText.tableFunctions());
    return expand(parsed, depth + 1);
  }

  /** The view's table functions under names no other table function of the query has. */
  private SqlNode renameTableFunctions(SqlNode parsed, List<TableFunctionCall> calls) {
    if (calls.isEmpty()) {
      return parsed;
    }
    int view = views++;
    List<String> from = new ArrayList<>();
    List<String> to = new ArrayList<>();
    for (TableFunctionCall call : calls) {
      String renamed = "$view" + view + call.identifier();
      from.add(call.identifier());
      to.add(renamed);
      tableFunctions.add(new TableFunctionCall(call.name(), renamed, call.text(), call.arguments(),
          call.namedArguments()));
    }
    return parsed.accept(new SqlShuttle() {
      @Override
      public SqlNode visit(SqlIdentifier identifier) {
        int index = identifier.names.size() == 1 ? from.indexOf(identifier.names.get(0)) : -1;
        return index < 0 ? identifier : new SqlIdentifier(to.get(index), identifier.getParserPosition());
      }
    });
  }

  private static SqlNode as(SqlNode query, String alias, SqlParserPos position) {
    return new SqlBasicCall(SqlStdOperatorTable.AS, List.of(query, new SqlIdentifier(alias, position)), position);
  }

  private static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
