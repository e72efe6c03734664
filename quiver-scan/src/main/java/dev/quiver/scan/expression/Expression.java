package dev.quiver.scan.expression;

/** STUB until the expressions branch lands. */
public interface Expression {
  java.util.Set<String> columns();
}
