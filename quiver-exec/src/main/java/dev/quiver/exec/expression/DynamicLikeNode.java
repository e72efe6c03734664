package dev.quiver.exec.expression;

import dev.quiver.expression.LikePattern;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code value LIKE pattern} where the pattern is an expression (a column, say) rather than a literal:
 * each row's pattern is compiled once per distinct text (up to {@value #CACHED} kept per batch) and
 * matched on the value's UTF-8 bytes. NULL value or pattern makes NULL.
 */
final class DynamicLikeNode extends Node {
  private static final int CACHED = 1_024;

  private final Node operand;
  private final Node pattern;
  private final Character escape;

  DynamicLikeNode(Node operand, Node pattern, Character escape) {
    super(Types.BOOL);
    this.operand = operand;
    this.pattern = pattern;
    this.escape = escape;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    StringColumn values = (StringColumn) operand.evaluate(context);
    StringColumn patterns = (StringColumn) pattern.evaluate(context);
    int count = context.count;
    boolean[] nulls = Column.union(values.nulls, patterns.nulls, count);
    boolean[] result = new boolean[count];
    Map<String, LikePattern> compiled = new HashMap<>();
    byte[] scratch = new byte[64];
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      String text = patterns.string(i);
      LikePattern like = compiled.get(text);
      if (like == null) {
        like = LikePattern.compile(text, escape);
        if (compiled.size() < CACHED) {
          compiled.put(text, like);
        }
      }
      int length = values.length(i);
      if (scratch.length < length) {
        scratch = new byte[Math.max(length, scratch.length * 2)];
      }
      System.arraycopy(values.data, values.offsets[i], scratch, 0, length);
      result[i] = like.matches(scratch, length);
    }
    return new BoolColumn(result, nulls);
  }
}
