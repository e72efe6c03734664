package dev.quiver.exec.plan;

import dev.quiver.expression.Expression;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Computes one output column per expression.
 *
 * @param names the output column names, one per expression
 * @param nullable per output column, whether it may hold NULL
 */
public record ProjectNode(PlanNode input, List<Expression> expressions, List<String> names, List<Boolean> nullable)
    implements PlanNode {
  public ProjectNode {
    Objects.requireNonNull(input, "input");
    expressions = List.copyOf(expressions);
    names = List.copyOf(names);
    nullable = List.copyOf(nullable);
    if (names.size() != expressions.size() || nullable.size() != expressions.size()) {
      throw new IllegalArgumentException("a projection needs one name and one nullability per expression");
    }
  }

  @Override
  public Schema schema() {
    return schema(names, expressions, nullable);
  }

  /** One field per expression: its name, its nullability and the expression's type. */
  static Schema schema(List<String> names, List<Expression> expressions, List<Boolean> nullable) {
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < expressions.size(); i++) {
      fields.add(new Field(names.get(i), new FieldType(nullable.get(i), expressions.get(i).type(), null), null));
    }
    return new Schema(fields);
  }

  @Override
  public List<PlanNode> inputs() {
    return List.of(input);
  }

  @Override
  public String label() {
    List<String> items = new ArrayList<>();
    for (int i = 0; i < expressions.size(); i++) {
      items.add(names.get(i) + "=" + expressions.get(i));
    }
    return "Project[" + String.join(", ", items) + "]";
  }
}
