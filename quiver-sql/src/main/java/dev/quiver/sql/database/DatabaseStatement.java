package dev.quiver.sql.database;

import java.util.List;

/** A statement that changes the database: the forms {@link DatabaseStatementParser} reads. */
public sealed interface DatabaseStatement {
  /**
   * A table's, view's or index's name.
   *
   * @param schema the schema written before it, or null
   */
  record Name(String schema, String name) {
    @Override
    public String toString() {
      return schema == null ? name : schema + "." + name;
    }
  }

  /**
   * A column of {@code CREATE TABLE} or {@code ALTER TABLE ADD}.
   *
   * @param type the SQL type as written
   * @param uniqueKey the UNIQUE constraint it is part of ({@code unique(a,b)}), or null
   * @param defaultValue the DEFAULT expression as written, or null
   */
  record Column(String name, String type, boolean notNull, boolean primaryKey, String uniqueKey,
      String defaultValue) {}

  /**
   * {@code CREATE [OR REPLACE] [TEMP] TABLE [IF NOT EXISTS] name (columns) | AS query}.
   *
   * @param query the AS query, or null
   */
  record CreateTable(Name name, boolean temporary, boolean ifNotExists, boolean orReplace, List<Column> columns,
      String query) implements DatabaseStatement {}

  /** {@code CREATE [OR REPLACE] [TEMP] VIEW [IF NOT EXISTS] name [(columns)] AS query}. */
  record CreateView(Name name, boolean temporary, boolean ifNotExists, boolean orReplace, List<String> columns,
      String query) implements DatabaseStatement {}

  /** {@code CREATE SCHEMA [IF NOT EXISTS] name}. */
  record CreateSchema(String name, boolean ifNotExists) implements DatabaseStatement {}

  /** {@code CREATE [UNIQUE] INDEX name ON table (...)}: accepted, and nothing is built. */
  record CreateIndex(String name, Name table, boolean ifNotExists) implements DatabaseStatement {}

  /** What a DROP removes. */
  enum Kind {
    TABLE,
    VIEW,
    SCHEMA,
    INDEX
  }

  /** {@code DROP TABLE|VIEW|SCHEMA|INDEX [IF EXISTS] name [CASCADE]}. */
  record Drop(Kind kind, Name name, boolean ifExists, boolean cascade) implements DatabaseStatement {}

  /**
   * {@code INSERT INTO table [(columns)] query | DEFAULT VALUES}, or {@code INSERT INTO table BY NAME
   * query}.
   *
   * @param columns the columns named, or empty for all in order
   * @param query the rows (a VALUES list or a query), or null for DEFAULT VALUES
   */
  record Insert(Name table, List<String> columns, boolean byName, String query) implements DatabaseStatement {}

  /** {@code column = expression} of an UPDATE. */
  record Assignment(String column, String expression) {}

  /**
   * {@code UPDATE table [[AS] alias] SET assignments [WHERE condition]}.
   *
   * @param where the condition, or null for every row
   */
  record Update(Name table, String alias, List<Assignment> assignments, String where) implements DatabaseStatement {}

  /** {@code DELETE FROM table [[AS] alias] [WHERE condition]} (and {@code TRUNCATE table}). */
  record Delete(Name table, String alias, String where) implements DatabaseStatement {}

  /** One change of an ALTER TABLE. */
  sealed interface Alteration {}

  /** {@code ADD [COLUMN] [IF NOT EXISTS] column}. */
  record AddColumn(Column column, boolean ifNotExists) implements Alteration {}

  /** {@code DROP [COLUMN] [IF EXISTS] column}. */
  record DropColumn(String column, boolean ifExists) implements Alteration {}

  /** {@code RENAME [COLUMN] from TO to}. */
  record RenameColumn(String from, String to) implements Alteration {}

  /** {@code RENAME TO name}. */
  record RenameTable(String to) implements Alteration {}

  /** {@code ALTER TABLE [IF EXISTS] table alteration}. */
  record AlterTable(Name table, boolean ifExists, Alteration alteration) implements DatabaseStatement {}

  /**
   * {@code VACUUM [table]} or {@code CHECKPOINT}: one file per table, files no version needs removed.
   *
   * @param table the table, or null for every table
   */
  record Vacuum(Name table) implements DatabaseStatement {}
}
