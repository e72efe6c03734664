package dev.quiver.sql.planner;

import dev.quiver.exec.plan.AggregateFunction;
import dev.quiver.sql.SqlException;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.util.Optionality;

/**
 * The statistics aggregates with DuckDB's names and result types: stddev_samp (stddev), stddev_pop, var_samp
 * (variance), var_pop of one numeric argument; corr, covar_samp, covar_pop, regr_slope, regr_intercept,
 * regr_count, regr_r2, regr_avgx, regr_avgy, regr_sxx, regr_syy, regr_sxy of two (y, x). Every one is a DOUBLE
 * (NULL when it has no answer) but regr_count, a BIGINT never NULL (DuckDB: UINTEGER). And the holistic ones:
 * median(x), quantile_cont(x, q), quantile_disc(x, q) (q a numeric literal in [0, 1], which the engine reads from
 * its constant column) and mode(x), typed as DuckDB types them; string_agg(s [, separator]) (listagg: Calcite's
 * operator, computed the same); approx_count_distinct(x).
 *
 * <p>They are Quiver's own operators of kind OTHER_FUNCTION, listed ahead of Calcite's: Calcite's
 * STDDEV/VARIANCE/COVAR kinds are what its AggregateReduceFunctionsRule rewrites into SUM(x * x) - SUM(x)²/n
 * forms, which lose every digit on large values with a small spread, and its result types follow AVG's
 * (DECIMAL for decimals). The engine computes them over (count, mean, M2) states (exec's MomentsAccumulator).
 */
final class StatisticsOperators {
  private static final SqlReturnTypeInference DOUBLE_NULLABLE = ReturnTypes.DOUBLE.andThen(
      SqlTypeTransforms.FORCE_NULLABLE);

  static final SqlAggFunction STDDEV_SAMP = unary("STDDEV_SAMP");
  static final SqlAggFunction STDDEV = unary("STDDEV");
  static final SqlAggFunction STDDEV_POP = unary("STDDEV_POP");
  static final SqlAggFunction VAR_SAMP = unary("VAR_SAMP");
  static final SqlAggFunction VARIANCE = unary("VARIANCE");
  static final SqlAggFunction VAR_POP = unary("VAR_POP");
  static final SqlAggFunction CORR = binary("CORR", DOUBLE_NULLABLE);
  static final SqlAggFunction COVAR_SAMP = binary("COVAR_SAMP", DOUBLE_NULLABLE);
  static final SqlAggFunction COVAR_POP = binary("COVAR_POP", DOUBLE_NULLABLE);
  static final SqlAggFunction REGR_SLOPE = binary("REGR_SLOPE", DOUBLE_NULLABLE);
  static final SqlAggFunction REGR_INTERCEPT = binary("REGR_INTERCEPT", DOUBLE_NULLABLE);
  static final SqlAggFunction REGR_COUNT = binary("REGR_COUNT", ReturnTypes.BIGINT);
  static final SqlAggFunction REGR_R2 = binary("REGR_R2", DOUBLE_NULLABLE);
  static final SqlAggFunction REGR_AVGX = binary("REGR_AVGX", DOUBLE_NULLABLE);
  static final SqlAggFunction REGR_AVGY = binary("REGR_AVGY", DOUBLE_NULLABLE);
  static final SqlAggFunction REGR_SXX = binary("REGR_SXX", DOUBLE_NULLABLE);
  static final SqlAggFunction REGR_SYY = binary("REGR_SYY", DOUBLE_NULLABLE);
  static final SqlAggFunction REGR_SXY = binary("REGR_SXY", DOUBLE_NULLABLE);

  /** median(x): quantile_cont(x, 0.5), text by quantile_disc. */
  static final SqlAggFunction MEDIAN = aggregate("MEDIAN", StatisticsOperators::continuousType, OperandTypes.ANY);
  static final SqlAggFunction QUANTILE_CONT = aggregate("QUANTILE_CONT", StatisticsOperators::continuousType,
      OperandTypes.sequence("QUANTILE_CONT(<value>, <constant fraction in [0, 1]>)", OperandTypes.ANY,
          OperandTypes.UNIT_INTERVAL_NUMERIC_LITERAL));
  static final SqlAggFunction QUANTILE_DISC = aggregate("QUANTILE_DISC", StatisticsOperators::argumentType,
      OperandTypes.sequence("QUANTILE_DISC(<value>, <constant fraction in [0, 1]>)", OperandTypes.ANY,
          OperandTypes.UNIT_INTERVAL_NUMERIC_LITERAL));
  static final SqlAggFunction MODE = aggregate("MODE", StatisticsOperators::argumentType, OperandTypes.ANY);

  /** string_agg(s [, separator]): VARCHAR; ORDER BY s [DESC] inside the call allowed. */
  static final SqlAggFunction STRING_AGG = ordered("STRING_AGG", SqlKind.STRING_AGG);

