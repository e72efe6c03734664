package dev.quiver.sql.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * An inner join of a GROUP BY's result with a few rows on a group key keeps only the groups whose key
 * those rows have; so the GROUP BY's input is first cut to those keys by a SEMI join with a copy of the
 * few rows ({@code Aggregate(input) JOIN R ON k = x} becomes {@code Aggregate(input SEMI R ON k = x) JOIN R
 * ON k = x}: the same groups meet R, the others are never made). TPC-H Q17's {@code avg(l_quantity)} by
 * l_partkey is then computed for the 204 chosen parts' lineitems instead of all 6,001,215 rows, Q2's
 * {@code min(ps_supplycost)} for the 747 chosen parts (the few rows: partsupp joined with them), Q20's
 * {@code sum(l_quantity)} by part and supplier for the 8,508 partsupp rows of the 'forest%' parts (909,455
 * lineitems to 9,741). Only when R is one table's rows (a scan under filters and projections, or two or three
 * such joined: cheap to read twice) estimated under a
 * quarter of the GROUP BY's input, for equalities (or IS NOT DISTINCT FROM between columns that cannot be
 * NULL, as decorrelation writes them) on plain group keys of a simple GROUP BY.
 */
final class AggregateSemiReduction {
  private AggregateSemiReduction() {}

