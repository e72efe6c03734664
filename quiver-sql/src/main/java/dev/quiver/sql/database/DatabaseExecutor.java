package dev.quiver.sql.database;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.format.table.TableManifest;
import dev.quiver.sql.NameSuggestions;
import dev.quiver.sql.catalog.DatabaseObjects;
import dev.quiver.sql.database.DatabaseStatement.Name;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Runs the statements that change the database ({@link DatabaseStatement}) against a {@link Database},
 * planning their rows as queries through the session ({@link QueryRunner}). Each statement is one
 * version of one table (or one atomic rename or link of a folder or file): a failure or a crash leaves
 * everything as it was.
 */
public final class DatabaseExecutor {
  /**
   * What a statement did.
   *
   * @param count the rows inserted, updated or deleted, or -1 for a statement that counts none
   * @param notice a line for the user (CREATE INDEX), or null
   */
  public record Outcome(long count, String notice) {
    static Outcome done() {
      return new Outcome(-1, null);
    }
  }

  private final Database database;
  private final QueryRunner runner;
  private final TableChanges changes;

  public DatabaseExecutor(Database database, QueryRunner runner) {
    this.database = database;
    this.runner = runner;
    this.changes = new TableChanges(runner);
  }

  public Outcome execute(DatabaseStatement statement) {
    try {
      if (statement instanceof DatabaseStatement.CreateTable create) {
        return createTable(create);
      } else if (statement instanceof DatabaseStatement.CreateView create) {
        return createView(create);
      } else if (statement instanceof DatabaseStatement.CreateSchema create) {
        return createSchema(create);
      } else if (statement instanceof DatabaseStatement.CreateIndex index) {
        return createIndex(index);
      } else if (statement instanceof DatabaseStatement.Drop drop) {
        return drop(drop);
      } else if (statement instanceof DatabaseStatement.Insert insert) {
        return new Outcome(TableWrites.insert(this, insert), null);
      } else if (statement instanceof DatabaseStatement.Update update) {
        return new Outcome(TableWrites.update(this, update), null);
      } else if (statement instanceof DatabaseStatement.Delete delete) {
        return new Outcome(TableWrites.delete(this, delete), null);
      } else if (statement instanceof DatabaseStatement.AlterTable alter) {
        return TableWrites.alter(this, alter);
      }
      return vacuum((DatabaseStatement.Vacuum) statement);
    } catch (IOException failure) {
      throw new QuiverException(dev.quiver.common.ErrorCode.IO, "the database in " + database.root()
          + " could not be written: " + failure.getMessage(), failure);
    } catch (UncheckedIOException failure) {
      throw new QuiverException(dev.quiver.common.ErrorCode.IO, failure.getMessage(), failure);
    }
  }

  Database database() {
    return database;
  }

  QueryRunner runner() {
    return runner;
  }

  TableChanges changes() {
    return changes;
  }

  /** The schema a statement's object lives in: the one named (which must exist), else temp or main. */
  String schemaOf(Name name, boolean temporary) {
    if (name.schema() == null) {
      return temporary ? Database.TEMP : Database.MAIN;
    }
    String schema = database.schema(name.schema())
        .orElseThrow(() -> QuiverException.user("schema " + name.schema() + " does not exist"
            + NameSuggestions.didYouMean(name.schema(), database.schemas())));
    if (temporary && !DatabaseNames.same(schema, Database.TEMP)) {
      throw QuiverException.user("a temporary table or view lives in schema temp, not " + schema);
    }
    return schema;
  }

  /** The table a statement names; a USER error naming what is there instead when it is not one. */
  StoredTable table(Name name) {
    String schema = name.schema() == null ? null : schemaOf(name, false);
    return database.storedTable(schema, name.name()).orElseThrow(() -> {
      if (database.view(schema, name.name()).isPresent()) {
        return QuiverException.user(name + " is a view; only a table can be changed");
      }
      if (schema == null && runner.catalog().table(name.name()).isPresent()) {
        return QuiverException.user(name + " is a table registered from files, not one of the database's;"
            + " CREATE TABLE " + name.name() + " AS SELECT * FROM " + name.name() + " makes one");
      }
      List<String> names = new ArrayList<>();
      for (String candidate : database.searchPath()) {
        database.objects(candidate).forEach(object -> names.add(object.name()));
      }
      return QuiverException.user("table " + name + " does not exist" + NameSuggestions.didYouMean(name.name(), names));
    });
  }

