package dev.quiver.exec.join;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.expression.CompiledPredicate;
import dev.quiver.exec.keys.KeyLayout;
import dev.quiver.exec.plan.JoinNode;
import dev.quiver.exec.plan.JoinType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A hash join resolved against its inputs: the key columns of each side (pairwise of one kind),
 * the output schema and the schema the residual reads (left columns then right ones). Immutable.
 */
final class JoinSpec {
  final JoinType type;
  final Schema left;
  final Schema right;
  final Schema output;
  final Schema pair;
  final int[] leftKeys;
  final int[] rightKeys;
  final KeyLayout leftLayout;
  final KeyLayout rightLayout;
  final String label;

  JoinSpec(JoinNode node, Schema left, Schema right) {
    this.type = node.type();
    this.left = left;
    this.right = right;
    this.output = node.schema();
    this.leftKeys = node.leftKeys().stream().mapToInt(Integer::intValue).toArray();
    this.rightKeys = node.rightKeys().stream().mapToInt(Integer::intValue).toArray();
    this.leftLayout = KeyLayout.of(left.getFields(), node.leftKeys());
    this.rightLayout = KeyLayout.of(right.getFields(), node.rightKeys());
    for (int k = 0; k < leftKeys.length; k++) {
      if (leftLayout.kind(k) != rightLayout.kind(k)
          || !sameType(leftLayout.fields().get(k), rightLayout.fields().get(k))) {
        throw QuiverException.user("join key " + k + " compares " + leftLayout.fields().get(k) + " with "
            + rightLayout.fields().get(k) + "; both sides need one type");
      }
    }
    List<Field> fields = new ArrayList<>(left.getFields());
    fields.addAll(right.getFields());
    this.pair = new Schema(fields);
    this.label = node.label();
  }

  private static boolean sameType(Field a, Field b) {
    if (a.getType() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Decimal x
        && b.getType() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Decimal y) {
      return x.getScale() == y.getScale();
    }
    return true;
  }

  /** The residual compiled over the pair schema, or null when the join has none. */
  static CompiledPredicate residual(JoinNode node, Schema pair, Function<Schema, CompiledPredicate> compiler) {
    if (node.residual() == null) {
      return null;
    }
    if (compiler == null) {
      throw new IllegalArgumentException("the join has a residual but no compiler was given");
    }
    return compiler.apply(pair);
  }

  boolean tracksBuildMatches() {
    return type.emitsBuildRows();
  }
}
