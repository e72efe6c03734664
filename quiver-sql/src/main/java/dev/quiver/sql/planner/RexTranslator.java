package dev.quiver.sql.planner;

import dev.quiver.exec.expression.Functions;
import dev.quiver.expression.And;
import dev.quiver.expression.Between;
import dev.quiver.expression.Call;
import dev.quiver.expression.Cast;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Comparison;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Constant;
import dev.quiver.expression.Expression;
import dev.quiver.expression.InList;
import dev.quiver.expression.IsNull;
import dev.quiver.expression.Like;
import dev.quiver.expression.Literal;
import dev.quiver.expression.Not;
import dev.quiver.expression.Or;
import dev.quiver.sql.SqlException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite row expressions to Quiver's expression model, over the columns of one input (a join's:
 * left then right). Column-versus-literal tests become the model's own nodes (which a scan can push
 * down); everything else becomes {@link Call}s named as {@link Functions} says, with operands cast
 * to one type where the function needs it, and {@link Cast}s. Result types are Calcite's, mapped by
 * {@link TypeMapping}.
 */
final class RexTranslator {
  private static final long MILLIS_PER_DAY = 86_400_000L;

  private final List<Field> fields;
  private final int[] ordinals;

  /** Over {@code fields}, reference {@code i} reading column {@code i}. */
  RexTranslator(List<Field> fields) {
    this(fields, null);
  }

  /** Over {@code fields}, reference {@code i} reading column {@code ordinals[i]}. */
  RexTranslator(List<Field> fields, int[] ordinals) {
    this.fields = fields;
    this.ordinals = ordinals;
  }

  Expression translate(RexNode node) {
    if (node instanceof RexInputRef reference) {
      ColumnReference column = column(reference.getIndex());
      if (column.type() instanceof ArrowType.Timestamp timestamp && timestamp.getTimezone() != null
          && !timestamp.getTimezone().equals(DateCalls.sessionZone())) {
        // the same instants, shown and split into fields in the session's time zone
        return new Cast(column, new ArrowType.Timestamp(timestamp.getUnit(), DateCalls.sessionZone()));
      }
      return column;
    }
    if (node instanceof RexLiteral literal) {
      if (literal.getType().getSqlTypeName() == SqlTypeName.BOOLEAN) {
        return new Constant(literal.getValueAs(Boolean.class));
      }
      return literal(literal);
    }
    if (node instanceof RexCall call) {
      return call(call);
    }
    throw SqlException.unpositioned("the expression " + node + " is not supported");
  }

  ColumnReference column(int index) {
    int ordinal = ordinals == null ? index : ordinals[index];
    Field field = fields.get(ordinal);
    return new ColumnReference(field.getName(), ordinal, field.getType());
  }

