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
  /** The pattern of every row, or null when {@link #patterns} gives each row's. */
  private final Pattern pattern;
  private final Node patterns;
  private final String options;
  private final Replacement replacement;
  private final boolean global;

  private RegexNode(Node operand, Pattern pattern, Replacement replacement, boolean global, ArrowType type) {
    this(operand, pattern, null, null, replacement, global, type);
  }

  private RegexNode(Node operand, Pattern pattern, Node patterns, String options, Replacement replacement,
      boolean global, ArrowType type) {
    super(type);
    this.operand = operand;
    this.pattern = pattern;
    this.patterns = patterns;
    this.options = options;
    this.replacement = replacement;
    this.global = global;
  }

  static RegexNode replace(Node operand, String pattern, String replacement, String options) {
    Pattern compiled = compile(pattern, options, "regexp_replace");
    Replacement parsed = Replacement.parse(replacement);
    int groups = compiled.matcher("").groupCount();
    for (int group : parsed.groups()) {
      if (group > groups) {
        throw QuiverException.user("regexp_replace: the replacement " + TextCasts.quote(replacement) + " refers to \\"
            + group + " but the pattern " + TextCasts.quote(pattern) + " has " + groups + " group"
            + (groups == 1 ? "" : "s"));
      }
    }
    return new RegexNode(operand, compiled, parsed, options != null && options.indexOf('g') >= 0, Types.UTF8);
  }

  static RegexNode matches(Node operand, String pattern, String options) {
    return new RegexNode(operand, compile(pattern, options, "regexp_matches"), null, false, Types.BOOL);
  }

  /** regexp_matches whose pattern is an expression: each row's compiled once per distinct text. */
  static RegexNode matchesEach(Node operand, Node patterns, String options) {
    compile("", options, "regexp_matches");
    return new RegexNode(operand, null, patterns, options, null, false, Types.BOOL);
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
    if (patterns != null) {
      return matchEach(strings, (StringColumn) patterns.evaluate(context), count);
    }
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
      replaceMatches(value, matcher, text);
      builder.append(text.toString());
    }
    StringColumn result = builder.build();
    result.nulls = strings.nulls;
    return result;
  }

  /**
   * Replaces the match {@code matcher} has found (and, when global, every later one) into {@code text},
   * as RE2 does: an empty match right where the previous match ended is not a match.
   */
  private void replaceMatches(String value, Matcher matcher, StringBuilder text) {
    int length = value.length();
    int copied = 0;
    int previousEnd = -1;
    boolean found = true;
    while (found) {
      int start = matcher.start();
      int end = matcher.end();
      int from;
      if (start == end && start == previousEnd) {
        from = start;
      } else {
        text.append(value, copied, start);
        replacement.appendTo(text, matcher);
        copied = end;
        previousEnd = end;
        if (!global) {
          break;
        }
        from = end;
      }
      if (start == end) {
        if (from >= length) {
          break;
        }
        from = value.offsetByCodePoints(from, 1);
      }
      found = from <= length && matcher.find(from);
    }
    text.append(value, copied, length);
  }

  private Column matchEach(StringColumn strings, StringColumn texts, int count) {
    boolean[] nulls = Column.union(strings.nulls, texts.nulls, count);
    boolean[] values = new boolean[count];
    java.util.Map<String, Matcher> compiled = new java.util.HashMap<>();
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      String text = texts.string(i);
      Matcher matcher = compiled.get(text);
      if (matcher == null) {
        matcher = compile(text, options, "regexp_matches").matcher("");
        if (compiled.size() < 1_024) {
          compiled.put(text, matcher);
        }
      }
      values[i] = matcher.reset(strings.string(i)).find();
    }
    return new BoolColumn(values, nulls);
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
        String value = matcher.group(groups[part]);
        if (value != null) {
          out.append(value);
        }
      }
      out.append(literals[groups.length]);
    }
  }
}
