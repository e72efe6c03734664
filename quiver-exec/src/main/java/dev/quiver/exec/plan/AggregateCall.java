package dev.quiver.exec.plan;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * One aggregate of an {@link AggregateNode}.
 *
 * @param function the function
 * @param arguments input ordinals of the arguments (empty for COUNT(*))
 * @param distinct whether only distinct argument values count
 * @param filter input ordinal of a boolean column that selects the rows this aggregate sees (the
 *     FILTER clause), or -1
 * @param type the result type
 * @param nullable whether the result may be NULL
 * @param name the output column name
 */
public record AggregateCall(AggregateFunction function, List<Integer> arguments, boolean distinct, int filter,
    ArrowType type, boolean nullable, String name) {
  public AggregateCall {
    Objects.requireNonNull(function, "function");
    Objects.requireNonNull(type, "type");
    arguments = List.copyOf(arguments);
  }

  public Field field() {
    return new Field(name, new FieldType(nullable, type, null), null);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(function.name().toLowerCase(java.util.Locale.ROOT)).append('(');
    if (distinct) {
      text.append("DISTINCT ");
    }
    if (arguments.isEmpty()) {
      text.append('*');
    }
    for (int i = 0; i < arguments.size(); i++) {
      text.append(i == 0 ? "" : ", ").append('#').append(arguments.get(i));
    }
    text.append(')');
    if (filter >= 0) {
      text.append(" FILTER #").append(filter);
    }
    return text.toString();
  }
}
