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
          TpchSchemas.estimatedRows(table, scale)));
    }
    return catalog;
  }

  /** A table of a schema and a row count only. */
  record SchemaOnly(String name, Schema schema, long rowCount) implements TableSource {
    @Override
    public MorselSource open(List<String> columns, Expression filter, long limit, ExecutionContext context) {
      throw new UnsupportedOperationException("schema only");
    }
  }
}
