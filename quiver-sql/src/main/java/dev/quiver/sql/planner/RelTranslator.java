package dev.quiver.sql.planner;

import dev.quiver.exec.expression.Functions;
import dev.quiver.exec.plan.AggregateCall;
import dev.quiver.exec.plan.AggregateFunction;
import dev.quiver.exec.plan.AggregateNode;
import dev.quiver.exec.plan.ExchangeNode;
import dev.quiver.exec.plan.FilterNode;
import dev.quiver.exec.plan.KeyRange;
import dev.quiver.exec.plan.LimitNode;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.ProjectNode;
import dev.quiver.exec.plan.RecursiveUnionNode;
import dev.quiver.exec.plan.SortKey;
import dev.quiver.exec.plan.SortNode;
import dev.quiver.exec.plan.TableScanNode;
import dev.quiver.exec.plan.UnionAllNode;
import dev.quiver.exec.plan.ValuesNode;
import dev.quiver.exec.source.TableSource;
import dev.quiver.exec.source.WorkingTable;
import dev.quiver.expression.And;
import dev.quiver.expression.Between;
import dev.quiver.expression.Call;
import dev.quiver.expression.Comparison;
import dev.quiver.expression.Expression;
import dev.quiver.expression.InList;
import dev.quiver.expression.IsNull;
import dev.quiver.expression.Like;
import dev.quiver.expression.Literal;
import dev.quiver.expression.Not;
import dev.quiver.expression.Or;
import dev.quiver.expression.StartsWith;
import dev.quiver.sql.SqlException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RepeatUnion;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.TableSpool;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.Util;

/**
 * A decorrelated Calcite logical plan to a Quiver plan: scans (with the column subset and the simple
 * filters pushed in), filters, projections, aggregates, joins ({@link JoinTranslation}), sorts and
 * top-N, limits, union all and values. Anything else is a {@link SqlException} naming it.
 */
final class RelTranslator {
  /** The most steps a recursive query may take before it fails as one that never ends. */
  static final long MAX_RECURSION_STEPS = 100_000;

  private final long repartitionGroups;
  /** The working tables of the recursions being translated, by the name their scans use. */
  private final Map<List<String>, WorkingTable> workingTables = new HashMap<>();

  /** @param repartitionGroups estimated groups from which an aggregate repartitions its input by its keys */
  RelTranslator(long repartitionGroups) {
    this.repartitionGroups = repartitionGroups;
  }

  PlanNode translate(RelNode rel) {
    if (rel instanceof TableScan scan) {
      return scan(scan, null, null);
    }
    if (rel instanceof Project project) {
      return project(project);
    }
    if (rel instanceof Filter filter) {
      return filter(filter);
    }
    if (rel instanceof Aggregate aggregate) {
      return aggregate(aggregate);
    }
    if (rel instanceof Join join) {
      return new JoinTranslation(this).translate(join);
    }
    if (rel instanceof DistinctOnRel distinctOn) {
      return distinctOn(distinctOn);
    }
    if (rel instanceof ExpandRel expand) {
      return expand(expand);
    }
    if (rel instanceof Sort sort) {
      return sort(sort);
    }
    if (rel instanceof Union union) {
      return union(union);
    }
    if (rel instanceof Values values) {
      return values(values);
    }
    if (rel instanceof org.apache.calcite.rel.core.Window window) {
      return new WindowTranslation(this).translate(window);
    }
    if (rel instanceof RepeatUnion recursion) {
      return recursive(recursion);
    }
    if (rel instanceof TableSpool spool) {
      // writes a recursion's working table: the recursive union keeps the rows itself
      return translate(spool.getInput());
    }
    throw SqlException.unpositioned("this query needs " + rel.getRelTypeName().replace("Logical", "")
        + ", which is not supported"
        + (PlanShapes.hasCorrelation(rel) ? " (a correlated sub-query of this form)" : ""));
  }

