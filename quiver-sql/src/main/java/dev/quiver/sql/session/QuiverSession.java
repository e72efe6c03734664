package dev.quiver.sql.session;

import dev.quiver.exec.execution.QueryEngine;
import dev.quiver.exec.execution.QueryExecution;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.PlanPrinter;
import dev.quiver.exec.plan.SortNode;
import dev.quiver.exec.source.QvrTableSource;
import dev.quiver.io.csv.CsvFormat;
import dev.quiver.sql.SqlException;
import dev.quiver.sql.catalog.Catalog;
import dev.quiver.sql.catalog.RowTable;
import dev.quiver.sql.copy.CopyParser;
import dev.quiver.sql.copy.CopyStatement;
import dev.quiver.sql.copy.CopyTarget;
import dev.quiver.sql.copy.CopyWriter;
import dev.quiver.sql.copy.SortOrder;
import dev.quiver.sql.database.Database;
import dev.quiver.sql.database.DatabaseExecutor;
import dev.quiver.sql.database.DatabaseStatement;
import dev.quiver.sql.database.DatabaseStatementParser;
import dev.quiver.sql.database.QueryRunner;
import dev.quiver.sql.planner.SqlPlanner;
import dev.quiver.sql.planner.SqlStatement;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Java API of Quiver's SQL: register tables (files, folders, by name), run statements, read the
 * rows as Arrow batches. {@code EXPLAIN query} gives the plan, {@code EXPLAIN ANALYZE query} runs it
 * and gives the plan with every operator's metrics. {@code DESCRIBE}, {@code SHOW TABLES} and
 * {@code SUMMARIZE} describe tables and queries ({@link MetaStatements}). Safe for concurrent queries from several threads
 * (registering tables while queries plan is safe too).
 */
public final class QuiverSession implements AutoCloseable {
  private final BufferAllocator allocator;
  private final SessionOptions options;
  private final QueryEngine engine;
  private final Catalog catalog;
  private final SqlPlanner planner;
  private final MetaStatements meta;
  private final Path databaseFolder;
  private Database database;
  private DatabaseExecutor databaseExecutor;

  private QuiverSession(BufferAllocator allocator, SessionOptions options, Path databaseFolder) throws IOException {
    this.allocator = allocator;
    this.options = options;
    this.engine = new QueryEngine(allocator, options.threads());
    this.catalog = new Catalog(QuiverSession::qvrTable);
    this.planner = new SqlPlanner(catalog, options.repartitionGroups(), options.statisticsAggregates());
    this.meta = new MetaStatements(catalog, query -> planner.plan(query).schema(), new SummaryRunner());
    this.databaseFolder = databaseFolder;
    if (databaseFolder != null) {
      attach(Database.open(databaseFolder));
    }
  }

  private void attach(Database opened) {
    database = opened;
    databaseExecutor = new DatabaseExecutor(opened, new DatabaseQueries());
    catalog.database(opened);
  }

  /** The session's database: the folder given at open, else an in-memory one made on first use. */
  public synchronized Database database() {
    if (database == null) {
      try {
        attach(Database.inMemory());
      } catch (IOException failure) {
        throw new dev.quiver.common.QuiverException(dev.quiver.common.ErrorCode.IO,
            "cannot make the in-memory database's folder: " + failure.getMessage(), failure);
      }
    }
    return database;
  }

  /** How the database's statements plan and run their queries: as this session's. */
  public QueryRunner queryRunner() {
    return new DatabaseQueries();
  }

  /** Where the database is kept, or null for an in-memory one. */
  public Path databaseFolder() {
    return databaseFolder;
  }

  private static QvrTableSource qvrTable(List<Path> files) {
    try {
      String name = files.get(0).getFileName().toString();
      return QvrTableSource.open(name.endsWith(".qvr") ? name.substring(0, name.length() - 4) : name, files);
    } catch (IOException failure) {
      throw new java.io.UncheckedIOException("cannot read " + files.get(0) + ": " + failure.getMessage(), failure);
    }
  }

  /**
   * A session whose queries allocate under {@code allocator} (the batches {@link SqlResult#next}
   * returns too).
   */
  public static QuiverSession open(BufferAllocator allocator, SessionOptions options) {
    try {
      return new QuiverSession(allocator, options, null);
    } catch (IOException failure) {
      throw new java.io.UncheckedIOException(failure);
    }
  }