  private Expression call(RexCall call) {
    SqlKind kind = call.getKind();
    List<RexNode> operands = call.getOperands();
    if (SqlTypeName.INTERVAL_TYPES.contains(call.getType().getSqlTypeName())) {
      Expression constant = IntervalCalls.constant(call);
      if (constant != null) {
        return constant; // INTERVAL 3 HOUR is 3 * INTERVAL '1' HOUR: one exact value
      }
      if (call.getOperator().getName().equals("*") || call.getOperator().getName().equals("/")) {
        return new Call(call.getOperator().getName().equals("*") ? Functions.MULTIPLY : Functions.DIVIDE,
            List.of(translate(operands.get(0)), translate(operands.get(1))), type(call));
      }
      if ((kind == SqlKind.PLUS || kind == SqlKind.MINUS)
          && SqlTypeName.INTERVAL_TYPES.contains(operands.get(0).getType().getSqlTypeName())
          && SqlTypeName.INTERVAL_TYPES.contains(operands.get(1).getType().getSqlTypeName())) {
        return new Call(kind == SqlKind.PLUS ? Functions.ADD : Functions.SUBTRACT,
            List.of(translate(operands.get(0)), translate(operands.get(1))), type(call));
      }
    }
    switch (kind) {
      case AND:
        return junction(operands, true);
      case OR:
        return junction(operands, false);
      case NOT:
        return not(translate(operands.get(0)));
      case EQUALS:
      case NOT_EQUALS:
      case LESS_THAN:
      case LESS_THAN_OR_EQUAL:
      case GREATER_THAN:
      case GREATER_THAN_OR_EQUAL:
        return comparison(kind, operands.get(0), operands.get(1));
      case IS_NULL:
      case IS_NOT_NULL: {
        Expression operand = translate(operands.get(0));
        if (operand instanceof ColumnReference column) {
          return new IsNull(column, kind == SqlKind.IS_NOT_NULL);
        }
        return new Call(kind == SqlKind.IS_NULL ? Functions.IS_NULL : Functions.IS_NOT_NULL, List.of(operand),
            ArrowType.Bool.INSTANCE);
      }
      case LIKE:
        return like(call);
      case SEARCH:
        return search(call);
      case PLUS:
      case MINUS:
      case TIMES:
      case DIVIDE:
      case MOD:
        return arithmetic(call);
      case MINUS_PREFIX:
        return new Call(Functions.NEGATE, List.of(translate(operands.get(0))), type(call));
      case PLUS_PREFIX:
        return translate(operands.get(0));
      case CAST:
        return cast(call);
      case SAFE_CAST:
        return new Call(Functions.TRY_CAST, List.of(translate(operands.get(0))), type(call));
      case CASE:
        return caseCall(call);
      case COALESCE:
        return new Call(Functions.COALESCE, castAll(operands, type(call)), type(call));
      case NULLIF:
        return new Call(Functions.NULLIF, castAll(operands, type(call)), type(call));
      case EXTRACT:
        return extract(call);
      case IS_TRUE:
        return new Call(Functions.IS_TRUE, List.of(translate(operands.get(0))), ArrowType.Bool.INSTANCE);
      case IS_FALSE:
        return new Call(Functions.IS_FALSE, List.of(translate(operands.get(0))), ArrowType.Bool.INSTANCE);
      case IS_NOT_TRUE:
        return new Call(Functions.IS_NOT_TRUE, List.of(translate(operands.get(0))), ArrowType.Bool.INSTANCE);
      case IS_NOT_FALSE:
        return new Call(Functions.IS_NOT_FALSE, List.of(translate(operands.get(0))), ArrowType.Bool.INSTANCE);
      case IS_DISTINCT_FROM:
      case IS_NOT_DISTINCT_FROM:
        return new Call(kind == SqlKind.IS_DISTINCT_FROM ? Functions.IS_DISTINCT_FROM : Functions.IS_NOT_DISTINCT_FROM,
            harmonized(operands.get(0), operands.get(1)), ArrowType.Bool.INSTANCE);
      case TRIM:
        return trim(call);
      case CEIL:
        return new Call(Functions.CEIL, List.of(translate(operands.get(0))), type(call));
      case FLOOR:
        return new Call(Functions.FLOOR, List.of(translate(operands.get(0))), type(call));
      default:
        return namedFunction(call);
    }
  }

  private Expression namedFunction(RexCall call) {
    String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
    List<RexNode> operands = call.getOperands();
    Expression text = StringCalls.translate(this, name, call);
    if (text != null) {
      return text;
    }
    Expression temporal = DateCalls.translate(this, name, call);
    if (temporal != null) {
      return temporal;
    }
    String function = switch (name) {
      case "SUBSTRING" -> Functions.SUBSTRING;
      case "||" -> Functions.CONCAT;
      case "UPPER" -> Functions.UPPER;
      case "LOWER" -> Functions.LOWER;
      case "CHAR_LENGTH", "CHARACTER_LENGTH" -> Functions.CHAR_LENGTH;
      case "ABS" -> Functions.ABS;
      case "ROUND" -> Functions.ROUND;
      case "LENGTH" -> Functions.CHAR_LENGTH;
      case "STRPOS" -> Functions.STRPOS;
      case "REPLACE" -> Functions.REPLACE;
      case "REGEXP_REPLACE" -> Functions.REGEXP_REPLACE;
      case "REGEXP_MATCHES" -> Functions.REGEXP_MATCHES;
      case "DATE_TRUNC" -> Functions.DATE_TRUNC;
      case "GREATEST" -> Functions.GREATEST;
      case "LEAST" -> Functions.LEAST;
      case "LTRIM" -> Functions.LTRIM;
      case "RTRIM" -> Functions.RTRIM;
      case "POSITION" -> {
        if (operands.size() > 2) {
          throw SqlException.about("POSITION", "POSITION(... IN ... FROM start) is not supported");
        }
        yield Functions.STRPOS;
      }
      case "CONCAT" -> Functions.CONCAT;
      default -> null;
    };
    if (name.equals("CONCAT")) {
      List<Expression> parts = new ArrayList<>();
      for (RexNode operand : operands) {
        Expression part = castTo(translate(operand), ArrowType.Utf8.INSTANCE);
        parts.add(new Call(Functions.COALESCE, List.of(part, new Literal("", ArrowType.Utf8.INSTANCE)),
            ArrowType.Utf8.INSTANCE));
      }
      return new Call(Functions.CONCAT, parts, ArrowType.Utf8.INSTANCE);
    }
    if (name.equals("POSITION")) {
      return new Call(Functions.STRPOS, List.of(translate(operands.get(1)), translate(operands.get(0))),
          new ArrowType.Int(64, true));
    }
    if (function == null) {
      throw SqlException.about(call.getOperator().getName(),
          "the function " + call.getOperator().getName() + " is not supported");
    }
    List<Expression> arguments = new ArrayList<>();
    for (RexNode operand : operands) {
      arguments.add(translate(operand));
    }
    if (function.equals(Functions.CHAR_LENGTH) || function.equals(Functions.STRPOS)) {
      return castTo(new Call(function, arguments, new ArrowType.Int(64, true)), type(call));
    }
    return new Call(function, arguments, type(call));
  }

