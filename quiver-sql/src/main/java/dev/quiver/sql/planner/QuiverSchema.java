package dev.quiver.sql.planner;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.source.TableSource;
import dev.quiver.sql.catalog.Catalog;
import dev.quiver.sql.catalog.DatabaseObjects;
import dev.quiver.sql.catalog.InformationSchema;
import dev.quiver.sql.catalog.TableFunctions;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;

/**
 * The catalog as Calcite's schema, for one query: looks tables up by name (ignoring case) or by path,
 * and remembers which it handed out (their columns are the candidates of "did you mean") and why a
 * path could not be opened (the message of the error at the table's position).
 */
final class QuiverSchema extends AbstractSchema {
  private final Catalog catalog;
  private final Map<String, QuiverTable> used = new LinkedHashMap<>();
  private final Map<String, String> failures = new LinkedHashMap<>();
  private final Map<String, dev.quiver.common.ErrorCode> failureCodes = new LinkedHashMap<>();

  private final Map<String, TableFunctionCall> tableFunctions = new LinkedHashMap<>();

  QuiverSchema(Catalog catalog) {
    this(catalog, java.util.List.of());
  }

  /** The schema of a query that calls {@code tableFunctions} (each looked up by its identifier). */
  QuiverSchema(Catalog catalog, java.util.List<TableFunctionCall> tableFunctions) {
    this.catalog = catalog;
    for (TableFunctionCall call : tableFunctions) {
      this.tableFunctions.put(call.identifier(), call);
    }
  }

  @Override
  public Lookup<Table> tables() {
    return new Lookup<>() {
      @Override
      public Table get(String name) {
        return find(name);
      }

      @Override
      public Named<Table> getIgnoreCase(String name) {
        Table table = find(name);
        return table == null ? null : new Named<>(name, table);
      }

      @Override
      public Set<String> getNames(LikePattern pattern) {
        Set<String> names = new LinkedHashSet<>();
        for (String name : catalog.tableNames()) {
          if (pattern.matcher().apply(name)) {
            names.add(name);
          }
        }
        return names;
      }
    };
  }

  private synchronized Table find(String name) {
    QuiverTable known = used.get(name);
    if (known != null) {
      return known;
    }
    try {
      TableFunctionCall call = tableFunctions.get(name);
      if (call != null) {
        QuiverTable table = new QuiverTable(TableFunctions.open(catalog, call.name(), call.text(), call.arguments(),
            call.namedArguments()));
        used.put(name, table);
        return table;
      }
      if (catalog.table(name).isEmpty() && !Catalog.looksLikePath(name)) {
        return null;
      }
      TableSource source = catalog.resolveTable(name);
      QuiverTable table = new QuiverTable(source);
      used.put(name, table);
      return table;
    } catch (QuiverException failure) {
      failures.put(name, failure.getMessage());
      failureCodes.put(failure.getMessage(), failure.errorCode());
      return null;
    }
  }

  /** The tables the query named so far. */
  synchronized Map<String, QuiverTable> usedTables() {
    return Map.copyOf(used);
  }

  /** The kind of the failure to open a path whose message is {@code message}, or null. */
  synchronized dev.quiver.common.ErrorCode failureCode(String message) {
    return failureCodes.get(message);
  }

  /** Why the path {@code name} could not be opened, or null. */
  synchronized String failure(String name) {
    return failures.get(name);
  }

  Catalog catalog() {
    return catalog;
  }

  /**
   * {@code information_schema} ({@code tables}, {@code columns}), built from the catalog when named, and
   * the database's schemas ({@code main.t}, {@code s.t}).
   */
  @Override
  protected Map<String, org.apache.calcite.schema.Schema> getSubSchemaMap() {
    Map<String, org.apache.calcite.schema.Schema> schemas = new LinkedHashMap<>();
    schemas.put(InformationSchema.NAME, new AbstractSchema() {
      @Override
      protected Map<String, Table> getTableMap() {
        Map<String, Table> tables = new LinkedHashMap<>();
        for (String name : InformationSchema.tableNames()) {
          tables.put(name, new QuiverTable(InformationSchema.table(catalog, name)));
        }
        return tables;
      }
    });
    DatabaseObjects database = catalog.database();
    if (database != null) {
      for (String name : database.schemas()) {
        schemas.put(name, new DatabaseSchema(database, name));
      }
    }
    return schemas;
  }

  /** One schema of the database: its tables looked up by name, ignoring case. */
  private final class DatabaseSchema extends AbstractSchema {
    private final DatabaseObjects database;
    private final String schema;

    DatabaseSchema(DatabaseObjects database, String schema) {
      this.database = database;
      this.schema = schema;
    }

    @Override
    public Lookup<Table> tables() {
      return new Lookup<>() {
        @Override
        public Table get(String name) {
          return find(name);
        }

        @Override
        public Named<Table> getIgnoreCase(String name) {
          Table table = find(name);
          return table == null ? null : new Named<>(name, table);
        }

        @Override
        public Set<String> getNames(LikePattern pattern) {
          Set<String> names = new LinkedHashSet<>();
          for (DatabaseObjects.ObjectName object : database.objects(schema)) {
            if (!object.isView() && pattern.matcher().apply(object.name())) {
              names.add(object.name());
            }
          }
          return names;
        }
      };
    }

    private Table find(String name) {
      synchronized (QuiverSchema.this) {
        String key = schema + "." + name;
        QuiverTable known = used.get(key);
        if (known != null) {
          return known;
        }
        try {
          TableSource source = database.table(schema, name).orElse(null);
          if (source == null) {
            return null;
          }
          QuiverTable table = new QuiverTable(source);
          used.put(key, table);
          return table;
        } catch (QuiverException failure) {
          failures.put(name, failure.getMessage());
          failureCodes.put(failure.getMessage(), failure.errorCode());
          return null;
        }
      }
    }
  }
}