  /**
   * A session over the database in {@code databaseFolder} (made when missing): its tables and views
   * stay there for later sessions, and for Spark (the same table format).
   *
   * @throws dev.quiver.common.QuiverException USER when the folder holds something else
   */
  public static QuiverSession open(BufferAllocator allocator, SessionOptions options, Path databaseFolder)
      throws IOException {
    return new QuiverSession(allocator, options, java.util.Objects.requireNonNull(databaseFolder, "databaseFolder"));
  }

  public SessionOptions options() {
    return options;
  }

  public Catalog catalog() {
    return catalog;
  }

  /** Registers a table: a `.qvr` file or folder of them, a Parquet, CSV or Arrow IPC file. */
  public void register(String name, Path path) throws IOException {
    catalog.register(name, path);
  }

  /** Registers every table file in {@code directory} under its name without the extension. */
  public void registerDirectory(Path directory) throws IOException {
    catalog.registerDirectory(directory);
  }

  /** The names of the registered tables, sorted. */
  public List<String> tables() {
    return catalog.tableNames();
  }

  /** The columns of a registered table. */
  public Schema schema(String table) {
    return catalog.resolveTable(table).schema();
  }

  /** The plan of a query (the SQL text of a SELECT, WITH or VALUES). */
  public PlanNode plan(String sql) {
    return planner.plan(sql);
  }

  /** The plan of a query as EXPLAIN prints it. */
  public String explain(String sql) {
    return PlanPrinter.print(plan(sql));
  }

  /**
   * Runs one statement: a query, EXPLAIN [ANALYZE] of one, or {@code COPY (query) TO 'file'} (its
   * result: one {@code Count} row, the rows written).
   */
  public SqlResult execute(String sql) {
    long started = System.nanoTime();
    if (CopyParser.isCopy(sql)) {
      CopyStatement copy = CopyParser.parse(sql);
      PlanNode plan;
      try {
        plan = queryPlan(copy.query());
      } catch (SqlException failure) {
        throw copy.inWholeText(failure);
      }
      PlanNode sorted = sorted(plan, copy.target());
      CopyTarget target = recorded(sorted, copy.target());
      QueryExecution execution = engine.execute(sorted, options.queryOptions());
      return SqlResult.copying(execution,
          () -> CopyWriter.write(execution::next, execution.schema(), target, allocator), allocator);
    }
    java.time.ZoneId zone = SessionSettings.timeZone(sql);
    if (zone != null) {
      planner.timeZone(zone);
      return SqlResult.table(new RowTable("set", new Schema(List.of(
          org.apache.arrow.vector.types.pojo.Field.nullable("Success",
              org.apache.arrow.vector.types.pojo.ArrowType.Bool.INSTANCE))),
          List.of()), allocator, System.nanoTime() - started);
    }
    if (DatabaseStatementParser.isDatabaseStatement(sql)) {
      DatabaseStatement statement = DatabaseStatementParser.parse(sql);
      DatabaseExecutor executor;
      synchronized (this) {
        database();
        executor = databaseExecutor;
      }
      DatabaseExecutor.Outcome outcome = executor.execute(statement);
      return SqlResult.table(outcome(outcome), allocator, System.nanoTime() - started);
    }
    RowTable described = meta.answer(sql);
    if (described != null) {
      return SqlResult.table(described, allocator, System.nanoTime() - started);
    }
    SqlStatement statement = planner.statement(sql);
    switch (statement.kind()) {
      case EXPLAIN:
        return SqlResult.text(PlanPrinter.print(statement.plan()), allocator, System.nanoTime() - started);
      case EXPLAIN_ANALYZE:
        return analyze(statement.plan());
      default:
        return SqlResult.rows(engine.execute(statement.plan(), options.queryOptions()));
    }
  }

  /**
   * Runs {@code query} (a SELECT, WITH or VALUES) and writes its rows to {@code target} as they come,
   * batch by batch; the file appears (replacing one of that name) only when the query succeeded. The
   * rows written.
   */
  public long copy(String query, CopyTarget target) {
    PlanNode sorted = sorted(queryPlan(query), target);
    try (QueryExecution execution = engine.execute(sorted, options.queryOptions())) {
      return CopyWriter.write(execution::next, execution.schema(), recorded(sorted, target), allocator);
    }
  }

  /** The plan with the target's SORT_BY order on top (the engine's spilling sort), if it has one. */
  private static PlanNode sorted(PlanNode plan, CopyTarget target) {
    return target.sortBy() == null ? plan : new SortNode(plan, target.sortBy().resolve(plan.schema()), 0, -1);
  }

