package dev.quiver.sql.planner;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.plan.ExchangeNode;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.sql.SqlException;
import dev.quiver.sql.catalog.Catalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;

/**
 * SQL text to a Quiver plan. Calcite parses (a lenient dialect: TPC-H as the spec writes it, GROUP
 * BY aliases and ordinals, strings compared with dates, names matched ignoring case, tables by path
 * in quotes), validates against the {@link Catalog}, converts and decorrelates (sub-queries to
 * SEMI/ANTI/mark joins), then Quiver orders the joins from row counts and translates the result to
 * {@code dev.quiver.exec.plan} nodes with quiver-expression expressions inside. Thread-safe: every
 * call plans on its own.
 *
 * <p>Every failure is a {@link SqlException} (USER) whose message is one line naming the line and
 * column, what is wrong and, for an unknown table or column, the closest existing name.
 */
public final class SqlPlanner {
  private volatile java.time.ZoneId timeZone = java.time.ZoneOffset.UTC;
  /** Estimated groups from which a GROUP BY repartitions its input by its keys (see {@link ExchangeNode}). */
  public static final long DEFAULT_REPARTITION_GROUPS = 1_000_000;

  private final Catalog catalog;
  private final long repartitionGroups;
  private final boolean statisticsAggregates;

  public SqlPlanner(Catalog catalog) {
    this(catalog, DEFAULT_REPARTITION_GROUPS);
  }

  /** A planner whose aggregates of at least {@code repartitionGroups} estimated groups repartition first. */
  public SqlPlanner(Catalog catalog, long repartitionGroups) {
    this(catalog, repartitionGroups, StatisticsAggregates.enabledByDefault());
  }

  /**
   * @param statisticsAggregates whether an aggregate without GROUP BY over a {@code .qvr} scan is
   *     answered from zone statistics where they suffice (see {@link #STATISTICS_AGGREGATES_PROPERTY})
   */
  public SqlPlanner(Catalog catalog, long repartitionGroups, boolean statisticsAggregates) {
    this.catalog = Objects.requireNonNull(catalog, "catalog");
    this.repartitionGroups = repartitionGroups;
    this.statisticsAggregates = statisticsAggregates;
  }

  /**
   * The system property ({@code quiver.statistics.aggregates}) that, set to {@code false}, turns the
   * answering of aggregates from zone statistics off for planners (and sessions) that do not say.
   */
  public static final String STATISTICS_AGGREGATES_PROPERTY = StatisticsAggregates.PROPERTY;

  /** Whether aggregates are answered from zone statistics where they suffice. */
  public static boolean statisticsAggregatesByDefault() {
    return StatisticsAggregates.enabledByDefault();
  }

  public Catalog catalog() {
    return catalog;
  }

  /** The plan of a query ({@code SELECT ...}, {@code WITH ...}, {@code VALUES ...}; an EXPLAIN prefix is allowed and ignored). */
  public PlanNode plan(String sql) {
    return statement(sql).plan();
  }

  /** The plan of the query an {@code EXPLAIN} statement (or a plain query) names, for the session to print. */
  public PlanNode explain(String sql) {
    return statement(sql).plan();
  }

  /** A statement: a query, {@code EXPLAIN query} or {@code EXPLAIN ANALYZE query}, planned. */
  public SqlStatement statement(String sql) {
    Objects.requireNonNull(sql, "sql");
    return DateCalls.atQueryStart(timeZone, () -> planStatement(sql));
  }

  /** The session's time zone ({@code SET TimeZone = '...'}): TIMESTAMPTZ values are shown, cast and split into fields in it. */
  public void timeZone(java.time.ZoneId zone) {
    this.timeZone = Objects.requireNonNull(zone, "zone");
  }

  public java.time.ZoneId timeZone() {
    return timeZone;
  }

  private SqlStatement planStatement(String sql) {
    QueryText text = QueryText.of(sql);
    ErrorMessages errors = new ErrorMessages(text).withCatalog(catalog);
    SqlNode parsed;
    try {
      parsed = LogicalPlanning.parse(text.rewritten());
    } catch (SqlParseException failure) {
      throw errors.parse(failure);
    }
    DialectClauses.Result clauses;
    try {
      clauses = DialectClauses.apply(parsed);
    } catch (SqlException failure) {
      throw SubjectPositions.locate(failure, parsed, text);
    }
    parsed = clauses.query();
    WindowClauses.apply(parsed);
    OutputNames.apply(parsed, text);
    List<TableFunctionCall> tableFunctions = new ArrayList<>(text.tableFunctions());
    try {
      parsed = ViewExpansion.apply(parsed, catalog, tableFunctions);
    } catch (QuiverException failure) {
      throw new SqlException(failure.errorCode(), 0, 0, failure.getMessage());
    }
    LogicalPlanning.Planned planned = null;
    QuiverSchema[] schema = new QuiverSchema[1];
    try {
      planned = LogicalPlanning.plan(parsed, catalog, created -> schema[0] = created, tableFunctions,
          clauses.orderAll(), clauses.distinctOn(), clauses.nestedDistinctOn());
      PlanNode plan = LateMaterialization.rewrite(new RelTranslator(repartitionGroups).translate(planned.rel()));
      if (statisticsAggregates) {
        plan = StatisticsAggregates.rewrite(plan);
      }
      SqlStatement.Kind kind = switch (text.kind()) {
        case QUERY -> SqlStatement.Kind.QUERY;
        case EXPLAIN -> SqlStatement.Kind.EXPLAIN;
        case EXPLAIN_ANALYZE -> SqlStatement.Kind.EXPLAIN_ANALYZE;
      };
      return new SqlStatement(kind, plan);
    } catch (SqlException failure) {
      throw SubjectPositions.locate(failure, parsed, text);
    } catch (QuiverException failure) {
      throw new SqlException(failure.errorCode(), 0, 0, failure.getMessage());
    } catch (RuntimeException failure) {
      throw errors.validation(failure, schema[0]);
    } catch (AssertionError failure) {
      // a Calcite rule's internal check: the query is valid SQL the planner cannot handle (a planner bug)
      String detail = String.valueOf(failure.getMessage()).lines().findFirst().orElse("");
      throw new QuiverException(ErrorCode.INTERNAL, "the planner failed on this query (a bug in Quiver's planning;"
          + " please report it with the query): " + detail, failure);
    }
  }
}
