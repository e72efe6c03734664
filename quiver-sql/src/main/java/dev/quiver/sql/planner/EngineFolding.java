package dev.quiver.sql.planner;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.exec.expression.CompiledProjection;
import dev.quiver.exec.expression.ExpressionCompiler;
import dev.quiver.expression.Expression;
import java.math.BigDecimal;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimestampString;

/**
 * Constant folding by the engine itself, so a folded constant always equals the same expression
 * evaluated on a column: the constant row expression is translated by {@link RexTranslator} (over no
 * columns), compiled by {@link ExpressionCompiler} and evaluated on a batch of one row and no column;
 * its value becomes a literal of the expression's SQL type. An expression that cannot be translated or
 * compiled, whose evaluation raises an error (the engine raises the same error when the query runs), or
 * whose value has no literal form (NaN, an infinity) is not folded: {@link #fold} returns null.
 */
final class EngineFolding {
  /** Buffers of one-row evaluations only; each is closed before {@link #fold} returns. */
  private static final BufferAllocator ALLOCATOR = new RootAllocator(16L << 20);

  private static final RexTranslator NO_COLUMNS = new RexTranslator(List.of());

  private EngineFolding() {}

  /** The literal {@code expression} evaluates to, of its type; null when not folded. */
  static RexNode fold(RexBuilder rexBuilder, RexNode expression) {
    RelDataType type = expression.getType();
    if (SqlTypeName.INTERVAL_TYPES.contains(type.getSqlTypeName())) {
      // An interval constant ({@code INTERVAL 3 HOUR} is 3 times one hour) is folded exactly here, as one
      // Calcite literal; any other interval expression (a - b, age(...)) is left for the engine to evaluate.
      BigDecimal amount = intervalAmount(expression);
      return amount == null || type.getIntervalQualifier() == null ? null
          : rexBuilder.makeIntervalLiteral(amount, type.getIntervalQualifier());
    }
    Expression translated;
    try {
      translated = NO_COLUMNS.translate(expression);
    } catch (QuiverException | UnsupportedOperationException notTranslated) {
      return null;
    }
    try {
      CompiledProjection compiled = ExpressionCompiler.compileAll(List.of(translated), new Schema(List.of()));
      try (Batch row = Batch.builder(1).build()) {
        FieldVector[] vectors = compiled.evaluate(row, ALLOCATOR);
        try (FieldVector vector = vectors[0]) {
          return literal(rexBuilder, vector, type);
        }
      }
    } catch (QuiverException | ArithmeticException | IllegalArgumentException failed) {
      return null;
    }
  }

  /** An interval constant's amount (months, or milliseconds), exactly; null when not a whole amount. */
  static BigDecimal intervalAmount(RexNode node) {
    if (!SqlTypeName.INTERVAL_TYPES.contains(node.getType().getSqlTypeName())) {
      return null; // TIMESTAMP - TIMESTAMP (an INTERVAL of timestamps, refused by the translation)
    }
    if (node instanceof RexLiteral literal) {
      return literal.isNull() ? null : literal.getValueAs(BigDecimal.class);
    }
    if (!(node instanceof RexCall call)) {
      return null;
    }
    List<RexNode> operands = call.getOperands();
    BigDecimal result;
    SqlKind kind = call.getOperator().getName().equals("*") ? SqlKind.TIMES : call.getKind();
    switch (kind) {
      case TIMES -> {
        BigDecimal left = number(operands.get(0));
        BigDecimal right = number(operands.get(1));
        result = left == null || right == null ? null : left.multiply(right);
      }
      case PLUS, MINUS -> {
        BigDecimal left = intervalAmount(operands.get(0));
        BigDecimal right = intervalAmount(operands.get(1));
        result = left == null || right == null ? null
            : kind == SqlKind.PLUS ? left.add(right) : left.subtract(right);
      }
      case MINUS_PREFIX -> {
        BigDecimal operand = intervalAmount(operands.get(0));
        result = operand == null ? null : operand.negate();
      }
      case CAST -> result = SqlTypeName.INTERVAL_TYPES.contains(operands.get(0).getType().getSqlTypeName())
          ? intervalAmount(operands.get(0)) : null;
      default -> result = null;
    }
    return result == null || result.stripTrailingZeros().scale() > 0 ? null : result.setScale(0);
  }

