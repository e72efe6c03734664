package dev.quiver.scan.expression;

/** STUB until the expressions branch lands. */
public final class FilterEvaluator {
  private final Expression expression;

  public FilterEvaluator(Expression expression) {
    this.expression = expression;
  }

  public Expression expression() {
    return expression;
  }

  public int evaluate(java.util.function.Function<String, ColumnSlice> columns, int count, int[] selection) {
    throw new UnsupportedOperationException("stub");
  }

  public String describeOrder() {
    return "";
  }
}