  /** approx_count_distinct(x): a HyperLogLog estimate, BIGINT, 0 (never NULL) without values. */
  static final SqlAggFunction APPROX_COUNT_DISTINCT = aggregate("APPROX_COUNT_DISTINCT", ReturnTypes.BIGINT,
      OperandTypes.ANY);

  private static final Map<SqlAggFunction, AggregateFunction> ENGINE = Map.ofEntries(
      Map.entry(APPROX_COUNT_DISTINCT, AggregateFunction.APPROX_COUNT_DISTINCT),
      Map.entry(STRING_AGG, AggregateFunction.STRING_AGG),
      Map.entry(org.apache.calcite.sql.fun.SqlStdOperatorTable.LISTAGG, AggregateFunction.STRING_AGG),
      Map.entry(org.apache.calcite.sql.fun.SqlStdOperatorTable.PERCENTILE_CONT, AggregateFunction.QUANTILE_CONT),
      Map.entry(org.apache.calcite.sql.fun.SqlStdOperatorTable.PERCENTILE_DISC, AggregateFunction.QUANTILE_DISC),
      Map.entry(MEDIAN, AggregateFunction.MEDIAN), Map.entry(QUANTILE_CONT, AggregateFunction.QUANTILE_CONT),
      Map.entry(QUANTILE_DISC, AggregateFunction.QUANTILE_DISC), Map.entry(MODE, AggregateFunction.MODE),
      Map.entry(STDDEV_SAMP, AggregateFunction.STDDEV_SAMP), Map.entry(STDDEV, AggregateFunction.STDDEV_SAMP),
      Map.entry(STDDEV_POP, AggregateFunction.STDDEV_POP), Map.entry(VAR_SAMP, AggregateFunction.VAR_SAMP),
      Map.entry(VARIANCE, AggregateFunction.VAR_SAMP), Map.entry(VAR_POP, AggregateFunction.VAR_POP),
      Map.entry(CORR, AggregateFunction.CORR), Map.entry(COVAR_SAMP, AggregateFunction.COVAR_SAMP),
      Map.entry(COVAR_POP, AggregateFunction.COVAR_POP), Map.entry(REGR_SLOPE, AggregateFunction.REGR_SLOPE),
      Map.entry(REGR_INTERCEPT, AggregateFunction.REGR_INTERCEPT), Map.entry(REGR_COUNT, AggregateFunction.REGR_COUNT),
      Map.entry(REGR_R2, AggregateFunction.REGR_R2), Map.entry(REGR_AVGX, AggregateFunction.REGR_AVGX),
      Map.entry(REGR_AVGY, AggregateFunction.REGR_AVGY), Map.entry(REGR_SXX, AggregateFunction.REGR_SXX),
      Map.entry(REGR_SYY, AggregateFunction.REGR_SYY), Map.entry(REGR_SXY, AggregateFunction.REGR_SXY));

  /** Calcite's own operators computed by ours: listagg as string_agg, percentile_cont/disc WITHIN GROUP as quantiles. */
  private static final java.util.Set<SqlAggFunction> CALCITES = java.util.Set.of(
      org.apache.calcite.sql.fun.SqlStdOperatorTable.LISTAGG,
      org.apache.calcite.sql.fun.SqlStdOperatorTable.PERCENTILE_CONT,
      org.apache.calcite.sql.fun.SqlStdOperatorTable.PERCENTILE_DISC);

  /** Ours; listagg and percentile_cont/disc are Calcite's own operators (its grammar builds them). */
  static final SqlOperatorTable TABLE = SqlOperatorTables.of(ENGINE.keySet().stream()
      .filter(function -> !CALCITES.contains(function)).toArray(SqlAggFunction[]::new));

  private StatisticsOperators() {}

  /** The engine function of one of these aggregates, or null when {@code aggregation} is not one. */
  static AggregateFunction engineFunction(org.apache.calcite.sql.SqlAggFunction aggregation) {
    return ENGINE.get(aggregation);
  }

  /**
   * The engine function of a call with an ORDER BY inside (WITHIN GROUP), or null when that ordering is not
   * supported: string_agg ordered by its own argument, ascending or descending.
   */
  static AggregateFunction ordered(AggregateFunction function, org.apache.calcite.rel.core.AggregateCall call) {
    List<org.apache.calcite.rel.RelFieldCollation> keys = call.getCollation().getFieldCollations();
    if (isPercentile(call)) {
      if (keys.size() != 1 || keys.get(0).getDirection().isDescending()) {
        return null;
      }
      SqlTypeName type = call.getType().getSqlTypeName();
      if (function == AggregateFunction.QUANTILE_CONT && (SqlTypeName.INT_TYPES.contains(type)
          || type == SqlTypeName.DATE)) {
        // Calcite types percentile_cont as its ORDER BY column; DuckDB's answer is a DOUBLE (a TIMESTAMP)
        throw SqlException.unpositioned("percentile_cont over an integer or date ORDER BY is not supported (its"
            + " answer would be cut to that type): use quantile_cont(x, q), or ORDER BY CAST(x AS DOUBLE)");
      }
      return function;
    }
    if (function != AggregateFunction.STRING_AGG || keys.size() != 1
        || keys.get(0).getFieldIndex() != call.getArgList().get(0)) {
      return null;
    }
    return keys.get(0).getDirection().isDescending() ? AggregateFunction.STRING_AGG_DESC
        : AggregateFunction.STRING_AGG_ASC;
  }

