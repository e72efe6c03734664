package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.math.BigDecimal;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** The USER errors of evaluation, worded once. */
final class Errors {
  private Errors() {}

  static QuiverException divisionByZero() {
    return QuiverException.user("division by zero");
  }

  static QuiverException integerOverflow(String operation, ArrowType type) {
    return QuiverException.user("integer overflow: " + operation + " does not fit " + Types.name(type));
  }

  static QuiverException decimalOverflow(BigDecimal value, ArrowType type) {
    return QuiverException.user("decimal overflow: " + value.toPlainString() + " does not fit " + Types.name(type));
  }

  static QuiverException badCast(String value, ArrowType type) {
    return QuiverException.user("cannot cast " + value + " to " + Types.name(type));
  }
}
