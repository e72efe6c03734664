package dev.quiver.sql.planner;

import dev.quiver.sql.SqlException;
import dev.quiver.sql.catalog.Catalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.plan.volcano.VolcanoPlanner;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelCollationTraitDef;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.logical.LogicalSort;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImpl;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.apache.calcite.sql2rel.RelDecorrelator;
import org.apache.calcite.sql2rel.RelFieldTrimmer;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.TopDownGeneralDecorrelator;
import org.apache.calcite.tools.RelBuilder;

/**
 * SQL text to a decorrelated, simplified Calcite logical plan: parse (the lenient dialect), validate
 * against the catalog, convert, turn sub-queries into mark joins and decorrelate them top-down
 * (falling back to Calcite's classic decorrelator when that fails), trim unused fields and simplify
 * with Hep rule programs. No cost-based (Volcano) planning: join order is Quiver's own
 * ({@link JoinOrdering}).
 */
final class LogicalPlanning {
  /** Hep stops after this many rule applications: a rule pair that undoes each other cannot loop forever. */
  private static final int MATCH_LIMIT = 10_000;

  static final SqlConformanceEnum CONFORMANCE = SqlConformanceEnum.LENIENT;

  /** The functions and operators queries may use: Quiver's, then the dialect's ({@code ::}, TRY_CAST). */
  static final SqlOperatorTable OPERATORS = SqlOperatorTables.chain(QuiverOperators.TABLE, DialectOperators.TABLE,
      SqlOperatorTables.of(NestedDistinctOn.KEEP));

  private LogicalPlanning() {}

  /** Type names DuckDB and PostgreSQL accept that Calcite's grammar does not know, and what they mean. */
  private static final Map<String, org.apache.calcite.sql.type.SqlTypeName> TYPE_ALIASES = Map.ofEntries(
      Map.entry("TEXT", org.apache.calcite.sql.type.SqlTypeName.VARCHAR),
      Map.entry("STRING", org.apache.calcite.sql.type.SqlTypeName.VARCHAR),
      Map.entry("BPCHAR", org.apache.calcite.sql.type.SqlTypeName.VARCHAR),
      Map.entry("INT2", org.apache.calcite.sql.type.SqlTypeName.SMALLINT),
      Map.entry("INT4", org.apache.calcite.sql.type.SqlTypeName.INTEGER),
      Map.entry("INT8", org.apache.calcite.sql.type.SqlTypeName.BIGINT),
      Map.entry("FLOAT4", org.apache.calcite.sql.type.SqlTypeName.REAL),
      Map.entry("FLOAT8", org.apache.calcite.sql.type.SqlTypeName.DOUBLE),
      Map.entry("BOOL", org.apache.calcite.sql.type.SqlTypeName.BOOLEAN),
      Map.entry("BLOB", org.apache.calcite.sql.type.SqlTypeName.VARBINARY),
      Map.entry("BYTEA", org.apache.calcite.sql.type.SqlTypeName.VARBINARY));

  /** A parsed, validated and simplified query, and what it needs to go on. */
  record Planned(RelNode rel, QuiverSchema schema, RelBuilder relBuilder) {}

  /**
   * The parser: Calcite's Babel grammar (calcite-babel, the same release as calcite-core), which leaves
   * DuckDB's and PostgreSQL's non-reserved words ({@code value}, {@code year}, {@code language}, ...)
   * free as names and reads {@code x::type}.
   */
  static SqlParser.Config parserConfig() {
    return standardParserConfig().withParserFactory(SqlBabelParserImpl.FACTORY);
  }

  /**
   * Calcite's standard grammar, used only to describe a syntax error: Babel reserves almost nothing, so
   * its failures often point at an earlier token ({@code FROM t where} read as an alias) with a less
   * helpful list of what was expected.
   */
  static SqlParser.Config standardParserConfig() {
    return SqlParser.config()
        .withQuoting(Quoting.DOUBLE_QUOTE)
        .withUnquotedCasing(Casing.UNCHANGED)
        .withQuotedCasing(Casing.UNCHANGED)
        .withCaseSensitive(false)
        .withConformance(CONFORMANCE);
  }

  static SqlNode parse(String text) throws SqlParseException {
    SqlNode node;
    try {
      node = SqlParser.create(text, parserConfig()).parseStmt();
    } catch (SqlParseException babelFailure) {
      throw betterFailure(babelFailure, text);
    }
    if (node instanceof SqlExplain explain) {
      return explain.getExplicandum();
    }
    return node;
  }

  /**
   * The failure to report for text Babel cannot parse: the standard grammar's when it fails too at the
   * same place or later (its message names the real problem), otherwise Babel's.
   */
  private static SqlParseException betterFailure(SqlParseException babelFailure, String text) {
    try {
      SqlParser.create(text, standardParserConfig()).parseStmt();
      return babelFailure;
    } catch (SqlParseException standardFailure) {
      return order(standardFailure) >= order(babelFailure) ? standardFailure : babelFailure;
    }
  }