  private Outcome createTable(DatabaseStatement.CreateTable create) throws IOException {
    String schema = schemaOf(create.name(), create.temporary());
    String name = create.name().name();
    Path folder = database.schemaFolder(schema).resolve(DatabaseNames.encode(name));
    if (database.view(schema, name).isPresent()) {
      throw QuiverException.user("a view named " + name + " exists in schema " + schema);
    }
    var existing = database.storedTable(schema, name);
    if (existing.isPresent() && create.ifNotExists()) {
      return Outcome.done();
    }
    if (existing.isPresent() && !create.orReplace()) {
      throw QuiverException.user("table " + name + " already exists in schema " + schema);
    }
    if (existing.isPresent()) {
      folder = existing.get().folder();
    }
    Schema columns;
    String rows = null;
    if (create.query() != null) {
      PlanNode plan = runner.plan(create.query());
      List<Field> fields = new ArrayList<>();
      Set<String> seen = new HashSet<>();
      for (Field field : plan.schema().getFields()) {
        if (!seen.add(field.getName().toLowerCase(Locale.ROOT))) {
          throw QuiverException.user("CREATE TABLE " + name + " AS: the query names column " + field.getName()
              + " twice; give the columns distinct names (AS)");
        }
        ColumnTypes.field(new DatabaseStatement.Column(field.getName(), "", false, false, null, null),
            field.getType(), name);
        fields.add(new Field(field.getName(), FieldType.nullable(field.getType()), List.of()));
      }
      columns = new Schema(fields);
      rows = create.query();
    } else {
      columns = ColumnTypes.resolve(name, create.columns(), runner);
    }
    if (existing.isPresent()) {
      StoredTable table = existing.get();
      TableManifest base = table.latest();
      long written = changes.replace(table, base, columns, rows);
      return rows == null ? Outcome.done() : new Outcome(written, null);
    }
    return createNew(folder, schema, name, columns, rows);
  }

  /**
   * A new table: its first version lists the rows of {@code rows} (CREATE TABLE AS), written before the
   * version is published, so the table appears whole or not at all.
   */
  private Outcome createNew(Path folder, String schema, String name, Schema columns, String rows) throws IOException {
    Files.createDirectories(folder);
    StoredTable table = new StoredTable(folder, schema, name);
    TableFileWriter.Written written = rows == null ? new TableFileWriter.Written(null, 0)
        : changes.writeRows(table, rows, columns);
    boolean created;
    try {
      List<TableManifest.Entry> files = written.file() == null ? List.of() : List.of(table.entry(written.file()));
      created = StoredTable.create(folder, columns, TableChanges.statementId(), files);
    } catch (IOException | RuntimeException failure) {
      if (written.file() != null) {
        StoredTable.deleteQuietly(written.file());
      }
      throw failure;
    }
    if (!created) {
      if (written.file() != null) {
        StoredTable.deleteQuietly(written.file());
      }
      throw QuiverException.user("table " + name + " already exists in schema " + schema
          + " (created by another statement meanwhile)");
    }
    return rows == null ? Outcome.done() : new Outcome(written.rows(), null);
  }

  private Outcome createView(DatabaseStatement.CreateView create) throws IOException {
    String schema = schemaOf(create.name(), create.temporary());
    String name = create.name().name();
    if (database.storedTable(schema, name).isPresent()) {
      throw QuiverException.user("a table named " + name + " exists in schema " + schema);
    }
    if (database.view(schema, name).isPresent()) {
      if (create.ifNotExists()) {
        return Outcome.done();
      }
      if (!create.orReplace()) {
        throw QuiverException.user("view " + name + " already exists in schema " + schema);
      }
    }
    Schema columns = runner.plan(create.query()).schema();
    if (!create.columns().isEmpty() && create.columns().size() > columns.getFields().size()) {
      throw QuiverException.user("view " + name + " names " + create.columns().size() + " columns, its query gives "
          + columns.getFields().size());
    }
    if (!StoredViews.write(database.schemaFolder(schema), name, create.query(), create.columns(),
        create.orReplace())) {
      throw QuiverException.user("view " + name + " already exists in schema " + schema);
    }
    return Outcome.done();
  }

