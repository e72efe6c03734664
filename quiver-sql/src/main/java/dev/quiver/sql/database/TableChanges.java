package dev.quiver.sql.database;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.execution.QueryExecution;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.source.TableSource;
import dev.quiver.format.table.TableManifest;
import dev.quiver.sql.catalog.RowTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The writes of one table, each one version: new files from a query (INSERT), files rewritten with
 * some rows changed or gone (UPDATE, DELETE: copy-on-write of the files that hold such rows; the others
 * stay), all files rewritten (ALTER TABLE), the small files merged (compaction). Every write plans its
 * rows as a query over the table's files, writes new files, and commits one version; a failure removes
 * the files it wrote and leaves the table as it was.
 */
final class TableChanges {
  /** An INSERT's rows merge the table's small files into one when it has more than this many. */
  static final int SMALL_FILES = 16;
  /** A file below this size is small (merged by compaction). */
  static final long SMALL_FILE_BYTES = 8L << 20;
  private static final int INSERT_RETRIES = 50;

  private final QueryRunner runner;

  TableChanges(QueryRunner runner) {
    this.runner = runner;
  }

  /** The rows a query gives, written into one new file of {@code table}; null file when none. */
  TableFileWriter.Written writeRows(StoredTable table, String query, Schema columns) throws IOException {
    PlanNode plan = runner.plan(query);
    Path file = table.newFile();
    try (QueryExecution execution = runner.execute(plan)) {
      return TableFileWriter.write(execution, file, table.name(), columns, runner.allocator());
    } catch (RuntimeException | IOException failure) {
      StoredTable.deleteQuietly(file);
      throw failure;
    }
  }

  /**
   * Appends the rows of {@code query} (already in the table's columns, in order): one new file, committed
   * on the latest version (retried on top of a writer that got there first: appends do not conflict).
   * The rows inserted.
   */
  long append(StoredTable table, TableManifest base, String query) throws IOException {
    Schema columns = StoredTable.columns(base);
    TableFileWriter.Written written = writeRows(table, query, columns);
    if (written.file() == null) {
      return 0;
    }
    List<TableManifest.Entry> added = List.of(table.entry(written.file()));
    try {
      TableManifest current = base;
      for (int attempt = 0; attempt < INSERT_RETRIES; attempt++) {
        if (!current.dataSchemaJson().equals(base.dataSchemaJson())) {
          throw conflict(table, "its columns changed while the INSERT ran");
        }
        checkKeys(table, current, added, List.of());
        if (table.commit(current, statementId(), columns, added, List.of())) {
          compactIfFragmented(table);
          return written.rows();
        }
        current = table.latest();
      }
      throw conflict(table, INSERT_RETRIES + " other writers committed first");
    } catch (RuntimeException | IOException failure) {
      StoredTable.deleteQuietly(written.file());
      throw failure;
    }
  }

  /**
   * Rewrites the files of {@code base} that hold rows {@code condition} selects (null: every file) with
   * {@code rewrite} (a query over one file, named by the text it is given), and commits: UPDATE and
   * DELETE. The rows {@code condition} selected.
   */
  long rewrite(StoredTable table, TableManifest base, String alias, String condition,
      Function<String, String> rewrite) throws IOException {
    Schema columns = StoredTable.columns(base);
    List<TableManifest.Entry> removed = new ArrayList<>();
    List<TableManifest.Entry> added = new ArrayList<>();
    long changed = 0;
    try {
      for (TableManifest.Entry entry : base.files()) {
        try (Scratch file = scratch(table, List.of(entry), columns)) {
          String from = file.name() + " AS " + ColumnTypes.quote(alias);
          long selected = count("SELECT count(*) FROM " + from + (condition == null ? "" : " WHERE " + condition));
          if (selected == 0) {
            continue;
          }
          changed += selected;
          removed.add(entry);
          TableFileWriter.Written written = writeRows(table, rewrite.apply(from), columns);
          if (written.file() != null) {
            added.add(table.entry(written.file()));
          }
        }
      }
      if (removed.isEmpty()) {
        return 0;
      }
      checkKeys(table, base, added, removed);
      if (!table.commit(base, statementId(), columns, added, removed)) {
        throw conflict(table, "another statement committed a new version of it first");
      }
      return changed;
    } catch (RuntimeException | IOException failure) {
      for (TableManifest.Entry entry : added) {
        StoredTable.deleteQuietly(table.folder().resolve(entry.path()));
      }
      throw failure;
    }
  }

  /**
   * Rewrites every file of {@code base} through {@code rewrite} into a table of {@code newColumns}
   * (ALTER TABLE), and commits.
   */
  void rewriteAll(StoredTable table, TableManifest base, Schema newColumns, Function<String, String> rewrite)
      throws IOException {
    List<TableManifest.Entry> added = new ArrayList<>();
    try {
      if (!base.files().isEmpty()) {
        try (Scratch files = scratch(table, base.files(), StoredTable.columns(base))) {
          TableFileWriter.Written written = writeRows(table, rewrite.apply(files.name()), newColumns);
          if (written.file() != null) {
            added.add(table.entry(written.file()));
          }
        }
      }
      if (!table.commit(base, statementId(), newColumns, added, base.files())) {
        throw conflict(table, "another statement committed a new version of it first");
      }
    } catch (RuntimeException | IOException failure) {
      for (TableManifest.Entry entry : added) {
        StoredTable.deleteQuietly(table.folder().resolve(entry.path()));
      }
      throw failure;
    }
  }

