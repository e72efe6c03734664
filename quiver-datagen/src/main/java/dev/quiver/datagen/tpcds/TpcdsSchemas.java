package dev.quiver.datagen.tpcds;

import dev.quiver.common.QuiverException;
import io.trino.tpcds.Scaling;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import io.trino.tpcds.column.ColumnType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow schemas of the 24 TPC-DS tables as Quiver writes them, with DuckDB's column names and
 * types: surrogate keys and other integers int32 (DuckDB's {@code integer}), dates date32, the spec's
 * decimals as decimal128(p,s) (DECIMAL(7,2), DECIMAL(5,2), DECIMAL(15,2)), CHAR and VARCHAR as utf8.
 * Every column is nullable (dsdgen leaves many empty; empty strings are NULL). Two names differ from
 * the generator's, which keeps the spec's misspellings: {@code p_response_target} and
 * {@code s_tax_percentage}.
 */
public final class TpcdsSchemas {
  private TpcdsSchemas() {}

  /** The 24 tables, in the generator's order (without dsdgen's {@code dbgen_version}). */
  public static List<Table> tables() {
    List<Table> tables = new ArrayList<>();
    for (Table table : Table.getBaseTables()) {
      if (!table.getName().equals("dbgen_version")) {
        tables.add(table);
      }
    }
    return tables;
  }

  /** The table named {@code name}, e.g. {@code store_sales}. */
  public static Table table(String name) {
    String wanted = name.toLowerCase(Locale.ROOT);
    List<String> names = new ArrayList<>();
    for (Table table : tables()) {
      if (table.getName().equals(wanted)) {
        return table;
      }
      names.add(table.getName());
    }
    throw QuiverException.user("unknown TPC-DS table '" + name + "': use " + String.join(", ", names));
  }

  /** DuckDB's name for {@code column}. */
  public static String columnName(Column column) {
    switch (column.getName()) {
      case "p_response_targe":
        return "p_response_target";
      case "s_tax_precentage":
        return "s_tax_percentage";
      default:
        return column.getName();
    }
  }

  /** The Arrow schema of {@code table}. */
  public static Schema schema(Table table) {
    List<Field> fields = new ArrayList<>();
    for (Column column : table.getColumns()) {
      fields.add(new Field(columnName(column), new FieldType(true, arrowType(column), null), null));
    }
    return new Schema(fields);
  }

  static ArrowType arrowType(Column column) {
    ColumnType type = column.getType();
    switch (type.getBase()) {
      case IDENTIFIER:
      case INTEGER:
        return new ArrowType.Int(32, true);
      case DATE:
        return new ArrowType.Date(DateUnit.DAY);
      case DECIMAL:
        return new ArrowType.Decimal(type.getPrecision().orElseThrow(), type.getScale().orElseThrow(), 128);
      case CHAR:
      case VARCHAR:
        return ArrowType.Utf8.INSTANCE;
      default:
        throw QuiverException.user("TPC-DS column " + column.getName() + " has type " + type.getBase()
            + ", which Quiver does not generate");
    }
  }

  /** About how many rows {@code table} has at {@code scale} (for progress; the generator decides). */
  public static long estimatedRows(Table table, double scale) {
    return new Scaling(scale).getRowCount(table);
  }
}
