package dev.quiver.sql.oracle;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * An in-memory DuckDB (JDBC) holding the same rows Quiver reads, as the answer oracle. Tables are
 * created from an Arrow schema with the exact SQL types ({@link SqlTypes#name}: DECIMAL(15,2) stays
 * DECIMAL(15,2), DATE stays DATE, utf8 is VARCHAR, nullability is not enforced so NULLs load as
 * NULL) and filled from Arrow batches, either through DuckDB's appender ({@link #append}, the fast
 * way) or through prepared INSERT statements ({@link #insert}, an independent path used to check the
 * first). One connection, used by one thread at a time; every statement gets a fresh
 * {@link Statement} (a failed one is closed by the driver).
 */
public final class DuckDbOracle implements QueryRunner, AutoCloseable {
  private static final int INSERT_BATCH_ROWS = 1_000;

  private final DuckDBConnection connection;
  private final Map<String, List<String>> tableTypes = new HashMap<>();

  private DuckDbOracle(DuckDBConnection connection) {
    this.connection = connection;
  }

  /** A new, empty in-memory database running queries on {@code threads} threads. */
  public static DuckDbOracle inMemory(int threads) throws SQLException {
    Connection connection = DriverManager.getConnection("jdbc:duckdb:");
    DuckDbOracle oracle = new DuckDbOracle(connection.unwrap(DuckDBConnection.class));
    try {
      oracle.execute("SET threads TO " + threads);
      return oracle;
    } catch (SQLException | RuntimeException failure) {
      connection.close();
      throw failure;
    }
  }

  /** A new, empty in-memory database on one thread (the machine is shared). */
  public static DuckDbOracle inMemory() throws SQLException {
    return inMemory(1);
  }

  /** Creates table {@code name} with the columns of {@code schema} (all nullable). */
  public void createTable(String name, Schema schema) throws SQLException {
    List<String> columns = new ArrayList<>();
    List<String> types = new ArrayList<>();
    for (Field field : schema.getFields()) {
      String type = SqlTypes.name(field.getType());
      columns.add(quote(field.getName()) + " " + type);
      types.add(type);
    }
    execute("CREATE TABLE " + quote(name) + " (" + String.join(", ", columns) + ")");
    tableTypes.put(key(name), types);
  }

  /** Appends the rows of {@code batch} to table {@code name} with DuckDB's appender. */
  public void append(String name, VectorSchemaRoot batch) throws SQLException {
    List<String> types = types(name, batch);
    List<FieldVector> vectors = batch.getFieldVectors();
    try (DuckDBAppender appender = connection.createAppender(DuckDBConnection.DEFAULT_SCHEMA, name)) {
      for (int row = 0; row < batch.getRowCount(); row++) {
        appender.beginRow();
        for (int column = 0; column < vectors.size(); column++) {
          appendValue(appender, types.get(column), ArrowValues.get(vectors.get(column), row));
        }
        appender.endRow();
      }
    }
  }

  /** Inserts the rows of {@code batch} into table {@code name} with prepared INSERT statements. */
  public void insert(String name, VectorSchemaRoot batch) throws SQLException {
    List<List<Object>> rows = new ArrayList<>(batch.getRowCount());
    for (int row = 0; row < batch.getRowCount(); row++) {
      List<Object> values = new ArrayList<>();
      for (FieldVector vector : batch.getFieldVectors()) {
        values.add(ArrowValues.get(vector, row));
      }
      rows.add(values);
    }
    insertRows(name, rows);
  }

  /** Inserts normalized rows ({@link Values}) into table {@code name} with prepared INSERT statements. */
  public void insertRows(String name, List<List<Object>> rows) throws SQLException {
    List<String> types = tableTypes.get(key(name));
    if (types == null) {
      throw new IllegalArgumentException("no table " + name + " was created through this oracle");
    }
    List<String> parameters = new ArrayList<>();
    for (String type : types) {
      parameters.add("CAST(? AS " + type + ")");
    }
    String sql = "INSERT INTO " + quote(name) + " VALUES (" + String.join(", ", parameters) + ")";
    try (PreparedStatement insert = connection.prepareStatement(sql)) {
      int pending = 0;
      for (List<Object> row : rows) {
        for (int column = 0; column < types.size(); column++) {
          bind(insert, column + 1, types.get(column), row.get(column));
        }
        insert.addBatch();
        if (++pending == INSERT_BATCH_ROWS) {
          insert.executeBatch();
          pending = 0;
        }
      }
      if (pending > 0) {
        insert.executeBatch();
      }
    }
  }

  /** Creates table {@code name} and appends {@code batches} (the caller keeps owning them). */
  public void load(String name, Schema schema, Iterable<VectorSchemaRoot> batches) throws SQLException {
    createTable(name, schema);
    for (VectorSchemaRoot batch : batches) {
      append(name, batch);
    }
  }

  /** Runs a statement that returns no rows. */
  public void execute(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  @Override
  public Result run(String sql) throws SQLException {
    try (Statement statement = connection.createStatement(); ResultSet results = statement.executeQuery(sql)) {
      ResultSetMetaData metadata = results.getMetaData();
      List<String> names = new ArrayList<>();
      List<String> types = new ArrayList<>();
      for (int column = 1; column <= metadata.getColumnCount(); column++) {
        names.add(metadata.getColumnLabel(column));
        types.add(metadata.getColumnTypeName(column));
      }
      List<List<Object>> rows = new ArrayList<>();
      while (results.next()) {
        List<Object> row = new ArrayList<>(names.size());
        for (int column = 1; column <= names.size(); column++) {
          row.add(read(results, column, types.get(column - 1)));
        }
        rows.add(row);
      }
      return new Result(names, types, rows);
    }
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }

  private List<String> types(String name, VectorSchemaRoot batch) {
    List<String> types = tableTypes.get(key(name));
    if (types == null) {
      throw new IllegalArgumentException("no table " + name + " was created through this oracle");
    }
    if (types.size() != batch.getFieldVectors().size()) {
      throw new IllegalArgumentException("table " + name + " has " + types.size() + " columns, the batch "
          + batch.getFieldVectors().size());
    }
    return types;
  }

  private static Object read(ResultSet results, int column, String type) throws SQLException {
    Object value;
    switch (baseType(type)) {
      case "BOOLEAN":
        value = results.getBoolean(column);
        break;
      case "TINYINT":
      case "SMALLINT":
      case "INTEGER":
      case "BIGINT":
      case "UTINYINT":
      case "USMALLINT":
      case "UINTEGER":
        value = results.getLong(column);
        break;
      case "DECIMAL":
        value = results.getBigDecimal(column);
        break;
      case "REAL":
      case "FLOAT":
      case "DOUBLE":
        value = results.getDouble(column);
        break;
      case "DATE":
        value = results.getObject(column, LocalDate.class);
        break;
      case "TIMESTAMP":
        value = results.getObject(column, LocalDateTime.class);
        break;
      case "VARCHAR":
        value = results.getString(column);
        break;
      case "HUGEINT":
      case "UBIGINT":
      case "UHUGEINT":
        value = results.getObject(column);
        break;
      default:
        // Anything else (intervals, lists, ...) compares as DuckDB prints it.
        value = results.getString(column);
        break;
    }
    return results.wasNull() ? null : Values.normalize(value);
  }

  private static void appendValue(DuckDBAppender appender, String type, Object value) throws SQLException {
    if (value == null) {
      appender.appendNull();
      return;
    }
    switch (baseType(type)) {
      case "BOOLEAN":
        appender.append((boolean) (Boolean) value);
        break;
      case "TINYINT":
        appender.append((byte) (long) (Long) value);
        break;
      case "SMALLINT":
        appender.append((short) (long) (Long) value);
        break;
      case "INTEGER":
        appender.append(Math.toIntExact((Long) value));
        break;
      case "BIGINT":
        appender.append((long) (Long) value);
        break;
      case "REAL":
        appender.append((float) (double) (Double) value);
        break;
      case "DOUBLE":
        appender.append((double) (Double) value);
        break;
      case "DECIMAL":
        appender.append((BigDecimal) value);
        break;
      case "VARCHAR":
        appender.append((String) value);
        break;
      case "DATE":
        appender.append((LocalDate) value);
        break;
      case "TIMESTAMP":
        appender.append((LocalDateTime) value);
        break;
      default:
        throw new IllegalArgumentException("cannot append a " + type);
    }
  }

  private static void bind(PreparedStatement insert, int parameter, String type, Object value) throws SQLException {
    if (value == null) {
      insert.setObject(parameter, null);
      return;
    }
    switch (baseType(type)) {
      case "BOOLEAN":
        insert.setBoolean(parameter, (Boolean) value);
        break;
      case "TINYINT":
      case "SMALLINT":
      case "INTEGER":
      case "BIGINT":
        insert.setLong(parameter, (Long) value);
        break;
      case "REAL":
      case "DOUBLE":
        insert.setDouble(parameter, (Double) value);
        break;
      case "DECIMAL":
        // As text: the CAST in the statement gives it the column's exact type.
        insert.setString(parameter, ((BigDecimal) value).toPlainString());
        break;
      default:
        // VARCHAR as is; DATE and TIMESTAMP as ISO text, cast by the statement.
        insert.setString(parameter, value.toString());
        break;
    }
  }

  private static String baseType(String type) {
    String upper = type.toUpperCase(Locale.ROOT);
    int parenthesis = upper.indexOf('(');
    return parenthesis < 0 ? upper : upper.substring(0, parenthesis);
  }

  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  /** {@code name} as a quoted SQL identifier. */
  static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
