package dev.quiver.scan.expression;

/** STUB until the expressions branch lands. */
public final class Expressions {
  private Expressions() {}

  public static Expression parse(String sql, org.apache.arrow.vector.types.pojo.Schema schema) {
    throw new UnsupportedOperationException("stub");
  }
}
