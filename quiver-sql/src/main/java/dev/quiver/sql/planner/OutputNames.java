package dev.quiver.sql.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDateLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlTimestampLiteral;
import org.apache.calcite.sql.SqlUnknownLiteral;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.NlsString;

/**
 * The names of a query's output columns as DuckDB gives them, instead of Calcite's {@code EXPR$0}:
 * {@code count(*)} is {@code count_star()}, {@code sum(x)} is {@code sum(x)}, {@code x + 1} is
 * {@code (x + 1)}, a literal {@code 8} is {@code 8}, {@code 'a'} is {@code 'a'}. Each unnamed item of
 * the outermost SELECT whose DuckDB name is known gets that name as its alias (sub-queries keep
 * Calcite's names: they are not visible). Items of other shapes keep Calcite's name.
 */
final class OutputNames {
  private OutputNames() {}

  /** Names the outermost SELECT's unnamed items of {@code query} (changed in place). */
  static void apply(SqlNode query) {
    apply(query, null);
  }

  /**
   * Names the outermost SELECT's unnamed items of {@code query} (changed in place); {@code text} tells
   * where the query wrote DuckDB's {@code //}, which the parser saw as {@code /}.
   */
  static void apply(SqlNode query, QueryText text) {
    SqlSelect select = DialectClauses.outermostSelect(query);
    if (select == null) {
      return;
    }
    SqlNodeList items = select.getSelectList();
    List<SqlNode> named = new ArrayList<>(items.size());
    for (SqlNode item : items) {
      String name = item instanceof SqlIdentifier || item.getKind() == SqlKind.AS ? null : name(item);
      if (name != null && text != null) {
        name = withIntegerDivisions(name, item.getParserPosition(), text);
      }
      if (name != null) {
        name = GroupsFrames.named(name);
      }
      named.add(name == null ? item
          : SqlStdOperatorTable.AS.createCall(item.getParserPosition(), item,
              new SqlIdentifier(name, SqlParserPos.ZERO)));
    }
    select.setSelectList(new SqlNodeList(named, items.getParserPosition()));
  }

  /**
   * {@code name} with its divisions spelled {@code //} when every division of the item was written so
   * (the parser reads {@code //} as {@code /}); unchanged when the item mixes the two.
   */
  private static String withIntegerDivisions(String name, SqlParserPos position, QueryText text) {
    int written = text.integerDivisionsWithin(position.getLineNum(), position.getColumnNum(),
        position.getEndLineNum(), position.getEndColumnNum());
    if (written == 0) {
      return name;
    }
    int shown = name.split(" / ", -1).length - 1;
    return shown == written ? name.replace(" / ", " // ") : name;
  }

  /** DuckDB's name of an expression, or null when this class does not know it. */
  static String name(SqlNode node) {
    if (node instanceof SqlIdentifier identifier) {
      return identifier.isStar() ? null : identifier.names.get(identifier.names.size() - 1);
    }
    if (node instanceof SqlLiteral literal) {
      return literal(literal);
    }
    if (node instanceof SqlCase caseNode) {
      return caseName(caseNode);
    }
    if (node instanceof SqlBasicCall call) {
      return call(call);
    }
    return null;
  }

  private static String literal(SqlLiteral literal) {
    if (literal instanceof SqlCharStringLiteral text) {
      NlsString value = text.getValueAs(NlsString.class);
      return "'" + value.getValue().replace("'", "''") + "'";
    }
    if (literal instanceof SqlNumericLiteral number) {
      return number.toValue();
    }
    if (literal instanceof SqlUnknownLiteral typed) {
      return "CAST('" + typed.getValue() + "' AS " + typed.tag.toUpperCase(Locale.ROOT) + ")";
    }
    if (literal instanceof SqlDateLiteral || literal instanceof SqlTimestampLiteral) {
      String type = literal instanceof SqlDateLiteral ? "DATE" : "TIMESTAMP";
      return "CAST('" + literal.toValue() + "' AS " + type + ")";
    }
    return switch (literal.getTypeName()) {
      case BOOLEAN -> String.valueOf(literal.booleanValue());
      case NULL -> "NULL";
      default -> null;
    };
  }

