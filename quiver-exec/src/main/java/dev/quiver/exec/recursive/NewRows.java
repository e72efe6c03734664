package dev.quiver.exec.recursive;

import dev.quiver.exec.plan.AggregateCall;
import dev.quiver.exec.plan.AggregateFunction;
import dev.quiver.exec.plan.AggregateNode;
import dev.quiver.exec.plan.FilterNode;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.ProjectNode;
import dev.quiver.exec.plan.RecursiveUnionNode;
import dev.quiver.exec.plan.TableScanNode;
import dev.quiver.exec.plan.UnionAllNode;
import dev.quiver.exec.source.WorkingTable;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Comparison;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Literal;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The plan of a UNION recursion's step: the part's rows that are new, once each. The rows made so far
 * (tagged 0) and the part's rows (tagged 1) go through one aggregate grouped by every column, keeping a
 * group whose smallest tag is 1. Grouping treats NULLs as equal, as UNION does, and the aggregate
 * spills under the memory limit.
 */
final class NewRows {
  private static final ArrowType TAG = new ArrowType.Int(64, true);
  private static final String TAG_NAME = "$step";

  private NewRows() {}

  /** The table of every row a recursion of {@code node} has made so far. */
  static WorkingTable seenTable(RecursiveUnionNode node) {
    return new WorkingTable(node.table().name() + " (rows so far)", node.schema(), node.table().rowCount());
  }

  /** The new rows of {@code part}: those not in {@code seen}, each once. */
  static PlanNode of(PlanNode part, WorkingTable seen) {
    Schema schema = seen.schema();
    int columns = schema.getFields().size();
    List<String> names = schema.getFields().stream().map(Field::getName).toList();
    PlanNode before = tagged(new TableScanNode(seen, names, null, -1), schema, 0);
    PlanNode now = tagged(part, schema, 1);
    List<Field> unionFields = new ArrayList<>();
    for (int i = 0; i <= columns; i++) {
      Field left = before.schema().getFields().get(i);
      boolean nullable = left.isNullable() || now.schema().getFields().get(i).isNullable();
      unionFields.add(new Field(left.getName(), new FieldType(nullable, left.getType(), null), null));
    }
    PlanNode union = new UnionAllNode(List.of(before, now), new Schema(unionFields));
    List<Integer> keys = new ArrayList<>();
    for (int i = 0; i < columns; i++) {
      keys.add(i);
    }
    AggregateCall first = new AggregateCall(AggregateFunction.MIN, List.of(columns), false, -1, TAG, false, TAG_NAME);
    PlanNode grouped = new AggregateNode(union, keys, List.of(first));
    PlanNode fresh = new FilterNode(grouped, new Comparison(new ColumnReference(TAG_NAME, columns, TAG),
        ComparisonOperator.EQUAL, new Literal(BigDecimal.ONE, TAG)));
    List<Expression> projected = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    for (int i = 0; i < columns; i++) {
      Field field = grouped.schema().getFields().get(i);
      projected.add(new ColumnReference(field.getName(), i, field.getType()));
      nullable.add(field.isNullable());
    }
    return new ProjectNode(fresh, projected, names, nullable);
  }

  /** {@code input}'s columns, named as {@code schema}, and the tag column holding {@code tag}. */
  private static PlanNode tagged(PlanNode input, Schema schema, long tag) {
    List<Expression> expressions = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    List<Field> fields = input.schema().getFields();
    for (int i = 0; i < fields.size(); i++) {
      expressions.add(new ColumnReference(fields.get(i).getName(), i, fields.get(i).getType()));
      names.add(schema.getFields().get(i).getName());
      nullable.add(fields.get(i).isNullable());
    }
    expressions.add(new Literal(BigDecimal.valueOf(tag), TAG));
    names.add(TAG_NAME);
    nullable.add(false);
    return new ProjectNode(input, expressions, names, nullable);
  }
}