  private Expression junction(List<RexNode> operands, boolean and) {
    List<Expression> translated = new ArrayList<>();
    for (RexNode operand : operands) {
      Expression expression = translate(operand);
      if (and && expression instanceof And inner) {
        translated.addAll(inner.operands());
      } else if (!and && expression instanceof Or inner) {
        translated.addAll(inner.operands());
      } else {
        translated.add(expression);
      }
    }
    if (translated.size() == 1) {
      return translated.get(0);
    }
    return and ? new And(translated) : new Or(translated);
  }

  private static Expression not(Expression operand) {
    if (operand instanceof Like like) {
      return new Like(like.column(), like.pattern(), like.escape(), !like.negated());
    }
    if (operand instanceof InList in) {
      return new InList(in.column(), in.values(), !in.negated());
    }
    if (operand instanceof IsNull isNull) {
      return new IsNull(isNull.column(), !isNull.negated());
    }
    if (operand instanceof Between between) {
      return new Between(between.column(), between.low(), between.high(), !between.negated());
    }
    if (operand instanceof Not not) {
      return not.operand();
    }
    return new Not(operand);
  }

  private Expression comparison(SqlKind kind, RexNode left, RexNode right) {
    ComparisonOperator operator = switch (kind) {
      case EQUALS -> ComparisonOperator.EQUAL;
      case NOT_EQUALS -> ComparisonOperator.NOT_EQUAL;
      case LESS_THAN -> ComparisonOperator.LESS;
      case LESS_THAN_OR_EQUAL -> ComparisonOperator.LESS_OR_EQUAL;
      case GREATER_THAN -> ComparisonOperator.GREATER;
      default -> ComparisonOperator.GREATER_OR_EQUAL;
    };
    RexNode leftPlain = stripSameTypeCast(right instanceof RexLiteral literal ? withoutIntegerWidening(left,
        List.of(literal)) : left);
    RexNode rightPlain = stripSameTypeCast(left instanceof RexLiteral literal ? withoutIntegerWidening(right,
        List.of(literal)) : right);
    Expression dateBound = dateAgainstTimestamp(leftPlain, rightPlain, operator);
    if (dateBound == null) {
      dateBound = dateAgainstTimestamp(rightPlain, leftPlain, operator.flip());
    }
    if (dateBound != null) {
      return dateBound;
    }
    if (leftPlain instanceof RexInputRef column && rightPlain instanceof RexLiteral literal && !literal.isNull()) {
      ColumnReference reference = column(column.getIndex());
      return new Comparison(reference, operator, literalOf(literal, reference.type()));
    }
    if (rightPlain instanceof RexInputRef column && leftPlain instanceof RexLiteral literal && !literal.isNull()) {
      ColumnReference reference = column(column.getIndex());
      return new Comparison(reference, operator.flip(), literalOf(literal, reference.type()));
    }
    String function = switch (operator) {
      case EQUAL -> Functions.EQUAL;
      case NOT_EQUAL -> Functions.NOT_EQUAL;
      case LESS -> Functions.LESS_THAN;
      case LESS_OR_EQUAL -> Functions.LESS_THAN_OR_EQUAL;
      case GREATER -> Functions.GREATER_THAN;
      case GREATER_OR_EQUAL -> Functions.GREATER_THAN_OR_EQUAL;
    };
    return new Call(function, harmonized(left, right), ArrowType.Bool.INSTANCE);
  }

