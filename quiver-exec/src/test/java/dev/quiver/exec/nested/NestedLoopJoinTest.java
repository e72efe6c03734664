package dev.quiver.exec.nested;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.expression.CompiledPredicate;
import dev.quiver.exec.memory.MemoryPool;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.StreamOperator;
import dev.quiver.exec.plan.JoinType;
import dev.quiver.exec.plan.NestedLoopJoinNode;
import dev.quiver.exec.plan.ValuesNode;
import dev.quiver.expression.Constant;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingRandomData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class NestedLoopJoinTest {
  private static final Schema LEFT = new Schema(List.of(field("a", new ArrowType.Int(64, true)),
      field("s", ArrowType.Utf8.INSTANCE)));
  private static final Schema RIGHT = new Schema(List.of(field("b", new ArrowType.Int(64, true)),
      field("t", ArrowType.Utf8.INSTANCE)));

  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  @TempDir
  Path spill;

  private static Field field(String name, ArrowType type) {
    return new Field(name, FieldType.nullable(type), null);
  }

  /** left.a < right.b (column 0 against column 2), NULL when either is NULL: a hand-written predicate. */
  private static final CompiledPredicate LESS = (batch, positions) -> {
    BigIntVector left = (BigIntVector) batch.vector(0);
    BigIntVector right = (BigIntVector) batch.vector(2);
    int[] selection = batch.selection();
    int count = 0;
    for (int i = 0; i < batch.rowCount(); i++) {
      int row = selection == null ? i : selection[i];
      if (!left.isNull(row) && !right.isNull(row) && left.get(row) < right.get(row)) {
        positions[count++] = row;
      }
    }
    return count;
  };

  private static Long a(Object[] row) {
    return (Long) row[0];
  }

  private static boolean matches(Object[] left, Object[] right, boolean condition) {
    if (!condition) {
      return true;
    }
    return left[0] != null && right[0] != null && (Long) left[0] < (Long) right[0];
  }

  private static List<Object[]> rows(Random random, Schema schema, int count) {
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Object[] row = new Object[schema.getFields().size()];
      for (int column = 0; column < row.length; column++) {
        row[column] = TestingRandomData.cell(random, schema.getFields().get(column).getType());
      }
      rows.add(row);
    }
    return rows;
  }

  /** A batch of the rows; the string column as dictionary codes when asked; some rows deselected. */
  private static Batch batch(List<Object[]> rows, Schema schema, boolean dictionary, int[] selection,
      BufferAllocator allocator) {
    Batch.Builder builder = Batch.builder(rows.size());
    List<Object> numbers = new ArrayList<>();
    List<Object> texts = new ArrayList<>();
    for (Object[] row : rows) {
      numbers.add(row[0]);
      texts.add(row[1]);
    }
    builder.add(schema.getFields().get(0), TestingRandomData.vector(allocator, schema.getFields().get(0), numbers));
    if (dictionary) {
      Map<Object, Integer> codes = new LinkedHashMap<>();
      texts.stream().filter(text -> text != null).forEach(text -> codes.putIfAbsent(text, codes.size()));
      FieldVector values = TestingRandomData.vector(allocator, schema.getFields().get(1),
          new ArrayList<>(codes.keySet()));
      IntVector codeVector = new IntVector("codes", allocator);
      codeVector.allocateNew(Math.max(1, rows.size()));
      for (int i = 0; i < texts.size(); i++) {
        if (texts.get(i) == null) {
          codeVector.setNull(i);
        } else {
          codeVector.set(i, codes.get(texts.get(i)));
        }
      }
      codeVector.setValueCount(texts.size());
      builder.addDictionary(schema.getFields().get(1), codeVector, values);
    } else {
      builder.add(schema.getFields().get(1), TestingRandomData.vector(allocator, schema.getFields().get(1), texts));
    }
    if (selection != null) {
      builder.selection(selection, selection.length);
    }
    return builder.build();
  }

  private static List<Object> key(Object[] row) {
    return Arrays.asList(row);
  }

  @Test
  void everyTypeAgainstAReference() {
    long seed = System.nanoTime();
    System.out.println("NestedLoopJoinTest seed " + seed);
    Random random = new Random(seed);
    for (int round = 0; round < 60; round++) {
      JoinType type = List.of(JoinType.INNER, JoinType.LEFT, JoinType.SEMI, JoinType.ANTI).get(round % 4);
      boolean condition = round % 8 < 6;
      int rightRows = random.nextInt(4);
      runAndCheck(seed + " round " + round, new Random(random.nextLong()), type, condition, rightRows);
    }
  }

  private void runAndCheck(String what, Random random, JoinType type, boolean condition, int rightRowCount) {
    List<Object[]> rightRows = rows(random, RIGHT, rightRowCount);
    List<List<Object[]>> leftBatches = new ArrayList<>();
    List<int[]> selections = new ArrayList<>();
    List<Object[]> leftSelected = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      List<Object[]> batch = rows(random, LEFT, 1 + random.nextInt(50));
      int[] selection = random.nextBoolean() ? null
          : random.ints(batch.size(), 0, batch.size()).distinct().sorted().limit(1 + random.nextInt(batch.size()))
              .toArray();
      leftBatches.add(batch);
      selections.add(selection);
      if (selection == null) {
        leftSelected.addAll(batch);
      } else {
        for (int position : selection) {
          leftSelected.add(batch.get(position));
        }
      }
    }
    List<List<Object>> expected = new ArrayList<>();
    for (Object[] left : leftSelected) {
      boolean any = false;
      for (Object[] right : rightRows) {
        if (matches(left, right, condition)) {
          any = true;
          if (type == JoinType.INNER || type == JoinType.LEFT) {
            expected.add(List.of(Arrays.asList(left[0], left[1], right[0], right[1])).get(0));
          }
        }
      }
      if (type == JoinType.LEFT && !any) {
        expected.add(Arrays.asList(left[0], left[1], null, null));
      }
      if (type == JoinType.SEMI && any || type == JoinType.ANTI && !any) {
        expected.add(Arrays.asList(left[0], left[1]));
      }
    }

    NestedLoopJoinNode node = new NestedLoopJoinNode(new ValuesNode(LEFT, List.of()), new ValuesNode(RIGHT, List.of()),
        type, condition ? new Constant(true) : null);
    List<List<Object>> actual = new ArrayList<>();
    try (MemoryPool pool = new MemoryPool(allocator.allocator(), "query", 1L << 30);
        NestedLoopJoinBuildFactory build = new NestedLoopJoinBuildFactory(node, RIGHT)) {
      ExecutionContext context = new ExecutionContext(pool, 1, spill, 1024);
      try (Sink sink = build.create(context)) {
        if (!rightRows.isEmpty()) {
          sink.consume(batch(rightRows, RIGHT, random.nextBoolean(), null, context.allocator()));
        }
        build.combine(sink, context);
      }
      build.finish(context);
      NestedLoopJoinProbeFactory probe = new NestedLoopJoinProbeFactory(node, build, (expression, schema) -> {
        assertThat(schema.getFields()).hasSize(4);
        return LESS;
      });
      try (StreamOperator operator = probe.create(context)) {
        for (int i = 0; i < leftBatches.size(); i++) {
          operator.process(batch(leftBatches.get(i), LEFT, random.nextBoolean(), selections.get(i),
              context.allocator()), output -> {
                assertThat(output.schema().getFields()).hasSize(node.schema().getFields().size());
                try (VectorSchemaRoot root = output.materialize(allocator.allocator())) {
                  for (int row = 0; row < root.getRowCount(); row++) {
                    List<Object> cells = new ArrayList<>();
                    for (FieldVector vector : root.getFieldVectors()) {
                      cells.add(TestingRandomData.read(vector, row));
                    }
                    actual.add(cells);
                  }
                }
              });
        }
        operator.finish(output -> output.close());
      }
    }
    assertThat(counts(actual)).as(what + " " + type + " condition " + condition + " right rows " + rightRowCount)
        .isEqualTo(counts(expected));
  }

  private static Map<List<Object>, Integer> counts(List<List<Object>> rows) {
    Map<List<Object>, Integer> counts = new HashMap<>();
    for (List<Object> row : rows) {
      counts.merge(row, 1, Integer::sum);
    }
    return counts;
  }
}
