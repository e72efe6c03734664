package dev.quiver.sql.planner;

import dev.quiver.exec.expression.Functions;
import dev.quiver.exec.plan.JoinNode;
import dev.quiver.exec.plan.JoinType;
import dev.quiver.exec.plan.NestedLoopJoinNode;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.ProjectNode;
import dev.quiver.expression.And;
import dev.quiver.expression.Call;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Constant;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Literal;
import dev.quiver.sql.SqlException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A Calcite join to a hash join on equal keys plus a residual condition, or, without equal keys, a
 * nested-loop join. Keys must have identical types on both sides: a key that is an expression, or
 * whose type differs from its partner's, is computed (cast to the common type) in a projection
 * below the join, and a projection above removes those columns again. An {@code IS NOT DISTINCT
 * FROM} key (decorrelation makes them) of nullable columns becomes two keys, {@code x IS NULL} and
 * {@code COALESCE(x, zero)}, so NULL meets NULL and never a value. A filter on a mark join's mark
 * ({@code IN}, {@code EXISTS} as plain conjuncts) becomes a SEMI join, a filter on its negation an
 * ANTI join (keys that cannot be NULL) or a null-aware ANTI join (one nullable key).
 */
final class JoinTranslation {
  private final RelTranslator relTranslator;

  JoinTranslation(RelTranslator relTranslator) {
    this.relTranslator = relTranslator;
  }

  /** One pair of equal keys: expressions over the left input and over the right input. */
  private record KeyPair(RexNode left, RexNode right, boolean nullSafe) {}

  PlanNode translate(Join join) {
    return translate(join, type(join.getJoinType()));
  }

  private PlanNode translate(Join join, JoinType type) {
    RelNode leftRel = join.getLeft();
    RelNode rightRel = join.getRight();
    int leftWidth = leftRel.getRowType().getFieldCount();
    int rightWidth = rightRel.getRowType().getFieldCount();
    List<KeyPair> pairs = new ArrayList<>();
    List<RexNode> residualConjuncts = new ArrayList<>();
    for (RexNode conjunct : RelOptUtil.conjunctions(join.getCondition())) {
      KeyPair pair = keyPair(conjunct, leftWidth);
      if (pair == null && type == JoinType.LEFT_MARK) {
        pair = rightCondition(conjunct, leftWidth, join.getCluster().getRexBuilder());
      }
      if (pair == null) {
        if (!conjunct.isAlwaysTrue()) {
          residualConjuncts.add(conjunct);
        }
      } else {
        pairs.add(pair);
      }
    }
    PlanNode left = relTranslator.translate(leftRel);
    PlanNode right = relTranslator.translate(rightRel);
    if (pairs.isEmpty()) {
      return nestedLoop(join, type, left, right, residualConjuncts, leftWidth);
    }
    RexTranslator leftRex = new RexTranslator(left.schema().getFields());
    RexTranslator rightRex = new RexTranslator(right.schema().getFields());
    List<Expression> leftExtra = new ArrayList<>();
    List<Expression> rightExtra = new ArrayList<>();
    List<Integer> leftKeys = new ArrayList<>();
    List<Integer> rightKeys = new ArrayList<>();
    for (KeyPair pair : pairs) {
      Expression leftKey = leftRex.translate(pair.left());
      Expression rightKey = rightRex.translate(pair.right());
      if (!leftKey.type().equals(rightKey.type())) {
        ArrowType common = RexTranslator.commonType(leftKey.type(), rightKey.type());
        leftKey = RexTranslator.castTo(leftKey, common);
        rightKey = RexTranslator.castTo(rightKey, common);
      }
      if (pair.nullSafe() && (pair.left().getType().isNullable() || pair.right().getType().isNullable())) {
        leftKeys.add(keyColumn(isNull(leftKey), leftWidth, leftExtra));
        rightKeys.add(keyColumn(isNull(rightKey), rightWidth, rightExtra));
        leftKey = coalesceToZero(leftKey);
        rightKey = coalesceToZero(rightKey);
      }
      leftKeys.add(keyColumn(leftKey, leftWidth, leftExtra));
      rightKeys.add(keyColumn(rightKey, rightWidth, rightExtra));
    }
    PlanNode leftInput = withColumns(left, leftExtra);
    PlanNode rightInput = withColumns(right, rightExtra);
    int leftInputWidth = leftWidth + leftExtra.size();
    Expression residual = residual(residualConjuncts, leftInput, rightInput, leftWidth, leftInputWidth);
    String markName = type == JoinType.LEFT_MARK ? join.getRowType().getFieldNames().get(leftWidth) : null;
    PlanNode node = new JoinNode(leftInput, rightInput, type, leftKeys, rightKeys, residual,
        buildsLeft(join, type), markName);
    if (leftExtra.isEmpty() && rightExtra.isEmpty()) {
      return node;
    }
    List<Integer> kept = new ArrayList<>();
    for (int i = 0; i < leftWidth; i++) {
      kept.add(i);
    }
    if (type.outputsRight()) {
      for (int i = 0; i < rightWidth; i++) {
        kept.add(leftInputWidth + i);
      }
    }
    if (type == JoinType.LEFT_MARK) {
      kept.add(leftInputWidth);
    }
    return select(node, kept);
  }

