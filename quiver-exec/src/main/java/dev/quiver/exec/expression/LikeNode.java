package dev.quiver.exec.expression;

import dev.quiver.expression.LikePattern;
import java.util.Arrays;

/**
 * {@code value LIKE pattern} (and starts_with, a prefix pattern) on UTF-8 bytes: exact, prefix, suffix
 * and contains patterns test the bytes in place; general patterns go through {@link LikePattern}.
 */
final class LikeNode extends Node {
  private final Node operand;
  private final LikePattern pattern;

  LikeNode(Node operand, LikePattern pattern) {
    super(Types.BOOL);
    this.operand = operand;
    this.pattern = pattern;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    StringColumn strings = (StringColumn) operand.evaluate(context);
    int count = context.count;
    boolean[] result = new boolean[count];
    byte[] data = strings.data;
    int[] offsets = strings.offsets;
    byte[] literal = pattern.literal();
    int size = literal.length;
    switch (pattern.shape()) {
      case EVERYTHING -> Arrays.fill(result, true);
      case EXACT -> {
        for (int i = 0; i < count; i++) {
          result[i] = Arrays.equals(data, offsets[i], offsets[i + 1], literal, 0, size);
        }
      }
      case PREFIX -> {
        for (int i = 0; i < count; i++) {
          int start = offsets[i];
          result[i] = offsets[i + 1] - start >= size && Arrays.equals(data, start, start + size, literal, 0, size);
        }
      }
      case SUFFIX -> {
        for (int i = 0; i < count; i++) {
          int end = offsets[i + 1];
          result[i] = end - offsets[i] >= size && Arrays.equals(data, end - size, end, literal, 0, size);
        }
      }
      case CONTAINS -> {
        for (int i = 0; i < count; i++) {
          result[i] = contains(data, offsets[i], offsets[i + 1], literal);
        }
      }
      case GENERAL -> {
        byte[] scratch = new byte[64];
        for (int i = 0; i < count; i++) {
          int length = offsets[i + 1] - offsets[i];
          if (scratch.length < length) {
            scratch = new byte[Math.max(length, scratch.length * 2)];
          }
          System.arraycopy(data, offsets[i], scratch, 0, length);
          result[i] = pattern.matches(scratch, length);
        }
      }
    }
    boolean[] nulls = strings.nulls == null ? null : strings.nulls.clone();
    ComparisonNode.clearNulls(result, nulls);
    return new BoolColumn(result, nulls);
  }

  private static boolean contains(byte[] data, int from, int to, byte[] needle) {
    int size = needle.length;
    if (size == 0) {
      return true;
    }
    byte first = needle[0];
    for (int start = from, last = to - size; start <= last; start++) {
      if (data[start] == first && Arrays.equals(data, start, start + size, needle, 0, size)) {
        return true;
      }
    }
    return false;
  }
}
