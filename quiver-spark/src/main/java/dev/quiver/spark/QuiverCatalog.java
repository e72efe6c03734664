package dev.quiver.spark;

import dev.quiver.common.QuiverException;
import java.util.Map;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableChange;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A catalog whose table names are paths, so SQL can name a {@code .qvr} file, folder or glob directly:
 * with {@code spark.sql.catalog.quiver=dev.quiver.spark.QuiverCatalog},
 * {@code SELECT ... FROM quiver.`/data/lineitem`}. (Spark's own {@code format.`path`} form is for
 * Spark's V1 file formats only.) Read-only: tables are written with {@code df.write.format("quiver")}.
 */
public final class QuiverCatalog implements TableCatalog {
  private String name = QuiverDataSource.SHORT_NAME;
  private CaseInsensitiveStringMap options = CaseInsensitiveStringMap.empty();

  @Override
  public void initialize(String catalogName, CaseInsensitiveStringMap catalogOptions) {
    this.name = catalogName;
    this.options = catalogOptions;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Table loadTable(Identifier identifier) throws NoSuchTableException {
    if (identifier.namespace().length != 0) {
      throw new NoSuchTableException(identifier);
    }
    Map<String, String> properties = new java.util.HashMap<>(options.asCaseSensitiveMap());
    properties.put("path", identifier.name());
    CaseInsensitiveStringMap tableOptions = new CaseInsensitiveStringMap(properties);
    QuiverDataSource source = new QuiverDataSource();
    return source.getTable(source.inferSchema(tableOptions), source.inferPartitioning(tableOptions), properties);
  }

  @Override
  public Identifier[] listTables(String[] namespace) {
    return new Identifier[0];
  }

  @Override
  public Table alterTable(Identifier identifier, TableChange... changes) {
    throw readOnly("alter");
  }

  @Override
  public boolean dropTable(Identifier identifier) {
    throw readOnly("drop");
  }

  @Override
  public void renameTable(Identifier from, Identifier to) {
    throw readOnly("rename");
  }

  private QuiverException readOnly(String operation) {
    return QuiverException.user("catalog " + name + " names .qvr paths and cannot " + operation
        + " them; write tables with df.write.format(\"quiver\")");
  }
}