  /**
   * A mark join's condition on the right side only ({@code 1 IN (SELECT x ...)} marks by {@code 1 = x},
   * computed on the right): the key pair {@code TRUE = condition}, so the mark is TRUE where some right row's
   * condition is TRUE, NULL where none is but one is NULL, FALSE otherwise.
   */
  private static KeyPair rightCondition(RexNode conjunct, int leftWidth,
      org.apache.calcite.rex.RexBuilder rexBuilder) {
    ImmutableBitSet bits = RelOptUtil.InputFinder.bits(conjunct);
    // (a constant condition too: NULL IN (SELECT ...) is NULL over rows, FALSE over none)
    if ((!bits.isEmpty() && bits.nth(0) < leftWidth) || !RexUtil.isDeterministic(conjunct)
        || conjunct.getType().getSqlTypeName() != org.apache.calcite.sql.type.SqlTypeName.BOOLEAN) {
      return null;
    }
    return new KeyPair(rexBuilder.makeLiteral(true), shift(conjunct, -leftWidth), false);
  }

  private KeyPair keyPair(RexNode conjunct, int leftWidth) {
    if (conjunct.getKind() != SqlKind.EQUALS && conjunct.getKind() != SqlKind.IS_NOT_DISTINCT_FROM) {
      return null;
    }
    RexCall call = (RexCall) conjunct;
    RexNode first = call.getOperands().get(0);
    RexNode second = call.getOperands().get(1);
    ImmutableBitSet firstBits = RelOptUtil.InputFinder.bits(first);
    ImmutableBitSet secondBits = RelOptUtil.InputFinder.bits(second);
    if ((firstBits.isEmpty() && secondBits.isEmpty()) || !RexUtil.isDeterministic(conjunct)) {
      return null;
    }
    // a constant against the right side is a left key (its value for every left row): 1 IN (SELECT x ...)
    if (firstBits.isEmpty() || secondBits.isEmpty()) {
      RexNode constant = firstBits.isEmpty() ? first : second;
      RexNode other = firstBits.isEmpty() ? second : first;
      ImmutableBitSet otherBits = firstBits.isEmpty() ? secondBits : firstBits;
      return otherBits.nth(0) >= leftWidth
          ? new KeyPair(constant, shift(other, -leftWidth), conjunct.getKind() == SqlKind.IS_NOT_DISTINCT_FROM) : null;
    }
    boolean nullSafe = conjunct.getKind() == SqlKind.IS_NOT_DISTINCT_FROM;
    if (firstBits.nextSetBit(leftWidth) < 0 && secondBits.nth(0) >= leftWidth) {
      return new KeyPair(first, shift(second, -leftWidth), nullSafe);
    }
    if (secondBits.nextSetBit(leftWidth) < 0 && firstBits.nth(0) >= leftWidth) {
      return new KeyPair(second, shift(first, -leftWidth), nullSafe);
    }
    return null;
  }

