package dev.quiver.sql.planner;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.util.SqlOperatorTables;

/**
 * The functions SQL may call: Calcite's standard operators and the ones the data people query needs
 * beyond them, with DuckDB's names, argument orders and result types (results checked against DuckDB):
 * {@code length(s)} and {@code strpos(s, t)} (BIGINT), {@code regexp_replace(s, pattern, replacement [,
 * options])}, {@code regexp_matches(s, pattern [, options])}, {@code date_trunc(unit, d)} (a TIMESTAMP),
 * {@code greatest(...)} and {@code least(...)} (NULLs skipped), {@code concat(...)} (NULLs skipped),
 * {@code ltrim}/{@code rtrim} and {@code ILIKE}; {@code round(decimal, k)} with a constant {@code k} as
 * DuckDB and PostgreSQL type it (DECIMAL(p, k) when k is below the scale).
 */
final class QuiverOperators {
  static final SqlFunction LENGTH = function("LENGTH", ReturnTypes.BIGINT_NULLABLE, OperandTypes.STRING,
      SqlFunctionCategory.STRING);
  static final SqlFunction STRPOS = function("STRPOS", ReturnTypes.BIGINT_NULLABLE, OperandTypes.STRING_STRING,
      SqlFunctionCategory.STRING);
  static final SqlFunction REGEXP_REPLACE = function("REGEXP_REPLACE",
      ReturnTypes.VARCHAR.andThen(SqlTypeTransforms.TO_NULLABLE),
      OperandTypes.or(OperandTypes.STRING_STRING_STRING,
          OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.STRING, SqlTypeFamily.STRING, SqlTypeFamily.STRING)),
      SqlFunctionCategory.STRING);
  static final SqlFunction REGEXP_MATCHES = function("REGEXP_MATCHES", ReturnTypes.BOOLEAN_NULLABLE,
      OperandTypes.or(OperandTypes.STRING_STRING, OperandTypes.STRING_STRING_STRING), SqlFunctionCategory.STRING);
  static final SqlFunction DATE_TRUNC = function("DATE_TRUNC", QuiverOperators::truncatedType,
      OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.DATETIME), SqlFunctionCategory.TIMEDATE);
  static final SqlFunction GREATEST = function("GREATEST", QuiverOperators::commonType, OperandTypes.ONE_OR_MORE,
      SqlFunctionCategory.SYSTEM);
  static final SqlFunction LEAST = function("LEAST", QuiverOperators::commonType, OperandTypes.ONE_OR_MORE,
      SqlFunctionCategory.SYSTEM);
  static final SqlFunction CONCAT = function("CONCAT", ReturnTypes.VARCHAR, OperandTypes.ONE_OR_MORE,
      SqlFunctionCategory.STRING);
  static final SqlFunction ROUND = function("ROUND", QuiverOperators::roundedType,
      OperandTypes.NUMERIC_OPTIONAL_INTEGER, SqlFunctionCategory.NUMERIC);

  /** Ours first, so that a name both tables know (CONCAT) takes our meaning. */
  static final SqlOperatorTable TABLE = SqlOperatorTables.chain(
      SqlOperatorTables.of(LENGTH, STRPOS, REGEXP_REPLACE, REGEXP_MATCHES, DATE_TRUNC, GREATEST, LEAST, CONCAT, ROUND,
          SqlLibraryOperators.ILIKE, SqlLibraryOperators.NOT_ILIKE),
      StringOperators.TABLE,
      StatisticsOperators.TABLE,
      DateOperators.TABLE,
      SqlStdOperatorTable.instance());

  private QuiverOperators() {}

  /** Every operator's name, for suggestions in error messages. */
  static List<SqlOperator> all() {
    return new ArrayList<>(TABLE.getOperatorList());
  }

  private static SqlFunction function(String name, org.apache.calcite.sql.type.SqlReturnTypeInference returns,
      org.apache.calcite.sql.type.SqlOperandTypeChecker operands, SqlFunctionCategory category) {
    return new SqlFunction(name, SqlKind.OTHER_FUNCTION, returns, null, operands, category);
  }

  /**
   * greatest's and least's result: the operands' least restrictive type, or for dates mixed with
   * timestamps the timestamp (as DuckDB compares them); null (Calcite's "cannot infer") otherwise.
   */
  private static RelDataType commonType(SqlOperatorBinding binding) {
    RelDataType common = ReturnTypes.LEAST_RESTRICTIVE.inferReturnType(binding);
    if (common != null) {
      return common;
    }
    RelDataType timestamp = null;
    boolean nullable = false;
    for (RelDataType operand : binding.collectOperandTypes()) {
      SqlTypeName name = operand.getSqlTypeName();
      nullable |= operand.isNullable();
      if (name == SqlTypeName.TIMESTAMP || name == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE) {
        if (timestamp != null && timestamp.getSqlTypeName() != name) {
          return null;
        }
        timestamp = timestamp == null || operand.getPrecision() > timestamp.getPrecision() ? operand : timestamp;
      } else if (name != SqlTypeName.DATE && name != SqlTypeName.NULL) {
        return null;
      }
    }
    return timestamp == null ? null : binding.getTypeFactory().createTypeWithNullability(timestamp, nullable);
  }

  /** date_trunc's result: the timestamp's own type, or TIMESTAMP(6) for a date; nullable as its argument. */
  private static RelDataType truncatedType(SqlOperatorBinding binding) {
    RelDataTypeFactory types = binding.getTypeFactory();
    RelDataType operand = binding.getOperandType(1);
    RelDataType result = operand.getSqlTypeName() == SqlTypeName.DATE
        ? types.createSqlType(SqlTypeName.TIMESTAMP, 6) : types.createSqlType(operand.getSqlTypeName(),
            operand.getPrecision());
    return types.createTypeWithNullability(result,
        operand.isNullable() || binding.getOperandType(0).isNullable());
  }

  /**
   * round's result: the argument's type, except that a decimal rounded to a constant {@code k} fewer
   * decimals than its scale keeps {@code max(k, 0)} of them (DECIMAL(p, k), as DuckDB and PostgreSQL:
   * {@code round(41.00 / 40, 2)} is 1.03, not 1.030000...).
   */
  private static RelDataType roundedType(SqlOperatorBinding binding) {
    RelDataType operand = binding.getOperandType(0);
    if (operand.getSqlTypeName() != SqlTypeName.DECIMAL) {
      return ReturnTypes.ARG0_NULLABLE.inferReturnType(binding);
    }
    int digits = 0;
    if (binding.getOperandCount() > 1) {
      Integer written = binding.isOperandLiteral(1, false) ? binding.getOperandLiteralValue(1, Integer.class) : null;
      if (written == null) {
        return ReturnTypes.ARG0_NULLABLE.inferReturnType(binding);
      }
      digits = written;
    }
    int scale = Math.min(operand.getScale(), Math.max(0, digits));
    RelDataTypeFactory types = binding.getTypeFactory();
    boolean nullable = operand.isNullable() || binding.getOperandCount() > 1 && binding.getOperandType(1).isNullable();
    return types.createTypeWithNullability(
        types.createSqlType(SqlTypeName.DECIMAL, operand.getPrecision(), scale), nullable);
  }
}
