package dev.quiver.sql.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The differential check fails when it should: an "engine" that is DuckDB with one seeded wrong
 * answer per query (a changed value, a dropped row, rows out of order) is caught on every query
 * where the mutation changes the answer, with the query's seeds in the message.
 */
class MutationDetectionTest {
  private static final long DATASET_SEED = 77_001L;
  private static final int QUERIES = 80;

  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  /** Runs every query against DuckDB mutated by {@code mutation}; returns [mutated, detected]. */
  private int[] run(UnaryOperator<Result> mutation) throws Exception {
    System.out.println("dataset seed " + DATASET_SEED);
    List<RandomTable> tables = RandomTables.dataset(DATASET_SEED);
    int mutated = 0;
    int detected = 0;
    try (DuckDbOracle oracle = DuckDbOracle.inMemory()) {
      for (RandomTable table : tables) {
        try (VectorSchemaRoot batch = table.toArrow(allocator.allocator())) {
          oracle.load(table.name(), table.schema(), List.of(batch));
        }
      }
      for (int i = 0; i < QUERIES; i++) {
        GeneratedQuery query = RandomQueryGenerator.generate(tables, DATASET_SEED,
            RandomQueryGenerator.querySeed(DATASET_SEED, i));
        Result honest = oracle.run(query.sql());
        Result wrong = mutation.apply(honest);
        if (wrong == honest) {
          continue;
        }
        mutated++;
        Optional<String> mismatch = DifferentialHarness.check(query, oracle, sql -> mutation.apply(oracle.run(sql)));
        if (mismatch.isPresent()) {
          detected++;
          assertThat(mismatch.get()).contains("query seed " + query.querySeed()).contains(query.sql());
        } else {
          System.out.println("not detected: " + query.label());
        }
      }
    }
    return new int[] {mutated, detected};
  }

  @Test
  void aChangedValueIsAlwaysDetected() throws Exception {
    int[] counts = run(result -> {
      for (int row = 0; row < result.rowCount(); row++) {
        Object value = result.rows().get(row).get(0);
        if (value != null) {
          List<List<Object>> rows = new ArrayList<>(result.rows());
          List<Object> changed = new ArrayList<>(rows.get(row));
          changed.set(0, changedValue(value));
          rows.set(row, changed);
          return result.withRows(rows);
        }
      }
      return result;
    });
    assertThat(counts[0]).as("queries with a value to change").isGreaterThan(QUERIES / 3);
    assertThat(counts[1]).isEqualTo(counts[0]);
  }

  @Test
  void aDroppedRowIsAlwaysDetected() throws Exception {
    int[] counts = run(result -> {
      if (result.rowCount() == 0) {
        return result;
      }
      List<List<Object>> rows = new ArrayList<>(result.rows());
      rows.remove(rows.size() / 2);
      return result.withRows(rows);
    });
    assertThat(counts[0]).isGreaterThan(QUERIES / 3);
    assertThat(counts[1]).isEqualTo(counts[0]);
  }

  @Test
  void rowsOutOfOrderAreDetectedWhenTheQueryOrders() throws Exception {
    List<RandomTable> tables = RandomTables.dataset(DATASET_SEED);
    int swapped = 0;
    int detected = 0;
    try (DuckDbOracle oracle = DuckDbOracle.inMemory()) {
      for (RandomTable table : tables) {
        oracle.createTable(table.name(), table.schema());
        oracle.insertRows(table.name(), table.rows());
      }
      for (int i = 0; i < QUERIES * 2; i++) {
        GeneratedQuery query = RandomQueryGenerator.generate(tables, DATASET_SEED,
            RandomQueryGenerator.querySeed(DATASET_SEED, i));
        Result honest = oracle.run(query.sql());
        int last = honest.rowCount() - 1;
        if (!query.order().ordered() || last < 1) {
          continue;
        }
        List<Object> firstKeys = keys(honest.rows().get(0), query.order());
        List<Object> lastKeys = keys(honest.rows().get(last), query.order());
        if (ValueEquivalence.rowsEquivalent(firstKeys, lastKeys)) {
          continue;
        }
        swapped++;
        List<List<Object>> rows = new ArrayList<>(honest.rows());
        java.util.Collections.swap(rows, 0, last);
        Result wrong = honest.withRows(rows);
        if (DifferentialHarness.check(query, oracle, sql -> sql.equals(query.sql()) ? wrong : oracle.run(sql))
            .isPresent()) {
          detected++;
        }
      }
    }
    assertThat(swapped).as("ordered queries with two distinct keys").isGreaterThan(5);
    assertThat(detected).isEqualTo(swapped);
  }

  private static List<Object> keys(List<Object> row, OrderSpec order) {
    List<Object> keys = new ArrayList<>();
    for (int column : order.keyColumns()) {
      keys.add(row.get(column));
    }
    return keys;
  }

  /** A value that no tolerance confuses with {@code value}. */
  private static Object changedValue(Object value) {
    if (value instanceof Long) {
      return (Long) value + 1;
    }
    if (value instanceof BigDecimal) {
      return ((BigDecimal) value).add(BigDecimal.ONE);
    }
    if (value instanceof Double) {
      double number = (Double) value;
      return number + 1 + Math.abs(number);
    }
    if (value instanceof String) {
      return value + "x";
    }
    if (value instanceof Boolean) {
      return !(Boolean) value;
    }
    if (value instanceof LocalDate) {
      return ((LocalDate) value).plusDays(1);
    }
    return ((LocalDateTime) value).plusDays(1);
  }
}