  private static RexNode shift(RexNode node, int offset) {
    return RexUtil.shift(node, offset);
  }

  private static Expression isNull(Expression key) {
    return new Call(Functions.IS_NULL, List.of(key), ArrowType.Bool.INSTANCE);
  }

  private static Expression coalesceToZero(Expression key) {
    ArrowType type = key.type();
    Object zero = switch (type.getTypeID()) {
      case Int, Decimal, FloatingPoint -> BigDecimal.ZERO;
      case Utf8 -> "";
      case Bool -> false;
      case Date -> LocalDate.EPOCH;
      case Timestamp -> LocalDate.EPOCH.atStartOfDay();
      case Binary -> new byte[0];
      default -> throw SqlException.unpositioned("a join key of type " + type + " cannot match NULLs");
    };
    return new Call(Functions.COALESCE, List.of(key, new Literal(zero, type)), type);
  }

  /** The ordinal of a key: its own column when it is one, else a new computed column after the input's. */
  private static int keyColumn(Expression key, int width, List<Expression> extra) {
    if (key instanceof ColumnReference column) {
      return column.ordinal();
    }
    extra.add(key);
    return width + extra.size() - 1;
  }

  private static PlanNode withColumns(PlanNode input, List<Expression> extra) {
    if (extra.isEmpty()) {
      return input;
    }
    List<Field> fields = input.schema().getFields();
    List<Expression> expressions = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      expressions.add(new ColumnReference(fields.get(i).getName(), i, fields.get(i).getType()));
      names.add(fields.get(i).getName());
      nullable.add(fields.get(i).isNullable());
    }
    for (int i = 0; i < extra.size(); i++) {
      expressions.add(extra.get(i));
      names.add("$key" + i);
      nullable.add(true);
    }
    return new ProjectNode(input, expressions, names, nullable);
  }

  private static Expression residual(List<RexNode> conjuncts, PlanNode left, PlanNode right, int leftWidth,
      int leftInputWidth) {
    if (conjuncts.isEmpty()) {
      return null;
    }
    List<Field> fields = new ArrayList<>(left.schema().getFields());
    fields.addAll(right.schema().getFields());
    int rightWidth = right.schema().getFields().size();
    int[] ordinals = new int[leftWidth + rightWidth];
    for (int i = 0; i < ordinals.length; i++) {
      ordinals[i] = i < leftWidth ? i : leftInputWidth + (i - leftWidth);
    }
    RexTranslator rex = new RexTranslator(fields, ordinals);
    List<Expression> translated = new ArrayList<>();
    for (RexNode conjunct : conjuncts) {
      translated.add(rex.translate(conjunct));
    }
    return translated.size() == 1 ? translated.get(0) : new And(translated);
  }

  private PlanNode nestedLoop(Join join, JoinType type, PlanNode left, PlanNode right, List<RexNode> conjuncts,
      int leftWidth) {
    Expression condition = residual(conjuncts, left, right, leftWidth, leftWidth);
    switch (type) {
      case INNER: {
        RelMetadataQuery metadata = join.getCluster().getMetadataQuery();
        Double leftMax = metadata.getMaxRowCount(join.getLeft());
        Double rightMax = metadata.getMaxRowCount(join.getRight());
        boolean leftOneRow = leftMax != null && leftMax <= 1;
        boolean rightOneRow = rightMax != null && rightMax <= 1;
        if (leftOneRow && !rightOneRow) {
          return swapped(join, right, left, conjuncts, leftWidth);
        }
        return new NestedLoopJoinNode(left, right, JoinType.INNER, condition);
      }
      case LEFT:
      case SEMI:
      case ANTI:
        return new NestedLoopJoinNode(left, right, type, condition);
      case RIGHT:
        return swapped(join, right, left, conjuncts, leftWidth);
      default:
        throw SqlException.unpositioned("a " + type + " join needs an equality between its sides");
    }
  }

  /** INNER or RIGHT with the sides swapped (INNER or LEFT), the columns put back in order above it. */
  private static PlanNode swapped(Join join, PlanNode newLeft, PlanNode newRight, List<RexNode> conjuncts,
      int oldLeftWidth) {
    int oldRightWidth = newLeft.schema().getFields().size();
    List<Field> fields = new ArrayList<>(newLeft.schema().getFields());
    fields.addAll(newRight.schema().getFields());
    int[] ordinals = new int[oldLeftWidth + oldRightWidth];
    for (int i = 0; i < ordinals.length; i++) {
      ordinals[i] = i < oldLeftWidth ? oldRightWidth + i : i - oldLeftWidth;
    }
    RexTranslator rex = new RexTranslator(fields, ordinals);
    List<Expression> translated = new ArrayList<>();
    for (RexNode conjunct : conjuncts) {
      translated.add(rex.translate(conjunct));
    }
    Expression condition = translated.isEmpty() ? null : translated.size() == 1 ? translated.get(0)
        : new And(translated);
    JoinType type = join.getJoinType() == JoinRelType.RIGHT ? JoinType.LEFT : JoinType.INNER;
    PlanNode node = new NestedLoopJoinNode(newLeft, newRight, type, condition);
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < oldLeftWidth; i++) {
      order.add(oldRightWidth + i);
    }
    for (int i = 0; i < oldRightWidth; i++) {
      order.add(i);
    }
    return select(node, order);
  }

  static PlanNode select(PlanNode input, List<Integer> columns) {
    List<Field> fields = input.schema().getFields();
    List<Expression> expressions = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    for (int column : columns) {
      Field field = fields.get(column);
      expressions.add(new ColumnReference(field.getName(), column, field.getType()));
      names.add(field.getName());
      nullable.add(field.isNullable());
    }
    return new ProjectNode(input, expressions, names, nullable);
  }

  /**
   * Whether a SEMI, ANTI or LEFT join builds its hash table on the left (the rows kept or dropped, or
   * kept with their matches), when the estimates say the left side is under half the right: the table
   * then holds the few rows and the many stream past it ({@code EXISTS} over lineitem in TPC-H Q4, Q21,
   * Q22; Q13's 150,000 customers LEFT JOIN 1,500,000 orders runs as a RIGHT join building on customers).
   */
  private static boolean buildsLeft(Join join, JoinType type) {
    if (type != JoinType.SEMI && type != JoinType.ANTI && type != JoinType.LEFT) {
      return false;
    }
    var metadata = join.getCluster().getMetadataQuery();
    return RowEstimates.rows(join.getLeft(), metadata) * 2 < RowEstimates.rows(join.getRight(), metadata);
  }

  static JoinType type(JoinRelType type) {
    return switch (type) {
      case INNER -> JoinType.INNER;
      case LEFT -> JoinType.LEFT;
      case RIGHT -> JoinType.RIGHT;
      case FULL -> JoinType.FULL;
      case SEMI -> JoinType.SEMI;
      case ANTI -> JoinType.ANTI;
      case LEFT_MARK -> JoinType.LEFT_MARK;
      default -> throw SqlException.unpositioned(type + " joins are not supported");
    };
  }

  /**
   * A filter that keeps the rows of a mark join whose mark is TRUE (a SEMI join) or FALSE (an ANTI
   * join, null-aware when a key may be NULL), or null when the filter is not of that shape.
   */
  static PlanNode markFilter(RelTranslator translator, Filter filter) {
    if (!(filter.getInput() instanceof Join join) || join.getJoinType() != JoinRelType.LEFT_MARK) {
      return null;
    }
    int mark = join.getLeft().getRowType().getFieldCount();
    RexNode condition = filter.getCondition();
    boolean negated = condition.getKind() == SqlKind.NOT;
    RexNode operand = negated ? ((RexCall) condition).getOperands().get(0) : condition;
    if (!(operand instanceof RexInputRef reference) || reference.getIndex() != mark) {
      return null;
    }
    JoinType type = JoinType.SEMI;
    if (negated) {
      List<RexNode> conjuncts = RelOptUtil.conjunctions(join.getCondition());
      // the condition reads the left's fields then the right's (a mark join's own row is the left's and the mark)
      List<org.apache.calcite.rel.type.RelDataTypeField> sides = new ArrayList<>(
          join.getLeft().getRowType().getFieldList());
      sides.addAll(join.getRight().getRowType().getFieldList());
      boolean nullFree = conjuncts.stream().allMatch(conjunct -> !conjunct.getType().isNullable()
          && RelOptUtil.InputFinder.bits(conjunct).asList().stream()
              .allMatch(index -> !sides.get(index).getType().isNullable()));
      boolean oneEquality = conjuncts.size() == 1 && conjuncts.get(0).getKind() == SqlKind.EQUALS
          && betweenSides(conjuncts.get(0), mark);
      if (nullFree) {
        type = JoinType.ANTI;
      } else if (oneEquality) {
        type = JoinType.NULL_AWARE_ANTI;
      } else {
        // the mark is FALSE exactly when no right row makes the condition TRUE or NULL: an ANTI join on
        // "condition IS NOT FALSE" (a nested loop; Calcite may leave a NOT IN's equality on one side only,
        // as x = 103 for x NOT IN (SELECT k ... WHERE k = 103))
        RexNode notFalse = join.getCluster().getRexBuilder().makeCall(SqlStdOperatorTable.IS_NOT_FALSE,
            join.getCondition());
        Join anti = join.copy(join.getTraitSet(), notFalse, join.getLeft(), join.getRight(), JoinRelType.ANTI,
            join.isSemiJoinDone());
        return withMark(new JoinTranslation(translator).translate(anti, JoinType.ANTI), join, mark, true);
      }
    }
    return withMark(new JoinTranslation(translator).translate(join, type), join, mark, negated);
  }

  /** Whether an equality compares a column of the left side (below {@code leftWidth}) with one of the right. */
  private static boolean betweenSides(RexNode equality, int leftWidth) {
    List<RexNode> operands = ((RexCall) equality).getOperands();
    ImmutableBitSet first = RelOptUtil.InputFinder.bits(operands.get(0));
    ImmutableBitSet second = RelOptUtil.InputFinder.bits(operands.get(1));
    boolean firstLeft = !first.isEmpty() && first.asList().stream().allMatch(index -> index < leftWidth);
    boolean firstRight = !first.isEmpty() && first.asList().stream().allMatch(index -> index >= leftWidth);
    boolean secondLeft = !second.isEmpty() && second.asList().stream().allMatch(index -> index < leftWidth);
    boolean secondRight = !second.isEmpty() && second.asList().stream().allMatch(index -> index >= leftWidth);
    return (firstLeft && secondRight) || (firstRight && secondLeft);
  }

  /** The semi or anti join's rows with the mark column after them, as the filtered mark join gave. */
  private static PlanNode withMark(PlanNode semi, Join join, int mark, boolean negated) {
    List<Field> fields = semi.schema().getFields();
    List<Expression> expressions = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      expressions.add(new ColumnReference(fields.get(i).getName(), i, fields.get(i).getType()));
      names.add(fields.get(i).getName());
      nullable.add(fields.get(i).isNullable());
    }
    expressions.add(new Constant(!negated));
    names.add(join.getRowType().getFieldNames().get(mark));
    nullable.add(false);
    return new ProjectNode(semi, expressions, names, nullable);
  }

  static Field nullable(Field field) {
    return new Field(field.getName(), new FieldType(true, field.getType(), null), null);
  }
}