  private Outcome createSchema(DatabaseStatement.CreateSchema create) throws IOException {
    if (database.schema(create.name()).isPresent()) {
      if (create.ifNotExists()) {
        return Outcome.done();
      }
      throw QuiverException.user("schema " + create.name() + " already exists");
    }
    try {
      Files.createDirectory(database.schemaFolder(create.name()));
    } catch (FileAlreadyExistsException raced) {
      if (!create.ifNotExists()) {
        throw QuiverException.user("schema " + create.name() + " already exists");
      }
    }
    return Outcome.done();
  }

  private Outcome createIndex(DatabaseStatement.CreateIndex index) throws IOException {
    StoredTable table = table(index.table());
    if (index.name() != null && !StoredIndexes.create(database.schemaFolder(table.schemaName()), index.name(),
        table.name())) {
      if (index.ifNotExists()) {
        return Outcome.done();
      }
      throw QuiverException.user("index " + index.name() + " already exists");
    }
    return new Outcome(-1, "CREATE INDEX " + (index.name() == null ? "" : index.name() + " ") + "on " + table.name()
        + " accepted; Quiver builds no index (its scans prune by zone maps), so nothing was built");
  }

  private Outcome drop(DatabaseStatement.Drop drop) throws IOException {
    Name name = drop.name();
    switch (drop.kind()) {
      case INDEX: {
        var file = StoredIndexes.find(database.schemaFolder(schemaOf(name, false)), name.name());
        if (file.isEmpty()) {
          if (drop.ifExists()) {
            return Outcome.done();
          }
          throw QuiverException.user("index " + name + " does not exist");
        }
        StoredTable.deleteQuietly(file.get());
        return Outcome.done();
      }
      case SCHEMA: {
        var schema = database.schema(name.name());
        if (schema.isEmpty()) {
          if (drop.ifExists()) {
            return Outcome.done();
          }
          throw QuiverException.user("schema " + name.name() + " does not exist");
        }
        if (DatabaseNames.same(schema.get(), Database.MAIN) || DatabaseNames.same(schema.get(), Database.TEMP)) {
          throw QuiverException.user("schema " + schema.get() + " cannot be dropped");
        }
        if (!database.objects(schema.get()).isEmpty() && !drop.cascade()) {
          throw QuiverException.user("schema " + schema.get() + " is not empty; DROP SCHEMA " + schema.get()
              + " CASCADE drops what it holds too");
        }
        removeFolder(database.schemaFolder(schema.get()));
        return Outcome.done();
      }
      case VIEW: {
        String schema = name.schema() == null ? null : schemaOf(name, false);
        var view = database.view(schema, name.name());
        if (view.isEmpty()) {
          if (drop.ifExists()) {
            return Outcome.done();
          }
          throw QuiverException.user("view " + name + " does not exist");
        }
        StoredViews.file(database.schemaFolder(view.get().schema()), view.get().name()).ifPresent(
            StoredTable::deleteQuietly);
        return Outcome.done();
      }
      default: {
        String schema = name.schema() == null ? null : schemaOf(name, false);
        var table = database.storedTable(schema, name.name());
        if (table.isEmpty()) {
          if (drop.ifExists()) {
            return Outcome.done();
          }
          table(name);
          throw QuiverException.user("table " + name + " does not exist");
        }
        removeFolder(table.get().folder());
        StoredIndexes.dropFor(database.schemaFolder(table.get().schemaName()), table.get().name());
        return Outcome.done();
      }
    }
  }

  /** Renames a folder out of sight (atomic: it is gone for readers at once), then deletes it. */
  static void removeFolder(Path folder) throws IOException {
    Path hidden = folder.resolveSibling(".dropped-" + UUID.randomUUID());
    try {
      Files.move(folder, hidden, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException notAtomic) {
      Files.move(folder, hidden);
    }
    Database.deleteTree(hidden);
  }

  private Outcome vacuum(DatabaseStatement.Vacuum vacuum) throws IOException {
    List<StoredTable> tables = new ArrayList<>();
    if (vacuum.table() != null) {
      tables.add(table(vacuum.table()));
    } else {
      for (String schema : database.schemas()) {
        for (DatabaseObjects.ObjectName object : database.objects(schema)) {
          if (!object.isView()) {
            database.storedTable(schema, object.name()).ifPresent(tables::add);
          }
        }
      }
    }
    for (StoredTable table : tables) {
      changes.compact(table, true);
      table.removeStrays();
    }
    return Outcome.done();
  }
}
