package dev.quiver.sql.database;

import dev.quiver.common.QuiverException;
import dev.quiver.format.table.TableManifest;
import dev.quiver.sql.database.DatabaseStatement.Assignment;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * INSERT, UPDATE, DELETE and ALTER TABLE as queries over the table's files ({@link TableChanges}):
 *
 * <pre>
 * INSERT INTO t (b, a) q   SELECT CAST(q.c2 AS a's type), CAST(q.c1 AS b's type), DEFAULT of c ... FROM (q) AS q(c1, c2)
 * UPDATE t SET a = e WHERE p   per file holding rows where p: SELECT CASE WHEN p THEN CAST(e AS a's type) ELSE a END, b ...
 * DELETE FROM t WHERE p        per file holding rows where p: SELECT * ... WHERE (p) IS NOT TRUE
 * </pre>
 *
 * The file a rewrite reads is named as the table (or its alias), so {@code t.a} in p means the row's
 * {@code a}, while a sub-query that names {@code t} reads the whole table as it was before the statement.
 */
final class TableWrites {
  private TableWrites() {}

  static long insert(DatabaseExecutor executor, DatabaseStatement.Insert insert) throws IOException {
    StoredTable table = executor.table(insert.table());
    TableManifest base = table.latest();
    Schema columns = StoredTable.columns(base);
    List<Field> fields = columns.getFields();
    if (insert.query() == null) {
      StringBuilder row = new StringBuilder("SELECT ");
      for (int i = 0; i < fields.size(); i++) {
        row.append(i > 0 ? ", " : "").append(ColumnTypes.defaultValue(fields.get(i)));
      }
      return executor.changes().append(table, base, row.toString());
    }
    List<String> given = insert.columns();
    Schema queryColumns = executor.runner().plan(insert.query()).schema();
    int supplied = queryColumns.getFields().size();
    if (insert.byName()) {
      given = queryColumns.getFields().stream().map(Field::getName).toList();
    } else if (given.isEmpty()) {
      if (supplied != fields.size()) {
        throw QuiverException.user("table " + table.name() + " has " + fields.size() + " columns but " + supplied
            + " values were supplied");
      }
      given = fields.stream().map(Field::getName).toList();
    } else if (given.size() != supplied) {
      throw QuiverException.user("INSERT INTO " + table.name() + " names " + given.size() + " columns but "
          + supplied + " values were supplied");
    }
    int[] source = new int[fields.size()];
    java.util.Arrays.fill(source, -1);
    for (int i = 0; i < given.size(); i++) {
      int column = ColumnTypes.indexOf(columns, given.get(i));
      if (column < 0) {
        throw QuiverException.user("table " + table.name() + " has no column " + given.get(i));
      }
      if (source[column] >= 0) {
        throw QuiverException.user("INSERT INTO " + table.name() + " names column " + given.get(i) + " twice");
      }
      source[column] = i;
    }
    StringBuilder select = new StringBuilder("SELECT ");
    for (int c = 0; c < fields.size(); c++) {
      select.append(c > 0 ? ", " : "");
      if (source[c] < 0) {
        select.append(ColumnTypes.defaultValue(fields.get(c)));
      } else {
        select.append("CAST(\"__insert\".").append(ColumnTypes.quote("c" + source[c])).append(" AS ")
            .append(ColumnTypes.castType(fields.get(c))).append(')');
      }
      select.append(" AS ").append(ColumnTypes.quote(fields.get(c).getName()));
    }
    select.append(" FROM (").append(insert.query()).append("\n) AS \"__insert\"(");
    for (int i = 0; i < supplied; i++) {
      select.append(i > 0 ? ", " : "").append(ColumnTypes.quote("c" + i));
    }
    select.append(')');
    return executor.changes().append(table, base, select.toString());
  }

  static long update(DatabaseExecutor executor, DatabaseStatement.Update update) throws IOException {
    StoredTable table = executor.table(update.table());
    TableManifest base = table.latest();
    Schema columns = StoredTable.columns(base);
    String[] values = new String[columns.getFields().size()];
    for (Assignment assignment : update.assignments()) {
      int column = ColumnTypes.indexOf(columns, assignment.column());
      if (column < 0) {
        throw QuiverException.user("table " + table.name() + " has no column " + assignment.column());
      }
      if (values[column] != null) {
        throw QuiverException.user("UPDATE sets column " + assignment.column() + " twice");
      }
      String expression = assignment.expression().equalsIgnoreCase("DEFAULT")
          ? ColumnTypes.defaultValue(columns.getFields().get(column))
          : "(" + assignment.expression() + "\n)";
      values[column] = "CAST(" + expression + " AS " + ColumnTypes.castType(columns.getFields().get(column)) + ")";
    }
    String alias = update.alias() == null ? table.name() : update.alias();
    String condition = update.where() == null ? null : "(" + update.where() + "\n)";
    return executor.changes().rewrite(table, base, alias, condition, from -> {
      StringBuilder select = new StringBuilder("SELECT ");
      for (int c = 0; c < values.length; c++) {
        String name = ColumnTypes.quote(columns.getFields().get(c).getName());
        String qualified = ColumnTypes.quote(alias) + "." + name;
        select.append(c > 0 ? ", " : "");
        if (values[c] == null) {
          select.append(qualified);
        } else if (condition == null) {
          select.append(values[c]);
        } else {
          select.append("CASE WHEN ").append(condition).append(" THEN ").append(values[c]).append(" ELSE ")
              .append(qualified).append(" END");
        }
        select.append(" AS ").append(name);
      }
      return select.append(" FROM ").append(from).toString();
    });
  }

  static long delete(DatabaseExecutor executor, DatabaseStatement.Delete delete) throws IOException {
    StoredTable table = executor.table(delete.table());
    TableManifest base = table.latest();
    String alias = delete.alias() == null ? table.name() : delete.alias();
    String condition = delete.where() == null ? null : "(" + delete.where() + "\n)";
    return executor.changes().rewrite(table, base, alias, condition,
        from -> "SELECT " + ColumnTypes.quote(alias) + ".* FROM " + from
            + (condition == null ? " WHERE false" : " WHERE " + condition + " IS NOT TRUE"));
  }

  static DatabaseExecutor.Outcome alter(DatabaseExecutor executor, DatabaseStatement.AlterTable alter)
      throws IOException {
    Database database = executor.database();
    String schema = alter.table().schema() == null ? null : executor.schemaOf(alter.table(), false);
    if (alter.ifExists() && database.storedTable(schema, alter.table().name()).isEmpty()) {
      return DatabaseExecutor.Outcome.done();
    }
    StoredTable table = executor.table(alter.table());
    TableManifest base = table.latest();
    Schema columns = StoredTable.columns(base);
    List<Field> fields = new ArrayList<>(columns.getFields());
    DatabaseStatement.Alteration alteration = alter.alteration();
    if (alteration instanceof DatabaseStatement.AddColumn add) {
      if (ColumnTypes.indexOf(columns, add.column().name()) >= 0) {
        if (add.ifNotExists()) {
          return DatabaseExecutor.Outcome.done();
        }
        throw QuiverException.user("table " + table.name() + " already has a column " + add.column().name());
      }
      Field added = ColumnTypes.resolve(table.name(), List.of(add.column()), executor.runner()).getFields().get(0);
      if (!added.isNullable() && !base.files().isEmpty() && added.getMetadata() == null) {
        throw QuiverException.user("a NOT NULL column without a DEFAULT cannot be added to a table with rows");
      }
      fields.add(added);
      Schema next = new Schema(fields);
      executor.changes().rewriteAll(table, base, next, from -> "SELECT *, " + ColumnTypes.defaultValue(added)
          + " AS " + ColumnTypes.quote(added.getName()) + " FROM " + from);
    } else if (alteration instanceof DatabaseStatement.DropColumn drop) {
      int index = ColumnTypes.indexOf(columns, drop.column());
      if (index < 0) {
        if (drop.ifExists()) {
          return DatabaseExecutor.Outcome.done();
        }
        throw QuiverException.user("table " + table.name() + " has no column " + drop.column());
      }
      if (fields.size() == 1) {
        throw QuiverException.user("the only column of " + table.name() + " cannot be dropped");
      }
      fields.remove(index);
      Schema next = new Schema(fields);
      executor.changes().rewriteAll(table, base, next, from -> "SELECT " + String.join(", ",
          fields.stream().map(field -> ColumnTypes.quote(field.getName())).toList()) + " FROM " + from);
    } else if (alteration instanceof DatabaseStatement.RenameColumn rename) {
      int index = ColumnTypes.indexOf(columns, rename.from());
      if (index < 0) {
        throw QuiverException.user("table " + table.name() + " has no column " + rename.from());
      }
      if (ColumnTypes.indexOf(columns, rename.to()) >= 0 && !rename.to().equalsIgnoreCase(rename.from())) {
        throw QuiverException.user("table " + table.name() + " already has a column " + rename.to());
      }
      Field old = fields.get(index);
      fields.set(index, new Field(rename.to(), old.getFieldType(), old.getChildren()));
      Schema next = new Schema(fields);
      List<String> select = new ArrayList<>();
      for (int c = 0; c < fields.size(); c++) {
        select.add(ColumnTypes.quote(columns.getFields().get(c).getName()) + " AS "
            + ColumnTypes.quote(fields.get(c).getName()));
      }
      executor.changes().rewriteAll(table, base, next,
          from -> "SELECT " + String.join(", ", select) + " FROM " + from);
    } else {
      renameTable(database, table, ((DatabaseStatement.RenameTable) alteration).to());
    }
    return DatabaseExecutor.Outcome.done();
  }

  private static void renameTable(Database database, StoredTable table, String to) throws IOException {
    if (database.holds(table.schemaName(), to)) {
      throw QuiverException.user("schema " + table.schemaName() + " already holds a table or view named " + to);
    }
    Path target = table.folder().resolveSibling(DatabaseNames.encode(to));
    if (Files.exists(target)) {
      // a folder without a manifest: a create that never committed
      DatabaseExecutor.removeFolder(target);
    }
    try {
      Files.move(table.folder(), target, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException notAtomic) {
      Files.move(table.folder(), target);
    }
  }
}
