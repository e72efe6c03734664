package dev.quiver.sql.planner;

import dev.quiver.exec.expression.Functions;
import dev.quiver.expression.Call;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Literal;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;

/** Translates the calls of {@link StringOperators} into engine calls (see {@link Functions}). */
final class StringCalls {
  private static final ArrowType BIGINT = new ArrowType.Int(64, true);

  private StringCalls() {}

  /** The engine expression of {@code call} (its operator's upper-case name {@code name}), or null when not one of ours. */
  static Expression translate(RexTranslator translator, String name, RexCall call) {
    List<RexNode> operands = call.getOperands();
    ArrowType type = RexTranslator.type(call);
    String function = switch (name) {
      case "SPLIT_PART" -> Functions.SPLIT_PART;
      case "REGEXP_EXTRACT" -> Functions.REGEXP_EXTRACT;
      case "REGEXP_FULL_MATCH" -> Functions.REGEXP_FULL_MATCH;
      case "CONCAT_WS" -> Functions.CONCAT_WS;
      case "LPAD" -> Functions.LPAD;
      case "RPAD" -> Functions.RPAD;
      case "LEFT" -> Functions.LEFT;
      case "RIGHT" -> Functions.RIGHT;
      case "REVERSE" -> Functions.REVERSE;
      case "CHR" -> Functions.CHR;
      case "REPEAT" -> Functions.REPEAT;
      case "STARTS_WITH" -> Functions.STARTS_WITH;
      case "CONTAINS" -> Functions.CONTAINS;
      case "MD5" -> Functions.MD5;
      case "HASH" -> Functions.HASH;
      case "LTRIM" -> operands.size() == 2 ? Functions.LTRIM_CHARACTERS : null;
      case "RTRIM" -> operands.size() == 2 ? Functions.RTRIM_CHARACTERS : null;
      case "BTRIM" -> Functions.TRIM_CHARACTERS;
      case "TYPEOF" -> {
        yield "";
      }
      case "IFNULL" -> Functions.COALESCE;
      case "INSTR" -> Functions.STRPOS;
      default -> null;
    };
    if (function == null) {
      return null;
    }
    if (name.equals("TYPEOF")) {
      return new Literal(typeName(operands.get(0).getType()), ArrowType.Utf8.INSTANCE);
    }
    List<Expression> arguments = new ArrayList<>();
    for (RexNode operand : operands) {
      Expression argument = translator.translate(operand);
      if (name.equals("IFNULL")) {
        argument = RexTranslator.castTo(argument, type);
      } else if (name.equals("CONCAT_WS")) {
        argument = RexTranslator.castTo(argument, ArrowType.Utf8.INSTANCE);
      }
      arguments.add(argument);
    }
    if (function.equals(Functions.STRPOS)) {
      return RexTranslator.castTo(new Call(function, arguments, BIGINT), type);
    }
    return new Call(function, arguments, type);
  }

  /** DuckDB's name of a SQL type, as typeof answers. */
  static String typeName(RelDataType type) {
    return switch (type.getSqlTypeName()) {
      case BOOLEAN -> "BOOLEAN";
      case TINYINT -> "TINYINT";
      case SMALLINT -> "SMALLINT";
      case INTEGER -> "INTEGER";
      case BIGINT -> "BIGINT";
      case REAL, FLOAT -> "FLOAT";
      case DOUBLE -> "DOUBLE";
      case DECIMAL -> "DECIMAL(" + type.getPrecision() + "," + type.getScale() + ")";
      case CHAR, VARCHAR -> "VARCHAR";
      case BINARY, VARBINARY -> "BLOB";
      case DATE -> "DATE";
      case TIME -> "TIME";
      case TIMESTAMP -> "TIMESTAMP";
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> "TIMESTAMP WITH TIME ZONE";
      case NULL -> "\"NULL\"";
      default -> org.apache.calcite.sql.type.SqlTypeName.INTERVAL_TYPES.contains(type.getSqlTypeName()) ? "INTERVAL"
          : type.getSqlTypeName().getName();
    };
  }
}
