package dev.quiver.expression.filter;

import dev.quiver.common.simd.Simd;
import dev.quiver.expression.Expressions;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Run by {@link NoVectorModuleTest} in a JVM started without the Vector API module: filters seeded
 * values {@code 0..99} with {@code v BETWEEN 10 AND 19} and prints the choice, the rows that passed
 * and the rows a plain loop counts.
 */
public final class ScalarOnlyMain {
  private ScalarOnlyMain() {}

  public static void main(String[] arguments) {
    Random random = new Random(Long.parseLong(arguments[0]));
    int rows = 1000;
    try (RootAllocator allocator = new RootAllocator(); BigIntVector vector = new BigIntVector("v", allocator)) {
      vector.allocateNew(rows);
      int expected = 0;
      for (int i = 0; i < rows; i++) {
        long value = random.nextInt(100);
        vector.set(i, value);
        expected += value >= 10 && value <= 19 ? 1 : 0;
      }
      vector.setValueCount(rows);
      Schema schema = new Schema(List.of(Field.nullable("v", new ArrowType.Int(64, true))));
      FilterEvaluator evaluator = new FilterEvaluator(Expressions.parse("v BETWEEN 10 AND 19", schema));
      int passed = evaluator.evaluate(name -> ColumnSlice.plain(vector, 0), rows, new int[rows]);
      System.out.println(Simd.describe());
      System.out.println("passed " + passed + " expected " + expected);
    }
  }
}
