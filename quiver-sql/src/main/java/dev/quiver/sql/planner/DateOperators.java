package dev.quiver.sql.planner;

import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlMonotonicBinaryOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * DuckDB's date arithmetic and date and time functions, with DuckDB's names, argument orders and
 * result types: {@code DATE ± integer} (a DATE), {@code integer + DATE}, {@code DATE - DATE} (a
 * BIGINT count of days), date_diff/datediff, date_part, date_add, make_date, make_timestamp, dayname,
 * monthname, epoch, epoch_ms, to_timestamp, age (an INTERVAL value, see IntervalCalls).
 *
 * <p>{@code +} and {@code -} are Calcite's own operators, which refuse a DATE with an integer. The
 * validator looks binary operators up again by name in the operator table, so {@link #PLUS} and
 * {@link #MINUS} (same names and kinds) stand in front of them and also accept the date forms; every
 * other operand type is checked and typed by Calcite's operator, and {@link #CONVERTLETS} hands those
 * calls back to Calcite's operator before conversion, so plans over numbers are exactly as before.
 */
final class DateOperators {
  static final SqlMonotonicBinaryOperator PLUS = arithmetic(SqlStdOperatorTable.PLUS, SqlKind.PLUS);
  static final SqlMonotonicBinaryOperator MINUS = arithmetic(SqlStdOperatorTable.MINUS, SqlKind.MINUS);

  private static final SqlReturnTypeInference BIGINT = ReturnTypes.BIGINT_NULLABLE;

  static final SqlFunction DATE_DIFF = function("DATE_DIFF", BIGINT,
      OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.DATETIME, SqlTypeFamily.DATETIME));
  static final SqlFunction DATEDIFF = function("DATEDIFF", BIGINT,
      OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.DATETIME, SqlTypeFamily.DATETIME));
  static final SqlFunction DATE_PART = function("DATE_PART", DateOperators::datePartType,
      OperandTypes.or(OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.DATETIME),
          OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.DATETIME_INTERVAL)));
  static final SqlFunction DATEPART = function("DATEPART", DateOperators::datePartType,
      OperandTypes.or(OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.DATETIME),
          OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.DATETIME_INTERVAL)));
  static final SqlFunction DATE_ADD = function("DATE_ADD", DateOperators::dateAddType,
      OperandTypes.family(SqlTypeFamily.DATETIME, SqlTypeFamily.DATETIME_INTERVAL));
  static final SqlFunction MAKE_DATE = function("MAKE_DATE", ReturnTypes.DATE_NULLABLE,
      OperandTypes.family(SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER));
  static final SqlFunction MAKE_TIMESTAMP = function("MAKE_TIMESTAMP", DateOperators::timestampType,
      OperandTypes.or(OperandTypes.family(SqlTypeFamily.INTEGER), OperandTypes.family(SqlTypeFamily.INTEGER,
          SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER,
          SqlTypeFamily.NUMERIC)));
  static final SqlFunction DAYNAME = function("DAYNAME", ReturnTypes.VARCHAR.andThen(
      org.apache.calcite.sql.type.SqlTypeTransforms.TO_NULLABLE), OperandTypes.DATETIME);
  static final SqlFunction MONTHNAME = function("MONTHNAME", ReturnTypes.VARCHAR.andThen(
      org.apache.calcite.sql.type.SqlTypeTransforms.TO_NULLABLE), OperandTypes.DATETIME);
  static final SqlFunction EPOCH = function("EPOCH", ReturnTypes.DOUBLE_NULLABLE,
      OperandTypes.or(OperandTypes.DATETIME, OperandTypes.family(SqlTypeFamily.DATETIME_INTERVAL)));
  static final SqlFunction EPOCH_MS = function("EPOCH_MS", DateOperators::epochMillisType,
      OperandTypes.or(OperandTypes.DATETIME, OperandTypes.family(SqlTypeFamily.INTEGER)));
  static final SqlFunction TO_TIMESTAMP = function("TO_TIMESTAMP", DateOperators::zonedTimestampType,
      OperandTypes.NUMERIC);
  static final SqlFunction STRFTIME = function("STRFTIME", ReturnTypes.VARCHAR.andThen(
      org.apache.calcite.sql.type.SqlTypeTransforms.TO_NULLABLE),
      OperandTypes.family(SqlTypeFamily.DATETIME, SqlTypeFamily.STRING));
  static final SqlFunction STRPTIME = function("STRPTIME", DateOperators::parsedTimestampType,
      OperandTypes.STRING_STRING);
  static final SqlFunction TRY_STRPTIME = function("TRY_STRPTIME", binding -> binding.getTypeFactory()
      .createTypeWithNullability(parsedTimestampType(binding), true), OperandTypes.STRING_STRING);
  static final SqlFunction AGE = function("AGE", DateOperators::intervalType,
      OperandTypes.or(OperandTypes.DATETIME, OperandTypes.family(SqlTypeFamily.DATETIME, SqlTypeFamily.DATETIME)));

  /** now() / get_current_timestamp(): the query's start, a TIMESTAMP WITH TIME ZONE; dynamic, so never folded by Calcite. */
  static final SqlFunction NOW = currentTime("NOW");
  static final SqlFunction GET_CURRENT_TIMESTAMP = currentTime("GET_CURRENT_TIMESTAMP");
  static final SqlFunction TRANSACTION_TIMESTAMP = currentTime("TRANSACTION_TIMESTAMP");

  static final SqlOperatorTable TABLE = SqlOperatorTables.of(NOW, GET_CURRENT_TIMESTAMP, TRANSACTION_TIMESTAMP,
      PLUS, MINUS, DATE_DIFF, DATEDIFF, DATE_PART, DATEPART,
      DATE_ADD,
      MAKE_DATE, MAKE_TIMESTAMP, DAYNAME, MONTHNAME, EPOCH, EPOCH_MS, TO_TIMESTAMP, STRFTIME, STRPTIME,
      TRY_STRPTIME, AGE);

  /**
   * Calcite's conversion, except for {@link #PLUS} and {@link #MINUS}: a date form becomes a call of
   * ours (RexTranslator translates it); anything else becomes Calcite's operator again first.
   */
  static final SqlRexConvertletTable CONVERTLETS = call -> {
    SqlOperator operator = call.getOperator();
    if (operator.getKind() == SqlKind.TIMES || operator.getKind() == SqlKind.DIVIDE) {
      SqlRexConvertlet standard = StandardConvertletTable.INSTANCE.get(call);
      return standard == null ? null : (context, sqlCall) -> nullArithmetic(standard.convertCall(context, sqlCall),
          context.getRexBuilder());
    }
    if (operator != PLUS && operator != MINUS) {
      return StandardConvertletTable.INSTANCE.get(call);
    }
    return (SqlRexConvertlet) (context, sqlCall) -> {
      RelDataType left = context.getValidator().getValidatedNodeType(sqlCall.operand(0));
      RelDataType right = context.getValidator().getValidatedNodeType(sqlCall.operand(1));
      if (dateForm(operator == PLUS, left, right)) {
        RexNode first = context.convertExpression(sqlCall.operand(0));
        RexNode second = context.convertExpression(sqlCall.operand(1));
        return context.getRexBuilder().makeCall(context.getValidator().getValidatedNodeType(sqlCall), operator,
            List.of(first, second));
      }
      ((SqlBasicCall) sqlCall).setOperator(operator == PLUS ? SqlStdOperatorTable.PLUS : SqlStdOperatorTable.MINUS);
      return nullArithmetic(StandardConvertletTable.INSTANCE.get(sqlCall).convertCall(context, sqlCall),
          context.getRexBuilder());
    };
  };

  /**
   * {@code a + NULL}, {@code NULL * b}, {@code a / NULL} ... of constants as the NULL of its type: Calcite
   * takes such a call for a constant and then asks its value when it is an operand of {@code *} or
   * {@code /} (the monotonicity of a projection: "not a literal"). Only when the other operands cannot
   * fail (literals, and sums, differences and products of them), so that {@code 35 / 0 * NULL} still
   * fails with division by zero, as in PostgreSQL.
   */
  private static RexNode nullArithmetic(RexNode converted, org.apache.calcite.rex.RexBuilder rexBuilder) {
    if (!(converted instanceof org.apache.calcite.rex.RexCall call)
        || call.getOperands().stream().noneMatch(DateOperators::nullConstant)
        || !call.getOperands().stream().allMatch(DateOperators::cannotFail)) {
      return converted;
    }
    return rexBuilder.makeNullLiteral(call.getType());
  }

  /** A NULL literal, or a sign or cast of one ({@code - CAST(NULL AS INTEGER)} before simplification). */
  private static boolean nullConstant(RexNode node) {
    if (org.apache.calcite.rex.RexUtil.isNullLiteral(node, true)) {
      return true;
    }
    return node instanceof org.apache.calcite.rex.RexCall call && call.getOperands().size() == 1
        && (call.getKind() == SqlKind.MINUS_PREFIX || call.getKind() == SqlKind.PLUS_PREFIX
            || call.getKind() == SqlKind.CAST)
        && nullConstant(call.getOperands().get(0));
  }

  private static boolean cannotFail(RexNode node) {
    if (node instanceof org.apache.calcite.rex.RexLiteral || nullConstant(node)) {
      return true;
    }
    return node instanceof org.apache.calcite.rex.RexCall call
        && (call.getKind() == SqlKind.PLUS || call.getKind() == SqlKind.MINUS || call.getKind() == SqlKind.TIMES
            || call.getKind() == SqlKind.MINUS_PREFIX || call.getKind() == SqlKind.PLUS_PREFIX)
        && call.getType().getSqlTypeName() != org.apache.calcite.sql.type.SqlTypeName.DATE
        && call.getOperands().stream().allMatch(DateOperators::cannotFail);
  }

  private DateOperators() {}

  private static SqlFunction function(String name, SqlReturnTypeInference returns, SqlOperandTypeChecker operands) {
    return new SqlFunction(name, SqlKind.OTHER_FUNCTION, returns, null, operands, SqlFunctionCategory.TIMEDATE);
  }

  private static SqlFunction currentTime(String name) {
    return new SqlFunction(name, SqlKind.OTHER_FUNCTION, DateOperators::zonedTimestampType, null,
        OperandTypes.NILADIC, SqlFunctionCategory.TIMEDATE) {
      @Override
      public boolean isDynamicFunction() {
        return true;
      }
    };
  }

  /** {@code +} or {@code -}: Calcite's, plus the date forms. */
  private static SqlMonotonicBinaryOperator arithmetic(org.apache.calcite.sql.SqlBinaryOperator standard,
      SqlKind kind) {
    boolean plus = kind == SqlKind.PLUS;
    SqlOperandTypeChecker checker = new SqlOperandTypeChecker() {
      @Override
      public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
        if (dateForm(plus, binding.getOperandType(0), binding.getOperandType(1))) {
          return true;
        }
        return standard.getOperandTypeChecker().checkOperandTypes(binding, throwOnFailure);
      }

      @Override
      public SqlOperandCountRange getOperandCountRange() {
        return standard.getOperandTypeChecker().getOperandCountRange();
      }

      @Override
      public String getAllowedSignatures(SqlOperator operator, String name) {
        return standard.getOperandTypeChecker().getAllowedSignatures(operator, name);
      }
    };
    SqlReturnTypeInference returns = binding -> {
      RelDataType left = binding.getOperandType(0);
      RelDataType right = binding.getOperandType(1);
      if (dateForm(plus, left, right)) {
        return dateFormType(binding.getTypeFactory(), left, right);
      }
      return standard.inferReturnType(binding);
    };
    return new SqlMonotonicBinaryOperator(standard.getName(), kind, standard.getLeftPrec(), true, returns,
        InferTypes.FIRST_KNOWN, checker);
  }

  /** DATE ± integer, integer + DATE, DATE - DATE, TIMESTAMP - TIMESTAMP, DATE ± INTERVAL, INTERVAL + DATE. */
  static boolean dateForm(boolean plus, RelDataType left, RelDataType right) {
    SqlTypeName a = left.getSqlTypeName();
    SqlTypeName b = right.getSqlTypeName();
    if (a == SqlTypeName.DATE && (SqlTypeName.INT_TYPES.contains(b) || SqlTypeName.INTERVAL_TYPES.contains(b))) {
      return true;
    }
    if (plus && SqlTypeName.INTERVAL_TYPES.contains(a) && b == SqlTypeName.DATE) {
      return true;
    }
    if (SqlTypeName.INTERVAL_TYPES.contains(a) && SqlTypeName.INTERVAL_TYPES.contains(b)
        && a.getFamily() != b.getFamily()) {
      return true; // months with days or time: one INTERVAL value holds both (Calcite refuses the mix)
    }
    if (plus) {
      return SqlTypeName.INT_TYPES.contains(a) && b == SqlTypeName.DATE;
    }
    return (a == SqlTypeName.DATE && b == SqlTypeName.DATE) || (isTimestamp(a) && isTimestamp(b));
  }

  private static boolean isTimestamp(SqlTypeName name) {
    return name == SqlTypeName.TIMESTAMP || name == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
  }

  private static RelDataType dateFormType(RelDataTypeFactory types, RelDataType left, RelDataType right) {
    boolean nullable = left.isNullable() || right.isNullable();
    RelDataType type;
    if (left.getSqlTypeName() == SqlTypeName.DATE && right.getSqlTypeName() == SqlTypeName.DATE) {
      type = types.createSqlType(SqlTypeName.BIGINT);
    } else if (SqlTypeName.INTERVAL_TYPES.contains(left.getSqlTypeName())
        && SqlTypeName.INTERVAL_TYPES.contains(right.getSqlTypeName())) {
      type = types.createSqlIntervalType(new org.apache.calcite.sql.SqlIntervalQualifier(
          org.apache.calcite.avatica.util.TimeUnit.DAY, org.apache.calcite.avatica.util.TimeUnit.SECOND,
          org.apache.calcite.sql.parser.SqlParserPos.ZERO));
    } else if (SqlTypeName.INTERVAL_TYPES.contains(left.getSqlTypeName())
        || SqlTypeName.INTERVAL_TYPES.contains(right.getSqlTypeName())) {
      // DATE ± INTERVAL is the TIMESTAMP of the date's midnight moved, as in DuckDB and PostgreSQL
      type = types.createSqlType(SqlTypeName.TIMESTAMP, 6);
    } else if (isTimestamp(left.getSqlTypeName())) {
      type = types.createSqlIntervalType(new org.apache.calcite.sql.SqlIntervalQualifier(
          org.apache.calcite.avatica.util.TimeUnit.DAY, org.apache.calcite.avatica.util.TimeUnit.SECOND,
          org.apache.calcite.sql.parser.SqlParserPos.ZERO));
    } else {
      type = types.createSqlType(SqlTypeName.DATE);
    }
    return types.createTypeWithNullability(type, nullable);
  }

  /** date_part: BIGINT, but DOUBLE seconds for {@code 'epoch'} (as DuckDB). */
  private static RelDataType datePartType(SqlOperatorBinding binding) {
    String part = binding.isOperandLiteral(0, false) ? binding.getOperandLiteralValue(0, String.class) : null;
    SqlTypeName name = part != null && part.strip().toLowerCase(Locale.ROOT).equals("epoch") ? SqlTypeName.DOUBLE
        : SqlTypeName.BIGINT;
    return nullable(binding, binding.getTypeFactory().createSqlType(name));
  }

  /** date_add(date, interval): a TIMESTAMP (a date's midnight moved), as DuckDB; a timestamp keeps its type. */
  private static RelDataType dateAddType(SqlOperatorBinding binding) {
    RelDataType operand = binding.getOperandType(0);
    RelDataTypeFactory types = binding.getTypeFactory();
    RelDataType result = operand.getSqlTypeName() == SqlTypeName.DATE ? types.createSqlType(SqlTypeName.TIMESTAMP, 6)
        : types.createSqlType(operand.getSqlTypeName(), operand.getPrecision());
    return nullable(binding, result);
  }

  private static RelDataType timestampType(SqlOperatorBinding binding) {
    return nullable(binding, binding.getTypeFactory().createSqlType(SqlTypeName.TIMESTAMP, 6));
  }

  /** strptime: a TIMESTAMP, or a TIMESTAMP WITH TIME ZONE when the format reads an offset or zone (%z, %Z), as DuckDB. */
  private static RelDataType parsedTimestampType(SqlOperatorBinding binding) {
    String format = binding.isOperandLiteral(1, false) ? binding.getOperandLiteralValue(1, String.class) : null;
    boolean zoned = format != null && (format.contains("%z") || format.contains("%Z"));
    return zoned ? zonedTimestampType(binding) : timestampType(binding);
  }

  private static RelDataType zonedTimestampType(SqlOperatorBinding binding) {
    return nullable(binding, binding.getTypeFactory().createSqlType(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, 6));
  }

  /** epoch_ms: a BIGINT of a date or timestamp, a TIMESTAMP of an integer. */
  private static RelDataType epochMillisType(SqlOperatorBinding binding) {
    return SqlTypeName.INT_TYPES.contains(binding.getOperandType(0).getSqlTypeName()) ? timestampType(binding)
        : nullable(binding, binding.getTypeFactory().createSqlType(SqlTypeName.BIGINT));
  }

  /**
   * age(...): one INTERVAL value of months, days and time in the engine; to Calcite a year-month interval,
   * so that it compares with {@code INTERVAL 18 YEAR} (Calcite refuses to compare the two interval families).
   */
  private static RelDataType intervalType(SqlOperatorBinding binding) {
    return nullable(binding, binding.getTypeFactory().createSqlIntervalType(
        new org.apache.calcite.sql.SqlIntervalQualifier(org.apache.calcite.avatica.util.TimeUnit.YEAR,
            org.apache.calcite.avatica.util.TimeUnit.MONTH, org.apache.calcite.sql.parser.SqlParserPos.ZERO)));
  }

  private static RelDataType nullable(SqlOperatorBinding binding, RelDataType type) {
    boolean nullable = false;
    for (RelDataType operand : binding.collectOperandTypes()) {
      nullable |= operand.isNullable();
    }
    return binding.getTypeFactory().createTypeWithNullability(type, nullable);
  }
}