  /**
   * {@code CAST(date_column AS TIMESTAMP) <op> TIMESTAMP literal} ({@code d < DATE '1994-01-01' + INTERVAL 1
   * YEAR}: a TIMESTAMP, as in DuckDB) as the date column against the timestamp literal, which the engine and the
   * scan compare exactly (a bound on the column's days): it reaches the scan and its zone maps; else null.
   */
  private Expression dateAgainstTimestamp(RexNode cast, RexNode other, ComparisonOperator operator) {
    if (cast.getKind() != SqlKind.CAST || !(other instanceof RexLiteral literal) || literal.isNull()
        || cast.getType().getSqlTypeName() != SqlTypeName.TIMESTAMP) {
      return null;
    }
    RexNode operand = ((RexCall) cast).getOperands().get(0);
    if (!(operand instanceof RexInputRef column) || operand.getType().getSqlTypeName() != SqlTypeName.DATE) {
      return null;
    }
    ColumnReference reference = column(column.getIndex());
    org.apache.calcite.util.TimestampString value = literal.getValueAs(org.apache.calcite.util.TimestampString.class);
    if (value != null && value.getMillisSinceEpoch() % 86_400_000L == 0 && value.toString().matches(
        ".* 00:00(:00(\\.0+)?)?")) {
      // midnight: the same bound as a DATE, which the scan's date kernels and zone maps take as they are
      return new Comparison(reference, operator, new Literal(LiteralValues.of(
          org.apache.calcite.util.DateString.fromDaysSinceEpoch((int) (value.getMillisSinceEpoch() / 86_400_000L)),
          reference.type()), reference.type()));
    }
    return new Comparison(reference, operator, literalOf(literal, type(literal)));
  }

  /**
   * {@code CAST(x AS wider integer)} compared with integer literals that all fit x's own type is x itself
   * ({@code SMALLINT IsRefresh = 0}, which Calcite widens to INTEGER): the comparison then reaches the scan as
   * column-versus-literal (zone pruning, vectorized kernels). Else the node unchanged.
   */
  static RexNode withoutIntegerWidening(RexNode node, List<?> values) {
    if (node.getKind() != SqlKind.CAST) {
      return node;
    }
    RexNode operand = ((RexCall) node).getOperands().get(0);
    SqlTypeName from = operand.getType().getSqlTypeName();
    SqlTypeName to = node.getType().getSqlTypeName();
    if (!SqlTypeName.INT_TYPES.contains(from) || !SqlTypeName.INT_TYPES.contains(to)
        || integerBits(to) < integerBits(from)) {
      return node;
    }
    long bits = integerBits(from);
    java.math.BigInteger largest = java.math.BigInteger.ONE.shiftLeft((int) bits - 1).subtract(
        java.math.BigInteger.ONE);
    java.math.BigInteger smallest = java.math.BigInteger.ONE.shiftLeft((int) bits - 1).negate();
    for (Object value : values) {
      Object plain = value instanceof RexLiteral literal ? (literal.isNull() ? null
          : literal.getValueAs(java.math.BigDecimal.class)) : value;
      if (!(plain instanceof java.math.BigDecimal number) || number.stripTrailingZeros().scale() > 0) {
        return node;
      }
      java.math.BigInteger whole = number.toBigIntegerExact();
      if (whole.compareTo(smallest) < 0 || whole.compareTo(largest) > 0) {
        return node;
      }
    }
    return operand;
  }

  private static int integerBits(SqlTypeName type) {
    return switch (type) {
      case TINYINT -> 8;
      case SMALLINT -> 16;
      case INTEGER -> 32;
      default -> 64;
    };
  }

  /** A cast that changes nothing in Arrow terms (VARCHAR to CHAR, nullability) is dropped. */
  private static RexNode stripSameTypeCast(RexNode node) {
    if (node.getKind() == SqlKind.CAST) {
      RexNode operand = ((RexCall) node).getOperands().get(0);
      if (sameArrowType(operand, node)) {
        return stripSameTypeCast(operand);
      }
    }
    return node;
  }

