package dev.quiver.exec.expression;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * NEGATE, ABS, ROUND (half away from zero, to {@code digits} decimal places, which may be negative),
 * FLOOR and CEIL on integers, floats and decimals. Integer results out of range and decimal results
 * past their precision are USER errors.
 */
final class MathFunctionNode extends Node {
  enum Function {
    NEGATE,
    ABS,
    ROUND,
    FLOOR,
    CEIL
  }

  private final Function function;
  private final Node operand;
  private final int digits;

  MathFunctionNode(Function function, Node operand, int digits, ArrowType type) {
    super(type);
    this.function = function;
    this.operand = operand;
    this.digits = digits;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    Column values = operand.evaluate(context);
    if (values instanceof DoubleColumn doubles) {
      return doubles(doubles);
    }
    if (values instanceof LongColumn longs) {
      return longs(longs);
    }
    return decimals((DecimalColumn) values);
  }

  private DoubleColumn doubles(DoubleColumn input) {
    double[] x = input.values;
    double[] result = new double[x.length];
    double factor = Math.pow(10, digits);
    for (int i = 0; i < x.length; i++) {
      double value = x[i];
      result[i] = switch (function) {
        case NEGATE -> -value;
        case ABS -> Math.abs(value);
        case FLOOR -> Math.floor(value);
        case CEIL -> Math.ceil(value);
        case ROUND -> roundHalfAway(value * factor) / factor;
      };
      if (Types.isSingle(type)) {
        result[i] = (float) result[i];
      }
    }
    return new DoubleColumn(result, input.nulls);
  }

  private static double roundHalfAway(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return value;
    }
    return value < 0 ? -Math.floor(-value + 0.5) : Math.floor(value + 0.5);
  }

  private LongColumn longs(LongColumn input) {
    long[] x = input.values;
    long[] result = new long[x.length];
    int bits = Types.bitWidth(type);
    long minimum = Types.intMinimum(bits);
    long maximum = Types.intMaximum(bits);
    long factor = digits < 0 ? Types.powerOfTenOrMinusOne(-digits) : 1;
    for (int i = 0; i < x.length; i++) {
      long value = x[i];
      if (input.isNull(i)) {
        continue;
      }
      try {
        result[i] = switch (function) {
          case NEGATE -> Math.negateExact(value);
          case ABS -> Math.absExact(value);
          case FLOOR, CEIL -> value;
          case ROUND -> factor == 1 ? value : factor < 0 ? 0
              : Math.multiplyExact(DecimalArithmeticNode.roundDivide(value, factor), factor);
        };
      } catch (ArithmeticException overflow) {
        throw Errors.integerOverflow(function.name().toLowerCase(java.util.Locale.ROOT) + "(" + value + ")", type);
      }
      if (result[i] < minimum || result[i] > maximum) {
        throw Errors.integerOverflow(function.name().toLowerCase(java.util.Locale.ROOT) + "(" + value + ")", type);
      }
    }
    return new LongColumn(result, input.nulls);
  }

  private DecimalColumn decimals(DecimalColumn input) {
    int count = input.size;
    int scale = Types.scale(type);
    BigInteger limit = Types.bigPowerOfTen(Types.precision(type));
    BigInteger[] result = new BigInteger[count];
    for (int i = 0; i < count; i++) {
      if (input.isNull(i)) {
        result[i] = BigInteger.ZERO;
        continue;
      }
      BigDecimal value = input.decimal(i);
      BigDecimal computed = switch (function) {
        case NEGATE -> value.negate();
        case ABS -> value.abs();
        case FLOOR -> value.setScale(0, RoundingMode.FLOOR);
        case CEIL -> value.setScale(0, RoundingMode.CEILING);
        case ROUND -> value.setScale(digits, RoundingMode.HALF_UP);
      };
      computed = computed.setScale(scale, RoundingMode.HALF_UP);
      if (computed.unscaledValue().abs().compareTo(limit) >= 0) {
        throw Errors.decimalOverflow(computed, type);
      }
      result[i] = computed.unscaledValue();
    }
    return DecimalColumn.of(scale, result, input.nulls);
  }
}