  /**
   * A scan reading the columns {@code outputs} (table column indexes, in output order; null for all)
   * and whatever {@code condition} (over the table's columns, or null) needs, with the condition's
   * simple conjuncts pushed into the scan.
   */
  private PlanNode scan(TableScan scan, List<Integer> outputs, RexNode condition) {
    TableSource source = workingTables.get(scan.getTable().getQualifiedName());
    if (source == null) {
      QuiverTable table = scan.getTable().unwrap(QuiverTable.class);
      if (table == null) {
        throw SqlException.unpositioned("cannot read table " + scan.getTable().getQualifiedName());
      }
      source = table.source();
    }
    List<RelDataTypeField> fields = scan.getRowType().getFieldList();
    List<Integer> wanted = new ArrayList<>();
    if (outputs == null) {
      for (int i = 0; i < fields.size(); i++) {
        wanted.add(i);
      }
    } else {
      wanted.addAll(outputs);
    }
    java.util.TreeSet<Integer> needed = new java.util.TreeSet<>(wanted);
    if (condition != null) {
      needed.addAll(RelOptUtil.InputFinder.bits(condition).asList());
    }
    List<Integer> read = new ArrayList<>(needed);
    List<String> names = read.stream().map(index -> fields.get(index).getName()).toList();
    int[] ordinals = new int[fields.size()];
    for (int i = 0; i < read.size(); i++) {
      ordinals[read.get(i)] = i;
    }
    PlanNode node = new TableScanNode(source, names, null, -1);
    if (condition != null) {
      Expression filter = new RexTranslator(node.schema().getFields(), ordinals).translate(condition);
      List<Expression> conjuncts = filter instanceof And and ? and.operands() : List.of(filter);
      List<Expression> pushed = new ArrayList<>();
      List<Expression> kept = new ArrayList<>();
      for (Expression conjunct : conjuncts) {
        (pushable(conjunct) ? pushed : kept).add(conjunct);
      }
      Expression pushedFilter = pushed.isEmpty() ? null : pushed.size() == 1 ? pushed.get(0) : new And(pushed);
      if (source.evaluatesFilters() && kept.isEmpty()) {
        PlanNode narrow = filterOnlyColumnsUnread(source, fields, wanted, read, condition);
        if (narrow != null) {
          return narrow;
        }
      }
      node = new TableScanNode(source, names, pushedFilter, -1);
      List<Expression> remaining = source.evaluatesFilters() ? kept : conjuncts;
      if (!remaining.isEmpty()) {
        node = new FilterNode(node, remaining.size() == 1 ? remaining.get(0) : new And(remaining));
      }
    }
    if (read.equals(wanted)) {
      return node;
    }
    List<Integer> positions = wanted.stream().map(index -> ordinals[index]).toList();
    return JoinTranslation.select(node, positions);
  }

  /**
   * A scan whose source evaluates the whole {@code condition} itself and outputs only the {@code wanted} columns,
   * not those the condition alone reads ({@code l_shipdate} of TPC-H Q6, {@code o_comment} of Q13: never copied
   * out, a string column never decompressed when its fsst codes answer the filter; none at all when nothing above
   * reads a column, as under {@code SELECT 1 ... WHERE}); null when every column read is wanted. The filter is
   * then bound to the table's columns (its references' ordinals are the table's, as {@link TableScanNode}
   * allows for sources that evaluate filters).
   */
  private static PlanNode filterOnlyColumnsUnread(TableSource source, List<RelDataTypeField> fields,
      List<Integer> wanted, List<Integer> read, RexNode condition) {
    List<Integer> outputs = new ArrayList<>(new java.util.TreeSet<>(wanted));
    if (outputs.size() == read.size()) {
      return null;
    }
    List<Field> tableFields = new ArrayList<>();
    int[] identity = new int[fields.size()];
    for (int i = 0; i < fields.size(); i++) {
      tableFields.add(source.schema().findField(fields.get(i).getName()));
      identity[i] = i;
    }
    Expression filter = new RexTranslator(tableFields, identity).translate(condition);
    if (!pushable(filter)) {
      return null;
    }
    List<String> names = outputs.stream().map(index -> fields.get(index).getName()).toList();
    PlanNode node = new TableScanNode(source, names, filter, -1);
    if (outputs.equals(wanted)) {
      return node;
    }
    return JoinTranslation.select(node, wanted.stream().map(outputs::indexOf).toList());
  }

  private static List<Integer> references(Project project) {
    return project.getProjects().stream().map(expression -> ((RexInputRef) expression).getIndex()).toList();
  }