  private static boolean sameArrowType(RexNode first, RexNode second) {
    try {
      return TypeMapping.toArrow(first.getType()).equals(TypeMapping.toArrow(second.getType()));
    } catch (SqlException unsupported) {
      return false;
    }
  }

  /** Two operands of a comparison brought to one type (decimals may keep their own scales). */
  private List<Expression> harmonized(RexNode left, RexNode right) {
    Expression first = translate(left);
    Expression second = translate(right);
    ArrowType a = first.type();
    ArrowType b = second.type();
    if (a.equals(b) || a instanceof ArrowType.Null || b instanceof ArrowType.Null
        || (a instanceof ArrowType.Decimal && b instanceof ArrowType.Decimal)) {
      return List.of(first, second);
    }
    ArrowType common = commonType(a, b);
    return List.of(castTo(first, common), castTo(second, common));
  }

  /** The type two different operand types meet in. */
  static ArrowType commonType(ArrowType a, ArrowType b) {
    if (a instanceof ArrowType.FloatingPoint || b instanceof ArrowType.FloatingPoint) {
      return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    }
    if (a instanceof ArrowType.Decimal || b instanceof ArrowType.Decimal) {
      ArrowType.Decimal decimal = (ArrowType.Decimal) (a instanceof ArrowType.Decimal ? a : b);
      ArrowType other = a instanceof ArrowType.Decimal ? b : a;
      if (other instanceof ArrowType.Decimal otherDecimal) {
        int scale = Math.max(decimal.getScale(), otherDecimal.getScale());
        int digits = Math.max(decimal.getPrecision() - decimal.getScale(),
            otherDecimal.getPrecision() - otherDecimal.getScale());
        return new ArrowType.Decimal(Math.min(QuiverTypeSystem.MAX_DECIMAL_PRECISION, digits + scale), scale, 128);
      }
      return decimal;
    }
    if (a instanceof ArrowType.Int first && b instanceof ArrowType.Int second) {
      return first.getBitWidth() >= second.getBitWidth() ? first : second;
    }
    if (a instanceof ArrowType.Timestamp) {
      return a;
    }
    if (b instanceof ArrowType.Timestamp) {
      return b;
    }
    return a;
  }

  static Expression castTo(Expression expression, ArrowType type) {
    if (expression.type().equals(type)) {
      return expression;
    }
    if (expression instanceof Literal literal && (literal.value() == null || (type instanceof ArrowType.Decimal
        && literal.value() instanceof BigDecimal))) {
      return new Literal(literal.value(), type);
    }
    return new Cast(expression, type);
  }

  private List<Expression> castAll(List<RexNode> operands, ArrowType type) {
    List<Expression> translated = new ArrayList<>();
    for (RexNode operand : operands) {
      translated.add(castTo(translate(operand), type));
    }
    return translated;
  }

