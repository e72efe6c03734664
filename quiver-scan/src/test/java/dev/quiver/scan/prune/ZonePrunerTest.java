package dev.quiver.scan.prune;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.expression.Expressions;
import dev.quiver.expression.TestColumns;
import dev.quiver.expression.filter.Truth;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Pruning rules on hand-made statistics. */
class ZonePrunerTest {
  private static Truth prune(String filter, Map<String, ZoneStatistics> statistics) {
    return ZonePruner.evaluate(Expressions.parse(filter, TestColumns.SCHEMA), statistics::get);
  }

  private static ZoneStatistics zone(long rows, long nulls, Object minimum, Object maximum) {
    return new ZoneStatistics(rows, nulls, minimum, maximum, false, null, false);
  }

  @Test
  void rangesProveFalseAndTrue() {
    Map<String, ZoneStatistics> zone = Map.of("i32", zone(100, 0, 10L, 20L));
    assertThat(prune("i32 > 20", zone)).isEqualTo(Truth.FALSE);
    assertThat(prune("i32 >= 20", zone)).isEqualTo(Truth.UNKNOWN);
    assertThat(prune("i32 BETWEEN 10 AND 20", zone)).isEqualTo(Truth.TRUE);
    assertThat(prune("i32 NOT BETWEEN 10 AND 20", zone)).isEqualTo(Truth.FALSE);
    assertThat(prune("i32 < 9.5", zone)).isEqualTo(Truth.FALSE);
    assertThat(prune("i32 <> 5", zone)).isEqualTo(Truth.TRUE);
    assertThat(prune("i32 IN (1, 2, 30)", zone)).isEqualTo(Truth.FALSE);
    assertThat(prune("NOT (i32 IN (1, 2, 30))", zone)).isEqualTo(Truth.TRUE);
    assertThat(prune("i32 > 20 OR i32 < 15", zone)).isEqualTo(Truth.UNKNOWN);
    assertThat(prune("i32 > 20 AND i32 < 15", zone)).isEqualTo(Truth.FALSE);
  }

  @Test
  void nullsKeepTrueFromBeingProved() {
    Map<String, ZoneStatistics> zone = Map.of("i32", zone(100, 3, 10L, 20L));
    assertThat(prune("i32 >= 10", zone)).isEqualTo(Truth.UNKNOWN);
    assertThat(prune("NOT (i32 < 10)", zone)).isEqualTo(Truth.UNKNOWN);
    assertThat(prune("i32 < 10", zone)).isEqualTo(Truth.FALSE);
    assertThat(prune("i32 IS NOT NULL", zone)).isEqualTo(Truth.UNKNOWN);
  }

  @Test
  void anAllNullZoneFailsEveryComparison() {
    Map<String, ZoneStatistics> zone = Map.of("i32", zone(100, 100, null, null));
    assertThat(prune("i32 > 5", zone)).isEqualTo(Truth.FALSE);
    assertThat(prune("NOT (i32 > 5)", zone)).isEqualTo(Truth.FALSE);
    assertThat(prune("i32 NOT IN (1)", zone)).isEqualTo(Truth.FALSE);
    assertThat(prune("i32 IS NULL", zone)).isEqualTo(Truth.TRUE);
    assertThat(prune("i32 IS NOT NULL", zone)).isEqualTo(Truth.FALSE);
  }

  @Test
  void nanCountsAsTheLargestFloat() {
    Map<String, ZoneStatistics> withNaN = Map.of("f64", new ZoneStatistics(10, 0, 1.0, 2.0, false, null, true));
    assertThat(prune("f64 > 5", withNaN)).isEqualTo(Truth.UNKNOWN);
    assertThat(prune("f64 < 0", withNaN)).isEqualTo(Truth.FALSE);
    assertThat(prune("f64 < 5", withNaN)).isEqualTo(Truth.UNKNOWN);
    Map<String, ZoneStatistics> onlyNaN = Map.of("f64", new ZoneStatistics(10, 0, null, null, false, null, true));
    assertThat(prune("f64 = 'NaN'", onlyNaN)).isEqualTo(Truth.TRUE);
    assertThat(prune("f64 < 1e300", onlyNaN)).isEqualTo(Truth.FALSE);
    Map<String, ZoneStatistics> zeroes = Map.of("f64", zone(10, 0, -0.0, 0.0));
    assertThat(prune("f64 = 0", zeroes)).isEqualTo(Truth.TRUE);
  }

  @Test
  void truncatedStringsAreOnlyBounds() {
    byte[] minimum = "a".repeat(64).getBytes(StandardCharsets.UTF_8);
    byte[] maximum = ("a".repeat(63) + "b").getBytes(StandardCharsets.UTF_8);
    Map<String, ZoneStatistics> zone = Map.of("text", new ZoneStatistics(10, 0, minimum, maximum, true, null, false));
    assertThat(prune("text = '" + "a".repeat(64) + "'", zone)).isEqualTo(Truth.UNKNOWN);
    assertThat(prune("text > '" + "a".repeat(63) + "b'", zone)).isEqualTo(Truth.FALSE);
    assertThat(prune("text LIKE 'b%'", zone)).isEqualTo(Truth.FALSE);
    assertThat(prune("starts_with(text, 'aaa')", zone)).isEqualTo(Truth.TRUE);
    Map<String, ZoneStatistics> noUpperBound = Map.of("text",
        new ZoneStatistics(10, 0, minimum, null, true, null, false));
    assertThat(prune("text > 'zzz'", noUpperBound)).isEqualTo(Truth.UNKNOWN);
    assertThat(prune("text < 'a'", noUpperBound)).isEqualTo(Truth.FALSE);
  }

  @Test
  void unknownStatisticsProveNothing() {
    assertThat(prune("i32 > 5", Map.of())).isEqualTo(Truth.UNKNOWN);
    assertThat(prune("i32 > 5 AND FALSE", Map.of())).isEqualTo(Truth.FALSE);
  }

  @Test
  void querySixPrunesByDateAndDecimal() {
    Map<String, ZoneStatistics> zone = Map.of(
        "day", zone(8192, 0, LocalDate.of(1995, 3, 1).toEpochDay(), LocalDate.of(1995, 6, 1).toEpochDay()),
        "price", zone(8192, 0, new BigDecimal("0.00"), new BigDecimal("0.10")));
    assertThat(prune("day >= DATE '1994-01-01' AND day < DATE '1995-01-01' AND price BETWEEN 0.05 AND 0.07", zone))
        .isEqualTo(Truth.FALSE);
    assertThat(prune("day >= DATE '1995-01-01' AND price < 0.11", zone)).isEqualTo(Truth.TRUE);
    assertThat(prune("price > 0.105", zone)).isEqualTo(Truth.FALSE);
  }
}