  /**
   * The target with the order the plan's rows come in: its outermost node's when that is a whole
   * sort ({@code ORDER BY} without LIMIT/OFFSET, or SORT_BY), else the order is not known.
   */
  private static CopyTarget recorded(PlanNode plan, CopyTarget target) {
    if (plan instanceof SortNode sort && sort.offset() == 0 && sort.limit() < 0) {
      return target.withSortBy(SortOrder.of(sort.keys(), sort.schema()));
    }
    return target.withSortBy(null);
  }

  private PlanNode queryPlan(String query) {
    SqlStatement statement = planner.statement(query);
    if (statement.kind() != SqlStatement.Kind.QUERY) {
      throw SqlException.unpositioned("COPY takes a query (SELECT, WITH or VALUES), not EXPLAIN");
    }
    return statement.plan();
  }

  private SqlResult analyze(PlanNode plan) {
    try (QueryExecution execution = engine.execute(plan, options.queryOptions())) {
      long rows = 0;
      for (VectorSchemaRoot batch = execution.next(); batch != null; batch = execution.next()) {
        rows += batch.getRowCount();
        batch.close();
      }
      String summary = String.format(Locale.ROOT, "%d rows in %.3f s, peak memory %d bytes", rows,
          execution.elapsedNanos() / 1e9, execution.peakMemory());
      return SqlResult.text(execution.explainAnalyze() + summary + "\n", allocator, execution.elapsedNanos());
    }
  }

  /** A database statement's result: DuckDB's {@code Count} of rows changed, or an empty {@code Success}. */
  private static RowTable outcome(DatabaseExecutor.Outcome outcome) {
    if (outcome.notice() != null) {
      return new RowTable("notice", new Schema(List.of(RowTable.varchar("notice"))),
          List.<Object[]>of(new Object[] {outcome.notice()}));
    }
    if (outcome.count() >= 0) {
      return new RowTable("count", new Schema(List.of(RowTable.bigint("Count"))),
          List.<Object[]>of(new Object[] {outcome.count()}));
    }
    return new RowTable("done", new Schema(List.of(org.apache.arrow.vector.types.pojo.Field.nullable("Success",
        org.apache.arrow.vector.types.pojo.ArrowType.Bool.INSTANCE))), List.of());
  }

  /** The database's statements plan and run their queries as this session's. */
  private final class DatabaseQueries implements QueryRunner {
    @Override
    public PlanNode plan(String sql) {
      return queryPlan(sql);
    }

    @Override
    public QueryExecution execute(PlanNode plan) {
      return engine.execute(plan, options.queryOptions());
    }

    @Override
    public BufferAllocator allocator() {
      return allocator;
    }

    @Override
    public Catalog catalog() {
      return catalog;
    }
  }

  /** Runs the queries of SUMMARIZE and reads the few values it needs from their results. */
  private final class SummaryRunner implements Summary.Runner {
    @Override
    public String[] firstRow(String sql) {
      try (QueryExecution execution = engine.execute(planner.plan(sql), options.queryOptions())) {
        String[] row = null;
        for (VectorSchemaRoot batch = execution.next(); batch != null; batch = execution.next()) {
          try (VectorSchemaRoot rows = batch) {
            if (row == null && rows.getRowCount() > 0) {
              row = new String[rows.getFieldVectors().size()];
              for (int column = 0; column < row.length; column++) {
                row[column] = CsvFormat.text(rows.getVector(column), 0, null);
              }
            }
          }
        }
        if (row == null) {
          throw new IllegalStateException("a summary's aggregate gave no row: " + sql);
        }
        return row;
      }
    }

    @Override
    public String[] valuesAt(String sql, long[] positions) {
      String[] values = new String[positions.length];
      try (QueryExecution execution = engine.execute(planner.plan(sql), options.queryOptions())) {
        long seen = 0;
        int next = 0;
        for (VectorSchemaRoot batch = execution.next(); batch != null; batch = execution.next()) {
          try (VectorSchemaRoot rows = batch) {
            long end = seen + rows.getRowCount();
            while (next < positions.length && positions[next] < end) {
              values[next] = CsvFormat.text(rows.getVector(0), (int) (positions[next] - seen), null);
              next++;
            }
            seen = end;
          }
        }
      }
      return values;
    }
  }

  @Override
  public void close() {
    engine.close();
    synchronized (this) {
      if (database != null) {
        database.close();
      }
    }
  }
}