  private Expression like(RexCall call) {
    List<RexNode> operands = call.getOperands();
    RexNode value = stripSameTypeCast(operands.get(0));
    boolean literalPattern = operands.get(1) instanceof RexLiteral;
    boolean literalEscape = operands.size() < 3 || operands.get(2) instanceof RexLiteral;
    if (!literalEscape) {
      throw SqlException.about("LIKE", "LIKE needs a literal escape");
    }
    String pattern = literalPattern ? ((RexLiteral) operands.get(1)).getValueAs(String.class) : null;
    Character escape = null;
    if (operands.size() > 2) {
      String text = ((RexLiteral) operands.get(2)).getValueAs(String.class);
      if (text == null || text.length() != 1) {
        throw SqlException.unpositioned("the escape of LIKE must be one character, not '" + text + "'");
      }
      escape = text.charAt(0);
    }
    String operator = call.getOperator().getName().toUpperCase(Locale.ROOT);
    if (operator.contains("SIMILAR")) {
      throw SqlException.about(call.getOperator().getName(), call.getOperator().getName() + " is not supported");
    }
    boolean negated = operator.startsWith("NOT");
    boolean ilike = operator.contains("ILIKE");
    if (!literalPattern) {
      // A pattern per row (a column, say): compiled per distinct pattern at run time.
      Expression patternExpression = translate(operands.get(1));
      Expression valueExpression = translate(operands.get(0));
      if (ilike) {
        valueExpression = new Call(Functions.LOWER, List.of(valueExpression), ArrowType.Utf8.INSTANCE);
        patternExpression = new Call(Functions.LOWER, List.of(patternExpression), ArrowType.Utf8.INSTANCE);
        escape = escape == null ? null : lowerCodePoints(escape.toString()).charAt(0);
      }
      List<Expression> arguments = new ArrayList<>(List.of(valueExpression, patternExpression));
      if (escape != null) {
        arguments.add(new Literal(escape.toString(), ArrowType.Utf8.INSTANCE));
      }
      Expression like = new Call(Functions.LIKE, arguments, ArrowType.Bool.INSTANCE);
      return negated ? new Not(like) : like;
    }
    if (ilike) {
      // ILIKE: both sides lower-cased (code point by code point, as LOWER does), then LIKE.
      pattern = pattern == null ? null : lowerCodePoints(pattern);
      escape = escape == null ? null : lowerCodePoints(escape.toString()).charAt(0);
      List<Expression> arguments = new ArrayList<>();
      arguments.add(new Call(Functions.LOWER, List.of(translate(operands.get(0))), ArrowType.Utf8.INSTANCE));
      arguments.add(new Literal(pattern, ArrowType.Utf8.INSTANCE));
      if (escape != null) {
        arguments.add(new Literal(escape.toString(), ArrowType.Utf8.INSTANCE));
      }
      Expression like = new Call(Functions.LIKE, arguments, ArrowType.Bool.INSTANCE);
      return negated ? new Not(like) : like;
    }
    if (value instanceof RexInputRef column) {
      return new Like(column(column.getIndex()), pattern, escape, negated);
    }
    List<Expression> arguments = new ArrayList<>();
    arguments.add(translate(operands.get(0)));
    arguments.add(new Literal(pattern, ArrowType.Utf8.INSTANCE));
    if (escape != null) {
      arguments.add(new Literal(escape.toString(), ArrowType.Utf8.INSTANCE));
    }
    Expression like = new Call(Functions.LIKE, arguments, ArrowType.Bool.INSTANCE);
    return negated ? new Not(like) : like;
  }

  private Expression search(RexCall call) {
    return SargTranslation.translate(this, call);
  }

  private Expression arithmetic(RexCall call) {
    RexNode left = call.getOperands().get(0);
    RexNode right = call.getOperands().get(1);
    if (call.getKind() == SqlKind.PLUS || call.getKind() == SqlKind.MINUS) {
      Expression dates = DateCalls.arithmetic(this, call, call.getKind() == SqlKind.PLUS);
      if (dates != null) {
        return dates;
      }
    }
    SqlTypeFamily leftFamily = left.getType().getSqlTypeName().getFamily();
    if (leftFamily == SqlTypeFamily.DATE || leftFamily == SqlTypeFamily.TIMESTAMP
        || left.getType().getSqlTypeName() == SqlTypeName.DATE) {
      if (SqlTypeName.INTERVAL_TYPES.contains(right.getType().getSqlTypeName())) {
        return datePlus(call, left, right, call.getKind() == SqlKind.MINUS);
      }
    }
    if (call.getKind() == SqlKind.PLUS && SqlTypeName.INTERVAL_TYPES.contains(left.getType().getSqlTypeName())) {
      return datePlus(call, right, left, false);
    }
    ArrowType result = type(call);
    String function = switch (call.getKind()) {
      case PLUS -> Functions.ADD;
      case MINUS -> Functions.SUBTRACT;
      case TIMES -> Functions.MULTIPLY;
      case DIVIDE -> Functions.DIVIDE;
      default -> Functions.MODULO;
    };
    Expression first = translate(left);
    Expression second = translate(right);
    if (call.getKind() == SqlKind.MOD && result instanceof ArrowType.Int) {
      // Calcite types MOD as its divisor; the dividend may be wider: compute in 64 bits, then narrow
      // (the remainder is smaller than the divisor, so it fits).
      ArrowType wide = new ArrowType.Int(64, true);
      return castTo(new Call(function, List.of(castTo(first, wide), castTo(second, wide)), wide), result);
    }
    if (result instanceof ArrowType.Decimal) {
      first = toDecimal(first);
      second = toDecimal(second);
    } else {
      first = castTo(first, result);
      second = castTo(second, result);
    }
    return new Call(function, List.of(first, second), result);
  }