  private static String caseName(SqlCase caseNode) {
    if (caseNode.getValueOperand() != null) {
      return null;
    }
    StringBuilder name = new StringBuilder("CASE ");
    for (int i = 0; i < caseNode.getWhenOperands().size(); i++) {
      String condition = name(caseNode.getWhenOperands().get(i));
      String value = name(caseNode.getThenOperands().get(i));
      if (condition == null || value == null) {
        return null;
      }
      name.append(" WHEN (").append(condition).append(") THEN (").append(value).append(')');
    }
    String otherwise = caseNode.getElseOperand() == null ? "NULL" : name(caseNode.getElseOperand());
    return otherwise == null ? null : name.append(" ELSE ").append(otherwise).append(" END").toString();
  }

  private static String call(SqlBasicCall call) {
    List<SqlNode> operands = call.getOperandList();
    SqlKind kind = call.getKind();
    String infix = infix(call);
    if (infix != null && operands.size() == 2) {
      String left = name(operands.get(0));
      String right = name(operands.get(1));
      return left == null || right == null ? null : "(" + left + " " + infix + " " + right + ")";
    }
    switch (kind) {
      case FILTER: {
        // count(*) FILTER (WHERE x > 1) is count_star() FILTER (WHERE (x > 1)), as DuckDB names it
        String aggregate = name(operands.get(0));
        String condition = name(operands.get(1));
        return aggregate == null || condition == null ? null : aggregate + " FILTER (WHERE " + condition + ")";
      }
      case MINUS_PREFIX: {
        if (operands.get(0) instanceof SqlNumericLiteral number) {
          return "-" + number.toValue();
        }
        String operand = name(operands.get(0));
        return operand == null ? null : "(-(" + operand + "))";
      }
      case NOT: {
        String operand = name(operands.get(0));
        return operand == null ? null : "(NOT " + operand + ")";
      }
      case IS_NULL:
      case IS_NOT_NULL: {
        String operand = name(operands.get(0));
        return operand == null ? null : "(" + operand + (kind == SqlKind.IS_NULL ? " IS NULL)" : " IS NOT NULL)");
      }
      case BETWEEN: {
        List<String> parts = names(operands.subList(operands.size() - 3, operands.size()));
        if (parts == null || operands.size() != 3) {
          return null;
        }
        String between = "(" + parts.get(0) + " BETWEEN " + parts.get(1) + " AND " + parts.get(2) + ")";
        return call.getOperator() == SqlStdOperatorTable.BETWEEN ? between
            : call.getOperator() == SqlStdOperatorTable.NOT_BETWEEN ? "(NOT " + between + ")" : null;
      }
      case EXTRACT: {
        String value = name(operands.get(1));
        String unit = operands.get(0) instanceof SqlIntervalQualifier qualifier ? extractUnit(qualifier) : null;
        return value == null || unit == null ? null : "date_part('" + unit + "', " + value + ")";
      }
      case TRIM: {
        String flag = operands.get(0) instanceof SqlLiteral literal ? String.valueOf(literal.getValue()) : "";
        String characters = name(operands.get(1));
        String value = name(operands.get(2));
        if (characters == null || value == null) {
          return null;
        }
        String function = flag.equals("LEADING") ? "ltrim" : flag.equals("TRAILING") ? "rtrim" : "\"trim\"";
        return function + "(" + value + (characters.equals("' '") ? "" : ", " + characters) + ")";
      }
      case NOT_IN: {
        String inner = inList(operands);
        return inner == null ? null : "(NOT " + inner + ")";
      }
      case IN: {
        String value = name(operands.get(0));
        List<String> list = operands.get(1) instanceof SqlNodeList values ? names(values.getList()) : null;
        return value == null || list == null ? null : "(" + value + " IN (" + String.join(", ", list) + "))";
      }
      case OVER:
        return over(operands.get(0), operands.get(1));
      case CAST: {
        String value = name(operands.get(0));
        return value == null || !(operands.get(1) instanceof SqlDataTypeSpec type) ? null
            : "CAST(" + value + " AS " + typeName(type) + ")";
      }
      default:
        return function(call);
    }
  }

