package dev.quiver.datagen.tpch;

import dev.quiver.common.QuiverException;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow schemas of the TPC-H tables as Quiver writes them. Column names are the standard ones
 * ({@code l_orderkey}); every column is non-nullable. Types: keys (identifiers) int64, other integers
 * int32, dates date32, money and quantities (the spec's DECIMAL(15,2)) decimal128(15,2) holding the
 * generator's exact cents, text utf8.
 */
public final class TpchSchemas {
  /** Precision and scale of the money columns. */
  public static final int MONEY_PRECISION = 15;
  public static final int MONEY_SCALE = 2;

  private TpchSchemas() {}

  /** The table named {@code name} (lineitem, orders, customer, part, partsupp, supplier, nation, region). */
  public static TpchTable<?> table(String name) {
    for (TpchTable<?> table : TpchTable.getTables()) {
      if (table.getTableName().equals(name.toLowerCase(Locale.ROOT))) {
        return table;
      }
    }
    List<String> names = new ArrayList<>();
    TpchTable.getTables().forEach(table -> names.add(table.getTableName()));
    throw QuiverException.user("unknown TPC-H table '" + name + "': use " + String.join(", ", names));
  }

  /** The Arrow schema of {@code table}. */
  public static <E extends io.trino.tpch.TpchEntity> Schema schema(TpchTable<E> table) {
    List<Field> fields = new ArrayList<>();
    for (TpchColumn<E> column : table.getColumns()) {
      fields.add(new Field(column.getColumnName(), new FieldType(false, arrowType(column), null), null));
    }
    return new Schema(fields);
  }

  static ArrowType arrowType(TpchColumn<?> column) {
    switch (column.getType().getBase()) {
      case IDENTIFIER:
        return new ArrowType.Int(64, true);
      case INTEGER:
        return new ArrowType.Int(32, true);
      case DATE:
        return new ArrowType.Date(DateUnit.DAY);
      case DOUBLE:
        return new ArrowType.Decimal(MONEY_PRECISION, MONEY_SCALE, 128);
      default:
        return ArrowType.Utf8.INSTANCE;
    }
  }

  /** About how many rows {@code table} has at {@code scale} (for progress; the generator decides). */
  public static long estimatedRows(TpchTable<?> table, double scale) {
    switch (table.getTableName()) {
      case "lineitem":
        return Math.round(6_001_215 * scale);
      case "orders":
        return Math.round(1_500_000 * scale);
      case "partsupp":
        return Math.round(800_000 * scale);
      case "part":
        return Math.round(200_000 * scale);
      case "customer":
        return Math.round(150_000 * scale);
      case "supplier":
        return Math.round(10_000 * scale);
      case "nation":
        return 25;
      default:
        return 5;
    }
  }
}
