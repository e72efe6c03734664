package dev.quiver.sql.planner;

import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

/**
 * Row estimates for choosing a hash join's build side, with the selectivity {@link JoinOrdering} uses
 * for the equalities between two inputs: 1 / {@link #divisor} of the two sides' keys ({@link #key}), a
 * column's distinct values bounded by its table's rows and what the footers bound zone by zone
 * ({@link #distinct}). Calcite's own estimate of an
 * inner join guesses 15 % of the cross product for an equality, millions of rows for a join that
 * makes thousands (TPC-H q21's three-way join: 75,871 rows), which put a SEMI join's build on six
 * million lineitem rows.
 */
final class RowEstimates {
  private RowEstimates() {}

  /** Estimated rows of {@code rel}: inner joins by the equality rule, projections by their input, the rest as Calcite. */
  static double rows(RelNode rel, RelMetadataQuery metadata) {
    if (rel instanceof Project project) {
      return rows(project.getInput(), metadata);
    }
    if (rel instanceof Join join && join.getJoinType() == JoinRelType.INNER) {
      double left = rows(join.getLeft(), metadata);
      double right = rows(join.getRight(), metadata);
      int leftWidth = join.getLeft().getRowType().getFieldCount();
      java.util.Set<Integer> leftFields = new java.util.TreeSet<>();
      java.util.Set<Integer> rightFields = new java.util.TreeSet<>();
      for (RexNode conjunct : RelOptUtil.conjunctions(join.getCondition())) {
        if (conjunct.getKind() == SqlKind.EQUALS && conjunct instanceof RexCall call
            && call.getOperands().get(0) instanceof RexInputRef a && call.getOperands().get(1) instanceof RexInputRef b
            && (a.getIndex() < leftWidth) != (b.getIndex() < leftWidth)) {
          leftFields.add(Math.min(a.getIndex(), b.getIndex()));
          rightFields.add(Math.max(a.getIndex(), b.getIndex()) - leftWidth);
        }
      }
      double divisor = 0;
      if (!leftFields.isEmpty()) {
        divisor = divisor(key(join.getLeft(), leftFields, left, metadata),
            key(join.getRight(), rightFields, right, metadata));
      }
      if (divisor > 0) {
        return Math.max(1, left * right / divisor);
      }
    }
    if (rel instanceof Join join && (join.getJoinType() == JoinRelType.SEMI
        || join.getJoinType() == JoinRelType.ANTI)) {
      return rows(join.getLeft(), metadata);
    }
    Double estimate = metadata.getRowCount(rel);
    return estimate == null ? 1e6 : estimate;
  }

  /**
   * What the planner knows of a join key's distinct values: an upper bound ({@code distinct}), and whether
   * the key is probably unique in its table (its bound within 10 % of the table's rows).
   */
  record KeyEstimate(double distinct, boolean keyLike) {}

  /** A key's share of rows that makes it "probably unique" ({@link KeyEstimate#keyLike}). */
  private static final double KEY_LIKE = 0.9;

  /**
   * The divisor of an equality join's cross product, 1 / selectivity: max(distinct values on either side),
   * the rule for keys whose values on the side with fewer are all on the other side. The distinct values
   * are upper bounds (no footer counts them), so a side is first capped by a probably-unique other side:
   * the values of a foreign key are among those of the key it references. TPC-H's {@code l_orderkey} has
   * an upper bound of 6,000,000 (its rows; its zones span its sparse keys), {@code o_orderkey} one of
   * 1,500,000 that is its row count: the join keeps every lineitem row, not a quarter of them; likewise
   * {@code (l_partkey, l_suppkey)} against the 800,000 keys of partsupp.
   */
  static double divisor(KeyEstimate left, KeyEstimate right) {
    double leftDistinct = right.keyLike() ? Math.min(left.distinct(), right.distinct()) : left.distinct();
    double rightDistinct = left.keyLike() ? Math.min(right.distinct(), left.distinct()) : right.distinct();
    return Math.max(1, Math.max(leftDistinct, rightDistinct));
  }

  /**
   * The key of columns {@code columns} of {@code input} ({@code inputRows} rows): the product of the
   * columns' distinct values (independent columns): in the table when they come from one table (at most
   * its rows; probably unique when within 10 % of them), else at most the input's rows.
   */
  static KeyEstimate key(RelNode input, Iterable<Integer> columns, double inputRows, RelMetadataQuery metadata) {
    double product = 1;
    RelOptTable common = null;
    boolean oneTable = true;
    for (int column : columns) {
      product *= distinct(input, column, Double.MAX_VALUE, metadata);
      RelColumnOrigin origin = metadata.getColumnOrigin(input, column);
      RelOptTable table = origin == null || origin.isDerived() ? null : origin.getOriginTable();
      if (table == null || table.unwrap(QuiverTable.class) == null
          || (common != null && !common.getQualifiedName().equals(table.getQualifiedName()))) {
        oneTable = false;
      } else {
        common = table;
      }
    }
    if (oneTable && common != null) {
      // the table's values, not the input's: a filtered key keeps the values of the rows it keeps, and the
      // join's estimate multiplies the input's rows
      double tableRows = Math.max(1, common.unwrap(QuiverTable.class).source().rowCount());
      product = Math.min(product, tableRows);
      return new KeyEstimate(Math.max(1, product), product >= KEY_LIKE * tableRows);
    }
    return new KeyEstimate(Math.max(1, Math.min(product, inputRows)), false);
  }

  /**
   * Distinct values of column {@code column} of {@code input} ({@code inputRows} rows), an upper bound:
   * those rows, its table's rows and what its table's footers bound zone by zone ({@code
   * TableSource.distinctBound}: at most its whole range, and for a clustered column the sum of its zones'
   * ranges).
   */
  static double distinct(RelNode input, int column, double inputRows, RelMetadataQuery metadata) {
    double bound = inputRows;
    RelColumnOrigin origin = metadata.getColumnOrigin(input, column);
    if (origin != null && !origin.isDerived()) {
      RelOptTable table = origin.getOriginTable();
      QuiverTable quiver = table.unwrap(QuiverTable.class);
      if (quiver != null) {
        bound = Math.min(bound, Math.max(1, quiver.source().rowCount()));
        String name = table.getRowType().getFieldNames().get(origin.getOriginColumnOrdinal());
        java.util.OptionalLong footers = quiver.source().distinctBound(name);
        if (footers.isPresent()) {
          bound = Math.min(bound, Math.max(1, footers.getAsLong()));
        }
      }
    }
    return Math.max(1, Math.min(bound, 1e18));
  }
}
