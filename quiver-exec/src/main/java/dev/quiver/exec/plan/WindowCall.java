package dev.quiver.exec.plan;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * One function of a {@link WindowNode}.
 *
 * @param function the function
 * @param arguments input ordinals of the arguments (COUNT(*), the ranking functions: none; LAG/LEAD:
 *     the value and optionally the default)
 * @param offset LAG/LEAD's row offset, NTILE's buckets, NTH_VALUE's position; 0 otherwise
 * @param ignoreNulls IGNORE NULLS (value functions: NULL arguments are skipped)
 * @param frame the frame (read by {@link WindowFunction#framed()} functions)
 * @param type the result type
 * @param nullable whether the result may be NULL
 * @param name the output column name
 */
public record WindowCall(WindowFunction function, List<Integer> arguments, long offset, boolean ignoreNulls,
    WindowFrame frame, ArrowType type, boolean nullable, String name) {
  public WindowCall {
    Objects.requireNonNull(function, "function");
    Objects.requireNonNull(frame, "frame");
    Objects.requireNonNull(type, "type");
    arguments = List.copyOf(arguments);
  }

  public Field field() {
    return new Field(name, new FieldType(nullable, type, null), null);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(function.name().toLowerCase(java.util.Locale.ROOT)).append('(');
    if (arguments.isEmpty() && function == WindowFunction.COUNT) {
      text.append('*');
    }
    for (int i = 0; i < arguments.size(); i++) {
      text.append(i == 0 ? "" : ", ").append('#').append(arguments.get(i));
    }
    if (function == WindowFunction.LAG || function == WindowFunction.LEAD || function == WindowFunction.NTILE
        || function == WindowFunction.NTH_VALUE) {
      text.append(text.charAt(text.length() - 1) == '(' ? "" : ", ").append(offset);
    }
    text.append(')');
    if (ignoreNulls) {
      text.append(" IGNORE NULLS");
    }
    if (function.framed()) {
      text.append(' ').append(frame);
    }
    return text.toString();
  }
}
