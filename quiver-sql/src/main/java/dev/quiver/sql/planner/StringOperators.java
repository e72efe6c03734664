package dev.quiver.sql.planner;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.util.Optionality;

/**
 * DuckDB's string, hash and type functions and the aggregates beyond SQL's, with DuckDB's names,
 * argument orders and result types (checked against DuckDB in StringFunctionsDifferentialTest):
 * split_part, regexp_extract, regexp_full_match, concat_ws, lpad, rpad, left, right, reverse, chr, repeat,
 * starts_with, contains, instr, trim/ltrim/rtrim of a set of characters, md5, hash, typeof, ifnull;
 * count_if, bool_and, bool_or, arg_min/min_by, arg_max/max_by.
 */
final class StringOperators {
  private static final SqlReturnTypeInference VARCHAR = ReturnTypes.VARCHAR.andThen(SqlTypeTransforms.TO_NULLABLE);
  private static final SqlReturnTypeInference BIGINT_FORCE_NULLABLE = ReturnTypes.BIGINT.andThen(
      SqlTypeTransforms.FORCE_NULLABLE);

  static final SqlFunction SPLIT_PART = function("SPLIT_PART", VARCHAR,
      OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.STRING, SqlTypeFamily.INTEGER));
  static final SqlFunction REGEXP_EXTRACT = function("REGEXP_EXTRACT", VARCHAR,
      OperandTypes.or(OperandTypes.STRING_STRING,
          OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.STRING, SqlTypeFamily.INTEGER)));
  static final SqlFunction REGEXP_FULL_MATCH = function("REGEXP_FULL_MATCH", ReturnTypes.BOOLEAN_NULLABLE,
      OperandTypes.STRING_STRING);
  static final SqlFunction CONCAT_WS = function("CONCAT_WS", StringOperators::separatorNullable,
      OperandTypes.ONE_OR_MORE);
  static final SqlFunction LPAD = function("LPAD", VARCHAR,
      OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.INTEGER, SqlTypeFamily.STRING));
  static final SqlFunction RPAD = function("RPAD", VARCHAR,
      OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.INTEGER, SqlTypeFamily.STRING));
  static final SqlFunction LEFT = function("LEFT", VARCHAR,
      OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.INTEGER));
  static final SqlFunction RIGHT = function("RIGHT", VARCHAR,
      OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.INTEGER));
  static final SqlFunction REVERSE = function("REVERSE", VARCHAR, OperandTypes.STRING);
  static final SqlFunction CHR = function("CHR", VARCHAR, OperandTypes.family(SqlTypeFamily.INTEGER));
  static final SqlFunction REPEAT = function("REPEAT", VARCHAR,
      OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.INTEGER));
  static final SqlFunction STARTS_WITH = function("STARTS_WITH", ReturnTypes.BOOLEAN_NULLABLE,
      OperandTypes.STRING_STRING);
  static final SqlFunction CONTAINS = function("CONTAINS", ReturnTypes.BOOLEAN_NULLABLE, OperandTypes.STRING_STRING);
  static final SqlFunction INSTR = function("INSTR", ReturnTypes.BIGINT_NULLABLE, OperandTypes.STRING_STRING);
  static final SqlFunction LTRIM = function("LTRIM", VARCHAR,
      OperandTypes.or(OperandTypes.STRING, OperandTypes.STRING_STRING));
  static final SqlFunction RTRIM = function("RTRIM", VARCHAR,
      OperandTypes.or(OperandTypes.STRING, OperandTypes.STRING_STRING));
  /** trim(s, characters), which the query text spells {@code btrim} for Calcite's parser (PostgreSQL's name). */
  static final SqlFunction BTRIM = function("BTRIM", VARCHAR, OperandTypes.STRING_STRING);
  static final SqlFunction MD5 = function("MD5", VARCHAR, OperandTypes.STRING);
  /** hash(...): DuckDB's UBIGINT hash, typed DECIMAL(20,0) (Quiver's stand-in for UBIGINT), never NULL. */
  static final SqlFunction HASH = function("HASH", binding -> binding.getTypeFactory()
      .createSqlType(SqlTypeName.DECIMAL, 20, 0),
      OperandTypes.ONE_OR_MORE);
  static final SqlFunction TYPEOF = function("TYPEOF", ReturnTypes.VARCHAR, OperandTypes.ANY);
  static final SqlFunction IFNULL = function("IFNULL", StringOperators::ifNullType, OperandTypes.SAME_SAME);
  /** count_if(condition): the rows where it is true, as DuckDB a SUM of the condition as 0/1 (NULL when no row counts). */
  static final SqlAggFunction COUNT_IF = new SqlAggFunction("COUNT_IF", null, SqlKind.OTHER_FUNCTION,
      BIGINT_FORCE_NULLABLE, null, OperandTypes.BOOLEAN, SqlFunctionCategory.NUMERIC, false, false,
      Optionality.FORBIDDEN) {};

  /** The table: ours; bool_and, bool_or, min_by and max_by are Calcite's (MIN, MAX, ARG_MIN, ARG_MAX kinds). */
  static final SqlOperatorTable TABLE = SqlOperatorTables.of(SPLIT_PART, REGEXP_EXTRACT, REGEXP_FULL_MATCH, CONCAT_WS,
      LPAD, RPAD, LEFT, RIGHT, REVERSE, CHR, REPEAT, STARTS_WITH, CONTAINS, INSTR, LTRIM, RTRIM, BTRIM, MD5, HASH,
      TYPEOF,
      IFNULL,
      COUNT_IF, SqlLibraryOperators.BOOL_AND, SqlLibraryOperators.BOOL_OR,
      SqlLibraryOperators.MIN_BY, SqlLibraryOperators.MAX_BY);

  private StringOperators() {}

  private static SqlFunction function(String name, SqlReturnTypeInference returns, SqlOperandTypeChecker operands) {
    return new SqlFunction(name, SqlKind.OTHER_FUNCTION, returns, null, operands, SqlFunctionCategory.STRING);
  }

  /** concat_ws: VARCHAR, NULL only when the separator is. */
  private static RelDataType separatorNullable(SqlOperatorBinding binding) {
    return binding.getTypeFactory().createTypeWithNullability(
        binding.getTypeFactory().createSqlType(SqlTypeName.VARCHAR), binding.getOperandType(0).isNullable());
  }

  /** ifnull(a, b): their common type, nullable when b is. */
  private static RelDataType ifNullType(SqlOperatorBinding binding) {
    RelDataType common = ReturnTypes.LEAST_RESTRICTIVE.inferReturnType(binding);
    return common == null ? null : binding.getTypeFactory().createTypeWithNullability(common,
        binding.getOperandType(1).isNullable());
  }
}
