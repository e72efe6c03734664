package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code regexp_extract(s, pattern [, group])} (the group of the first match, empty when nothing
 * matches or the group took no part or does not exist, as DuckDB) and {@code regexp_full_match(s,
 * pattern)} (whether the pattern matches all of s), the pattern a constant compiled once (Java's
 * regular expressions). NULL in, NULL out.
 */
final class RegexExtractNode extends Node {
  private final Node operand;
  private final Pattern pattern;
  /** The group to extract, or -1 for a full match test. */
  private final int group;

  private RegexExtractNode(Node operand, Pattern pattern, int group, ArrowType type) {
    super(type);
    this.operand = operand;
    this.pattern = pattern;
    this.group = group;
  }

  static RegexExtractNode extract(Node operand, String pattern, long group) {
    if (group < 0) {
      throw QuiverException.user("regexp_extract: the group must not be negative, not " + group);
    }
    return new RegexExtractNode(operand, compile(pattern, "regexp_extract"), (int) Math.min(group, Integer.MAX_VALUE),
        Types.UTF8);
  }

  static RegexExtractNode fullMatch(Node operand, String pattern) {
    return new RegexExtractNode(operand, compile(pattern, "regexp_full_match"), -1, Types.BOOL);
  }

  private static Pattern compile(String pattern, String function) {
    try {
      return Pattern.compile(pattern);
    } catch (PatternSyntaxException invalid) {
      throw QuiverException.user(function + ": invalid regular expression " + TextCasts.quote(pattern) + ": "
          + invalid.getDescription() + " near position " + invalid.getIndex());
    }
  }

  @Override
  Column evaluate(EvaluationContext context) {
    StringColumn strings = (StringColumn) operand.evaluate(context);
    int count = context.count;
    Matcher matcher = pattern.matcher("");
    if (group < 0) {
      boolean[] values = new boolean[count];
      for (int i = 0; i < count; i++) {
        if (!strings.isNull(i)) {
          values[i] = matcher.reset(strings.string(i)).matches();
        }
      }
      return new BoolColumn(values, strings.nulls);
    }
    boolean groupExists = group <= matcher.groupCount();
    StringColumn.Builder builder = new StringColumn.Builder(count, strings.data.length);
    for (int i = 0; i < count; i++) {
      if (strings.isNull(i)) {
        builder.appendNull();
        continue;
      }
      String value = groupExists && matcher.reset(strings.string(i)).find() ? matcher.group(group) : null;
      builder.append(value == null ? "" : value);
    }
    StringColumn result = builder.build();
    result.nulls = strings.nulls;
    return result;
  }
}
