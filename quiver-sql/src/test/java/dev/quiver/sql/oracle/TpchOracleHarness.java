package dev.quiver.sql.oracle;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * The 22 TPC-H queries on the engine under test against DuckDB on the same generated rows
 * ({@link TpchFixture}). Each query is read from the class path ({@link #queryResource}, by default
 * the spec's text in quiver-datagen, {@code TpchQueries.resource(n)}); a missing file skips that
 * query with a message
 * naming it. Order rules come from the query's ORDER BY ({@link OrderSpec#fromSql}) and a LIMIT is
 * checked against the unlimited answer ({@link OrderSpec#withoutLimit}).
 *
 * <p>Scale: {@link #scale()}, by default {@code -Dquiver.tpch.scale} or 0.01. Subclasses give the
 * engine in {@link #openEngine}; it is opened once per test class and closed after the last query
 * if it is {@link AutoCloseable}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class TpchOracleHarness {
  private QueryRunner engine;

  /** The engine under test over the fixture's tables (its {@link TpchFixture#files()}). */
  protected abstract QueryRunner openEngine(TpchFixture fixture) throws Exception;

  /** The TPC-H scale factor. */
  protected double scale() {
    return Double.parseDouble(System.getProperty("quiver.tpch.scale", "0.01"));
  }

  /** The query text the engine under test runs (the spec's text; DuckDB as the engine needs its own). */
  protected String engineSql(String sql) {
    return sql;
  }

  /** The class-path resource holding query {@code number} (1–22). */
  protected String queryResource(int number) {
    return dev.quiver.datagen.tpch.TpchQueries.resource(number);
  }

  @TestFactory
  Stream<DynamicTest> tpchQueriesAgreeWithDuckDb() {
    return IntStream.rangeClosed(1, 22)
        .mapToObj(number -> DynamicTest.dynamicTest("TPC-H Q" + number, () -> runQuery(number)));
  }

  @AfterAll
  void closeEngine() throws Exception {
    if (engine instanceof AutoCloseable) {
      ((AutoCloseable) engine).close();
    }
    engine = null;
  }

  private void runQuery(int number) throws Exception {
    String resource = queryResource(number);
    String sql = readResource(resource);
    Assumptions.assumeTrue(sql != null, () -> resource + " is not on the class path: TPC-H Q" + number + " skipped");
    sql = sql.strip();
    if (sql.endsWith(";")) {
      sql = sql.substring(0, sql.length() - 1).strip();
    }
    TpchFixture fixture = TpchFixture.at(scale());
    if (engine == null) {
      engine = openEngine(fixture);
    }
    String label = "TPC-H Q" + number + " (" + resource + ", scale " + scale() + ")";
    String duckDbSql = forDuckDb(sql);
    Result expected = fixture.oracle().run(duckDbSql);
    OrderSpec order = OrderSpec.fromSql(sql, expected.columnNames());
    Result unlimited = order.limited() ? fixture.oracle().run(OrderSpec.withoutLimit(duckDbSql)) : null;
    Result actual;
    try {
      actual = engine.run(engineSql(sql));
    } catch (Exception failure) {
      throw new AssertionError(label + ": the engine failed: " + failure, failure);
    }
    System.out.println(label + ": " + expected.rowCount() + " rows, order keys " + order.keyColumns()
        + (order.limited() ? ", limited" : ""));
    ResultComparison.assertSameAnswer(label, expected, actual, order, unlimited);
  }

  /**
   * The query as DuckDB's parser takes it: the spec's interval qualifier with a precision ({@code
   * interval '90' day (3)}, Q1) is written without the precision, which DuckDB does not accept and
   * which does not change the value.
   */
  static String forDuckDb(String sql) {
    return sql.replaceAll("(?i)(interval\\s+'[^']*'\\s+(?:year|month|day))\\s*\\(\\s*\\d+\\s*\\)", "$1");
  }

  private static String readResource(String resource) throws IOException {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    try (InputStream input = loader.getResourceAsStream(resource)) {
      return input == null ? null : new String(input.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
