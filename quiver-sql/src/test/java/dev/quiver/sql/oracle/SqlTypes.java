package dev.quiver.sql.oracle;

import java.util.Locale;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * SQL type names as results carry them (DuckDB's spelling: {@code INTEGER}, {@code BIGINT},
 * {@code DECIMAL(15,2)}, {@code DOUBLE}, {@code VARCHAR}, {@code DATE}, ...) and the families the
 * comparison checks. Engines legitimately give different types to the same expression (DuckDB
 * sums BIGINTs to HUGEINT and averages DECIMALs to DOUBLE; a Calcite-based engine keeps DECIMAL),
 * so results are compared on the family of each column, not its exact type.
 */
public final class SqlTypes {
  /** What a column holds, as far as comparing answers is concerned. */
  public enum Family {
    /** Integers, decimals and floating point: compared as numbers with {@link ValueEquivalence}. */
    NUMERIC,
    STRING,
    BOOLEAN,
    /** DATE and TIMESTAMP (DuckDB turns {@code date + interval} into a TIMESTAMP). */
    DATETIME,
    /** Anything else (NULL-typed columns, lists, intervals): the comparison checks values only. */
    OTHER
  }

  private SqlTypes() {}

  /** The SQL name of an Arrow type; fails for types the oracle does not load. */
  public static String name(ArrowType type) {
    switch (type.getTypeID()) {
      case Null:
        return "NULL";
      case Bool:
        return "BOOLEAN";
      case Int: {
        ArrowType.Int integer = (ArrowType.Int) type;
        if (!integer.getIsSigned()) {
          break;
        }
        switch (integer.getBitWidth()) {
          case 8:
            return "TINYINT";
          case 16:
            return "SMALLINT";
          case 32:
            return "INTEGER";
          default:
            return "BIGINT";
        }
      }
      case FloatingPoint:
        return ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.DOUBLE ? "DOUBLE" : "REAL";
      case Decimal: {
        ArrowType.Decimal decimal = (ArrowType.Decimal) type;
        return "DECIMAL(" + decimal.getPrecision() + "," + decimal.getScale() + ")";
      }
      case Utf8:
      case LargeUtf8:
        return "VARCHAR";
      case Date:
        return "DATE";
      case Timestamp:
        if (((ArrowType.Timestamp) type).getTimezone() == null) {
          return "TIMESTAMP";
        }
        break;
      default:
        break;
    }
    throw new IllegalArgumentException("no SQL type for Arrow type " + type);
  }

  /** The family of a SQL type name (case-insensitive; parameters such as precision ignored). */
  public static Family family(String typeName) {
    String base = typeName.toUpperCase(Locale.ROOT);
    int parenthesis = base.indexOf('(');
    if (parenthesis >= 0) {
      base = base.substring(0, parenthesis);
    }
    switch (base.trim()) {
      case "TINYINT":
      case "SMALLINT":
      case "INTEGER":
      case "INT":
      case "BIGINT":
      case "HUGEINT":
      case "UTINYINT":
      case "USMALLINT":
      case "UINTEGER":
      case "UBIGINT":
      case "UHUGEINT":
      case "DECIMAL":
      case "NUMERIC":
      case "REAL":
      case "FLOAT":
      case "DOUBLE":
        return Family.NUMERIC;
      case "VARCHAR":
      case "CHAR":
      case "TEXT":
      case "STRING":
        return Family.STRING;
      case "BOOLEAN":
        return Family.BOOLEAN;
      case "DATE":
      case "TIMESTAMP":
        return Family.DATETIME;
      default:
        return Family.OTHER;
    }
  }
}