  /**
   * A window call as DuckDB names it: {@code sum(x) OVER (PARTITION BY g ORDER BY k DESC ROWS BETWEEN 1
   * PRECEDING AND CURRENT ROW)}; {@code count(*)} is {@code count()}, the default frame is left out. Named
   * windows were written out before ({@link WindowClauses}).
   */
  private static String over(SqlNode function, SqlNode spec) {
    String call = function instanceof SqlBasicCall count && count.getOperator().getName().equalsIgnoreCase("count")
        && count.operandCount() == 1 && count.operand(0) instanceof SqlIdentifier star && star.isStar() ? "count()"
            : name(function);
    if (call == null || !(spec instanceof org.apache.calcite.sql.SqlWindow window) || window.getRefName() != null) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    if (window.getPartitionList() != null && !window.getPartitionList().isEmpty()) {
      List<String> keys = names(window.getPartitionList().getList());
      if (keys == null) {
        return null;
      }
      parts.add("PARTITION BY " + String.join(", ", keys));
    }
    if (window.getOrderList() != null && !window.getOrderList().isEmpty()) {
      List<String> keys = new ArrayList<>();
      for (SqlNode key : window.getOrderList()) {
        String text = orderKey(key);
        if (text == null) {
          return null;
        }
        keys.add(text);
      }
      parts.add("ORDER BY " + String.join(", ", keys));
    }
    SqlNode lower = window.getLowerBound();
    SqlNode upper = window.getUpperBound();
    boolean defaultFrame = lower == null || !window.isRows()
        && org.apache.calcite.sql.SqlWindow.isUnboundedPreceding(lower)
        && (upper == null || org.apache.calcite.sql.SqlWindow.isCurrentRow(upper));
    if (!defaultFrame) {
      String from = bound(lower);
      String to = upper == null ? "CURRENT ROW" : bound(upper);
      if (from == null || to == null) {
        return null;
      }
      parts.add((window.isRows() ? "ROWS" : "RANGE") + " BETWEEN " + from + " AND " + to);
    }
    return call + " OVER (" + String.join(" ", parts) + ")";
  }

  private static String orderKey(SqlNode key) {
    if (key instanceof SqlBasicCall call && (call.getKind() == SqlKind.DESCENDING
        || call.getKind() == SqlKind.NULLS_FIRST || call.getKind() == SqlKind.NULLS_LAST)) {
      String inner = orderKey(call.operand(0));
      String suffix = switch (call.getKind()) {
        case DESCENDING -> " DESC";
        case NULLS_FIRST -> " NULLS FIRST";
        default -> " NULLS LAST";
      };
      return inner == null ? null : inner + suffix;
    }
    return name(key);
  }

  private static String bound(SqlNode bound) {
    if (org.apache.calcite.sql.SqlWindow.isUnboundedPreceding(bound)) {
      return "UNBOUNDED PRECEDING";
    }
    if (org.apache.calcite.sql.SqlWindow.isUnboundedFollowing(bound)) {
      return "UNBOUNDED FOLLOWING";
    }
    if (org.apache.calcite.sql.SqlWindow.isCurrentRow(bound)) {
      return "CURRENT ROW";
    }
    if (bound instanceof SqlBasicCall call && (call.getKind() == SqlKind.PRECEDING
        || call.getKind() == SqlKind.FOLLOWING) && call.operand(0) instanceof SqlNumericLiteral offset) {
      return offset.toValue() + (call.getKind() == SqlKind.PRECEDING ? " PRECEDING" : " FOLLOWING");
    }
    return null;
  }

  private static String between(List<SqlNode> operands) {
    List<String> parts = operands.size() == 3 ? names(operands) : null;
    return parts == null ? null : "(" + parts.get(0) + " BETWEEN " + parts.get(1) + " AND " + parts.get(2) + ")";
  }