  /** An integer operand of decimal arithmetic as a decimal of scale 0 (decimals keep their scale). */
  private static Expression toDecimal(Expression expression) {
    ArrowType type = expression.type();
    if (type instanceof ArrowType.Decimal) {
      return expression;
    }
    if (type instanceof ArrowType.Int integer) {
      int digits = switch (integer.getBitWidth()) {
        case 8 -> 3;
        case 16 -> 5;
        case 32 -> 10;
        default -> 19;
      };
      return castTo(expression, new ArrowType.Decimal(digits, 0, 128));
    }
    return expression;
  }

  private Expression datePlus(RexCall call, RexNode date, RexNode interval, boolean subtract) {
    return datePlus(call, translate(date), date.getType().getSqlTypeName() == SqlTypeName.DATE, date, interval,
        subtract);
  }

  /** {@code date_add(x, interval)}: as {@code x + interval}, but a DATE is first its midnight TIMESTAMP (DuckDB's). */
  Expression dateAdd(RexCall call, RexNode date, RexNode interval, boolean subtract) {
    Expression value = translate(date);
    boolean isDate = date.getType().getSqlTypeName() == SqlTypeName.DATE;
    return datePlus(call, isDate ? castTo(value, type(call)) : value, false, date, interval, subtract);
  }

  private Expression datePlus(RexCall call, Expression dateValue, boolean isDate, RexNode date, RexNode interval,
      boolean subtract) {
    SqlTypeName intervalType = interval.getType().getSqlTypeName();
    boolean months = intervalType.getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH
        || intervalType == SqlTypeName.INTERVAL_YEAR || intervalType == SqlTypeName.INTERVAL_MONTH
        || intervalType == SqlTypeName.INTERVAL_YEAR_MONTH;
    Expression amount;
    BigDecimal constant = EngineFolding.intervalAmount(interval); // INTERVAL 3 HOUR is 3 * INTERVAL '1' HOUR
    if (constant != null) {
      BigDecimal value = constant;
      if (!months && !isDate && date.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE
          && interval.getType().getSqlTypeName().getStartUnit() == org.apache.calcite.avatica.util.TimeUnit.DAY) {
        // A zoned timestamp moves by calendar days in the session's zone (as DuckDB and PostgreSQL: across a
        // daylight-saving change a day is 23 or 25 hours), then by the exact rest (INTERVAL '1 2' DAY TO HOUR).
        BigDecimal[] daysAndRest = value.divideAndRemainder(BigDecimal.valueOf(MILLIS_PER_DAY));
        BigDecimal days = subtract ? daysAndRest[0].negate() : daysAndRest[0];
        Expression moved = new Call(Functions.DATE_ADD_DAYS, List.of(dateValue, new Literal(days,
            new ArrowType.Int(64, true))), type(call));
        if (daysAndRest[1].signum() == 0) {
          return moved;
        }
        BigDecimal rest = daysAndRest[1].multiply(BigDecimal.valueOf(1000));
        return new Call(Functions.TIMESTAMP_ADD_MICROS, List.of(moved, new Literal(subtract ? rest.negate() : rest,
            new ArrowType.Int(64, true))), type(call));
      }
      if (!months && !isDate) {
        // A timestamp moves by the exact duration (Calcite counts day-time intervals in milliseconds).
        BigDecimal micros = value.multiply(BigDecimal.valueOf(1000));
        return new Call(Functions.TIMESTAMP_ADD_MICROS, List.of(dateValue, new Literal(subtract ? micros.negate()
            : micros, new ArrowType.Int(64, true))), type(call));
      }
      if (!months) {
        if (value.remainder(BigDecimal.valueOf(MILLIS_PER_DAY)).signum() != 0) {
          throw SqlException.unpositioned("intervals of hours, minutes or seconds are not supported; use days");
        }
        value = value.divide(BigDecimal.valueOf(MILLIS_PER_DAY));
      }
      amount = new Literal(subtract ? value.negate() : value, new ArrowType.Int(64, true));
    } else {
      Expression moving = isDate ? castTo(dateValue, IntervalCalls.TIMESTAMP) : dateValue;
      return IntervalCalls.move(moving, translate(interval), subtract, type(call));
    }
    if (date.getType().getSqlTypeName() != SqlTypeName.DATE
        && date.getType().getSqlTypeName().getFamily() != SqlTypeFamily.TIMESTAMP) {
      throw SqlException.unpositioned("intervals can be added to dates only, not to " + date.getType());
    }
    return new Call(months ? Functions.DATE_ADD_MONTHS : Functions.DATE_ADD_DAYS, List.of(dateValue, amount),
        type(call));
  }

