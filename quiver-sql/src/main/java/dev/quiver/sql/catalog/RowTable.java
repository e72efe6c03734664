package dev.quiver.sql.catalog;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.source.TableSource;
import dev.quiver.expression.Expression;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A small table held as rows of Java values (the answers of DESCRIBE, SHOW, SUMMARIZE and the
 * {@code information_schema} tables): columns of VARCHAR ({@link String}), INTEGER ({@link
 * Integer}), BIGINT ({@link Long}), DECIMAL ({@link BigDecimal} of the column's scale) or BOOLEAN;
 * null is NULL. A table source the engine scans (one morsel) and a batch a session returns.
 */
public final class RowTable implements TableSource {
  private final String name;
  private final Schema schema;
  private final List<Object[]> rows;

  public RowTable(String name, Schema schema, List<Object[]> rows) {
    this.name = name;
    this.schema = schema;
    this.rows = List.copyOf(rows);
  }

  /** A nullable VARCHAR column. */
  public static Field varchar(String name) {
    return Field.nullable(name, ArrowType.Utf8.INSTANCE);
  }

  /** A nullable BIGINT column. */
  public static Field bigint(String name) {
    return Field.nullable(name, new ArrowType.Int(64, true));
  }

  /** A nullable INTEGER column. */
  public static Field integer(String name) {
    return Field.nullable(name, new ArrowType.Int(32, true));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public long rowCount() {
    return rows.size();
  }

  public List<Object[]> rows() {
    return rows;
  }

  /** All the rows as one batch (owned by the caller). */
  public VectorSchemaRoot batch(BufferAllocator allocator) {
    List<String> all = schema.getFields().stream().map(Field::getName).toList();
    return batch(all, allocator);
  }

  /** The named columns of all the rows as one batch (owned by the caller). */
  public VectorSchemaRoot batch(List<String> columns, BufferAllocator allocator) {
    List<FieldVector> vectors = new ArrayList<>(columns.size());
    try {
      for (String column : columns) {
        int index = indexOf(column);
        FieldVector vector = schema.getFields().get(index).createVector(allocator);
        vectors.add(vector);
        fill(vector, index);
      }
    } catch (RuntimeException failure) {
      vectors.forEach(FieldVector::close);
      throw failure;
    }
    List<Field> fields = vectors.stream().map(FieldVector::getField).toList();
    return new VectorSchemaRoot(fields, vectors, rows.size());
  }

  private int indexOf(String column) {
    List<Field> fields = schema.getFields();
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).getName().equals(column)) {
        return i;
      }
    }
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).getName().equalsIgnoreCase(column)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no column " + column + " in " + name);
  }

  private void fill(FieldVector vector, int index) {
    int count = rows.size();
    vector.setInitialCapacity(count);
    vector.allocateNew();
    for (int row = 0; row < count; row++) {
      Object value = rows.get(row)[index];
      if (value == null) {
        vector.setNull(row);
      } else if (vector instanceof VarCharVector text) {
        text.setSafe(row, value.toString().getBytes(StandardCharsets.UTF_8));
      } else if (vector instanceof BigIntVector longs) {
        longs.setSafe(row, ((Number) value).longValue());
      } else if (vector instanceof IntVector ints) {
        ints.setSafe(row, ((Number) value).intValue());
      } else if (vector instanceof BitVector bits) {
        bits.setSafe(row, ((Boolean) value) ? 1 : 0);
      } else if (vector instanceof DecimalVector decimals) {
        decimals.setSafe(row, (BigDecimal) value);
      } else {
        throw new IllegalStateException("RowTable has no " + vector.getField().getType() + " columns");
      }
    }
    vector.setValueCount(count);
  }

  @Override
  public MorselSource open(List<String> columns, Expression filter, long limit, ExecutionContext context) {
    OperatorMetrics metrics = new OperatorMetrics("Rows", name);
    return new MorselSource() {
      private final AtomicBoolean taken = new AtomicBoolean();

      @Override
      public Morsel next(ExecutionContext unused) {
        if (!taken.compareAndSet(false, true)) {
          return null;
        }
        return new Morsel() {
          private boolean done;

          @Override
          public Batch next() {
            if (done) {
              return null;
            }
            done = true;
            metrics.output(rows.size());
            return Batch.of(batch(columns, context.allocator()));
          }
        };
      }

      @Override
      public OperatorMetrics metrics() {
        return metrics;
      }
    };
  }
}