  private static long order(SqlParseException failure) {
    SqlParserPos position = failure.getPos();
    return position == null ? -1 : (long) position.getLineNum() << 32 | position.getColumnNum();
  }

  /** Validates and converts a parsed query; Calcite's exceptions pass through (ErrorMessages translates them). */
  static Planned plan(SqlNode parsed, Catalog catalog, java.util.function.Consumer<QuiverSchema> schemaCreated) {
    return plan(parsed, catalog, schemaCreated, List.of(), null);
  }

  /**
   * Validates and converts a parsed query that calls {@code tableFunctions}; {@code orderAll}, when not
   * null, sorts the result by all its columns ({@link DialectClauses}).
   */
  static Planned plan(SqlNode parsed, Catalog catalog, java.util.function.Consumer<QuiverSchema> schemaCreated,
      List<TableFunctionCall> tableFunctions, DialectClauses.OrderAll orderAll) {
    return plan(parsed, catalog, schemaCreated, tableFunctions, orderAll, 0, List.of());
  }

  /** {@link #plan}, the outermost SELECT ending in {@code distinctOn} DISTINCT ON expressions ({@link DialectClauses}). */
  static Planned plan(SqlNode parsed, Catalog catalog, java.util.function.Consumer<QuiverSchema> schemaCreated,
      List<TableFunctionCall> tableFunctions, DialectClauses.OrderAll orderAll, int distinctOn,
      List<NestedDistinctOn.Spec> nestedDistinctOn) {
    JavaTypeFactory typeFactory = new JavaTypeFactoryImpl(new QuiverTypeSystem());
    CalciteSchema root = CalciteSchema.createRootSchema(false, false);
    QuiverSchema schema = new QuiverSchema(catalog, tableFunctions);
    root.add("quiver", schema);
    for (String name : List.of("TIMESTAMPTZ", "timestamptz")) {
      // DuckDB's name of TIMESTAMP WITH TIME ZONE: an instant, shown in the session's time zone
      root.add(name,
          types -> types.createSqlType(org.apache.calcite.sql.type.SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, 6));
    }
    // DuckDB's and PostgreSQL's other names of standard types (CREATE TABLE t (s TEXT, i INT8, ...))
    for (Map.Entry<String, org.apache.calcite.sql.type.SqlTypeName> alias : TYPE_ALIASES.entrySet()) {
      org.apache.calcite.sql.type.SqlTypeName type = alias.getValue();
      for (String name : List.of(alias.getKey(), alias.getKey().toLowerCase(java.util.Locale.ROOT))) {
        root.add(name, types -> types.createTypeWithNullability(types.createSqlType(type), true));
      }
    }
    schemaCreated.accept(schema);
    Properties properties = new Properties();
    properties.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "false");
    properties.setProperty(CalciteConnectionProperty.UNQUOTED_CASING.camelName(), Casing.UNCHANGED.name());
    properties.setProperty(CalciteConnectionProperty.QUOTED_CASING.camelName(), Casing.UNCHANGED.name());
    CalciteCatalogReader catalogReader = new CalciteCatalogReader(root, List.of("quiver"), typeFactory,
        new CalciteConnectionConfigImpl(properties));
    SqlValidator validator = SqlValidatorUtil.newValidator(OPERATORS, catalogReader, typeFactory,
        SqlValidator.Config.DEFAULT
            .withConformance(CONFORMANCE)
            .withIdentifierExpansion(true)
            .withDefaultNullCollation(NullCollation.LAST));
    SqlNode validated = validator.validate(parsed);

