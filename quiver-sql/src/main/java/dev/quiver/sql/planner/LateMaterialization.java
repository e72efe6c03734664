package dev.quiver.sql.planner;

import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.ProjectNode;
import dev.quiver.exec.plan.SortKey;
import dev.quiver.exec.plan.SortNode;
import dev.quiver.exec.plan.TableScanNode;
import dev.quiver.exec.source.QvrTableSource;
import dev.quiver.exec.source.TopNThresholdSource;
import java.util.HashSet;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A top-N straight over a wide {@code .qvr} scan (the query's root, or under its final projection) reads its rows
 * through a {@link TopNThresholdSource}: a pre-pass over the first sort key bounds the scan's filter, so the scan
 * decodes the columns the top-N does not sort on only where its few surviving rows lie. Applied when the top-N keeps
 * at most {@value #MAXIMUM_ROWS} rows and the scan reads at least {@value #MINIMUM_OTHER_COLUMNS} columns beyond the
 * sort key and the filter's.
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
    if (!(sort.input() instanceof TableScanNode scan) || !(scan.table() instanceof QvrTableSource table)
        || sort.limit() < 0 || sort.keys().isEmpty() || sort.offset() + sort.limit() > MAXIMUM_ROWS
        || sort.offset() + sort.limit() < 1) {
      return sort;
    }
    SortKey first = sort.keys().get(0);
    String key = scan.columns().get(first.column());
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
    if (others < MINIMUM_OTHER_COLUMNS) {
      return sort;
    }
    TopNThresholdSource source = new TopNThresholdSource(table, key, first.ascending(), first.nullsFirst(),
        (int) (sort.offset() + sort.limit()));
    return new SortNode(new TableScanNode(source, scan.columns(), scan.filter(), scan.limit()), sort.keys(),
        sort.offset(), sort.limit());
  }
}