  static RelNode rewrite(RelNode rel) {
    return rel.accept(new RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        RelNode visited = super.visit(other);
        if (visited instanceof LogicalJoin join && join.getJoinType() == JoinRelType.INNER) {
          RelNode reduced = reduce(join);
          return reduced == null ? visited : reduced;
        }
        return visited;
      }
    });
  }

  private static RelNode reduce(LogicalJoin join) {
    List<int[]> pairs = keyPairs(join);
    if (pairs.isEmpty()) {
      return null;
    }
    int[] leftKeys = pairs.stream().mapToInt(pair -> pair[0]).toArray();
    int[] rightKeys = pairs.stream().mapToInt(pair -> pair[1]).toArray();
    RelNode left = reduced(join.getLeft(), leftKeys, join.getRight(), rightKeys);
    if (left != null) {
      return join.copy(join.getTraitSet(), join.getCondition(), left, join.getRight(), join.getJoinType(),
          join.isSemiJoinDone());
    }
    RelNode right = reduced(join.getRight(), rightKeys, join.getLeft(), leftKeys);
    if (right != null) {
      return join.copy(join.getTraitSet(), join.getCondition(), join.getLeft(), right, join.getJoinType(),
          join.isSemiJoinDone());
    }
    return null;
  }

  /**
   * The join's key pairs (left column, right column): its conjuncts {@code l = r}, and {@code l IS NOT DISTINCT
   * FROM r} where neither column can be NULL (there it is {@code =}, as the SEMI join below compares).
   */
  private static List<int[]> keyPairs(LogicalJoin join) {
    int leftWidth = join.getLeft().getRowType().getFieldCount();
    List<int[]> pairs = new ArrayList<>();
    for (RexNode conjunct : RelOptUtil.conjunctions(join.getCondition())) {
      if (!(conjunct instanceof RexCall call) || call.getOperands().size() != 2
          || !(call.getKind() == SqlKind.EQUALS || call.getKind() == SqlKind.IS_NOT_DISTINCT_FROM)
          || !(call.getOperands().get(0) instanceof RexInputRef first)
          || !(call.getOperands().get(1) instanceof RexInputRef second)) {
        continue;
      }
      if (call.getKind() == SqlKind.IS_NOT_DISTINCT_FROM
          && (first.getType().isNullable() || second.getType().isNullable())) {
        continue;
      }
      int a = first.getIndex();
      int b = second.getIndex();
      if (a < leftWidth && b >= leftWidth) {
        pairs.add(new int[] {a, b - leftWidth});
      } else if (b < leftWidth && a >= leftWidth) {
        pairs.add(new int[] {b, a - leftWidth});
      }
    }
    return pairs;
  }

  /**
   * {@code side} with the GROUP BY under it (through projections of columns) cut to {@code few}'s keys, or
   * null when it has none that qualifies. {@code keys[i]} of side equals {@code fewKeys[i]} of few.
   */
  private static RelNode reduced(RelNode side, int[] keys, RelNode few, int[] fewKeys) {
    if (side instanceof LogicalProject project) {
      int[] mapped = new int[keys.length];
      for (int k = 0; k < keys.length; k++) {
        mapped[k] = project.getProjects().get(keys[k]) instanceof RexInputRef reference ? reference.getIndex() : -1;
      }
      RelNode below = reduced(project.getInput(), mapped, few, fewKeys);
      return below == null ? null : project.copy(project.getTraitSet(), below, project.getProjects(),
          project.getRowType());
    }
    if (!(side instanceof LogicalAggregate aggregate) || aggregate.getGroupType() != Aggregate.Group.SIMPLE
        || !cheapToReadTwice(few)) {
      return null;
    }
    RelNode input = aggregate.getInput();
    List<Integer> inputColumns = new ArrayList<>();
    List<Integer> fewColumns = new ArrayList<>();
    int groupCount = aggregate.getGroupCount();
    for (int k = 0; k < keys.length; k++) {
      if (keys[k] >= 0 && keys[k] < groupCount) {
        inputColumns.add(aggregate.getGroupSet().nth(keys[k]));
        fewColumns.add(fewKeys[k]);
      }
    }
    if (inputColumns.isEmpty()) {
      return null;
    }
    RelMetadataQuery metadata = aggregate.getCluster().getMetadataQuery();
    if (RowEstimates.rows(few, metadata) * 4 >= RowEstimates.rows(input, metadata)) {
      return null;
    }
    RexBuilder rexBuilder = aggregate.getCluster().getRexBuilder();
    int width = input.getRowType().getFieldCount();
    List<RexNode> equalities = new ArrayList<>();
    for (int k = 0; k < inputColumns.size(); k++) {
      int column = inputColumns.get(k);
      int fewColumn = fewColumns.get(k);
      equalities.add(rexBuilder.makeCall(SqlStdOperatorTable.EQUALS,
          rexBuilder.makeInputRef(input.getRowType().getFieldList().get(column).getType(), column),
          rexBuilder.makeInputRef(few.getRowType().getFieldList().get(fewColumn).getType(), width + fewColumn)));
    }
    RelNode semi = LogicalJoin.create(input, few, List.of(), RexUtil.composeConjunction(rexBuilder, equalities),
        Set.of(), JoinRelType.SEMI);
    return aggregate.copy(aggregate.getTraitSet(), List.of(semi));
  }

  /**
   * Whether {@code rel} is cheap to read twice: one table's rows, or a few tables', as scans under filters and
   * projections with at most {@link #MAX_JOINS} inner, SEMI or mark joins between them (tables cut to each
   * other's keys, their scans cut by each other's keys at run time).
   */
  private static boolean cheapToReadTwice(RelNode rel) {
    return joinsIn(rel) <= MAX_JOINS;
  }

  /** The most joins the few rows may be made with (each read twice). */
  private static final int MAX_JOINS = 2;

  /**
   * How many joins make {@code rel} from scans under filters and projections, with inner, SEMI or mark joins;
   * more than {@link #MAX_JOINS} for anything else.
   */
  private static int joinsIn(RelNode rel) {
    if (rel instanceof TableScan) {
      return 0;
    }
    if (rel instanceof LogicalFilter || rel instanceof LogicalProject) {
      return joinsIn(rel.getInput(0));
    }
    if (rel instanceof LogicalJoin join && (join.getJoinType() == JoinRelType.SEMI
        || join.getJoinType() == JoinRelType.LEFT_MARK || join.getJoinType() == JoinRelType.INNER)) {
      // a mark join is a SEMI join once a filter keeps its marked rows (the planner makes one of it later)
      return 1 + joinsIn(join.getLeft()) + joinsIn(join.getRight());
    }
    return MAX_JOINS + 1;
  }
}
