package dev.quiver.sql.planner;

import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.ProjectNode;
import dev.quiver.exec.plan.SortKey;
import dev.quiver.exec.plan.SortNode;
import dev.quiver.exec.plan.TableScanNode;
import dev.quiver.exec.source.QvrTableSource;
import dev.quiver.exec.source.TopNThresholdSource;
import dev.quiver.expression.ColumnReference;
import java.util.HashSet;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A top-N straight over a wide {@code .qvr} scan (or over a reordering of its columns; the query's root, or under its
 * final projection) reads its rows
 * through a {@link TopNThresholdSource}: a pre-pass over the first sort key bounds the scan's filter, so the scan
 * decodes the columns the top-N does not sort on only where its few surviving rows lie. Applied when the top-N keeps
 * at most {@value #MAXIMUM_ROWS} rows and the scan reads at least {@value #MINIMUM_OTHER_COLUMNS} columns beyond the
 * sort key and the filter's, or fewer when the key's zones are clustered enough that the pre-pass reads a few of them
 * and the scan then skips the rest ({@link TopNThresholdSource#clustered}).
 */
final class LateMaterialization {
  static final int MAXIMUM_ROWS = 10_000;
  static final int MINIMUM_OTHER_COLUMNS = 4;

  private LateMaterialization() {}

  static PlanNode rewrite(PlanNode plan) {
    if (plan instanceof ProjectNode project && project.input() instanceof SortNode sort) {
      SortNode rewritten = rewrite(sort);
      return rewritten.equals(sort) ? plan
          : new ProjectNode(rewritten, project.expressions(), project.names(), project.nullable());
    }
    return plan instanceof SortNode sort ? rewrite(sort) : plan;
  }

  private static SortNode rewrite(SortNode sort) {
    // the scan, or a projection of its columns alone (a reordering) over it
    ProjectNode columnsOnly = sort.input() instanceof ProjectNode project && project.input() instanceof TableScanNode
        && project.expressions().stream().allMatch(ColumnReference.class::isInstance) ? project : null;
    PlanNode below = columnsOnly == null ? sort.input() : columnsOnly.input();
    if (!(below instanceof TableScanNode scan) || !(scan.table() instanceof QvrTableSource table)
        || sort.limit() < 0 || sort.keys().isEmpty() || sort.offset() + sort.limit() > MAXIMUM_ROWS
        || sort.offset() + sort.limit() < 1) {
      return sort;
    }
    SortKey first = sort.keys().get(0);
    int keyColumn = columnsOnly == null ? first.column()
        : ((ColumnReference) columnsOnly.expressions().get(first.column())).ordinal();
    String key = scan.columns().get(keyColumn);
    Field field = table.schema().findField(key);
    if (!TopNThresholdSource.supports(field.getType())) {
      return sort;
    }
    Set<String> needed = new HashSet<>();
    needed.add(key);
    if (scan.filter() != null) {
      needed.addAll(scan.filter().columns());
    }
    long others = scan.columns().stream().filter(column -> !needed.contains(column)).count();
    int best = (int) (sort.offset() + sort.limit());
    if (others < MINIMUM_OTHER_COLUMNS && !clustered(table, key, first, best)) {
      return sort;
    }
    TopNThresholdSource source = new TopNThresholdSource(table, key, first.ascending(), first.nullsFirst(), best);
    PlanNode input = new TableScanNode(source, scan.columns(), scan.filter(), scan.limit());
    if (columnsOnly != null) {
      input = new ProjectNode(input, columnsOnly.expressions(), columnsOnly.names(), columnsOnly.nullable());
    }
    return new SortNode(input, sort.keys(), sort.offset(), sort.limit());
  }

  /** Whether the key's zone maps make a narrow pre-pass pay (TopNThresholdSource#clustered); false when unreadable. */
  private static boolean clustered(QvrTableSource table, String key, SortKey first, int best) {
    try {
      return TopNThresholdSource.clustered(table, key, first.ascending(), first.nullsFirst(), best);
    } catch (java.io.IOException unreadable) {
      return false;
    }
  }
}
