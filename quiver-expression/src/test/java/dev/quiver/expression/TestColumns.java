package dev.quiver.expression;

import dev.quiver.testing.TestingRandomData;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A schema with one column of every supported type, random cells drawn from small domains (so
 * equalities hit) plus the extremes (MIN/MAX, NaN, -0.0, infinities, empty, multi-byte and long
 * strings), and vectors holding them. Cells are kept as: Long (ints, dates in days, timestamps raw),
 * Double (floats), Boolean, String (utf8), byte[] (binary), BigDecimal (decimals), null.
 */
public final class TestColumns {
  public static final Schema SCHEMA = new Schema(List.of(
      Field.nullable("i8", new ArrowType.Int(8, true)),
      Field.nullable("i16", new ArrowType.Int(16, true)),
      Field.nullable("i32", new ArrowType.Int(32, true)),
      Field.nullable("i64", new ArrowType.Int(64, true)),
      Field.nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("flag", ArrowType.Bool.INSTANCE),
      Field.nullable("text", ArrowType.Utf8.INSTANCE),
      Field.nullable("data", ArrowType.Binary.INSTANCE),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("ts_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
      Field.nullable("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
      Field.nullable("ts_s_zone", new ArrowType.Timestamp(TimeUnit.SECOND, "America/New_York")),
      Field.nullable("ts_ms_utc", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
      Field.nullable("price", new ArrowType.Decimal(15, 2, 128)),
      Field.nullable("wide", new ArrowType.Decimal(38, 10, 128))));

  public static final String[] STRING_PIECES = TestingRandomData.stringPieces();

  private TestColumns() {}

  public static ArrowType type(String column) {
    return SCHEMA.findField(column).getType();
  }

  /** A random cell of the type: null about one time in seven. */
  public static Object randomCell(Random random, ArrowType type) {
    return TestingRandomData.cell(random, type);
  }

  public static String randomString(Random random) {
    return TestingRandomData.string(random);
  }

  /** A vector of the column holding the cells. */
  public static FieldVector vector(BufferAllocator allocator, String column, List<Object> cells) {
    return TestingRandomData.vector(allocator, SCHEMA.findField(column), cells);
  }

  /** Reads a cell back with getObject (the reference path), normalized to the cell types. */
  public static Object read(FieldVector vector, int index) {
    return TestingRandomData.read(vector, index);
  }

  /** A dictionary of the cells: distinct non-null values and codes (a null code for a null cell). */
  public static final class Dictionary implements AutoCloseable {
    public final FieldVector values;
    public final IntVector codes;

    public Dictionary(BufferAllocator allocator, String column, List<Object> cells) {
      Map<Object, Integer> indexes = new HashMap<>();
      List<Object> distinct = new ArrayList<>();
      codes = new IntVector(column + "_codes", allocator);
      codes.allocateNew(cells.size());
      for (int i = 0; i < cells.size(); i++) {
        Object cell = cells.get(i);
        if (cell == null) {
          codes.setNull(i);
          continue;
        }
        Object key = cell instanceof byte[] bytes ? HexFormat.of().formatHex(bytes)
            : cell instanceof Double number ? Double.doubleToRawLongBits(number) : cell;
        Integer code = indexes.computeIfAbsent(key, unused -> {
          distinct.add(cell);
          return distinct.size() - 1;
        });
        codes.setSafe(i, code);
      }
      codes.setValueCount(cells.size());
      values = vector(allocator, column, distinct);
    }

    @Override
    public void close() {
      values.close();
      codes.close();
    }
  }
}
