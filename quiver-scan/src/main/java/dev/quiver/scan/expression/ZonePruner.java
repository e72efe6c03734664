package dev.quiver.scan.expression;

/** STUB until the expressions branch lands. */
public final class ZonePruner {
  private ZonePruner() {}

  public static Truth evaluate(Expression expression,
      java.util.function.Function<String, dev.quiver.format.stats.ZoneStatistics> statistics) {
    return Truth.UNKNOWN;
  }
}