  /**
   * Of the kind of Calcite's own operator of that name (the parser builds calls with Calcite's, and the validator
   * looks overloads up by kind), so ours takes its place.
   */
  private static boolean isPercentile(org.apache.calcite.rel.core.AggregateCall call) {
    return call.getAggregation() == org.apache.calcite.sql.fun.SqlStdOperatorTable.PERCENTILE_CONT
        || call.getAggregation() == org.apache.calcite.sql.fun.SqlStdOperatorTable.PERCENTILE_DISC;
  }

  /**
   * A call's engine arguments as input ordinals: its own, but for percentile_cont/disc (q) WITHIN GROUP (ORDER BY
   * x), which the engine computes as quantile(x, q).
   */
  static List<Integer> arguments(AggregateFunction function, org.apache.calcite.rel.core.AggregateCall call) {
    if (isPercentile(call) && call.getCollation().getFieldCollations().size() == 1) {
      return List.of(call.getCollation().getFieldCollations().get(0).getFieldIndex(), call.getArgList().get(0));
    }
    return call.getArgList();
  }

  private static SqlAggFunction ordered(String name, SqlKind kind) {
    SqlOperandTypeChecker operands = OperandTypes.repeat(
        org.apache.calcite.sql.type.SqlOperandCountRanges.between(1, 2), OperandTypes.STRING);
    // the type Calcite's LISTAGG infers, which SqlToRelConverter turns every STRING_AGG into (the types must agree)
    return new SqlAggFunction(name, null, kind, ReturnTypes.ARG0_NULLABLE, null, operands, SqlFunctionCategory.SYSTEM,
        false, false,
        Optionality.OPTIONAL) {
      /** The separator must be a constant (the engine reads it once). */
      @Override
      public void validateCall(org.apache.calcite.sql.SqlCall call,
          org.apache.calcite.sql.validate.SqlValidator validator,
          org.apache.calcite.sql.validate.SqlValidatorScope scope,
          org.apache.calcite.sql.validate.SqlValidatorScope operandScope) {
        if (call.operandCount() == 2 && !(call.operand(1) instanceof org.apache.calcite.sql.SqlLiteral)) {
          throw validator.newValidationError(call.operand(1),
              org.apache.calcite.util.Static.RESOURCE.argumentMustBeLiteral(name));
        }
        super.validateCall(call, validator, scope, operandScope);
      }
    };
  }

  /** quantile_disc's and mode's type: the argument's, nullable. */
  private static RelDataType argumentType(SqlOperatorBinding binding) {
    return binding.getTypeFactory().createTypeWithNullability(binding.getOperandType(0), true);
  }

  /**
   * quantile_cont's and median's type, as DuckDB's: DOUBLE for integers and DOUBLE, FLOAT for FLOAT, the
   * decimal itself, TIMESTAMP for a DATE or TIMESTAMP; text (median only, taken discretely) itself.
   */
  private static RelDataType continuousType(SqlOperatorBinding binding) {
    RelDataTypeFactory types = binding.getTypeFactory();
    RelDataType operand = binding.getOperandType(0);
    RelDataType result = switch (operand.getSqlTypeName()) {
      case TINYINT, SMALLINT, INTEGER, BIGINT, DOUBLE -> types.createSqlType(SqlTypeName.DOUBLE);
      case DATE -> types.createSqlType(SqlTypeName.TIMESTAMP, 6);
      case DECIMAL, REAL, FLOAT, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE, TIMESTAMP_TZ, CHAR, VARCHAR -> operand;
      default -> throw binding.newError(org.apache.calcite.util.Static.RESOURCE.typeNotSupported(
          operand.getFullTypeString()));
    };
    if (binding.getOperator() == QUANTILE_CONT && SqlTypeName.CHAR_TYPES.contains(operand.getSqlTypeName())) {
      throw binding.newError(org.apache.calcite.util.Static.RESOURCE.typeNotSupported(operand.getFullTypeString()));
    }
    return types.createTypeWithNullability(result, true);
  }

  private static SqlAggFunction unary(String name) {
    return aggregate(name, DOUBLE_NULLABLE, OperandTypes.NUMERIC);
  }

  private static SqlAggFunction binary(String name, SqlReturnTypeInference returns) {
    return aggregate(name, returns, OperandTypes.NUMERIC_NUMERIC);
  }

  private static SqlAggFunction aggregate(String name, SqlReturnTypeInference returns, SqlOperandTypeChecker operands) {
    return new SqlAggFunction(name, null, SqlKind.OTHER_FUNCTION, returns, null, operands,
        SqlFunctionCategory.NUMERIC, false, false, Optionality.FORBIDDEN) {};
  }
}
