package dev.quiver.sql.planner;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's type rules with Quiver's limits: decimals up to 38 digits (Arrow's decimal128), a SUM of
 * decimals DECIMAL(38, s) and of integers BIGINT (never overflowing the argument's type), an AVG of
 * decimals DECIMAL(38, max(s, 6)) and of integers or floats DOUBLE (as DuckDB and PostgreSQL), and
 * timestamps to nanoseconds (microseconds when no precision is written).
 */
final class QuiverTypeSystem extends RelDataTypeSystemImpl {
  static final int MAX_DECIMAL_PRECISION = 38;
  static final int MIN_AVERAGE_SCALE = 6;
  /** A quotient's decimals when they fit: PostgreSQL's for a quotient between 0.0001 and 1. */
  static final int QUOTIENT_SCALE = 20;
  /** A quotient's fewest decimals: PostgreSQL's least significant digits ({@code NUMERIC_MIN_SIG_DIGITS}). */
  static final int MIN_QUOTIENT_SCALE = 16;

  @Override
  public int getMaxPrecision(SqlTypeName typeName) {
    return switch (typeName) {
      case DECIMAL -> MAX_DECIMAL_PRECISION;
      case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> 9;
      case TIME -> 9;
      default -> super.getMaxPrecision(typeName);
    };
  }

  /** A TIMESTAMP without a precision is DuckDB's: microseconds ({@code CAST(t AS TIMESTAMP)} keeps them). */
  @Override
  public int getDefaultPrecision(SqlTypeName typeName) {
    return switch (typeName) {
      case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE, TIME -> 6;
      default -> super.getDefaultPrecision(typeName);
    };
  }

  @Override
  public int getMaxScale(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? MAX_DECIMAL_PRECISION : super.getMaxScale(typeName);
  }

  @Override
  public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
    RelDataType sum = switch (argumentType.getSqlTypeName()) {
      case TINYINT, SMALLINT, INTEGER, BIGINT -> typeFactory.createSqlType(SqlTypeName.BIGINT);
      case DECIMAL -> typeFactory.createSqlType(SqlTypeName.DECIMAL, MAX_DECIMAL_PRECISION, argumentType.getScale());
      case REAL, FLOAT, DOUBLE -> typeFactory.createSqlType(SqlTypeName.DOUBLE);
      default -> super.deriveSumType(typeFactory, argumentType);
    };
    return typeFactory.createTypeWithNullability(sum, argumentType.isNullable());
  }

  @Override
  public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
    RelDataType average = switch (argumentType.getSqlTypeName()) {
      case TINYINT, SMALLINT, INTEGER, BIGINT, REAL, FLOAT, DOUBLE -> typeFactory.createSqlType(SqlTypeName.DOUBLE);
      case DECIMAL -> typeFactory.createSqlType(SqlTypeName.DECIMAL, MAX_DECIMAL_PRECISION,
          Math.max(argumentType.getScale(), MIN_AVERAGE_SCALE));
      default -> super.deriveAvgAggType(typeFactory, argumentType);
    };
    return typeFactory.createTypeWithNullability(average, argumentType.isNullable());
  }

  /**
   * DECIMAL(p1, s1) / DECIMAL(p2, s2) as exact as PostgreSQL's numeric division, within 38 digits. PostgreSQL
   * gives a quotient at least 16 significant digits (its {@code select_div_scale}: 20 decimals for a quotient
   * between 0.0001 and 1, 16 for one between 1 and 10000) and never fewer decimals than an operand. A type is
   * fixed before the values are known, so the quotient gets scale {@code max(20, s1, s2)} and precision
   * {@code p1 - s1 + s2 + scale} (the largest integer part a quotient can have); past 38 digits the scale gives
   * way, to no less than {@code max(16, s1, s2)}, and then the integer digits do (a quotient that does not fit
   * is an error, never a wrong answer): {@code DECIMAL(15,2) / DECIMAL(15,2)} is DECIMAL(35,20) and
   * {@code DECIMAL(38,2) / DECIMAL(38,2)} (two sums) DECIMAL(38,16). Rounded half away from zero.
   * DuckDB divides decimals as DOUBLEs (about 16 significant digits, not exact).
   */
  @Override
  public @org.checkerframework.checker.nullness.qual.Nullable RelDataType deriveDecimalDivideType(
      RelDataTypeFactory typeFactory, RelDataType dividendType, RelDataType divisorType) {
    if (!exactWithDecimal(dividendType, divisorType)) {
      return null;
    }
    int p1 = dividendType.getPrecision();
    int s1 = Math.max(0, dividendType.getScale());
    int s2 = Math.max(0, divisorType.getScale());
    int integerDigits = Math.max(1, p1 - s1 + s2);
    int operandScale = Math.max(s1, s2);
    int scale = Math.max(QUOTIENT_SCALE, operandScale);
    if (integerDigits + scale > MAX_DECIMAL_PRECISION) {
      scale = Math.max(Math.max(MIN_QUOTIENT_SCALE, operandScale), MAX_DECIMAL_PRECISION - integerDigits);
    }
    scale = Math.min(scale, MAX_DECIMAL_PRECISION);
    int precision = Math.min(MAX_DECIMAL_PRECISION, integerDigits + scale);
    return typeFactory.createSqlType(SqlTypeName.DECIMAL, precision, scale);
  }

  /**
   * DECIMAL(p1, s1) * DECIMAL(p2, s2): exact, DECIMAL(p1 + p2, s1 + s2), when that fits 38 digits. Past 38 the
   * decimals give way first, as in division, to no fewer than an operand has (at least 6, or the exact product's
   * when it has fewer), and then the integer digits do (a product that does not fit is an error, never a wrong
   * answer): two quotients {@code DECIMAL(33,20) * DECIMAL(34,20)} are DECIMAL(38,20), two sums {@code
   * DECIMAL(38,2) * DECIMAL(38,2)} DECIMAL(38,4). Rounded half away from zero. Calcite's rule keeps every decimal
   * and leaves no integer digit (DECIMAL(38,38)); PostgreSQL's numeric is exact at any size; DuckDB keeps every
   * decimal too (and multiplies quotients as DOUBLEs, since its decimal division is a DOUBLE).
   */
  @Override
  public @org.checkerframework.checker.nullness.qual.Nullable RelDataType deriveDecimalMultiplyType(
      RelDataTypeFactory typeFactory, RelDataType leftType, RelDataType rightType) {
    if (!exactWithDecimal(leftType, rightType)) {
      return null;
    }
    RelDataType left = typeFactory.decimalOf(leftType); // an integer type as DECIMAL(its digits, 0)
    RelDataType right = typeFactory.decimalOf(rightType);
    int s1 = Math.max(0, left.getScale());
    int s2 = Math.max(0, right.getScale());
    int integerDigits = Math.max(0, left.getPrecision() - s1) + Math.max(0, right.getPrecision() - s2);
    int exactScale = s1 + s2;
    int scale = exactScale;
    if (integerDigits + exactScale > MAX_DECIMAL_PRECISION) {
      int fewestDecimals = Math.min(exactScale, Math.max(MIN_AVERAGE_SCALE, Math.max(s1, s2)));
      scale = Math.max(fewestDecimals, MAX_DECIMAL_PRECISION - integerDigits);
    }
    scale = Math.min(scale, MAX_DECIMAL_PRECISION);
    int precision = Math.min(MAX_DECIMAL_PRECISION, Math.max(1, integerDigits + scale));
    return typeFactory.createSqlType(SqlTypeName.DECIMAL, precision, scale);
  }

  /** Whether both operands are exact numbers and one is a decimal (else Calcite's own rule types the result). */
  private static boolean exactWithDecimal(RelDataType left, RelDataType right) {
    return org.apache.calcite.sql.type.SqlTypeUtil.isExactNumeric(left)
        && org.apache.calcite.sql.type.SqlTypeUtil.isExactNumeric(right)
        && (org.apache.calcite.sql.type.SqlTypeUtil.isDecimal(left)
            || org.apache.calcite.sql.type.SqlTypeUtil.isDecimal(right));
  }

  /**
   * String literals of different lengths meet as VARCHAR, never as a blank-padded CHAR(n): {@code CASE
   * WHEN a THEN 'on' ELSE 'off' END}, {@code VALUES ('a'), ('abc')}, UNION, COALESCE and IN lists give
   * the strings as written (DuckDB has no CHAR type).
   */
  @Override
  public boolean shouldConvertRaggedUnionTypesToVarying() {
    return true;
  }
}
