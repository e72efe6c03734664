package dev.quiver.bench.scan.quiver;

/**
 * A condition on one column that a scan may use to skip rows (zone maps today, the scan's filter
 * later). Rows it lets through still go through the query's exact check, so a scan may pass more
 * rows than match, never fewer. Values are in the zone maps' terms: {@code Long} for integers and
 * dates (days), {@code BigDecimal} for decimals, UTF-8 {@code byte[]} for strings.
 */
public sealed interface ZonePredicate {
  String column();

  /** {@code column = value}. */
  record Equals(String column, Object value) implements ZonePredicate {}

  /**
   * {@code low <= column < high} or with inclusive bounds; a null bound is open.
   */
  record Range(String column, Comparable<?> low, boolean lowInclusive, Comparable<?> high, boolean highInclusive)
      implements ZonePredicate {}
}
