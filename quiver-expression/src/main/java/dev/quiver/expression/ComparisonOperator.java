package dev.quiver.expression;

/** The six comparison operators of SQL. */
public enum ComparisonOperator {
  EQUAL("="),
  NOT_EQUAL("<>"),
  LESS("<"),
  LESS_OR_EQUAL("<="),
  GREATER(">"),
  GREATER_OR_EQUAL(">=");

  private final String symbol;

  ComparisonOperator(String symbol) {
    this.symbol = symbol;
  }

  /** The SQL spelling. */
  public String symbol() {
    return symbol;
  }

  /** The operator that holds exactly when this one does not (for non-null operands). */
  public ComparisonOperator negate() {
    return switch (this) {
      case EQUAL -> NOT_EQUAL;
      case NOT_EQUAL -> EQUAL;
      case LESS -> GREATER_OR_EQUAL;
      case LESS_OR_EQUAL -> GREATER;
      case GREATER -> LESS_OR_EQUAL;
      case GREATER_OR_EQUAL -> LESS;
    };
  }

  /** The operator with its operands swapped: {@code a < b} is {@code b > a}. */
  public ComparisonOperator flip() {
    return switch (this) {
      case EQUAL, NOT_EQUAL -> this;
      case LESS -> GREATER;
      case LESS_OR_EQUAL -> GREATER_OR_EQUAL;
      case GREATER -> LESS;
      case GREATER_OR_EQUAL -> LESS_OR_EQUAL;
    };
  }
}
