package dev.quiver.sql.planner;

import dev.quiver.datagen.tpch.TpchSchemas;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.source.TableSource;
import dev.quiver.expression.Expression;
import dev.quiver.sql.catalog.Catalog;
import io.trino.tpch.TpchTable;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;

/** A catalog of the 8 TPC-H tables' schemas with their row counts at a scale, that cannot be read. */
final class TpchCatalog {
  private TpchCatalog() {}

  static Catalog atScale(double scale) {
    Catalog catalog = new Catalog(files -> {
      throw new AssertionError("no .qvr files here");
    });
    for (TpchTable<?> table : TpchTable.getTables()) {
      catalog.register(table.getTableName(), new SchemaOnly(table.getTableName(), TpchSchemas.schema(table),
          TpchSchemas.estimatedRows(table, scale), scale));
    }
    return catalog;
  }

  /**
   * A table of a schema and a row count only, whose key columns have the distinct bounds the footers of
   * generated files give: at most the key's range ({@code l_orderkey}: its rows, 6,000,000 at scale 1, as
   * TPC-H's order keys are sparse) and the table's rows; its scans evaluate their filters, as .qvr tables' do.
   */
  record SchemaOnly(String name, Schema schema, long rowCount, double scale) implements TableSource {
    @Override
    public java.util.OptionalLong distinctBound(String column) {
      long range;
      if (column.endsWith("orderkey")) {
        range = Long.MAX_VALUE;
      } else if (column.endsWith("partkey")) {
        range = scaled(200_000, scale);
      } else if (column.endsWith("suppkey")) {
        range = scaled(10_000, scale);
      } else if (column.endsWith("custkey")) {
        range = scaled(150_000, scale);
      } else if (column.endsWith("nationkey")) {
        range = 25;
      } else if (column.endsWith("regionkey")) {
        range = 5;
      } else {
        return java.util.OptionalLong.empty();
      }
      return java.util.OptionalLong.of(Math.min(range, rowCount));
    }

    /** As the .qvr tables it stands for: the scan evaluates its filter. */
    @Override
    public boolean evaluatesFilters() {
      return true;
    }

    private static long scaled(long atScaleOne, double scale) {
      return Math.max(1, (long) (atScaleOne * scale));
    }
    @Override
    public MorselSource open(List<String> columns, Expression filter, long limit, ExecutionContext context) {
      throw new UnsupportedOperationException("schema only");
    }
  }
}
