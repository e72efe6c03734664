package dev.quiver.sql.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The {@code information_schema} tables, built from the registered tables' schemas when a query
 * names them: {@code tables} (one row per registered table) and {@code columns} (one row per column),
 * with DuckDB's columns and DuckDB's values for an in-memory database (catalog {@code memory},
 * schema {@code main}, every table a {@code BASE TABLE}, every column nullable).
 */
public final class InformationSchema {
  /** The schema's name as queries write it. */
  public static final String NAME = "information_schema";

  static final String CATALOG_NAME = "memory";
  static final String SCHEMA_NAME = "main";

  private static final Schema TABLES = schema("table_catalog", "table_schema", "table_name", "table_type",
      "self_referencing_column_name", "reference_generation", "user_defined_type_catalog",
      "user_defined_type_schema", "user_defined_type_name", "is_insertable_into", "is_typed", "commit_action",
      "TABLE_COMMENT");

  /** DuckDB's columns of information_schema.columns; a type letter after a colon (I integer, L bigint, B boolean). */
  private static final Schema COLUMNS = schema("table_catalog", "table_schema", "table_name", "column_name",
      "ordinal_position:I", "column_default", "is_nullable", "data_type", "character_maximum_length:I",
      "character_octet_length:I", "numeric_precision:I", "numeric_precision_radix:I", "numeric_scale:I",
      "datetime_precision:I", "interval_type", "interval_precision:I", "character_set_catalog",
      "character_set_schema", "character_set_name", "collation_catalog", "collation_schema", "collation_name",
      "domain_catalog", "domain_schema", "domain_name", "udt_catalog", "udt_schema", "udt_name", "scope_catalog",
      "scope_schema", "scope_name", "maximum_cardinality:L", "dtd_identifier", "is_self_referencing:B",
      "is_identity:B", "identity_generation", "identity_start", "identity_increment", "identity_maximum",
      "identity_minimum", "identity_cycle:B", "is_generated", "generation_expression", "is_updatable:B",
      "COLUMN_COMMENT");

  private InformationSchema() {}

  /** The names of the schema's tables. */
  public static List<String> tableNames() {
    return List.of("tables", "columns");
  }

  /** The table {@code name} ({@code tables} or {@code columns}, ignoring case) of the catalog now, or null. */
  public static RowTable table(Catalog catalog, String name) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "tables" -> tables(catalog);
      case "columns" -> columns(catalog);
      default -> null;
    };
  }

  /** One row per registered table. */
  public static RowTable tables(Catalog catalog) {
    List<Object[]> rows = new ArrayList<>();
    for (String name : catalog.tableNames()) {
      Object[] row = new Object[TABLES.getFields().size()];
      row[0] = CATALOG_NAME;
      row[1] = SCHEMA_NAME;
      row[2] = name;
      row[3] = "BASE TABLE";
      row[9] = "YES";
      row[10] = "NO";
      rows.add(row);
    }
    return new RowTable(NAME + ".tables", TABLES, rows);
  }

  /** One row per column of every registered table, in the tables' order then the columns'. */
  public static RowTable columns(Catalog catalog) {
    List<Object[]> rows = new ArrayList<>();
    for (String name : catalog.tableNames()) {
      Schema schema = catalog.table(name).map(source -> source.schema()).orElse(null);
      if (schema == null) {
        continue;
      }
      int position = 1;
      for (Field field : schema.getFields()) {
        Object[] row = new Object[COLUMNS.getFields().size()];
        row[0] = CATALOG_NAME;
        row[1] = SCHEMA_NAME;
        row[2] = name;
        row[3] = field.getName();
        row[4] = position++;
        row[6] = "YES";
        row[7] = SqlTypeNames.of(field);
        numeric(field.getType(), row);
        row[41] = "NEVER";
        rows.add(row);
      }
    }
    return new RowTable(NAME + ".columns", COLUMNS, rows);
  }

  /** numeric_precision, numeric_precision_radix and numeric_scale as DuckDB gives them. */
  private static void numeric(ArrowType type, Object[] row) {
    if (type instanceof ArrowType.Int integer) {
      row[10] = integer.getBitWidth();
      row[11] = 2;
      row[12] = 0;
    } else if (type instanceof ArrowType.FloatingPoint floating) {
      row[10] = floating.getPrecision() == FloatingPointPrecision.DOUBLE ? 53 : 24;
      row[11] = 2;
      row[12] = 0;
    } else if (type instanceof ArrowType.Decimal decimal) {
      row[10] = decimal.getPrecision();
      row[11] = 10;
      row[12] = decimal.getScale();
    }
  }

  private static Schema schema(String... columns) {
    List<Field> fields = new ArrayList<>(columns.length);
    for (String column : columns) {
      int colon = column.indexOf(':');
      String name = colon < 0 ? column : column.substring(0, colon);
      char kind = colon < 0 ? 'V' : column.charAt(colon + 1);
      fields.add(switch (kind) {
        case 'I' -> RowTable.integer(name);
        case 'L' -> RowTable.bigint(name);
        case 'B' -> Field.nullable(name, ArrowType.Bool.INSTANCE);
        default -> RowTable.varchar(name);
      });
    }
    return new Schema(fields);
  }
}
