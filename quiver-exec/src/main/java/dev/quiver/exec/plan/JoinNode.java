package dev.quiver.exec.plan;

import dev.quiver.expression.Expression;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A hash join on equal keys, with an optional residual condition over the left columns then the
 * right ones (a pair matches when the keys are equal and the residual is TRUE). Keys never match on
 * NULL. The hash table is built on the right input unless {@code buildLeft}.
 *
 * @param leftKeys left input ordinals of the keys
 * @param rightKeys right input ordinals, pairwise with {@code leftKeys} (same types)
 * @param residual a condition over left ++ right columns, or null
 * @param buildLeft whether the hash table is built on the left input (chosen from statistics)
 * @param markName the name of the mark column of a {@link JoinType#LEFT_MARK} join
 */
public record JoinNode(PlanNode left, PlanNode right, JoinType type, List<Integer> leftKeys, List<Integer> rightKeys,
    Expression residual, boolean buildLeft, String markName) implements PlanNode {
  public JoinNode {
    Objects.requireNonNull(left, "left");
    Objects.requireNonNull(right, "right");
    Objects.requireNonNull(type, "type");
    leftKeys = List.copyOf(leftKeys);
    rightKeys = List.copyOf(rightKeys);
    if (leftKeys.size() != rightKeys.size()) {
      throw new IllegalArgumentException("a join needs as many left keys as right keys");
    }
  }

  @Override
  public Schema schema() {
    return joinSchema(left.schema(), right.schema(), type, markName);
  }

  /** The output columns of a join of {@code type} (shared with the nested-loop join). */
  static Schema joinSchema(Schema left, Schema right, JoinType type, String markName) {
    List<Field> fields = new ArrayList<>();
    boolean leftNullable = type == JoinType.RIGHT || type == JoinType.FULL;
    boolean rightNullable = type == JoinType.LEFT || type == JoinType.FULL;
    if (type.outputsLeft()) {
      for (Field field : left.getFields()) {
        fields.add(leftNullable ? nullable(field) : field);
      }
    }
    if (type.outputsRight() || !type.outputsLeft()) {
      for (Field field : right.getFields()) {
        fields.add(rightNullable ? nullable(field) : field);
      }
    }
    if (type == JoinType.LEFT_MARK) {
      fields.add(new Field(markName == null ? "mark" : markName, FieldType.nullable(ArrowType.Bool.INSTANCE), null));
    }
    return new Schema(fields);
  }

  private static Field nullable(Field field) {
    return field.isNullable() ? field
        : new Field(field.getName(), new FieldType(true, field.getType(), field.getDictionary(), field.getMetadata()),
            field.getChildren());
  }

  @Override
  public List<PlanNode> inputs() {
    return List.of(left, right);
  }

  @Override
  public String label() {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < leftKeys.size(); i++) {
      keys.add("#" + leftKeys.get(i) + "=#" + (left.schema().getFields().size() + rightKeys.get(i)));
    }
    return "HashJoin[" + type + ", keys=" + keys + (residual == null ? "" : ", residual=" + residual) + ", build="
        + (buildLeft ? "left" : "right") + "]";
  }
}
