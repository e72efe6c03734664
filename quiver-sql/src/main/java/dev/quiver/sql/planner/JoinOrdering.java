package dev.quiver.sql.planner;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Quiver's join ordering, greedy and fast: each region of inner joins (seen through projections that
 * only pick columns) is flattened to its inputs and its conjuncts (with the column equalities that stated
 * ones imply: {@code a = b} and {@code b = c} give {@code a = c}); then, repeatedly, the two parts
 * joined by an equality whose estimated result is smallest are joined, the smaller part on the build
 * (right) side. Two parts are joined without an equality (a cross product) only when no equality
 * connects any two parts. Estimates: Calcite's row counts (the table's row count times its guesses
 * of filter selectivity); the equalities between two parts keep 1 / max(distinct values of the key
 * on either side) of the cross product, a key's distinct values the product of its columns' (at most
 * its leaf's rows), a column's bounded by its table's rows and what the footers bound zone by zone
 * ({@link RowEstimates#distinct}). A projection above puts the columns back in the region's order.
 */
final class JoinOrdering {
  private JoinOrdering() {}

  /** A flattened region: inputs, conjuncts over all inputs' columns side by side, and its output columns. */
  private record Region(List<RelNode> leaves, List<Integer> leafOffsets, int width, List<RexNode> conjuncts,
      List<Integer> outputs) {}

  /** A part of the region joined so far. */
  private static final class Part {
    RelNode rel;
    final List<Integer> leaves = new ArrayList<>();
    double rows;
  }

  static RelNode reorder(RelNode rel, RelBuilder relBuilder) {
    if (isRegionRoot(rel)) {
      return reorderRegion(rel, relBuilder);
    }
    List<RelNode> inputs = new ArrayList<>();
    boolean changed = false;
    for (RelNode input : rel.getInputs()) {
      RelNode reordered = reorder(input, relBuilder);
      inputs.add(reordered);
      changed |= reordered != input;
    }
    return changed ? rel.copy(rel.getTraitSet(), inputs) : rel;
  }

  private static boolean isInnerJoin(RelNode rel) {
    return rel instanceof Join join && join.getJoinType() == JoinRelType.INNER;
  }

  private static boolean isRegionRoot(RelNode rel) {
    return isInnerJoin(rel);
  }

  private static boolean picksColumns(RelNode rel) {
    return rel instanceof Project project
        && project.getProjects().stream().allMatch(expression -> expression instanceof RexInputRef)
        && (isInnerJoin(project.getInput()) || picksColumns(project.getInput()));
  }

  private static Region flatten(RelNode rel, RelBuilder relBuilder, RexBuilder rexBuilder) {
    if (isInnerJoin(rel)) {
      Join join = (Join) rel;
      Region left = flatten(join.getLeft(), relBuilder, rexBuilder);
      Region right = flatten(join.getRight(), relBuilder, rexBuilder);
      List<RelNode> leaves = new ArrayList<>(left.leaves());
      leaves.addAll(right.leaves());
      List<Integer> offsets = new ArrayList<>(left.leafOffsets());
      right.leafOffsets().forEach(offset -> offsets.add(offset + left.width()));
      List<RexNode> conjuncts = new ArrayList<>(left.conjuncts());
      for (RexNode conjunct : right.conjuncts()) {
        conjuncts.add(RexUtil.shift(conjunct, left.width()));
      }
      List<Integer> outputs = new ArrayList<>(left.outputs());
      right.outputs().forEach(output -> outputs.add(output + left.width()));
      int[] map = outputs.stream().mapToInt(Integer::intValue).toArray();
      RexNode condition = RexUtil.pullFactors(rexBuilder, join.getCondition());
      for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
        if (!conjunct.isAlwaysTrue()) {
          conjuncts.add(remap(conjunct, map));
        }
      }
      return new Region(leaves, offsets, left.width() + right.width(), conjuncts, outputs);
    }
    if (picksColumns(rel)) {
      Project project = (Project) rel;
      Region inner = flatten(project.getInput(), relBuilder, rexBuilder);
      List<Integer> outputs = new ArrayList<>();
      for (RexNode expression : project.getProjects()) {
        outputs.add(inner.outputs().get(((RexInputRef) expression).getIndex()));
      }
      return new Region(inner.leaves(), inner.leafOffsets(), inner.width(), inner.conjuncts(), outputs);
    }
    RelNode leaf = reorder(rel, relBuilder);
    int width = leaf.getRowType().getFieldCount();
    List<Integer> outputs = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      outputs.add(i);
    }
    return new Region(List.of(leaf), List.of(0), width, List.of(), outputs);
  }

  private static RexNode remap(RexNode node, int[] map) {
    return node.accept(new RexShuttle() {
      @Override
      public RexNode visitInputRef(RexInputRef reference) {
        return new RexInputRef(map[reference.getIndex()], reference.getType());
      }
    });
  }

  private static RelNode reorderRegion(RelNode root, RelBuilder relBuilder) {
    RexBuilder rexBuilder = root.getCluster().getRexBuilder();
    RelMetadataQuery metadata = root.getCluster().getMetadataQuery();
    Region region = flatten(root, relBuilder, rexBuilder);
    int leafCount = region.leaves().size();
    int[] leafOf = new int[region.width()];
    for (int leaf = 0; leaf < leafCount; leaf++) {
      int start = region.leafOffsets().get(leaf);
      int end = leaf + 1 < leafCount ? region.leafOffsets().get(leaf + 1) : region.width();
      for (int field = start; field < end; field++) {
        leafOf[field] = leaf;
      }
    }
    List<RexNode> pending = new ArrayList<>(region.conjuncts());
    List<List<RexNode>> leafConditions = leafConditions(pending, leafOf, leafCount, rexBuilder);
    pending.addAll(impliedEqualities(pending, leafOf, region.width(), rexBuilder));
    // the columns the joins made so far hold equal in every row (their equalities applied)
    Equalities applied = new Equalities(region.width());
    List<Part> parts = new ArrayList<>();
    for (int leaf = 0; leaf < leafCount; leaf++) {
      Part part = new Part();
      part.rel = filtered(region, leaf, leafConditions.get(leaf), relBuilder);
      part.leaves.add(leaf);
      Double rows = metadata.getRowCount(part.rel);
      part.rows = rows == null ? 1e6 : Math.max(1, rows);
      parts.add(part);
    }
    while (parts.size() > 1) {
      Part bestFirst = null;
      Part bestSecond = null;
      double bestRows = Double.MAX_VALUE;
      for (int i = 0; i < parts.size(); i++) {
        for (int j = i + 1; j < parts.size(); j++) {
          Part a = parts.get(i);
          Part b = parts.get(j);
          java.util.Set<Integer> aFields = new java.util.TreeSet<>();
          java.util.Set<Integer> bFields = new java.util.TreeSet<>();
          Equalities counted = applied.copy();
          for (RexNode conjunct : pending) {
            int[] sides = equalitySides(conjunct, leafOf);
            if (sides == null) {
              continue;
            }
            boolean forward = a.leaves.contains(leafOf[sides[0]]) && b.leaves.contains(leafOf[sides[1]]);
            boolean backward = a.leaves.contains(leafOf[sides[1]]) && b.leaves.contains(leafOf[sides[0]]);
            if (!(forward || backward) || !counted.join(sides[0], sides[1])) {
              continue; // not between the two, or implied by the equalities counted: it cuts no more rows
            }
            aFields.add(forward ? sides[0] : sides[1]);
            bFields.add(forward ? sides[1] : sides[0]);
          }
          double selectivity = 2;
          if (!aFields.isEmpty()) {
            selectivity = 1 / RowEstimates.divisor(key(region, metadata, aFields, leafOf),
                key(region, metadata, bFields, leafOf));
          }
          if (selectivity <= 1) {
            double rows = parts.get(i).rows * parts.get(j).rows * selectivity;
            if (rows < bestRows) {
              bestRows = rows;
              bestFirst = parts.get(i);
              bestSecond = parts.get(j);
            }
          }
        }
      }
      if (bestFirst == null) {
        parts.sort((x, y) -> Double.compare(x.rows, y.rows));
        bestFirst = parts.get(0);
        bestSecond = parts.get(1);
        bestRows = bestFirst.rows * bestSecond.rows;
      }
      Part probe = bestFirst.rows >= bestSecond.rows ? bestFirst : bestSecond;
      Part build = probe == bestFirst ? bestSecond : bestFirst;
      if (buildsNarrower(probe, build)) {
        Part narrower = probe;
        probe = build;
        build = narrower;
      }
      Part joined = join(region, probe, build, pending, leafOf, rexBuilder, applied);
      joined.rows = Math.max(1, bestRows);
      parts.remove(bestFirst);
      parts.remove(bestSecond);
      parts.add(joined);
    }
    Part result = parts.get(0);
    int[] positions = positions(region, result);
    List<RexNode> projects = new ArrayList<>();
    for (int output : region.outputs()) {
      projects.add(rexBuilder.makeInputRef(result.rel, positions[output]));
    }
    if (!pending.isEmpty()) {
      RexNode rest = remap(RexUtil.composeConjunction(rexBuilder, pending), positions);
      result.rel = relBuilder.push(result.rel).filter(rest).build();
    }
    return relBuilder.push(result.rel).project(projects, root.getRowType().getFieldNames(), true).build();
  }

  /**
   * Per leaf, the conditions that filter it before it is joined: the conjuncts over its columns
   * alone (moved out of {@code pending}), and what a conjunct {@code OR} over several leaves implies
   * for it: when every disjunct has conjuncts over that leaf alone, the {@code OR} of those (the
   * condition stays in {@code pending} for the join). TPC-H Q7's nation names and Q19's brands,
   * containers, sizes and quantities filter their scans this way instead of being computed as
   * booleans below the joins.
   */
  private static List<List<RexNode>> leafConditions(List<RexNode> pending, int[] leafOf, int leafCount,
      RexBuilder rexBuilder) {
    List<List<RexNode>> conditions = new ArrayList<>();
    for (int leaf = 0; leaf < leafCount; leaf++) {
      conditions.add(new ArrayList<>());
    }
    List<RexNode> joined = new ArrayList<>();
    for (RexNode conjunct : pending) {
      java.util.Set<Integer> leaves = leavesOf(conjunct, leafOf);
      if (leaves.size() == 1 && RexUtil.isDeterministic(conjunct)) {
        conditions.get(leaves.iterator().next()).add(conjunct);
        continue;
      }
      joined.add(conjunct);
      if (conjunct.getKind() == SqlKind.OR && RexUtil.isDeterministic(conjunct)) {
        for (int leaf : leaves) {
          RexNode implied = impliedFor(conjunct, leaf, leafOf, rexBuilder);
          if (implied != null) {
            conditions.get(leaf).add(implied);
          }
        }
      }
    }
    pending.clear();
    pending.addAll(joined);
    return conditions;
  }

  private static java.util.Set<Integer> leavesOf(RexNode node, int[] leafOf) {
    java.util.Set<Integer> leaves = new java.util.TreeSet<>();
    for (int field : RelOptUtil.InputFinder.bits(node)) {
      leaves.add(leafOf[field]);
    }
    return leaves;
  }

  /** What {@code or} implies for one leaf's columns alone, or null when some disjunct says nothing of them. */
  private static RexNode impliedFor(RexNode or, int leaf, int[] leafOf, RexBuilder rexBuilder) {
    List<RexNode> disjuncts = new ArrayList<>();
    for (RexNode disjunct : RelOptUtil.disjunctions(or)) {
      List<RexNode> own = new ArrayList<>();
      for (RexNode conjunct : RelOptUtil.conjunctions(disjunct)) {
        java.util.Set<Integer> leaves = leavesOf(conjunct, leafOf);
        if (leaves.size() == 1 && leaves.contains(leaf)) {
          own.add(conjunct);
        }
      }
      if (own.isEmpty()) {
        return null;
      }
      disjuncts.add(RexUtil.composeConjunction(rexBuilder, own));
    }
    return RexUtil.composeDisjunction(rexBuilder, disjuncts);
  }

  /** A leaf under a filter of {@code conditions} (over the region's columns), or the leaf itself. */
  private static RelNode filtered(Region region, int leaf, List<RexNode> conditions, RelBuilder relBuilder) {
    RelNode input = region.leaves().get(leaf);
    if (conditions.isEmpty()) {
      return input;
    }
    int offset = region.leafOffsets().get(leaf);
    List<RexNode> local = new ArrayList<>();
    for (RexNode condition : conditions) {
      local.add(RexUtil.shift(condition, -offset));
    }
    return relBuilder.push(input).filter(local).build();
  }

  /** The two columns of {@code a = b} between two different inputs (casts looked through), or null. */
  private static int[] equalitySides(RexNode conjunct, int[] leafOf) {
    if (conjunct.getKind() != SqlKind.EQUALS && conjunct.getKind() != SqlKind.IS_NOT_DISTINCT_FROM) {
      return null;
    }
    List<RexNode> operands = ((RexCall) conjunct).getOperands();
    RexNode first = RexUtil.removeCast(operands.get(0));
    RexNode second = RexUtil.removeCast(operands.get(1));
    if (first instanceof RexInputRef a && second instanceof RexInputRef b
        && leafOf[a.getIndex()] != leafOf[b.getIndex()]) {
      return new int[] {a.getIndex(), b.getIndex()};
    }
    return null;
  }

  /** Distinct values of a region column: its part's rows, its table's rows, its integer range. */
  private static double distinct(Region region, RelMetadataQuery metadata, int field, int[] leafOf) {
    int leaf = leafOf[field];
    RelNode input = region.leaves().get(leaf);
    Double leafRows = metadata.getRowCount(input);
    return RowEstimates.distinct(input, field - region.leafOffsets().get(leaf), leafRows == null ? 1e6 : leafRows,
        metadata);
  }

  /**
   * The key of region columns {@code fields}: as {@link RowEstimates#key} when they come from one leaf,
   * else the product of their distinct values (and not probably unique).
   */
  private static RowEstimates.KeyEstimate key(Region region, RelMetadataQuery metadata, java.util.Set<Integer> fields,
      int[] leafOf) {
    java.util.Set<Integer> leaves = new java.util.TreeSet<>();
    for (int field : fields) {
      leaves.add(leafOf[field]);
    }
    if (leaves.size() == 1) {
      int leaf = leaves.iterator().next();
      RelNode input = region.leaves().get(leaf);
      Double leafRows = metadata.getRowCount(input);
      List<Integer> columns = new ArrayList<>();
      for (int field : fields) {
        columns.add(field - region.leafOffsets().get(leaf));
      }
      return RowEstimates.key(input, columns, leafRows == null ? 1e6 : leafRows, metadata);
    }
    double product = 1;
    for (int field : fields) {
      product *= distinct(region, metadata, field, leafOf);
    }
    return new RowEstimates.KeyEstimate(Math.max(1, Math.min(product, 1e18)), false);
  }

  /**
   * Whether the larger part (by estimated rows) should be built on instead of the smaller: at most {@value
   * #NARROWER_BUILD_ROWS} times the rows but fewer bytes in all (its rows narrower), so the table holds fewer bytes
   * and every match gathers narrow columns from it while the wide ones come from the probe batch, in its order.
   * TPC-H q10: the 114,705 revenue rows of three fixed-width columns are built on and probed by the customers with
   * their names, addresses and comments, which a runtime filter then cuts to those with revenue.
   */
  private static boolean buildsNarrower(Part larger, Part smaller) {
    if (!NARROWER_BUILD) {
      return false;
    }
    double largerWidth = rowBytes(larger.rel);
    double smallerWidth = rowBytes(smaller.rel);
    return larger.rows <= NARROWER_BUILD_ROWS * smaller.rows && larger.rows * largerWidth < smaller.rows * smallerWidth;
  }

  static final double NARROWER_BUILD_ROWS = 2;
  /** Off ({@code -Dquiver.join.narrowerBuild=false}): the smaller part by rows is always the build side. */
  private static final boolean NARROWER_BUILD = Boolean
      .parseBoolean(System.getProperty("quiver.join.narrowerBuild", "true"));

  /** The bytes of a row of {@code rel}'s columns, roughly: fixed widths as the engine holds them, text as 24. */
  static double rowBytes(RelNode rel) {
    double bytes = 0;
    for (org.apache.calcite.rel.type.RelDataTypeField field : rel.getRowType().getFieldList()) {
      bytes += switch (field.getType().getSqlTypeName()) {
        case BOOLEAN, TINYINT -> 1;
        case SMALLINT -> 2;
        case INTEGER, DATE, REAL, FLOAT -> 4;
        case BIGINT, DOUBLE, TIME, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> 8;
        case CHAR, VARCHAR, BINARY, VARBINARY -> 24;
        default -> 16;
      };
    }
    return Math.max(1, bytes);
  }

  /** A join of two parts on every pending conjunct they now cover (removed from pending). */
  private static Part join(Region region, Part probe, Part build, List<RexNode> pending, int[] leafOf,
      RexBuilder rexBuilder, Equalities applied) {
    Part joined = new Part();
    joined.leaves.addAll(probe.leaves);
    joined.leaves.addAll(build.leaves);
    List<RexNode> covered = new ArrayList<>();
    List<RexNode> done = new ArrayList<>();
    for (RexNode conjunct : pending) {
      ImmutableBitSet fields = RelOptUtil.InputFinder.bits(conjunct);
      boolean inside = true;
      for (int field : fields) {
        inside &= joined.leaves.contains(leafOf[field]);
      }
      if (inside) {
        done.add(conjunct);
        int[] sides = plainEquality(conjunct);
        // an equality of columns the applied ones already make equal holds in every row: not a key
        if (sides == null || applied.join(sides[0], sides[1])) {
          covered.add(conjunct);
        }
      }
    }
    pending.removeAll(done);
    joined.rel = probe.rel;
    int[] positions = positions(region, joined);
    RexNode condition = covered.isEmpty() ? rexBuilder.makeLiteral(true)
        : remap(RexUtil.composeConjunction(rexBuilder, covered), positions);
    joined.rel = LogicalJoin.create(probe.rel, build.rel, List.of(), condition, java.util.Set.of(),
        JoinRelType.INNER);
    return joined;
  }

  /**
   * The equalities of columns that {@code pending}'s equalities imply and do not state: with {@code a = b}
   * and {@code b = c} between three inputs, {@code a = c}. TPC-H Q9 states {@code p_partkey = l_partkey} and
   * {@code ps_partkey = l_partkey}; {@code p_partkey = ps_partkey} lets the green parts cut partsupp before
   * either meets lineitem. Only plain column equalities of one type count (no casts, not IS NOT DISTINCT
   * FROM, whose NULLs are equal): between them, equality is transitive. One equality is added per pair of
   * inputs a class of equal columns joins and no stated equality does; {@link #join} drops an equality the
   * applied ones already imply.
   */
  private static List<RexNode> impliedEqualities(List<RexNode> pending, int[] leafOf, int width,
      RexBuilder rexBuilder) {
    Equalities classes = new Equalities(width);
    RexInputRef[] references = new RexInputRef[width];
    java.util.Set<Long> joinedLeaves = new java.util.HashSet<>();
    for (RexNode conjunct : pending) {
      int[] sides = plainEquality(conjunct);
      if (sides != null && leafOf[sides[0]] != leafOf[sides[1]]) {
        classes.join(sides[0], sides[1]);
        List<RexNode> operands = ((RexCall) conjunct).getOperands();
        references[sides[0]] = (RexInputRef) operands.get(0);
        references[sides[1]] = (RexInputRef) operands.get(1);
        joinedLeaves.add(leafPair(leafOf[sides[0]], leafOf[sides[1]]));
      }
    }
    List<RexNode> implied = new ArrayList<>();
    for (int first = 0; first < width; first++) {
      for (int second = first + 1; second < width && references[first] != null; second++) {
        if (references[second] != null && leafOf[first] != leafOf[second] && classes.same(first, second)
            && references[first].getType().getSqlTypeName() == references[second].getType().getSqlTypeName()
            && joinedLeaves.add(leafPair(leafOf[first], leafOf[second]))) {
          implied.add(rexBuilder.makeCall(org.apache.calcite.sql.fun.SqlStdOperatorTable.EQUALS, references[first],
              references[second]));
        }
      }
    }
    return implied;
  }

  private static long leafPair(int first, int second) {
    return ((long) Math.min(first, second) << 32) | Math.max(first, second);
  }

  /** The two columns of a plain {@code a = b} of one type (no casts), or null. */
  private static int[] plainEquality(RexNode conjunct) {
    if (conjunct.getKind() != SqlKind.EQUALS) {
      return null;
    }
    List<RexNode> operands = ((RexCall) conjunct).getOperands();
    if (operands.get(0) instanceof RexInputRef a && operands.get(1) instanceof RexInputRef b
        && a.getType().getSqlTypeName() == b.getType().getSqlTypeName()) {
      return new int[] {a.getIndex(), b.getIndex()};
    }
    return null;
  }

  /** Classes of region columns known equal (union-find). */
  private static final class Equalities {
    private final int[] parent;

    Equalities(int width) {
      parent = new int[width];
      for (int i = 0; i < width; i++) {
        parent[i] = i;
      }
    }

    private Equalities(int[] parent) {
      this.parent = parent;
    }

    Equalities copy() {
      return new Equalities(parent.clone());
    }

    int root(int column) {
      while (parent[column] != column) {
        parent[column] = parent[parent[column]];
        column = parent[column];
      }
      return column;
    }

    boolean same(int first, int second) {
      return root(first) == root(second);
    }

    /** Makes two columns equal; false when they already were. */
    boolean join(int first, int second) {
      int a = root(first);
      int b = root(second);
      if (a == b) {
        return false;
      }
      parent[a] = b;
      return true;
    }
  }

  /** Per region column, its position in the part's columns (its leaves side by side, in the part's order). */
  private static int[] positions(Region region, Part part) {
    int[] positions = new int[region.width()];
    int offset = 0;
    for (int leaf : part.leaves) {
      RelNode input = region.leaves().get(leaf);
      int start = region.leafOffsets().get(leaf);
      int width = input.getRowType().getFieldCount();
      for (int i = 0; i < width; i++) {
        positions[start + i] = offset + i;
      }
      offset += width;
    }
    return positions;
  }
}