  /** Whether a conjunct is a column-versus-literal test a scan can use, or AND / OR / NOT of such tests. */
  static boolean pushable(Expression expression) {
    if (expression instanceof And and) {
      return and.operands().stream().allMatch(RelTranslator::pushable);
    }
    if (expression instanceof Or or) {
      return or.operands().stream().allMatch(RelTranslator::pushable);
    }
    if (expression instanceof Not not) {
      return pushable(not.operand());
    }
    return expression instanceof Comparison || expression instanceof Between || expression instanceof InList
        || expression instanceof IsNull || expression instanceof Like || expression instanceof StartsWith;
  }

  private static boolean onlyInputReferences(Project project) {
    return project.getProjects().stream().allMatch(expression -> expression instanceof RexInputRef);
  }

  private PlanNode project(Project project) {
    if (project.getInput() instanceof TableScan scan && onlyInputReferences(project)) {
      return renamed(scan(scan, references(project), null), project);
    }
    if (project.getInput() instanceof Filter filter && filter.getInput() instanceof TableScan scan
        && onlyInputReferences(project)) {
      return renamed(scan(scan, references(project), filter.getCondition()), project);
    }
    TableScan scan = project.getInput() instanceof TableScan direct ? direct
        : project.getInput() instanceof Filter filter && filter.getInput() instanceof TableScan below ? below : null;
    if (scan != null) {
      RexNode condition = project.getInput() instanceof Filter filter ? filter.getCondition() : null;
      List<Integer> needed = new ArrayList<>(RelOptUtil.InputFinder.bits(project.getProjects(), null).asList());
      PlanNode input = scan(scan, needed, condition);
      int[] ordinals = new int[scan.getRowType().getFieldCount()];
      for (int i = 0; i < needed.size(); i++) {
        ordinals[needed.get(i)] = i;
      }
      List<RexNode> remapped = new ArrayList<>();
      for (RexNode expression : project.getProjects()) {
        remapped.add(expression.accept(new org.apache.calcite.rex.RexShuttle() {
          @Override
          public RexNode visitInputRef(RexInputRef reference) {
            return new RexInputRef(ordinals[reference.getIndex()], reference.getType());
          }
        }));
      }
      return projectOver(input, remapped, project.getRowType().getFieldList());
    }
    PlanNode input = translate(project.getInput());
    return projectOver(input, project.getProjects(), project.getRowType().getFieldList());
  }

