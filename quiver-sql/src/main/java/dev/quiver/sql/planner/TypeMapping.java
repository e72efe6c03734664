package dev.quiver.sql.planner;

import dev.quiver.common.arrow.UnreadableColumns;
import dev.quiver.sql.SqlException;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Arrow types to SQL types and back. Arrow → SQL: int8/16/32/64 TINYINT/SMALLINT/INTEGER/BIGINT,
 * float32 REAL, float64 DOUBLE, decimal128(p, s) DECIMAL(p, s), utf8 VARCHAR, binary VARBINARY,
 * bool BOOLEAN, date DATE, time64 TIME(6) (microseconds, DuckDB's TIME) or TIME(9) (nanoseconds, TIME_NS),
 * timestamp without zone TIMESTAMP(0/3/6/9 by unit), with a zone
 * TIMESTAMP WITH LOCAL TIME ZONE; any other type is ANY (a query can read it through but not
 * compute with it). SQL → Arrow is the inverse, CHAR as utf8 and timestamps as microseconds unless
 * the precision says nanoseconds.
 */
final class TypeMapping {
  private TypeMapping() {}

  static RelDataType toSql(RelDataTypeFactory types, Field field) {
    if (UnreadableColumns.isUnreadable(field)) {
      // A column its file's reader cannot read: planned as ANY, a scan reading it is the reader's error.
      return types.createTypeWithNullability(types.createSqlType(SqlTypeName.ANY), true);
    }
    return types.createTypeWithNullability(toSql(types, field.getType()), field.isNullable());
  }

  static RelDataType toSql(RelDataTypeFactory types, ArrowType type) {
    switch (type.getTypeID()) {
      case Int: {
        ArrowType.Int integer = (ArrowType.Int) type;
        if (!integer.getIsSigned()) {
          return integer.getBitWidth() < 32 ? types.createSqlType(SqlTypeName.INTEGER)
              : integer.getBitWidth() == 32 ? types.createSqlType(SqlTypeName.BIGINT)
                  : types.createSqlType(SqlTypeName.DECIMAL, 20, 0);
        }
        return types.createSqlType(switch (integer.getBitWidth()) {
          case 8 -> SqlTypeName.TINYINT;
          case 16 -> SqlTypeName.SMALLINT;
          case 32 -> SqlTypeName.INTEGER;
          default -> SqlTypeName.BIGINT;
        });
      }
      case FloatingPoint:
        return types.createSqlType(((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.DOUBLE
            ? SqlTypeName.DOUBLE : SqlTypeName.REAL);
      case Decimal: {
        ArrowType.Decimal decimal = (ArrowType.Decimal) type;
        return types.createSqlType(SqlTypeName.DECIMAL, decimal.getPrecision(), decimal.getScale());
      }
      case Utf8:
      case LargeUtf8:
        return types.createSqlType(SqlTypeName.VARCHAR);
      case Binary:
      case LargeBinary:
      case FixedSizeBinary:
        return types.createSqlType(SqlTypeName.VARBINARY);
      case Bool:
        return types.createSqlType(SqlTypeName.BOOLEAN);
      case Date:
        return types.createSqlType(SqlTypeName.DATE);
      case Time:
        return types.createSqlType(SqlTypeName.TIME,
            ((ArrowType.Time) type).getUnit() == TimeUnit.NANOSECOND ? 9 : 6);
      case Timestamp: {
        ArrowType.Timestamp timestamp = (ArrowType.Timestamp) type;
        int precision = switch (timestamp.getUnit()) {
          case SECOND -> 0;
          case MILLISECOND -> 3;
          case MICROSECOND -> 6;
          case NANOSECOND -> 9;
        };
        return types.createSqlType(timestamp.getTimezone() == null ? SqlTypeName.TIMESTAMP
            : SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, precision);
      }
      case Null:
        return types.createSqlType(SqlTypeName.NULL);
      case Interval:
        // months, days and micros in one value: Calcite's day-time interval stands for all of them
        return types.createSqlIntervalType(new org.apache.calcite.sql.SqlIntervalQualifier(
            org.apache.calcite.avatica.util.TimeUnit.DAY, org.apache.calcite.avatica.util.TimeUnit.SECOND,
            org.apache.calcite.sql.parser.SqlParserPos.ZERO));
      default:
        return types.createSqlType(SqlTypeName.ANY);
    }
  }

  /** The Arrow type of a SQL type; USER error for a type the engine has no vectors for. */
  static ArrowType toArrow(RelDataType type) {
    SqlTypeName name = type.getSqlTypeName();
    switch (name) {
      case BOOLEAN:
        return ArrowType.Bool.INSTANCE;
      case TINYINT:
        return new ArrowType.Int(8, true);
      case SMALLINT:
        return new ArrowType.Int(16, true);
      case INTEGER:
        return new ArrowType.Int(32, true);
      case BIGINT:
        return new ArrowType.Int(64, true);
      case DECIMAL:
        return new ArrowType.Decimal(type.getPrecision(), Math.max(0, type.getScale()), 128);
      case REAL:
        return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case FLOAT:
      case DOUBLE:
        return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case CHAR:
      case VARCHAR:
        return ArrowType.Utf8.INSTANCE;
      case BINARY:
      case VARBINARY:
        return ArrowType.Binary.INSTANCE;
      case DATE:
        return new ArrowType.Date(DateUnit.DAY);
      case TIME:
        return new ArrowType.Time(type.getPrecision() > 6 ? TimeUnit.NANOSECOND : TimeUnit.MICROSECOND, 64);
      case TIMESTAMP:
        return new ArrowType.Timestamp(type.getPrecision() > 6 ? TimeUnit.NANOSECOND : TimeUnit.MICROSECOND, null);
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
      case TIMESTAMP_TZ:
        // an instant, shown in the session's time zone (SET TimeZone; UTC unless set)
        return new ArrowType.Timestamp(type.getPrecision() > 6 ? TimeUnit.NANOSECOND : TimeUnit.MICROSECOND,
            DateCalls.sessionZone());
      case NULL:
        return ArrowType.Null.INSTANCE;
      case INTERVAL_YEAR:
      case INTERVAL_YEAR_MONTH:
      case INTERVAL_MONTH:
      case INTERVAL_DAY:
      case INTERVAL_DAY_HOUR:
      case INTERVAL_DAY_MINUTE:
      case INTERVAL_DAY_SECOND:
      case INTERVAL_HOUR:
      case INTERVAL_HOUR_MINUTE:
      case INTERVAL_HOUR_SECOND:
      case INTERVAL_MINUTE:
      case INTERVAL_MINUTE_SECOND:
      case INTERVAL_SECOND:
        // every SQL interval is one Arrow MONTH_DAY_NANO value (months, days, nanoseconds), as DuckDB's INTERVAL
        return new ArrowType.Interval(org.apache.arrow.vector.types.IntervalUnit.MONTH_DAY_NANO);
      default:
        throw SqlException.unpositioned("values of type " + type.getFullTypeString().replace(" NOT NULL", "")
            + " are not supported");
    }
  }

  /** The Arrow schema of a row type. */
  static Schema toArrowSchema(RelDataType rowType) {
    return new Schema(rowType.getFieldList().stream()
        .map(field -> Field.nullable(field.getName(), toArrow(field.getType())))
        .map(field -> field)
        .toList());
  }
}
