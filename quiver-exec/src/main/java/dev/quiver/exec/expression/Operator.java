package dev.quiver.exec.expression;

/** The arithmetic operators. */
enum Operator {
  ADD("+"),
  SUBTRACT("-"),
  MULTIPLY("*"),
  DIVIDE("/"),
  MODULO("%");

  final String symbol;

  Operator(String symbol) {
    this.symbol = symbol;
  }

  static Operator of(String function) {
    for (Operator operator : values()) {
      if (operator.symbol.equals(function)) {
        return operator;
      }
    }
    return null;
  }
}