  /**
   * Replaces every row and the columns (CREATE OR REPLACE TABLE): the rows of {@code query} (null: none)
   * in a version of {@code columns}. The rows written.
   */
  long replace(StoredTable table, TableManifest base, Schema columns, String query) throws IOException {
    TableFileWriter.Written written = query == null ? new TableFileWriter.Written(null, 0)
        : writeRows(table, query, columns);
    List<TableManifest.Entry> added = written.file() == null ? List.of() : List.of(table.entry(written.file()));
    try {
      if (!table.commit(base, statementId(), columns, added, base.files())) {
        throw conflict(table, "another statement committed a new version of it first");
      }
      return written.rows();
    } catch (RuntimeException | IOException failure) {
      if (written.file() != null) {
        StoredTable.deleteQuietly(written.file());
      }
      throw failure;
    }
  }

  /**
   * Merges the table's small files into one when there are more than {@link #SMALL_FILES} of them
   * ({@code force}: when there are two or more); a version of the same rows. Losing a race to another
   * writer leaves the table as that writer made it.
   */
  void compact(StoredTable table, boolean force) throws IOException {
    TableManifest base = table.latest();
    List<TableManifest.Entry> small = new ArrayList<>();
    for (TableManifest.Entry entry : base.files()) {
      if (force || entry.length() < SMALL_FILE_BYTES) {
        small.add(entry);
      }
    }
    if (small.size() < 2 || !force && small.size() <= SMALL_FILES) {
      return;
    }
    Schema columns = StoredTable.columns(base);
    TableFileWriter.Written written;
    try (Scratch files = scratch(table, small, columns)) {
      written = writeRows(table, "SELECT * FROM " + files.name(), columns);
    }
    List<TableManifest.Entry> added = written.file() == null ? List.of() : List.of(table.entry(written.file()));
    if (!table.commit(base, statementId(), columns, added, small) && written.file() != null) {
      StoredTable.deleteQuietly(written.file());
    }
  }

  private void compactIfFragmented(StoredTable table) {
    try {
      compact(table, false);
    } catch (IOException | RuntimeException failure) {
      // the INSERT committed; merging its small files can wait for the next one or VACUUM
    }
  }

  /**
   * Fails when the version {@code base} with {@code added} and without {@code removed} would hold two
   * rows with the same non-null values of a PRIMARY KEY or UNIQUE key.
   */
  private void checkKeys(StoredTable table, TableManifest base, List<TableManifest.Entry> added,
      List<TableManifest.Entry> removed) {
    Schema columns = StoredTable.columns(base);
    List<List<String>> keys = ColumnTypes.keys(columns);
    if (keys.isEmpty()) {
      return;
    }
    List<TableManifest.Entry> files = new ArrayList<>();
    for (TableManifest.Entry entry : base.files()) {
      if (!removed.contains(entry)) {
        files.add(entry);
      }
    }
    files.addAll(added);
    try (Scratch all = scratch(table, files, columns)) {
      for (List<String> key : keys) {
        String list = String.join(", ", key.stream().map(ColumnTypes::quote).toList());
        String notNull = String.join(" AND ", key.stream().map(column -> ColumnTypes.quote(column) + " IS NOT NULL")
            .toList());
        long duplicates = count("SELECT count(*) FROM (SELECT " + list + " FROM " + all.name() + " WHERE " + notNull
            + " GROUP BY " + list + " HAVING count(*) > 1) AS d");
        if (duplicates > 0) {
          boolean primary = columns.getFields().get(ColumnTypes.indexOf(columns, key.get(0))).getMetadata()
              .get(ColumnTypes.KEY).equals("primary");
          throw QuiverException.user("Constraint Error: duplicate key: " + (primary ? "PRIMARY KEY" : "UNIQUE")
              + " (" + String.join(", ", key) + ") of " + table.name() + " would hold a value twice");
        }
      }
    }
  }

  /** The one BIGINT a query gives. */
  long count(String query) {
    try (QueryExecution execution = runner.execute(runner.plan(query))) {
      long value = 0;
      for (VectorSchemaRoot batch = execution.next(); batch != null; batch = execution.next()) {
        try (VectorSchemaRoot rows = batch) {
          if (rows.getRowCount() > 0) {
            value = ((BigIntVector) rows.getVector(0)).get(0);
          }
        }
      }
      return value;
    }
  }

  /** Some files of a table, registered for the statement's queries under a name no one else uses. */
  Scratch scratch(StoredTable table, List<TableManifest.Entry> files, Schema columns) {
    return new Scratch(table, files, columns);
  }

  /** A registered view of some files of a table, unregistered at close. */
  final class Scratch implements AutoCloseable {
    private final String name;

    private Scratch(StoredTable table, List<TableManifest.Entry> files, Schema columns) {
      this.name = "__quiver_files_" + UUID.randomUUID().toString().replace("-", "");
      TableSource source = files.isEmpty() ? new RowTable(name, TableFileWriter.filesSchema(columns), List.of())
          : table.source(new TableManifest(0, "scratch", "{}", "{}", files, List.of()));
      runner.catalog().register(name, source);
    }

    /** The quoted name queries use. */
    String name() {
      return ColumnTypes.quote(name);
    }

    @Override
    public void close() {
      runner.catalog().unregister(name);
    }
  }

  static String statementId() {
    return "sql-" + UUID.randomUUID();
  }

  static QuiverException conflict(StoredTable table, String why) {
    return new QuiverException(ErrorCode.CONFLICT, "table " + table.name() + " was changed by another statement: "
        + why + "; nothing was changed, run the statement again");
  }
}
