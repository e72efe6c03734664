package dev.quiver.exec.sort;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.plan.SortKey;
import dev.quiver.testing.TestingRandomData;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Random rows of every type the sort handles, cut into batches (some with a selection, some with
 * a dictionary-encoded string column), and the plain boxed reference order the tests compare with.
 */
final class SortTestData {
  static final Schema SCHEMA = new Schema(List.of(
      field("flag", ArrowType.Bool.INSTANCE),
      field("tiny", new ArrowType.Int(8, true)),
      field("small", new ArrowType.Int(16, true)),
      field("int", new ArrowType.Int(32, true)),
      field("long", new ArrowType.Int(64, true)),
      field("real", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      field("double", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      field("price", new ArrowType.Decimal(12, 2, 128)),
      field("huge", new ArrowType.Decimal(38, 4, 128)),
      field("text", ArrowType.Utf8.INSTANCE),
      field("bytes", ArrowType.Binary.INSTANCE),
      field("day", new ArrowType.Date(DateUnit.DAY)),
      field("at", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
      field("local", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null))));
  static final int TEXT = 9;
  /** {@link #SCHEMA} and six more string and binary columns of longer values: 20 columns of wide rows. */
  static final Schema WIDE = wide();

  /** One input batch of {@code schema}: its cells (all rows) and which of them are selected (null: all). */
  record Piece(Schema schema, List<Object[]> rows, int[] selection, boolean dictionary) {
    List<Object[]> selectedRows() {
      if (selection == null) {
        return rows;
      }
      List<Object[]> result = new ArrayList<>();
      for (int position : selection) {
        result.add(rows.get(position));
      }
      return result;
    }
  }

  private SortTestData() {}

  private static Field field(String name, ArrowType type) {
    return new Field(name, FieldType.nullable(type), null);
  }

  private static Schema wide() {
    List<Field> fields = new ArrayList<>(SCHEMA.getFields());
    for (int i = 1; i <= 4; i++) {
      fields.add(field("comment" + i, ArrowType.Utf8.INSTANCE));
    }
    fields.add(field("blob", ArrowType.Binary.INSTANCE));
    fields.add(field("note", ArrowType.Utf8.INSTANCE));
    return new Schema(fields);
  }

  /** {@code batches} random pieces of up to {@code rows} rows (duplicates likely: few distinct values). */
  static List<Piece> pieces(Random random, int batches, int rows) {
    return pieces(random, SCHEMA, batches, rows);
  }

  /**
   * {@code batches} random pieces of {@code schema} (its first columns {@link #SCHEMA}'s), of up to
   * {@code rows} rows; columns past {@link #SCHEMA}'s hold values up to 200 bytes long.
   */
  static List<Piece> pieces(Random random, Schema schema, int batches, int rows) {
    List<Piece> pieces = new ArrayList<>();
    for (int batch = 0; batch < batches; batch++) {
      int count = 1 + random.nextInt(rows);
      List<Object[]> cells = new ArrayList<>();
      for (int row = 0; row < count; row++) {
        Object[] cell = new Object[schema.getFields().size()];
        for (int column = 0; column < cell.length; column++) {
          ArrowType type = schema.getFields().get(column).getType();
          cell[column] = column < SCHEMA.getFields().size() ? TestingRandomData.cell(random, type)
              : longCell(random, type);
        }
        cells.add(cell);
      }
      int[] selection = null;
      if (random.nextInt(3) == 0) {
        selection = random.ints(count, 0, count).distinct().sorted().limit(1 + random.nextInt(count)).toArray();
      }
      pieces.add(new Piece(schema, cells, selection, random.nextInt(3) == 0));
    }
    return pieces;
  }

  /** A string (or its UTF-8 bytes) of 0 to 200 characters from a small alphabet, null one time in ten. */
  private static Object longCell(Random random, ArrowType type) {
    if (random.nextInt(10) == 0) {
      return null;
    }
    char[] text = new char[random.nextInt(201)];
    for (int i = 0; i < text.length; i++) {
      text[i] = (char) ('a' + random.nextInt(6));
    }
    String value = new String(text);
    return type instanceof ArrowType.Binary ? value.getBytes(StandardCharsets.UTF_8) : value;
  }

  /** The piece as a batch in {@code allocator} (the text column as codes into a dictionary when asked). */
  static Batch batch(Piece piece, BufferAllocator allocator) {
    List<Field> fields = piece.schema().getFields();
    Batch.Builder builder = Batch.builder(piece.rows().size());
    try {
      for (int column = 0; column < fields.size(); column++) {
        List<Object> cells = new ArrayList<>();
        for (Object[] row : piece.rows()) {
          cells.add(row[column]);
        }
        if (column == TEXT && piece.dictionary()) {
          addDictionary(builder, fields.get(column), cells, allocator);
        } else {
          builder.add(fields.get(column), TestingRandomData.vector(allocator, fields.get(column), cells));
        }
      }
    } catch (RuntimeException failure) {
      builder.abandon();
      throw failure;
    }
    if (piece.selection() != null) {
      builder.selection(piece.selection().clone(), piece.selection().length);
    }
    return builder.build();
  }

  private static void addDictionary(Batch.Builder builder, Field field, List<Object> cells, BufferAllocator allocator) {
    Map<Object, Integer> codes = new LinkedHashMap<>();
    for (Object cell : cells) {
      if (cell != null) {
        codes.putIfAbsent(cell, codes.size());
      }
    }
    List<Object> values = new ArrayList<>(codes.keySet());
    values.add(0, "unused");
    FieldVector dictionary = TestingRandomData.vector(allocator, field, values);
    IntVector codeVector = new IntVector("codes", allocator);
    codeVector.allocateNew(Math.max(1, cells.size()));
    for (int row = 0; row < cells.size(); row++) {
      if (cells.get(row) == null) {
        codeVector.setNull(row);
      } else {
        codeVector.set(row, codes.get(cells.get(row)) + 1);
      }
    }
    codeVector.setValueCount(cells.size());
    builder.addDictionary(field, codeVector, dictionary);
  }

  /** Reads every row of a batch (materialized and closed here). */
  static List<Object[]> read(Batch batch, BufferAllocator allocator) {
    List<Object[]> rows = new ArrayList<>();
    try (VectorSchemaRoot root = batch.materialize(allocator)) {
      for (int row = 0; row < root.getRowCount(); row++) {
        Object[] cells = new Object[root.getFieldVectors().size()];
        for (int column = 0; column < cells.length; column++) {
          cells[column] = TestingRandomData.read(root.getVector(column), row);
        }
        rows.add(cells);
      }
    }
    return rows;
  }

  /** The reference order: boxed comparisons, NULLS FIRST/LAST and ASC/DESC as the keys say. */
  static Comparator<Object[]> comparator(List<SortKey> keys) {
    return (a, b) -> {
      for (SortKey key : keys) {
        Object x = a[key.column()];
        Object y = b[key.column()];
        int order;
        if (x == null || y == null) {
          order = x == null && y == null ? 0 : x == null ? (key.nullsFirst() ? -1 : 1) : (key.nullsFirst() ? 1 : -1);
        } else {
          order = compareValues(x, y);
          if (!key.ascending()) {
            order = -order;
          }
        }
        if (order != 0) {
          return order;
        }
      }
      return 0;
    };
  }

  @SuppressWarnings("unchecked")
  private static int compareValues(Object x, Object y) {
    if (x instanceof Double a && y instanceof Double b) {
      if (a.doubleValue() == b.doubleValue()) {
        return 0;
      }
      return Double.compare(a, b);
    }
    if (x instanceof String a && y instanceof String b) {
      return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
    if (x instanceof byte[] a && y instanceof byte[] b) {
      return Arrays.compareUnsigned(a, b);
    }
    return ((Comparable<Object>) x).compareTo(y);
  }

  /** The key columns of a row, normalized so that values the order calls equal are equal (-0.0 = 0.0). */
  static List<Object> keyOf(Object[] row, List<SortKey> keys) {
    List<Object> result = new ArrayList<>();
    for (SortKey key : keys) {
      result.add(normalized(row[key.column()], true));
    }
    return result;
  }

  /** A row as a comparable list (byte arrays as lists, decimals by value). */
  static List<Object> rowOf(Object[] row) {
    List<Object> result = new ArrayList<>();
    for (Object cell : row) {
      result.add(normalized(cell, false));
    }
    return result;
  }

  private static Object normalized(Object cell, boolean zeros) {
    if (cell instanceof byte[] bytes) {
      return Arrays.toString(bytes);
    }
    if (cell instanceof BigDecimal decimal) {
      return decimal.stripTrailingZeros().toPlainString();
    }
    if (zeros && cell instanceof Double value && value == 0.0) {
      return 0.0;
    }
    return cell;
  }
}