  private Expression cast(RexCall call) {
    RexNode operand = call.getOperands().get(0);
    ArrowType target = type(call);
    if (operand instanceof RexLiteral literal) {
      if (literal.isNull()) {
        return new Literal(null, target);
      }
      Literal folded = literalOf(literal, target);
      if (folded != null && compatibleLiteral(folded, target)) {
        return folded;
      }
    }
    Expression translated = translate(operand);
    return castTo(translated, target);
  }

  private static boolean compatibleLiteral(Literal literal, ArrowType target) {
    Object value = literal.value();
    return switch (target.getTypeID()) {
      case Decimal -> value instanceof BigDecimal;
      case Utf8 -> value instanceof String;
      case Date -> value instanceof java.time.LocalDate;
      default -> false;
    };
  }

  private Expression caseCall(RexCall call) {
    ArrowType result = type(call);
    List<RexNode> operands = call.getOperands();
    List<Expression> arguments = new ArrayList<>();
    for (int i = 0; i < operands.size(); i++) {
      boolean condition = i % 2 == 0 && i < operands.size() - 1;
      Expression translated = translate(operands.get(i));
      arguments.add(condition ? translated : castTo(translated, result));
    }
    if (operands.size() % 2 == 0) {
      arguments.add(new Literal(null, result));
    }
    return new Call(Functions.CASE, arguments, result);
  }

  private Expression extract(RexCall call) {
    RexLiteral unit = (RexLiteral) call.getOperands().get(0);
    String name = unit.getValue() == null ? "" : unit.getValue().toString().toLowerCase(Locale.ROOT);
    if (!List.of("year", "quarter", "month", "day", "dow", "doy", "hour", "minute", "second", "epoch", "week",
        "isodow", "isoyear", "millisecond", "microsecond", "decade", "century", "millennium").contains(name)) {
      throw SqlException.about("EXTRACT",
          "EXTRACT(" + name.toUpperCase(Locale.ROOT) + " FROM ...) is not supported");
    }
    Expression value = translate(call.getOperands().get(1));
    return castTo(new Call(Functions.EXTRACT, List.of(new Literal(name, ArrowType.Utf8.INSTANCE), value),
        new ArrowType.Int(64, true)), type(call));
  }

  private Expression trim(RexCall call) {
    List<RexNode> operands = call.getOperands();
    String flag = ((RexLiteral) operands.get(0)).getValue().toString();
    String characters = operands.get(1) instanceof RexLiteral literal ? literal.getValueAs(String.class) : null;
    if (!" ".equals(characters)) {
      String function = flag.equalsIgnoreCase("LEADING") ? Functions.LTRIM_CHARACTERS
          : flag.equalsIgnoreCase("TRAILING") ? Functions.RTRIM_CHARACTERS : Functions.TRIM_CHARACTERS;
      return new Call(function, List.of(translate(operands.get(2)), translate(operands.get(1))), type(call));
    }
    String function = flag.equalsIgnoreCase("LEADING") ? Functions.LTRIM
        : flag.equalsIgnoreCase("TRAILING") ? Functions.RTRIM : Functions.TRIM;
    return new Call(function, List.of(translate(operands.get(2))), type(call));
  }

  private static String lowerCodePoints(String text) {
    StringBuilder lower = new StringBuilder(text.length());
    text.codePoints().forEach(codePoint -> lower.appendCodePoint(Character.toLowerCase(codePoint)));
    return lower.toString();
  }

  static ArrowType type(RexNode node) {
    return TypeMapping.toArrow(node.getType());
  }

  /** A literal of its own SQL type. */
  Literal literal(RexLiteral literal) {
    if (SqlTypeName.INTERVAL_TYPES.contains(literal.getType().getSqlTypeName())) {
      return IntervalCalls.literal(literal);
    }
    return literalOf(literal, type(literal));
  }

  /** {@code literal}'s value as a literal of {@code type} (a column's, when compared with one). */
  static Literal literalOf(RexLiteral literal, ArrowType type) {
    if (literal.isNull()) {
      return new Literal(null, type);
    }
    if (SqlTypeName.INTERVAL_TYPES.contains(literal.getType().getSqlTypeName())) {
      return IntervalCalls.literal(literal);
    }
    return new Literal(LiteralValues.of(LiteralValues.valueOf(literal), type), type);
  }
}