  private static String inList(List<SqlNode> operands) {
    String value = name(operands.get(0));
    List<String> list = operands.get(1) instanceof SqlNodeList values ? names(values.getList()) : null;
    return value == null || list == null ? null : "(" + value + " IN (" + String.join(", ", list) + "))";
  }

  private static String function(SqlBasicCall call) {
    if (call.getOperator().getSyntax() != org.apache.calcite.sql.SqlSyntax.FUNCTION) {
      return null;
    }
    String function = call.getOperator().getName().toLowerCase(Locale.ROOT);
    List<SqlNode> operands = call.getOperandList();
    if (function.equals("count") && operands.size() == 1 && operands.get(0) instanceof SqlIdentifier star
        && star.isStar()) {
      return "count_star()";
    }
    List<String> arguments = names(operands);
    if (arguments == null) {
      return null;
    }
    String prefix = call.getFunctionQuantifier() == null ? ""
        : call.getFunctionQuantifier().toValue().toUpperCase(Locale.ROOT) + " ";
    String shown = switch (function) {
      case "coalesce" -> "COALESCE";
      case "nullif", "substring" -> "\"" + function + "\"";
      case "btrim" -> "\"trim\"";
      default -> function;
    };
    return shown + "(" + prefix + String.join(", ", arguments) + ")";
  }

  /**
   * The part EXTRACT names as DuckDB spells it in {@code date_part('...', x)}: its keywords in capitals
   * ({@code YEAR}, {@code MILLISECONDS}), other parts in small letters ({@code dow}, {@code epoch}).
   */
  private static String extractUnit(SqlIntervalQualifier qualifier) {
    String unit = qualifier.timeFrameName != null ? qualifier.timeFrameName : qualifier.getStartUnit().name();
    return switch (unit.toUpperCase(Locale.ROOT)) {
      case "YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND", "QUARTER", "WEEK", "CENTURY", "DECADE",
          "MILLENNIUM" ->
        unit.toUpperCase(Locale.ROOT);
      case "MILLISECOND" -> "MILLISECONDS";
      case "MICROSECOND" -> "MICROSECONDS";
      default -> unit.toLowerCase(Locale.ROOT);
    };
  }

  /** DuckDB's spelling of a cast's type: INT is INTEGER, DECIMAL(10,2) is DECIMAL(10, 2). */
  private static String typeName(SqlDataTypeSpec type) {
    String name = type.getTypeName().getSimple().toUpperCase(Locale.ROOT);
    name = switch (name) {
      case "INT", "INT4" -> "INTEGER";
      case "INT8" -> "BIGINT";
      case "FLOAT8" -> "DOUBLE";
      case "STRING", "TEXT" -> "VARCHAR";
      default -> name;
    };
    if (type.getTypeNameSpec() instanceof org.apache.calcite.sql.SqlBasicTypeNameSpec basic
        && basic.getPrecision() >= 0 && name.equals("DECIMAL")) {
      return name + "(" + basic.getPrecision() + (basic.getScale() >= 0 ? ", " + basic.getScale() : "") + ")";
    }
    return name;
  }

  private static String infix(SqlBasicCall call) {
    return switch (call.getKind()) {
      case PLUS -> "+";
      case MINUS -> "-";
      case TIMES -> "*";
      case DIVIDE -> "/";
      case MOD -> "%";
      case EQUALS -> "=";
      case NOT_EQUALS -> "!=";
      case LESS_THAN -> "<";
      case LESS_THAN_OR_EQUAL -> "<=";
      case GREATER_THAN -> ">";
      case GREATER_THAN_OR_EQUAL -> ">=";
      case AND -> "AND";
      case OR -> "OR";
      case LIKE -> call.getOperator().getName().equals("LIKE") ? "~~"
          : call.getOperator().getName().equals("NOT LIKE") ? "!~~" : null;
      default -> call.getOperator().getName().equals("||") ? "||" : null;
    };
  }

  private static List<String> names(List<SqlNode> nodes) {
    List<String> names = new ArrayList<>(nodes.size());
    for (SqlNode node : nodes) {
      String name = name(node);
      if (name == null) {
        return null;
      }
      names.add(name);
    }
    return names;
  }
}
