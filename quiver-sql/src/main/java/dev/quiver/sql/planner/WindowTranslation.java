package dev.quiver.sql.planner;

import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.ProjectNode;
import dev.quiver.exec.plan.SortKey;
import dev.quiver.exec.plan.WindowCall;
import dev.quiver.exec.plan.WindowFrame;
import dev.quiver.exec.plan.WindowFunction;
import dev.quiver.exec.plan.WindowNode;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Expression;
import dev.quiver.sql.SqlException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.rex.RexWindowExclusion;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A Calcite {@link Window} (made from the OVER calls of a projection by
 * {@code PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW}) to one {@link WindowNode} per run of window groups with
 * the same partitioning and order (their frames differ), stacked (each appends its calls' columns, so
 * the columns come out in the Window's order; a ROWS frame with marked offsets is a GROUPS frame, see
 * {@link GroupsFrames}). The Window's
 * constants that calls read as values (LAG's default, {@code sum(1)}) and arguments of another type than
 * their call's (LAG's default, cast to Calcite's type of the call) become columns of a projection below,
 * removed again above; constant offsets (LAG/LEAD, NTILE, NTH_VALUE) become the call's offset.
 */
final class WindowTranslation {
  private final RelTranslator relTranslator;

  WindowTranslation(RelTranslator relTranslator) {
    this.relTranslator = relTranslator;
  }

  PlanNode translate(Window window) {
    PlanNode input = relTranslator.translate(window.getInput());
    int inputCount = input.schema().getFields().size();
    List<RexLiteral> constants = window.constants;
    Arguments arguments = new Arguments(input, constants);
    // first the columns the calls read that the input lacks: constants read as values, arguments cast to the
    // call's type (LAG's default of another type, say)
    for (Window.Group group : window.groups) {
      for (Window.RexWinAggCall call : group.aggCalls) {
        ArrowType type = valueFunction(call) ? TypeMapping.toArrow(call.getType()) : null;
        for (int operand : valueOperands(call)) {
          if (call.getOperands().get(operand) instanceof RexInputRef reference) {
            arguments.request(reference.getIndex(), type);
          }
        }
      }
    }
    PlanNode node = arguments.below();
    int extra = node.schema().getFields().size() - inputCount;
    // consecutive groups of the same partitioning and order (frames differ) share one window and its sort
    List<WindowCall> calls = new ArrayList<>();
    List<Integer> partitionKeys = null;
    List<SortKey> orderKeys = null;
    for (Window.Group group : window.groups) {
      List<SortKey> groupOrder = RelTranslator.sortKeys(group.orderKeys);
      if (partitionKeys != null && (!partitionKeys.equals(group.keys.asList()) || !orderKeys.equals(groupOrder))) {
        node = new WindowNode(node, partitionKeys, orderKeys, calls);
        calls = new ArrayList<>();
      }
      partitionKeys = group.keys.asList();
      orderKeys = groupOrder;
      WindowFrame.Bound lower = bound(group.lowerBound, group.isRows, orderKeys, node, inputCount, constants);
      WindowFrame.Bound upper = bound(group.upperBound, group.isRows, orderKeys, node, inputCount, constants);
      WindowFrame.Unit unit = group.isRows ? WindowFrame.Unit.ROWS : WindowFrame.Unit.RANGE;
      if (group.isRows
          && (GroupsFrames.isGroupsOffset(lower.offset()) || GroupsFrames.isGroupsOffset(upper.offset()))) {
        // a GROUPS frame, written in ROWS units with marked offsets (GroupsFrames)
        unit = WindowFrame.Unit.GROUPS;
        lower = groups(lower);
        upper = groups(upper);
      }
      WindowFrame frame = new WindowFrame(unit, lower, upper, exclude(group.exclude));
      for (Window.RexWinAggCall call : group.aggCalls) {
        calls.add(call(call, frame, node, inputCount, constants, arguments));
      }
    }
    if (partitionKeys != null) {
      node = new WindowNode(node, partitionKeys, orderKeys, calls);
    }
    // the Window's own names (a Window at the top of a query names its output columns), the extra columns dropped
    List<String> wanted = window.getRowType().getFieldNames();
    List<Field> fields = node.schema().getFields();
    List<Expression> columns = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    boolean same = extra == 0;
    for (int i = 0; i < fields.size(); i++) {
      if (i >= inputCount && i < inputCount + extra) {
        continue;
      }
      Field field = fields.get(i);
      String name = names.size() < wanted.size() ? wanted.get(names.size()) : field.getName();
      same &= name.equals(field.getName());
      columns.add(new ColumnReference(field.getName(), i, field.getType()));
      names.add(name);
      nullable.add(field.isNullable());
    }
    return same ? node : new ProjectNode(node, columns, names, nullable);
  }

  /** Whether the call returns one of its argument's values (its arguments are then cast to its type). */
  private static boolean valueFunction(Window.RexWinAggCall call) {
    return switch (call.getKind()) {
      case LAG, LEAD, FIRST_VALUE, LAST_VALUE, NTH_VALUE, MIN, MAX, ANY_VALUE -> true;
      default -> false;
    };
  }

  /**
   * The columns calls read: the input's, and in a projection below the window the constants read as
   * values and arguments cast to a call's type, each made once.
   */
  private static final class Arguments {
    private final PlanNode input;
    private final List<RexLiteral> constants;
    private final List<Expression> extras = new ArrayList<>();
    private final java.util.Map<String, Integer> ordinals = new java.util.HashMap<>();

    Arguments(PlanNode input, List<RexLiteral> constants) {
      this.input = input;
      this.constants = constants;
    }

    /** The expression of Calcite's operand {@code index} (an input column or a constant), uncast. */
    private Expression source(int index) {
      List<Field> fields = input.schema().getFields();
      if (index < fields.size()) {
        Field field = fields.get(index);
        return new ColumnReference(field.getName(), index, field.getType());
      }
      return new RexTranslator(fields).translate(constants.get(index - fields.size()));
    }

    /** Makes the column for operand {@code index} as {@code type} (null: its own type). */
    void request(int index, ArrowType type) {
      ordinal(index, type);
    }

    /** The column of operand {@code index} as {@code type} (null: its own type). */
    int ordinal(int index, ArrowType type) {
      int inputCount = input.schema().getFields().size();
      Expression source = source(index);
      boolean cast = type != null && !source.type().equals(type);
      if (index < inputCount && !cast) {
        return index;
      }
      String key = index + (cast ? ":" + type : "");
      Integer known = ordinals.get(key);
      if (known != null) {
        return known;
      }
      extras.add(cast ? RexTranslator.castTo(source, type) : source);
      int ordinal = inputCount + extras.size() - 1;
      ordinals.put(key, ordinal);
      return ordinal;
    }

    /** The input with the extra columns, or the input when there are none. */
    PlanNode below() {
      if (extras.isEmpty()) {
        return input;
      }
      List<Field> fields = input.schema().getFields();
      List<Expression> columns = new ArrayList<>();
      List<String> names = new ArrayList<>();
      List<Boolean> nullable = new ArrayList<>();
      for (int i = 0; i < fields.size(); i++) {
        Field field = fields.get(i);
        columns.add(new ColumnReference(field.getName(), i, field.getType()));
        names.add(field.getName());
        nullable.add(field.isNullable());
      }
      for (int i = 0; i < extras.size(); i++) {
        columns.add(extras.get(i));
        names.add("$argument" + i);
        nullable.add(true);
      }
      return new ProjectNode(input, columns, names, nullable);
    }
  }

  private static WindowFrame.Exclude exclude(RexWindowExclusion exclusion) {
    if (exclusion == null) {
      return WindowFrame.Exclude.NO_OTHERS;
    }
    return switch (exclusion) {
      case EXCLUDE_NO_OTHER -> WindowFrame.Exclude.NO_OTHERS;
      case EXCLUDE_CURRENT_ROW -> WindowFrame.Exclude.CURRENT_ROW;
      case EXCLUDE_GROUP -> WindowFrame.Exclude.GROUP;
      case EXCLUDE_TIES -> WindowFrame.Exclude.TIES;
    };
  }

  /** The operands of a call that are values (the others: NTILE's buckets, LAG/LEAD's offset, NTH_VALUE's n). */
  private static List<Integer> valueOperands(Window.RexWinAggCall call) {
    int count = call.getOperands().size();
    return switch (call.getKind()) {
      case NTILE -> List.of();
      case LAG, LEAD -> count > 2 ? List.of(0, 2) : List.of(0);
      case NTH_VALUE -> List.of(0);
      default -> java.util.stream.IntStream.range(0, count).boxed().toList();
    };
  }

  private static WindowCall call(Window.RexWinAggCall call, WindowFrame frame, PlanNode node, int inputCount,
      List<RexLiteral> constants, Arguments columns) {
    String name = call.getOperator().getName();
    WindowFunction function = switch (call.getKind()) {
      case ROW_NUMBER -> WindowFunction.ROW_NUMBER;
      case RANK -> WindowFunction.RANK;
      case DENSE_RANK -> WindowFunction.DENSE_RANK;
      case PERCENT_RANK -> WindowFunction.PERCENT_RANK;
      case CUME_DIST -> WindowFunction.CUME_DIST;
      case NTILE -> WindowFunction.NTILE;
      case LAG -> WindowFunction.LAG;
      case LEAD -> WindowFunction.LEAD;
      case FIRST_VALUE, ANY_VALUE -> WindowFunction.FIRST_VALUE;
      case LAST_VALUE -> WindowFunction.LAST_VALUE;
      case NTH_VALUE -> WindowFunction.NTH_VALUE;
      case COUNT -> WindowFunction.COUNT;
      case SUM, SUM0 -> WindowFunction.SUM;
      case AVG -> WindowFunction.AVG;
      case MIN -> WindowFunction.MIN;
      case MAX -> WindowFunction.MAX;
      default -> throw SqlException.about(name, "the window function " + name + " is not supported");
    };
    if (call.distinct) {
      throw SqlException.about(name, "DISTINCT in a window function (" + name + ") is not supported");
    }
    List<RexNode> operands = call.getOperands();
    List<Integer> arguments = new ArrayList<>();
    ArrowType type = TypeMapping.toArrow(call.getType());
    ArrowType valueType = valueFunction(call) ? type : null;
    long offset = 0;
    switch (function) {
      case NTILE -> offset = constantLong(operands.get(0), inputCount, constants, name);
      case LAG, LEAD -> {
        arguments.add(ordinal(operands.get(0), columns, valueType));
        offset = operands.size() > 1 ? constantLong(operands.get(1), inputCount, constants, name) : 1;
        if (operands.size() > 2) {
          arguments.add(ordinal(operands.get(2), columns, valueType));
        }
      }
      case NTH_VALUE -> {
        arguments.add(ordinal(operands.get(0), columns, valueType));
        offset = constantLong(operands.get(1), inputCount, constants, name);
      }
      default -> {
        for (RexNode operand : operands) {
          arguments.add(ordinal(operand, columns, valueType));
        }
      }
    }
    if (function == WindowFunction.COUNT && arguments.size() > 1) {
      throw SqlException.about(name, "count takes one argument, not " + arguments.size());
    }
    List<Field> fields = node.schema().getFields();
    if (!arguments.isEmpty() && (function == WindowFunction.LAG || function == WindowFunction.LEAD
        || function == WindowFunction.FIRST_VALUE || function == WindowFunction.LAST_VALUE
        || function == WindowFunction.NTH_VALUE || function == WindowFunction.MIN
        || function == WindowFunction.MAX)) {
      for (int argument : arguments) {
        if (!fields.get(argument).getType().equals(type)) {
          throw SqlException.about(name, name + " of a " + fields.get(argument).getType() + " argument returning "
              + type + " is not supported");
        }
      }
    }
    // value functions and aggregates other than COUNT are NULL for an empty frame or a missing row,
    // whatever Calcite's type says (NTH_VALUE of a NOT NULL column is typed NOT NULL)
    boolean nullable = call.getType().isNullable() || function != WindowFunction.COUNT
        && (function.framed() || function == WindowFunction.LAG || function == WindowFunction.LEAD);
    // ANY_VALUE is DuckDB's: the frame's first value that is not NULL
    boolean ignoreNulls = call.ignoreNulls || call.getKind() == org.apache.calcite.sql.SqlKind.ANY_VALUE;
    return new WindowCall(function, arguments, offset, ignoreNulls, frame, type, nullable,
        "w" + call.ordinal + "$" + name.toLowerCase(java.util.Locale.ROOT));
  }

  private static int ordinal(RexNode operand, Arguments columns, ArrowType type) {
    if (!(operand instanceof RexInputRef reference)) {
      throw SqlException.unpositioned("a window function's argument " + operand + " is not supported");
    }
    return columns.ordinal(reference.getIndex(), type);
  }

  private static long constantLong(RexNode operand, int inputCount, List<RexLiteral> constants, String name) {
    RexLiteral literal = constant(operand, inputCount, constants);
    if (literal == null || literal.isNull()) {
      throw SqlException.about(name, name + " needs a constant integer here, not " + operand);
    }
    BigDecimal value = literal.getValueAs(BigDecimal.class);
    if (value == null || value.stripTrailingZeros().scale() > 0) {
      throw SqlException.about(name, name + " needs a constant integer here, not " + literal);
    }
    return value.longValueExact();
  }

  private static RexLiteral constant(RexNode operand, int inputCount, List<RexLiteral> constants) {
    if (operand instanceof RexLiteral literal) {
      return literal;
    }
    if (operand instanceof RexInputRef reference && reference.getIndex() >= inputCount
        && reference.getIndex() - inputCount < constants.size()) {
      return constants.get(reference.getIndex() - inputCount);
    }
    return null;
  }

  private static WindowFrame.Bound bound(RexWindowBound bound, boolean rows, List<SortKey> orderKeys, PlanNode node,
      int inputCount, List<RexLiteral> constants) {
    if (bound.isUnboundedPreceding()) {
      return WindowFrame.Bound.UNBOUNDED_PRECEDING;
    }
    if (bound.isUnboundedFollowing()) {
      return WindowFrame.Bound.UNBOUNDED_FOLLOWING;
    }
    if (bound.isCurrentRow()) {
      return WindowFrame.Bound.CURRENT_ROW;
    }
    RexLiteral literal = constant(bound.getOffset(), inputCount, constants);
    if (literal == null || literal.isNull()) {
      throw SqlException.unpositioned("a window frame offset must be a constant, not " + bound.getOffset());
    }
    BigDecimal offset = literal.getValueAs(BigDecimal.class);
    if (SqlTypeName.INTERVAL_TYPES.contains(literal.getType().getSqlTypeName())) {
      offset = intervalOffset(literal, rows, orderKeys, node);
    }
    if (offset == null || offset.signum() < 0) {
      throw SqlException.unpositioned("a window frame offset must not be negative or NULL: " + literal);
    }
    return bound.isPreceding() ? WindowFrame.Bound.preceding(offset) : WindowFrame.Bound.following(offset);
  }

  /** A bound of a GROUPS frame from its marked ROWS bound (CURRENT ROW and UNBOUNDED are the same words). */
  private static WindowFrame.Bound groups(WindowFrame.Bound bound) {
    if (bound.offset() == null) {
      return bound;
    }
    BigDecimal offset = GroupsFrames.groupsOffset(bound.offset());
    if (offset.signum() < 0) {
      throw SqlException.unpositioned("a ROWS frame offset of " + bound.offset() + " rows in a frame with a GROUPS"
          + " offset");
    }
    return bound.kind() == WindowFrame.BoundKind.PRECEDING ? WindowFrame.Bound.preceding(offset)
        : WindowFrame.Bound.following(offset);
  }

  /** An interval offset of a RANGE frame in its ORDER BY key's units (days of a DATE, a TIMESTAMP's unit). */
  private static BigDecimal intervalOffset(RexLiteral literal, boolean rows, List<SortKey> orderKeys, PlanNode node) {
    if (rows || orderKeys.size() != 1) {
      throw SqlException.unpositioned("an interval frame offset needs a RANGE frame with one ORDER BY key");
    }
    if (literal.getType().getSqlTypeName()
        .getFamily() == org.apache.calcite.sql.type.SqlTypeFamily.INTERVAL_YEAR_MONTH) {
      throw SqlException.unpositioned("a RANGE frame offset of months or years is not supported; use days");
    }
    BigDecimal millis = literal.getValueAs(BigDecimal.class);
    ArrowType key = node.schema().getFields().get(orderKeys.get(0).column()).getType();
    if (key instanceof ArrowType.Date) {
      BigDecimal[] days = millis.divideAndRemainder(BigDecimal.valueOf(86_400_000L));
      if (days[1].signum() != 0) {
        throw SqlException.unpositioned("a RANGE frame offset over a DATE must be whole days");
      }
      return days[0];
    }
    if (key instanceof ArrowType.Timestamp timestamp) {
      return switch (timestamp.getUnit()) {
        case SECOND -> millis.movePointLeft(3);
        case MILLISECOND -> millis;
        case MICROSECOND -> millis.movePointRight(3);
        case NANOSECOND -> millis.movePointRight(6);
      };
    }
    throw SqlException.unpositioned("an interval frame offset needs a DATE or TIMESTAMP ORDER BY key, not " + key);
  }
}
