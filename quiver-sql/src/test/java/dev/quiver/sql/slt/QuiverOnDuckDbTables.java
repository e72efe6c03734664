package dev.quiver.sql.slt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Quiver answering the queries of a corpus file whose statements (CREATE TABLE, INSERT, UPDATE, ...)
 * DuckDB runs: before a query that follows a statement, every table and view of DuckDB is written to a
 * Parquet file and registered in Quiver under its name. Views reach Quiver as tables of their rows.
 * For measuring Quiver's queries while its session does not run such statements itself.
 */
final class QuiverOnDuckDbTables implements SltEngine {
  private final DuckDbSltEngine duckDb;
  private final QuiverSltEngine quiver;
  private final Path folder;
  private boolean changed;
  private int generation;

  QuiverOnDuckDbTables(BufferAllocator allocator) throws Exception {
    this.duckDb = new DuckDbSltEngine(true);
    this.quiver = new QuiverSltEngine(allocator);
    this.folder = Files.createTempDirectory("slt-tables-");
  }

  @Override
  public String name() {
    return "Quiver (tables by DuckDB)";
  }

  @Override
  public void statement(String sql) throws Exception {
    changed = true;
    duckDb.run(sql);
  }

  @Override
  public SltAnswer run(String sql) throws Exception {
    if (changed) {
      copyTables();
      changed = false;
    }
    return quiver.run(sql);
  }

  private void copyTables() throws Exception {
    generation++;
    SltAnswer tables = duckDb.run("SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'");
    for (List<Object> row : tables.rows()) {
      String table = (String) row.get(0);
      Path file = folder.resolve(table + "_" + generation + ".parquet");
      duckDb.run("COPY (SELECT * FROM \"" + table + "\") TO '" + file + "' (FORMAT parquet)");
      quiver.register(table, file);
    }
  }

  @Override
  public void close() throws Exception {
    try (DuckDbSltEngine closingDuckDb = duckDb; QuiverSltEngine closingQuiver = quiver) {
      // both closed
    } finally {
      try (Stream<Path> paths = Files.walk(folder)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(path);
        }
      } catch (IOException ignored) {
        // a temporary folder left behind
      }
    }
  }
}