  /** An operand of an interval product: an interval's amount or an exact number literal. */
  private static BigDecimal number(RexNode node) {
    if (SqlTypeName.INTERVAL_TYPES.contains(node.getType().getSqlTypeName())) {
      return intervalAmount(node);
    }
    if (node instanceof RexLiteral literal && !literal.isNull()
        && org.apache.calcite.sql.type.SqlTypeFamily.EXACT_NUMERIC.contains(literal.getType())) {
      return literal.getValueAs(BigDecimal.class);
    }
    return null;
  }

  private static RexNode literal(RexBuilder rexBuilder, FieldVector vector, RelDataType type) {
    if (vector.isNull(0)) {
      return rexBuilder.makeNullLiteral(type);
    }
    SqlTypeName name = type.getSqlTypeName();
    ArrowType arrow = vector.getField().getType();
    Object value;
    switch (name) {
      case TINYINT, SMALLINT, INTEGER, BIGINT -> {
        if (!(arrow instanceof ArrowType.Int)) {
          return null;
        }
        value = new BigDecimal(vector.getObject(0).toString());
      }
      case DECIMAL -> {
        if (!(vector instanceof DecimalVector decimal)) {
          return null;
        }
        value = decimal.getObject(0);
      }
      case REAL, FLOAT, DOUBLE -> {
        if (!(vector instanceof FloatingPointVector floating)) {
          return null;
        }
        double number = floating.getValueAsDouble(0);
        if (Double.isNaN(number) || Double.isInfinite(number)) {
          return null;
        }
        value = new BigDecimal(Double.toString(number));
      }
      case CHAR, VARCHAR -> {
        if (!(vector instanceof VarCharVector text)) {
          return null;
        }
        String string = new String(text.get(0), java.nio.charset.StandardCharsets.UTF_8);
        if (name == SqlTypeName.CHAR && string.codePointCount(0, string.length()) > type.getPrecision()) {
          return null;
        }
        value = string;
      }
      case BOOLEAN -> {
        if (!(vector instanceof BitVector bit)) {
          return null;
        }
        value = bit.get(0) != 0;
      }
      case DATE -> {
        if (!(vector instanceof DateDayVector day)) {
          return null;
        }
        value = DateString.fromDaysSinceEpoch(day.get(0));
      }
      case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
        if (!(vector instanceof TimeStampVector timestamp)) {
          return null;
        }
        TimestampString text = timestampString(timestamp.get(0), ((ArrowType.Timestamp) arrow).getUnit());
        if (text == null || !text.equals(text.round(Math.min(9, type.getPrecision())))) {
          return null; // a fraction the literal's type would round away: the engine keeps it
        }
        value = text;
      }
      default -> {
        return null;
      }
    }
    return rexBuilder.makeLiteral(value, type, false);
  }

  /** A timestamp value as Calcite's text form (wall clock, nanoseconds kept). */
  private static TimestampString timestampString(long value, TimeUnit unit) {
    long perSecond = switch (unit) {
      case SECOND -> 1L;
      case MILLISECOND -> 1_000L;
      case MICROSECOND -> 1_000_000L;
      case NANOSECOND -> 1_000_000_000L;
    };
    long seconds = Math.floorDiv(value, perSecond);
    long nanos = Math.floorMod(value, perSecond) * (1_000_000_000L / perSecond);
    java.time.LocalDateTime wall = java.time.LocalDateTime.ofEpochSecond(seconds, (int) nanos,
        java.time.ZoneOffset.UTC);
    if (wall.getYear() < 1 || wall.getYear() > 9999) {
      return null;
    }
    return new TimestampString(wall.getYear(), wall.getMonthValue(), wall.getDayOfMonth(), wall.getHour(),
        wall.getMinute(), wall.getSecond()).withNanos(wall.getNano());
  }
}
