package dev.quiver.sql.oracle;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A seeded random table ({@link RandomTables}): its columns and its rows as normalized Java values
 * ({@link Values}), which {@link #toArrow} writes into Arrow vectors for both the oracle and the
 * engine under test.
 *
 * @param name the table's name
 * @param columns the columns, in order
 * @param rows the rows, each one value per column (null for SQL NULL)
 */
public record RandomTable(String name, List<Column> columns, List<List<Object>> rows) {
  /** The kinds of columns random tables have. */
  public enum Kind {
    INT,
    BIGINT,
    DECIMAL,
    DOUBLE,
    VARCHAR,
    DATE,
    /** TIMESTAMP (microseconds, no time zone), with fractions and before 1970. */
    TIMESTAMP,
    BOOLEAN;

    /** Whether arithmetic and SUM/AVG apply. */
    public boolean numeric() {
      return this == INT || this == BIGINT || this == DECIMAL || this == DOUBLE;
    }
  }

  /**
   * A column.
   *
   * @param precision and {@code scale}: a DECIMAL's, else 0
   */
  public record Column(String name, Kind kind, int precision, int scale) {
    /** The column's SQL type as written in queries and DDL. */
    public String sqlType() {
      switch (kind) {
        case INT:
          return "INTEGER";
        case BIGINT:
          return "BIGINT";
        case DECIMAL:
          return "DECIMAL(" + precision + "," + scale + ")";
        case DOUBLE:
          return "DOUBLE";
        case VARCHAR:
          return "VARCHAR";
        case DATE:
          return "DATE";
        case TIMESTAMP:
          return "TIMESTAMP";
        default:
          return "BOOLEAN";
      }
    }

    ArrowType arrowType() {
      switch (kind) {
        case INT:
          return new ArrowType.Int(32, true);
        case BIGINT:
          return new ArrowType.Int(64, true);
        case DECIMAL:
          return new ArrowType.Decimal(precision, scale, 128);
        case DOUBLE:
          return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
        case VARCHAR:
          return ArrowType.Utf8.INSTANCE;
        case DATE:
          return new ArrowType.Date(DateUnit.DAY);
        case TIMESTAMP:
          return new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
        default:
          return ArrowType.Bool.INSTANCE;
      }
    }
  }

  /** Copies the lists. */
  public RandomTable {
    columns = List.copyOf(columns);
    rows = new ArrayList<>(rows);
  }

  /** The Arrow schema (every column nullable). */
  public Schema schema() {
    List<Field> fields = new ArrayList<>();
    for (Column column : columns) {
      fields.add(new Field(column.name(), FieldType.nullable(column.arrowType()), null));
    }
    return new Schema(fields);
  }

  /** The column named {@code name}. */
  public Column column(String name) {
    for (Column column : columns) {
      if (column.name().equals(name)) {
        return column;
      }
    }
    throw new IllegalArgumentException("no column " + name + " in " + this.name);
  }

  /** Rows {@code [from, to)} as one Arrow batch, owned by the caller. */
  public VectorSchemaRoot toArrow(BufferAllocator allocator, int from, int to) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
    try {
      root.allocateNew();
      for (int column = 0; column < columns.size(); column++) {
        FieldVector vector = root.getVector(column);
        for (int row = from; row < to; row++) {
          set(vector, row - from, rows.get(row).get(column));
        }
        vector.setValueCount(to - from);
      }
      root.setRowCount(to - from);
      return root;
    } catch (RuntimeException failure) {
      root.close();
      throw failure;
    }
  }

  /** All rows as one Arrow batch, owned by the caller. */
  public VectorSchemaRoot toArrow(BufferAllocator allocator) {
    return toArrow(allocator, 0, rows.size());
  }

  /** Microseconds since 1970-01-01 00:00 of a timestamp without a zone. */
  static long micros(LocalDateTime timestamp) {
    Instant instant = timestamp.toInstant(ZoneOffset.UTC);
    return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
  }

  private static void set(FieldVector vector, int index, Object value) {
    if (value == null) {
      vector.setNull(index);
    } else if (vector instanceof IntVector) {
      ((IntVector) vector).setSafe(index, Math.toIntExact((Long) value));
    } else if (vector instanceof BigIntVector) {
      ((BigIntVector) vector).setSafe(index, (Long) value);
    } else if (vector instanceof DecimalVector) {
      ((DecimalVector) vector).setSafe(index, (BigDecimal) value);
    } else if (vector instanceof Float8Vector) {
      ((Float8Vector) vector).setSafe(index, (Double) value);
    } else if (vector instanceof VarCharVector) {
      ((VarCharVector) vector).setSafe(index, ((String) value).getBytes(StandardCharsets.UTF_8));
    } else if (vector instanceof DateDayVector) {
      ((DateDayVector) vector).setSafe(index, Math.toIntExact(((LocalDate) value).toEpochDay()));
    } else if (vector instanceof TimeStampMicroVector) {
      ((TimeStampMicroVector) vector).setSafe(index, micros((LocalDateTime) value));
    } else {
      ((BitVector) vector).setSafe(index, (Boolean) value ? 1 : 0);
    }
  }
}