  /** A scan under a projection of its columns keeps the projection's output names. */
  private static PlanNode renamed(PlanNode node, Project project) {
    List<String> names = project.getRowType().getFieldNames();
    List<Field> fields = node.schema().getFields();
    boolean same = true;
    for (int i = 0; i < names.size(); i++) {
      same &= names.get(i).equals(fields.get(i).getName());
    }
    if (same) {
      return node;
    }
    List<Expression> expressions = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      expressions.add(new dev.quiver.expression.ColumnReference(fields.get(i).getName(), i, fields.get(i).getType()));
      nullable.add(fields.get(i).isNullable());
    }
    return new ProjectNode(node, expressions, names, nullable);
  }

  static PlanNode projectOver(PlanNode input, List<RexNode> projects, List<RelDataTypeField> outputFields) {
    RexTranslator rex = new RexTranslator(input.schema().getFields());
    List<Expression> expressions = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    boolean identity = projects.size() == input.schema().getFields().size();
    for (int i = 0; i < projects.size(); i++) {
      RexNode project = projects.get(i);
      Expression expression = rex.translate(project);
      ArrowType declared = TypeMapping.toArrow(outputFields.get(i).getType());
      if (!(declared instanceof ArrowType.Null)) {
        expression = RexTranslator.castTo(expression, declared);
      }
      expressions.add(expression);
      names.add(outputFields.get(i).getName());
      nullable.add(outputFields.get(i).getType().isNullable());
      identity &= project instanceof RexInputRef reference && reference.getIndex() == i
          && input.schema().getFields().get(i).getName().equals(outputFields.get(i).getName());
    }
    return identity ? input : new ProjectNode(input, expressions, names, nullable);
  }

  private PlanNode filter(Filter filter) {
    RelNode input = filter.getInput();
    if (input instanceof TableScan scan) {
      return scan(scan, null, filter.getCondition());
    }
    if (input instanceof Project project && project.getInput() instanceof TableScan scan
        && onlyInputReferences(project)) {
      RexNode pushedPast = RelOptUtil.pushPastProject(filter.getCondition(), project);
      return renamed(scan(scan, references(project), pushedPast), project);
    }
    PlanNode marked = JoinTranslation.markFilter(this, filter);
    if (marked != null) {
      return marked;
    }
    PlanNode translated = translate(input);
    Expression condition = new RexTranslator(translated.schema().getFields()).translate(filter.getCondition());
    return new FilterNode(translated, condition);
  }

  private PlanNode aggregate(Aggregate aggregate) {
    if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
      throw SqlException.unpositioned("GROUPING SETS, ROLLUP and CUBE are not supported");
    }
    PlanNode input;
    int[] remap = null;
    if (aggregate.getInput() instanceof TableScan scan) {
      java.util.TreeSet<Integer> used = new java.util.TreeSet<>(aggregate.getGroupSet().asList());
      for (org.apache.calcite.rel.core.AggregateCall call : aggregate.getAggCallList()) {
        used.addAll(call.getArgList());
        if (call.filterArg >= 0) {
          used.add(call.filterArg);
        }
      }
      List<Integer> needed = new ArrayList<>(used);
      input = scan(scan, needed, null);
      remap = new int[scan.getRowType().getFieldCount()];
      for (int i = 0; i < needed.size(); i++) {
        remap[needed.get(i)] = i;
      }
    } else {
      input = translate(aggregate.getInput());
    }
    int[] positions = remap;
    List<Integer> keys = aggregate.getGroupSet().asList().stream()
        .map(key -> positions == null ? key : positions[key]).toList();
    List<AggregateCall> calls = new ArrayList<>();
    List<Integer> sumsOfZero = new ArrayList<>();
    for (org.apache.calcite.rel.core.AggregateCall call : aggregate.getAggCallList()) {
      if (call.getAggregation().getKind() == SqlKind.COUNT && call.getArgList().size() > 1) {
        throw SqlException.about(call.getAggregation().getName(), "count takes one argument, not "
            + call.getArgList().size() + " (as in DuckDB and PostgreSQL): count the distinct rows of a sub-query");
      }
      AggregateFunction function = switch (call.getAggregation().getKind()) {
        case COUNT -> AggregateFunction.COUNT;
        case SUM -> AggregateFunction.SUM;
        case SUM0 -> AggregateFunction.SUM;
        case AVG -> AggregateFunction.AVG;
        case MIN -> AggregateFunction.MIN;
        case MAX -> AggregateFunction.MAX;
        case SINGLE_VALUE -> AggregateFunction.SINGLE_VALUE;
        case ANY_VALUE -> AggregateFunction.ANY_VALUE;
        case ARG_MIN -> AggregateFunction.ARG_MIN;
        case ARG_MAX -> AggregateFunction.ARG_MAX;
        default -> {
          AggregateFunction statistic = StatisticsOperators.engineFunction(call.getAggregation());
          if (statistic == null) {
            throw SqlException.about(call.getAggregation().getName(), "the aggregate "
                + call.getAggregation().getName() + " is not supported");
          }
          yield statistic;
        }
      };
      if (call.getAggregation().getKind() == SqlKind.SUM0) {
        sumsOfZero.add(keys.size() + calls.size());
      }
      if (call.getCollation() != null && !call.getCollation().getFieldCollations().isEmpty()) {
        function = StatisticsOperators.ordered(function, call);
        if (function == null) {
          throw SqlException.unpositioned("ordered aggregates (WITHIN GROUP) are not supported");
        }
      }
      String name = call.getName() == null ? "agg" + calls.size() : call.getName();
      List<Integer> arguments = StatisticsOperators.arguments(function, call).stream()
          .map(argument -> positions == null ? argument : positions[argument]).toList();
      int filterArgument = call.filterArg < 0 || positions == null ? call.filterArg : positions[call.filterArg];
      calls.add(new AggregateCall(function, arguments, call.isDistinct(), filterArgument,
          TypeMapping.toArrow(call.getType()), call.getType().isNullable() || function == AggregateFunction.ARG_MIN
              || function.optionalSecond()
              || function == AggregateFunction.ARG_MAX || sumsOfZero.contains(keys.size()
                  + calls.size()),
          name));
    }
    List<KeyRange> ranges = KeyRanges.of(aggregate);
    if (!keys.isEmpty() && (repartitionGroups <= 1 || (KeyRanges.groupBound(aggregate, ranges) >= repartitionGroups
        && !dev.quiver.exec.aggregate.HashAggregateFactory.directlyIndexed(ranges, keys.size())))) {
      input = new ExchangeNode(input, keys);
    }
    PlanNode node = new AggregateNode(input, keys, calls, ranges);
    List<String> names = aggregate.getRowType().getFieldNames();
    if (sumsOfZero.isEmpty() && sameNames(node, names)) {
      return node;
    }
    List<Field> fields = node.schema().getFields();
    List<Expression> expressions = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      Field field = fields.get(i);
      Expression column = new dev.quiver.expression.ColumnReference(field.getName(), i, field.getType());
      if (sumsOfZero.contains(i)) {
        column = new Call(Functions.COALESCE, List.of(column, new Literal(java.math.BigDecimal.ZERO, field.getType())),
            field.getType());
      }
      expressions.add(column);
      nullable.add(!sumsOfZero.contains(i) && field.isNullable());
    }
    return new ProjectNode(node, expressions, names, nullable);
  }

  private static boolean sameNames(PlanNode node, List<String> names) {
    List<Field> fields = node.schema().getFields();
    for (int i = 0; i < names.size(); i++) {
      if (!fields.get(i).getName().equals(names.get(i))) {
        return false;
      }
    }
    return true;
  }

  private PlanNode sort(Sort sort) {
    PlanNode input = translate(sort.getInput());
    long offset = sort.offset == null ? 0 : ((RexLiteral) sort.offset).getValueAs(Long.class);
    long limit = sort.fetch == null ? -1 : ((RexLiteral) sort.fetch).getValueAs(Long.class);
    List<SortKey> keys = sortKeys(sort.getCollation());
    if (keys.isEmpty()) {
      return offset == 0 && limit < 0 ? input : new LimitNode(input, offset, limit);
    }
    return new SortNode(input, keys, offset, limit);
  }

  private PlanNode expand(ExpandRel expand) {
    PlanNode input = translate(expand.getInput());
    RexTranslator rex = new RexTranslator(input.schema().getFields());
    List<List<Expression>> projections = new ArrayList<>();
    for (List<org.apache.calcite.rex.RexNode> projection : expand.projections()) {
      List<Expression> expressions = new ArrayList<>();
      for (int i = 0; i < projection.size(); i++) {
        expressions.add(RexTranslator.castTo(rex.translate(projection.get(i)),
            TypeMapping.toArrow(expand.getRowType().getFieldList().get(i).getType())));
      }
      projections.add(expressions);
    }
    List<String> names = expand.getRowType().getFieldNames();
    List<Boolean> nullable = expand.getRowType().getFieldList().stream().map(field -> field.getType().isNullable())
        .toList();
    return new dev.quiver.exec.plan.ExpandNode(input, projections, names, nullable);
  }

  private PlanNode distinctOn(DistinctOnRel distinctOn) {
    return new SortNode(translate(distinctOn.getInput()), sortKeys(distinctOn.collation()), 0, -1,
        distinctOn.distinctKeys());
  }

  static List<SortKey> sortKeys(RelCollation sortCollation) {
    List<SortKey> keys = new ArrayList<>();
    for (RelFieldCollation collation : sortCollation.getFieldCollations()) {
      boolean ascending = !collation.direction.isDescending();
      RelFieldCollation.NullDirection nulls = collation.nullDirection == RelFieldCollation.NullDirection.UNSPECIFIED
          ? collation.direction.defaultNullDirection() : collation.nullDirection;
      keys.add(new SortKey(collation.getFieldIndex(), ascending, nulls == RelFieldCollation.NullDirection.FIRST));
    }
    return keys;
  }

  /**
   * {@code WITH RECURSIVE t AS (seed UNION [ALL] step)}: Calcite's repeat union, whose parts write the
   * transient table {@code t} (spools) and whose step scans it, as a {@link RecursiveUnionNode} over a
   * {@link WorkingTable} the step's scans read.
   */
  private PlanNode recursive(RepeatUnion recursion) {
    RelOptTable transientTable = recursion.getTransientTable() != null ? recursion.getTransientTable()
        : recursion.getSeedRel() instanceof TableSpool spool ? spool.getTable() : null;
    if (transientTable == null) {
      throw SqlException.unpositioned("a recursive query without its working table; this is a bug");
    }
    Schema schema = schemaOf(recursion);
    Schema tableSchema = schemaOf(transientTable.getRowType());
    for (int i = 0; i < schema.getFields().size(); i++) {
      if (!schema.getFields().get(i).getType().equals(tableSchema.getFields().get(i).getType())) {
        throw SqlException.unpositioned("the recursive query " + Util.last(transientTable.getQualifiedName())
            + ": its column " + tableSchema.getFields().get(i).getName() + " is " + schema.getFields().get(i)
                .getType()
            + " in the result but " + tableSchema.getFields().get(i).getType()
            + " where the recursive part reads it; cast the first part's column to the wider type");
      }
    }
    String name = Util.last(transientTable.getQualifiedName());
    List<String> key = transientTable.getQualifiedName();
    WorkingTable table = new WorkingTable(name, tableSchema, Math.max(1, (long) transientTable.getRowCount()));
    WorkingTable outer = workingTables.put(key, table);
    try {
      PlanNode seed = castToSchema(translate(recursion.getSeedRel()), schema);
      PlanNode step = castToSchema(translate(recursion.getIterativeRel()), schema);
      return new RecursiveUnionNode(seed, step, table, recursion.all, schema, MAX_RECURSION_STEPS);
    } finally {
      if (outer == null) {
        workingTables.remove(key);
      } else {
        workingTables.put(key, outer);
      }
    }
  }

  private PlanNode union(Union union) {
    if (!union.all) {
      throw SqlException.unpositioned("UNION without ALL should have been rewritten; this is a bug");
    }
    List<PlanNode> inputs = new ArrayList<>();
    Schema schema = schemaOf(union);
    for (RelNode input : union.getInputs()) {
      PlanNode translated = translate(input);
      inputs.add(castToSchema(translated, schema));
    }
    return new UnionAllNode(inputs, schema);
  }

  private static PlanNode castToSchema(PlanNode node, Schema schema) {
    List<Field> fields = node.schema().getFields();
    boolean same = true;
    for (int i = 0; i < fields.size(); i++) {
      same &= fields.get(i).getType().equals(schema.getFields().get(i).getType());
    }
    if (same) {
      return node;
    }
    List<Expression> expressions = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      Field target = schema.getFields().get(i);
      expressions.add(RexTranslator.castTo(
          new dev.quiver.expression.ColumnReference(fields.get(i).getName(), i, fields.get(i).getType()),
          target.getType()));
      names.add(target.getName());
      nullable.add(target.isNullable());
    }
    return new ProjectNode(node, expressions, names, nullable);
  }

  private PlanNode values(Values values) {
    Schema schema = schemaOf(values);
    List<List<Literal>> rows = new ArrayList<>();
    for (List<RexLiteral> tuple : values.getTuples()) {
      List<Literal> row = new ArrayList<>();
      for (int i = 0; i < tuple.size(); i++) {
        row.add(RexTranslator.literalOf(tuple.get(i), schema.getFields().get(i).getType()));
      }
      rows.add(row);
    }
    return new ValuesNode(schema, rows);
  }

  static Schema schemaOf(RelNode rel) {
    return schemaOf(rel.getRowType());
  }

  static Schema schemaOf(org.apache.calcite.rel.type.RelDataType rowType) {
    List<Field> fields = new ArrayList<>();
    for (RelDataTypeField field : rowType.getFieldList()) {
      ArrowType type = TypeMapping.toArrow(field.getType());
      fields.add(new Field(field.getName(), new FieldType(field.getType().isNullable(), type, null), null));
    }
    return new Schema(fields);
  }
}
