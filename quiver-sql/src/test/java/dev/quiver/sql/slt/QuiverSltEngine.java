package dev.quiver.sql.slt;

import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SessionOptions;
import dev.quiver.sql.session.SqlResult;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** Quiver's session as a golden-file engine; every batch is closed as soon as it is rendered. */
final class QuiverSltEngine implements SltEngine {
  private final QuiverSession session;

  QuiverSltEngine(BufferAllocator allocator) {
    this.session = QuiverSession.open(allocator, SessionOptions.defaults().withThreads(2));
  }

  @Override
  public String name() {
    return "Quiver";
  }

  @Override
  public SltAnswer run(String sql) {
    try (SqlResult result = session.execute(sql)) {
      List<Field> fields = result.schema().getFields();
      StringBuilder types = new StringBuilder();
      for (Field field : fields) {
        types.append(letter(field.getType()));
      }
      List<List<Object>> rows = new ArrayList<>();
      for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
        try (VectorSchemaRoot rendered = batch) {
          for (int row = 0; row < rendered.getRowCount(); row++) {
            List<Object> values = new ArrayList<>(fields.size());
            for (FieldVector vector : rendered.getFieldVectors()) {
              values.add(value(vector, row));
            }
            rows.add(values);
          }
        }
      }
      return new SltAnswer(types.toString(), rows);
    }
  }

  static char letter(ArrowType type) {
    if (type instanceof ArrowType.Decimal decimal && decimal.getPrecision() == 20 && decimal.getScale() == 0) {
      return 'I'; // DECIMAL(20,0) is Quiver's stand-in for DuckDB's UBIGINT (hash(...), Parquet UINT_64)
    }
    return switch (type.getTypeID()) {
      case Int -> 'I';
      case FloatingPoint, Decimal -> 'R';
      default -> 'T';
    };
  }

  private static Object value(FieldVector vector, int row) {
    if (vector.isNull(row)) {
      return null;
    }
    if (vector instanceof BitVector bits) {
      return bits.get(row) != 0;
    }
    if (vector instanceof BaseIntVector integers) {
      return integers.getValueAsLong(row);
    }
    if (vector instanceof Float8Vector doubles) {
      return doubles.get(row);
    }
    if (vector instanceof Float4Vector floats) {
      return floats.get(row);
    }
    if (vector instanceof VarCharVector strings) {
      return new String(strings.get(row), StandardCharsets.UTF_8);
    }
    if (vector instanceof LargeVarCharVector strings) {
      return new String(strings.get(row), StandardCharsets.UTF_8);
    }
    if (vector instanceof DateDayVector dates) {
      return LocalDate.ofEpochDay(dates.get(row));
    }
    if (vector instanceof DateMilliVector dates) {
      return LocalDate.ofEpochDay(Math.floorDiv(dates.get(row), 86_400_000L));
    }
    if (vector instanceof TimeStampVector timestamps
        && ((ArrowType.Timestamp) vector.getField().getType()).getTimezone() != null) {
      return instant(timestamps.get(row), ((ArrowType.Timestamp) vector.getField().getType()).getUnit());
    }
    if (vector instanceof TimeSecVector times) {
      return LocalTime.ofSecondOfDay(times.get(row));
    }
    if (vector instanceof TimeMilliVector times) {
      return LocalTime.ofNanoOfDay(times.get(row) * 1_000_000L);
    }
    if (vector instanceof TimeMicroVector times) {
      return LocalTime.ofNanoOfDay(times.get(row) * 1_000L);
    }
    if (vector instanceof TimeNanoVector times) {
      return LocalTime.ofNanoOfDay(times.get(row));
    }
    if (vector instanceof org.apache.arrow.vector.IntervalMonthDayNanoVector) {
      return dev.quiver.io.csv.CsvFormat.text(vector, row, null); // DuckDB's text, as its driver gives it
    }
    // decimals (BigDecimal), timestamps without a zone (LocalDateTime), anything else by its object
    return vector.getObject(row);
  }

  private static Instant instant(long value, TimeUnit unit) {
    return switch (unit) {
      case SECOND -> Instant.ofEpochSecond(value);
      case MILLISECOND -> Instant.ofEpochMilli(value);
      case MICROSECOND ->
        Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1_000L);
      case NANOSECOND ->
        Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000_000L), Math.floorMod(value, 1_000_000_000L));
    };
  }

  /** Registers a table file under {@code name} (replacing a table of that name). */
  void register(String name, java.nio.file.Path file) throws java.io.IOException {
    session.register(name, file);
  }

  @Override
  public void close() {
    session.close();
  }
}