    VolcanoPlanner volcano = new VolcanoPlanner();
    volcano.addRelTraitDef(ConventionTraitDef.INSTANCE);
    volcano.addRelTraitDef(RelCollationTraitDef.INSTANCE);
    volcano.setExecutor(CachingRexExecutor.INSTANCE);
    RelOptCluster cluster = RelOptCluster.create(volcano, new RexBuilder(typeFactory));
    SqlToRelConverter converter = new SqlToRelConverter(null, validator, catalogReader, cluster,
        DateOperators.CONVERTLETS, SqlToRelConverter.config().withExpand(false).withTrimUnusedFields(true));
    RelRoot relRoot;
    try {
      relRoot = converter.convertQuery(validated, false, true);
    } catch (AssertionError failure) {
      SqlException recursive = RecursiveTypes.explain(validated);
      if (recursive != null) {
        throw recursive;
      }
      throw failure;
    }
    RelBuilder relBuilder = RelFactories.LOGICAL_BUILDER.create(cluster, catalogReader);
    RelNode projected = relRoot.project();
    List<String> outputNames = relRoot.validatedRowType.getFieldNames();
    if (distinctOn > 0) {
      projected = DistinctOnPlanning.apply(projected, distinctOn, relBuilder(cluster, catalogReader));
      outputNames = outputNames.subList(0, outputNames.size() - distinctOn);
    }
    if (orderAll != null) {
      projected = sortByAll(projected, orderAll, cluster.getRexBuilder());
    }
    RelNode rel = ExistsToJoins.rewrite(projected);
    if (PlanShapes.hasCorrelation(rel)) {
      rel = decorrelate(rel, relBuilder);
    }
    rel = DistinctOnPlanning.nested(rel, nestedDistinctOn, relBuilder);
    // conditions simplified before the trimmer asks for predicates: a comparison with NULL left in a filter
    // (CASE WHEN x > x THEN k END = y) fails Calcite's check of pulled-up predicates (differential seed 1306)
    rel = hep(rel, List.of(CoreRules.FILTER_REDUCE_EXPRESSIONS));
    rel = new RelFieldTrimmer(validator, relBuilder).trim(rel);
    rel = hep(rel, REDUCE_RULES, SIMPLIFY_RULES);
    rel = JoinOrdering.reorder(rel, relBuilder);
    rel = AggregateSemiReduction.rewrite(rel);
    rel = SemiJoinPushdown.rewrite(rel);
    rel = hep(rel, PUSH_DOWN_RULES);
    rel = CountIfRewrite.rewrite(rel);
    rel = AggregateRewrites.rewrite(rel);
    rel = new RelFieldTrimmer(validator, relBuilder).trim(rel);
    rel = hep(rel, FINAL_RULES);
    // OVER calls out of projections into Window nodes (WindowTranslation)
    rel = hep(rel, List.of(CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW));
    rel = GroupingSetsPlanning.rewrite(rel);
    return new Planned(outputNames(rel, outputNames, relBuilder), schema, relBuilder);
  }

  private static RelBuilder relBuilder(RelOptCluster cluster, CalciteCatalogReader catalogReader) {
    return RelFactories.LOGICAL_BUILDER.create(cluster, catalogReader);
  }

  /** {@code rel} sorted by all its columns as ORDER BY ALL says, with its OFFSET and LIMIT. */
  private static RelNode sortByAll(RelNode rel, DialectClauses.OrderAll orderAll, RexBuilder rexBuilder) {
    List<RelFieldCollation> fields = new ArrayList<>();
    for (int i = 0; i < rel.getRowType().getFieldCount(); i++) {
      fields.add(orderAll.collation(i));
    }
    return LogicalSort.create(rel, RelCollations.of(fields), count(orderAll.offset(), rexBuilder),
        count(orderAll.fetch(), rexBuilder));
  }

  private static RexNode count(SqlNode node, RexBuilder rexBuilder) {
    if (node == null) {
      return null;
    }
    if (!(node instanceof SqlNumericLiteral number)) {
      throw new SqlException(node.getParserPosition().getLineNum(), node.getParserPosition().getColumnNum(),
          "LIMIT and OFFSET with ORDER BY ALL must be integer literals");
    }
    return rexBuilder.makeExactLiteral(number.getValueAs(java.math.BigDecimal.class));
  }

  /**
   * The plan with the output column names the query gives them ({@code AS c_orders (c_custkey,
   * c_count)} names a derived table's columns, which the rewrites above may have left as {@code EXPR$1}):
   * a renaming projection on top only when a name differs.
   */
  private static RelNode outputNames(RelNode rel, List<String> names, RelBuilder relBuilder) {
    List<String> current = rel.getRowType().getFieldNames();
    if (current.equals(names) || current.size() != names.size()) {
      return rel;
    }
    return relBuilder.push(rel).rename(names).build();
  }

  private static RelNode decorrelate(RelNode rel, RelBuilder relBuilder) {
    RelNode marked = hep(rel, List.of(CoreRules.FILTER_SUB_QUERY_TO_MARK_CORRELATE,
        CoreRules.PROJECT_SUB_QUERY_TO_MARK_CORRELATE, CoreRules.JOIN_SUB_QUERY_TO_CORRELATE));
    RelNode decorrelated = null;
    try {
      decorrelated = TopDownGeneralDecorrelator.decorrelateQuery(marked, relBuilder);
      decorrelated = hep(decorrelated, List.of(CoreRules.MARK_TO_SEMI_OR_ANTI_JOIN_RULE));
    } catch (RuntimeException unsupportedShape) {
      decorrelated = null;
    }
    if (decorrelated == null || PlanShapes.hasCorrelation(decorrelated)) {
      RelNode correlated = hep(rel, List.of(CoreRules.FILTER_SUB_QUERY_TO_CORRELATE,
          CoreRules.PROJECT_SUB_QUERY_TO_CORRELATE, CoreRules.JOIN_SUB_QUERY_TO_CORRELATE));
      decorrelated = RelDecorrelator.decorrelateQuery(correlated, relBuilder);
    }
    return decorrelated;
  }

  /**
   * Calcite's JOIN_REDUCE_EXPRESSIONS except on mark joins: on a LEFT_MARK join whose key the other side
   * proves NULL ({@code x NOT IN (SELECT k ... WHERE k IS NULL)}) it builds a join of another row type
   * and fails Calcite's own type check (an AssertionError; found by the differential tester).
   */
  private static final RelOptRule JOIN_REDUCE_EXPRESSIONS_NOT_MARK = CoreRules.JOIN_REDUCE_EXPRESSIONS.config
      .withOperandSupplier(operand -> operand.operand(org.apache.calcite.rel.core.Join.class)
          .predicate(join -> join.getJoinType() != org.apache.calcite.rel.core.JoinRelType.LEFT_MARK).anyInputs())
      .as(org.apache.calcite.rel.rules.ReduceExpressionsRule.JoinReduceExpressionsRule.JoinReduceExpressionsRuleConfig.class)
      .toRule();

  /** Constants folded, conditions simplified (before the pushes, so pushed conditions are literals). */
  private static final List<RelOptRule> REDUCE_RULES = List.of(
      CoreRules.FILTER_REDUCE_EXPRESSIONS,
      CoreRules.PROJECT_REDUCE_EXPRESSIONS,
      JOIN_REDUCE_EXPRESSIONS_NOT_MARK);

  /** Pushes filters into joins and scans, merges projections, folds constants; pulls projections above joins. */
  private static final List<RelOptRule> SIMPLIFY_RULES = List.of(
      CoreRules.FILTER_INTO_JOIN,
      CoreRules.JOIN_CONDITION_PUSH,
      CoreRules.FILTER_PROJECT_TRANSPOSE,
      CoreRules.FILTER_AGGREGATE_TRANSPOSE,
      CoreRules.FILTER_SET_OP_TRANSPOSE,
      CoreRules.FILTER_MERGE,
      CoreRules.PROJECT_MERGE,
      CoreRules.PROJECT_REMOVE,
      CoreRules.AGGREGATE_PROJECT_MERGE,
      CoreRules.UNION_TO_DISTINCT,
      CoreRules.INTERSECT_TO_DISTINCT,
      CoreRules.MINUS_TO_DISTINCT,
      CoreRules.AGGREGATE_REMOVE);

  /** After join ordering: projections back down to the scans. */
  /**
   * Calcite's PROJECT_JOIN_TRANSPOSE, but not over a mark join: its PushProjector does not know the mark
   * column a LEFT_MARK join adds (an index out of bounds for {@code SELECT NULL IN (SELECT ...), ...}).
   */
  private static final RelOptRule PROJECT_JOIN_TRANSPOSE = org.apache.calcite.rel.rules.ProjectJoinTransposeRule.Config.DEFAULT
      .withOperandSupplier(project -> project.operand(org.apache.calcite.rel.logical.LogicalProject.class)
          .oneInput(join -> join.operand(org.apache.calcite.rel.logical.LogicalJoin.class)
              .predicate(candidate -> candidate.getJoinType() != org.apache.calcite.rel.core.JoinRelType.LEFT_MARK)
              .anyInputs()))
      .as(org.apache.calcite.rel.rules.ProjectJoinTransposeRule.Config.class)
      .withPreserveExprCondition(expression -> false).toRule();

  private static final List<RelOptRule> PUSH_DOWN_RULES = List.of(
      PROJECT_JOIN_TRANSPOSE,
      CoreRules.FILTER_PROJECT_TRANSPOSE,
      CoreRules.FILTER_MERGE,
      CoreRules.PROJECT_MERGE,
      CoreRules.PROJECT_REMOVE);

  private static final List<RelOptRule> FINAL_RULES = List.of(
      CoreRules.FILTER_PROJECT_TRANSPOSE,
      CoreRules.FILTER_MERGE,
      CoreRules.PROJECT_MERGE,
      CoreRules.PROJECT_REMOVE);

  /** Applies each collection of rules in turn, each until nothing changes (or the match limit). */
  @SafeVarargs
  static RelNode hep(RelNode rel, List<RelOptRule>... ruleCollections) {
    HepProgramBuilder program = new HepProgramBuilder().addMatchOrder(HepMatchOrder.BOTTOM_UP)
        .addMatchLimit(MATCH_LIMIT);
    for (List<RelOptRule> rules : ruleCollections) {
      program.addRuleCollection(rules);
    }
    HepPlanner planner = new HepPlanner(program.build());
    planner.setRoot(rel);
    return planner.findBestExp();
  }
}
