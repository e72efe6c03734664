package dev.quiver.exec.expression;

import dev.quiver.common.batch.Batch;
import dev.quiver.testing.TestingRandomData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/** Builds test batches from cells (as {@link TestingRandomData} makes them) and reads results back. */
final class TestBatches {
  private TestBatches() {}

  /** One column of a test batch. */
  record TestColumn(String name, ArrowType type, List<Object> cells, boolean dictionary) {}

  static TestColumn column(String name, ArrowType type, Object... cells) {
    return new TestColumn(name, type, java.util.Arrays.asList(cells), false);
  }

  static TestColumn dictionaryColumn(String name, ArrowType type, Object... cells) {
    return new TestColumn(name, type, java.util.Arrays.asList(cells), true);
  }

  static Schema schema(List<TestColumn> columns) {
    List<Field> fields = new ArrayList<>();
    for (TestColumn column : columns) {
      fields.add(new Field(column.name(), FieldType.nullable(column.type()), null));
    }
    return new Schema(fields);
  }

  /** A batch of the columns; {@code selection} (ascending physical rows) or null for every row. */
  static Batch batch(BufferAllocator allocator, List<TestColumn> columns, int[] selection) {
    int rows = columns.isEmpty() ? 0 : columns.get(0).cells().size();
    Batch.Builder builder = Batch.builder(rows);
    try {
      for (TestColumn column : columns) {
        Field field = new Field(column.name(), FieldType.nullable(column.type()), null);
        if (column.dictionary()) {
          addDictionary(allocator, builder, field, column.cells());
        } else {
          builder.add(field, TestingRandomData.vector(allocator, field, column.cells()));
        }
      }
    } catch (RuntimeException failure) {
      builder.abandon();
      throw failure;
    }
    if (selection != null) {
      builder.selection(selection, selection.length);
    }
    return builder.build();
  }

  private static void addDictionary(BufferAllocator allocator, Batch.Builder builder, Field field,
      List<Object> cells) {
    Map<Object, Integer> codes = new LinkedHashMap<>();
    List<Object> values = new ArrayList<>();
    IntVector codeVector = new IntVector(field.getName(), allocator);
    codeVector.allocateNew(Math.max(1, cells.size()));
    for (int i = 0; i < cells.size(); i++) {
      Object cell = cells.get(i);
      if (cell == null) {
        codeVector.setNull(i);
        continue;
      }
      Object key = cell instanceof java.math.BigDecimal decimal ? decimal.stripTrailingZeros() : cell;
      Integer code = codes.get(key);
      if (code == null) {
        code = values.size();
        codes.put(key, code);
        values.add(cell);
      }
      codeVector.set(i, code);
    }
    codeVector.setValueCount(cells.size());
    FieldVector dictionary;
    try {
      dictionary = TestingRandomData.vector(allocator, field, values);
    } catch (RuntimeException failure) {
      codeVector.close();
      throw failure;
    }
    builder.addDictionary(field, codeVector, dictionary);
  }

  /** The cells of a vector ({@link TestingRandomData#read}). */
  static List<Object> cells(FieldVector vector) {
    List<Object> cells = new ArrayList<>();
    for (int i = 0; i < vector.getValueCount(); i++) {
      cells.add(TestingRandomData.read(vector, i));
    }
    return cells;
  }

  /** Compiles and evaluates an expression over the batch, returning its cells. */
  static List<Object> evaluate(BufferAllocator allocator, dev.quiver.expression.Expression expression,
      List<TestColumn> columns, int[] selection) {
    CompiledExpression compiled = ExpressionCompiler.compile(expression, schema(columns));
    try (Batch batch = batch(allocator, columns, selection);
        FieldVector result = compiled.evaluate(batch, allocator)) {
      if (result.getValueCount() != batch.rowCount()) {
        throw new AssertionError("result holds " + result.getValueCount() + " rows, not " + batch.rowCount());
      }
      return cells(result);
    }
  }

  /**
   * The expression evaluated over the selected rows written at their physical positions ({@link
   * CompiledProjection#evaluateScattered}): the cells of the selected positions, in order; checks the vector
   * holds the batch's physical rows and that every row not selected is NULL.
   */
  static List<Object> evaluateScattered(BufferAllocator allocator, dev.quiver.expression.Expression expression,
      List<TestColumn> columns, int[] selection) {
    CompiledProjection compiled = ExpressionCompiler.compileAll(List.of(expression), schema(columns));
    try (Batch batch = batch(allocator, columns, selection)) {
      FieldVector result = compiled.evaluateScattered(batch, allocator)[0];
      try {
        if (result.getValueCount() != batch.physicalRowCount()) {
          throw new AssertionError("result holds " + result.getValueCount() + " rows, not the batch's "
              + batch.physicalRowCount());
        }
        List<Object> all = cells(result);
        List<Object> selected = new ArrayList<>();
        java.util.Set<Integer> chosen = new java.util.HashSet<>();
        for (int row : selection) {
          selected.add(all.get(row));
          chosen.add(row);
        }
        for (int row = 0; row < all.size(); row++) {
          if (!chosen.contains(row) && all.get(row) != null) {
            throw new AssertionError("row " + row + " is not selected but holds " + all.get(row));
          }
        }
        return selected;
      } finally {
        result.close();
      }
    }
  }

  /** The expressions compiled together ({@link ExpressionCompiler#compileAll}), each one's cells. */
  static List<List<Object>> evaluateAll(BufferAllocator allocator, List<dev.quiver.expression.Expression> expressions,
      List<TestColumn> columns, int[] selection) {
    CompiledProjection compiled = ExpressionCompiler.compileAll(expressions, schema(columns));
    try (Batch batch = batch(allocator, columns, selection)) {
      FieldVector[] results = compiled.evaluate(batch, allocator);
      List<List<Object>> cells = new ArrayList<>();
      try {
        for (FieldVector result : results) {
          cells.add(cells(result));
        }
      } finally {
        for (FieldVector result : results) {
          result.close();
        }
      }
      return cells;
    }
  }

  /** The physical rows where a compiled predicate holds. */
  static List<Integer> select(BufferAllocator allocator, dev.quiver.expression.Expression condition,
      List<TestColumn> columns, int[] selection) {
    CompiledPredicate compiled = ExpressionCompiler.compilePredicate(condition, schema(columns));
    try (Batch batch = batch(allocator, columns, selection)) {
      int[] positions = new int[batch.physicalRowCount()];
      int count = compiled.select(batch, positions);
      List<Integer> result = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        result.add(positions[i]);
      }
      return result;
    }
  }
}
