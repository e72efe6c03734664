package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code regexp_replace(s, pattern, replacement [, options])} and {@code regexp_matches(s, pattern [,
 * options])} with Java's regular expressions, the pattern and replacement constants compiled once.
 * As DuckDB: regexp_replace replaces the first match unless the options hold {@code g}; {@code i} makes
 * the match case-insensitive; in the replacement {@code \0}–{@code \9} are the groups (as ClickBench
 * writes {@code '\1'}) and {@code \\} is a backslash; regexp_matches is true when the pattern matches
 * anywhere in the string. NULL in, NULL out.
 */
final class RegexNode extends Node {
  private final Node operand;
  private final Pattern pattern;
  private final Replacement replacement;
  private final boolean global;

  private RegexNode(Node operand, Pattern pattern, Replacement replacement, boolean global, ArrowType type) {
    super(type);
    this.operand = operand;
    this.pattern = pattern;
    this.replacement = replacement;
    this.global = global;
  }

  static RegexNode replace(Node operand, String pattern, String replacement, String options) {
    return new RegexNode(operand, compile(pattern, options, "regexp_replace"), Replacement.parse(replacement),
        options != null && options.indexOf('g') >= 0, Types.UTF8);
  }

  static RegexNode matches(Node operand, String pattern, String options) {
    return new RegexNode(operand, compile(pattern, options, "regexp_matches"), null, false, Types.BOOL);
  }

  private static Pattern compile(String pattern, String options, String function) {
    int flags = 0;
    if (options != null) {
      for (int i = 0; i < options.length(); i++) {
        char option = options.charAt(i);
        switch (option) {
          case 'i' -> flags |= Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
          case 'c', 'g' -> {
            // 'c' is case-sensitive (the default); 'g' is read by regexp_replace.
          }
          case 's' -> flags |= Pattern.DOTALL;
          case 'm', 'n', 'p' -> flags |= Pattern.MULTILINE;
          default -> throw QuiverException.user(function + ": unknown option " + TextCasts.quote(String.valueOf(option))
              + " (known: c, i, g, s, m)");
        }
      }
    }
    try {
      return Pattern.compile(pattern, flags);
    } catch (PatternSyntaxException invalid) {
      throw QuiverException.user(function + ": invalid regular expression " + TextCasts.quote(pattern) + ": "
          + invalid.getDescription() + " near position " + invalid.getIndex());
    }
  }

  @Override
  Column evaluate(EvaluationContext context) {
    StringColumn strings = (StringColumn) operand.evaluate(context);
    int count = context.count;
    if (replacement == null) {
      boolean[] values = new boolean[count];
      Matcher matcher = pattern.matcher("");
      for (int i = 0; i < count; i++) {
        if (!strings.isNull(i)) {
          values[i] = matcher.reset(strings.string(i)).find();
        }
      }
      return new BoolColumn(values, strings.nulls);
    }
    StringColumn.Builder builder = new StringColumn.Builder(count, strings.data.length);
    Matcher matcher = pattern.matcher("");
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      if (strings.isNull(i)) {
        builder.appendNull();
        continue;
      }
      String value = strings.string(i);
      matcher.reset(value);
      if (!matcher.find()) {
        builder.append(strings.data, strings.offsets[i], strings.length(i));
        continue;
      }
      text.setLength(0);
      int end = 0;
      do {
        text.append(value, end, matcher.start());
        replacement.appendTo(text, matcher);
        end = matcher.end();
        if (matcher.end() == matcher.start()) {
          if (end >= value.length()) {
            break;
          }
          text.append(value.charAt(end));
          end++;
          if (!matcher.find(end)) {
            break;
          }
        } else if (!matcher.find()) {
          break;
        }
      } while (global);
      text.append(value, end, value.length());
      builder.append(text.toString());
    }
    StringColumn result = builder.build();
    result.nulls = strings.nulls;
    return result;
  }

  /** A replacement text cut into literal parts and group references. */
  private record Replacement(String[] literals, int[] groups) {
    static Replacement parse(String text) {
      java.util.List<String> literals = new java.util.ArrayList<>();
      java.util.List<Integer> groups = new java.util.ArrayList<>();
      StringBuilder literal = new StringBuilder();
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        if (c == '\\' && i + 1 < text.length()) {
          char next = text.charAt(i + 1);
          if (next >= '0' && next <= '9') {
            literals.add(literal.toString());
            literal.setLength(0);
            groups.add(next - '0');
            i++;
            continue;
          }
          if (next == '\\') {
            literal.append('\\');
            i++;
            continue;
          }
        }
        literal.append(c);
      }
      literals.add(literal.toString());
      return new Replacement(literals.toArray(String[]::new), groups.stream().mapToInt(Integer::intValue).toArray());
    }

    void appendTo(StringBuilder out, Matcher matcher) {
      for (int part = 0; part < groups.length; part++) {
        out.append(literals[part]);
        int group = groups[part];
        if (group <= matcher.groupCount()) {
          String value = matcher.group(group);
          if (value != null) {
            out.append(value);
          }
        }
      }
      out.append(literals[groups.length]);
    }
  }
}
