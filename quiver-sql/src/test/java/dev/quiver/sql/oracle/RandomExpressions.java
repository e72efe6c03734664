package dev.quiver.sql.oracle;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random typed SQL expressions and predicates over the columns in scope, in syntax DuckDB and a
 * Calcite-based engine both accept, avoiding what they legitimately disagree on: no integer
 * division (DuckDB's {@code /} on integers gives DOUBLE), divisions by {@code NULLIF(y, 0)} (DuckDB
 * divides by zero to infinity), no double-to-integer casts (rounding differs), no UPPER/LOWER
 * (unicode case rules differ), negative literals in parentheses, string CASE branches never two
 * literals (Calcite types those CHAR and pads them), products only outside aggregates (sums of
 * products could overflow a type one engine widens and the other does not). Draws DuckDB's string
 * functions of issue 25 too (split_part, lpad/rpad, left/right, reverse, repeat, concat_ws,
 * trim/ltrim/rtrim of characters, regexp_extract, md5, hash, ifnull, nullif (of numbers), greatest/least, strpos/instr,
 * length; starts_with, contains, regexp_full_match, regexp_matches as conditions) and its date functions
 * (date_part, date_diff/datediff, epoch_ms, DATE ± integer, DATE − DATE, make_date, dayname, monthname,
 * strftime), and INTERVAL values (TIMESTAMP - TIMESTAMP and age(...), read by epoch and date_part and
 * compared with interval literals of their family).
 */
final class RandomExpressions {
  /** An expression's text and the kind of value it gives. */
  record Expression(String sql, RandomTable.Kind kind) {}

  /** A table in the query's FROM with its alias. */
  record Source(String alias, RandomTable table) {}

  private static final String[] LIKE_PATTERNS = {"a%", "%a", "%b%", "_", "a_b", "%", "", "%😀%", "日%", "%é", "x\\%y",
      "__", "%e"};
  private static final String[] EXTRACT_FIELDS = {"YEAR", "MONTH", "DAY", "DOW", "DOY", "QUARTER"};
  private static final String[] TIMESTAMP_FIELDS = {"YEAR", "MONTH", "DAY", "DOW", "HOUR", "MINUTE", "SECOND"};
  private static final String[] DIFF_PARTS_DATE = {"day", "week", "month", "quarter", "year"};
  private static final String[] DIFF_PARTS_TIMESTAMP = {"day", "month", "year", "hour", "minute", "second"};
  private static final String[] STRFTIME_FORMATS = {"%Y-%m-%d", "%d/%m/%Y %H:%M", "%A %B %j", "%y%m%d %I %p",
      "%H:%M:%S.%f"};
  private static final String[] TIMESTAMP_UNITS = {"DAY", "HOUR", "MINUTE", "SECOND", "MONTH"};

  private final Random random;
  private final List<Source> scope;
  private final boolean constants;

  RandomExpressions(Random random, List<Source> scope) {
    this(random, scope, false);
  }

  /**
   * @param constants whether every column reference becomes a literal of its kind (now and then a
   *     typed NULL): constant expressions, which the planner folds, beside the same shapes over columns,
   *     which the engine evaluates; both must give DuckDB's answer
   */
  RandomExpressions(Random random, List<Source> scope, boolean constants) {
    this.random = random;
    this.scope = List.copyOf(scope);
    this.constants = constants;
  }

  /** A column of the scope whose kind satisfies {@code wanted} (a literal in constant mode), or null if there is none. */
  Expression column(java.util.function.Predicate<RandomTable.Kind> wanted) {
    List<Expression> candidates = new ArrayList<>();
    for (Source source : scope) {
      for (RandomTable.Column column : source.table().columns()) {
        if (wanted.test(column.kind())) {
          candidates.add(new Expression(source.alias() + "." + column.name(), column.kind()));
        }
      }
    }
    if (candidates.isEmpty()) {
      return null;
    }
    Expression chosen = candidates.get(random.nextInt(candidates.size()));
    if (!constants) {
      return chosen;
    }
    if (random.nextInt(10) == 0) {
      String type = chosen.kind() == RandomTable.Kind.DECIMAL ? "DECIMAL(9,2)"
          : new RandomTable.Column("null", chosen.kind(), 0, 0).sqlType();
      return new Expression("CAST(NULL AS " + type + ")", chosen.kind());
    }
    return literal(chosen.kind());
  }

  /** Any column of the scope. */
  Expression anyColumn() {
    return column(kind -> true);
  }

  /** An expression of any kind; {@code inAggregate}: an aggregate's argument (no products). */
  Expression any(int depth, boolean inAggregate) {
    switch (random.nextInt(7)) {
      case 0:
      case 1:
        return numeric(depth, inAggregate);
      case 2:
        return string(depth);
      case 3:
        return date(depth);
      case 4:
        return new Expression(predicate(depth), RandomTable.Kind.BOOLEAN);
      case 5:
        return timestamp(depth);
      default:
        return anyColumn();
    }
  }

  /** A numeric expression (kind INT, BIGINT, DECIMAL or DOUBLE). */
  Expression numeric(int depth, boolean inAggregate) {
    Expression column = column(RandomTable.Kind::numeric);
    if (depth <= 0 || random.nextInt(3) == 0) {
      return column;
    }
    switch (random.nextInt(9)) {
      case 0: {
        Expression left = numeric(depth - 1, inAggregate);
        Expression right = random.nextBoolean() ? numeric(depth - 1, inAggregate) : literal(left.kind());
        return new Expression("(" + left.sql() + (random.nextBoolean() ? " + " : " - ") + right.sql() + ")",
            widest(left.kind(), right.kind()));
      }
      case 1:
        if (column.kind() == RandomTable.Kind.INT || column.kind() == RandomTable.Kind.BIGINT || inAggregate) {
          return new Expression("(" + column.sql() + " * " + (1 + random.nextInt(3)) + ")", column.kind());
        }
        Expression other = column(kind -> kind == RandomTable.Kind.DECIMAL || kind == RandomTable.Kind.DOUBLE);
        return new Expression("(" + column.sql() + " * " + other.sql() + ")", widest(column.kind(), other.kind()));
      case 2: {
        Expression dividend = column(kind -> kind == RandomTable.Kind.DECIMAL || kind == RandomTable.Kind.DOUBLE);
        if (dividend == null) {
          return column;
        }
        Expression divisor = column(RandomTable.Kind::numeric);
        RandomTable.Kind kind = widest(dividend.kind(), divisor.kind());
        if (kind != RandomTable.Kind.DOUBLE) {
          // A decimal quotient's scale differs between engines; compare it as a double.
          return new Expression("(CAST(" + dividend.sql() + " AS DOUBLE) / NULLIF(" + divisor.sql() + ", 0))",
              RandomTable.Kind.DOUBLE);
        }
        return new Expression("(" + dividend.sql() + " / NULLIF(" + divisor.sql() + ", 0))", kind);
      }
      case 3: {
        Expression then = numeric(depth - 1, inAggregate);
        Expression otherwise = random.nextBoolean() ? numeric(depth - 1, inAggregate) : literal(then.kind());
        String elsePart = random.nextInt(4) == 0 ? "" : " ELSE " + otherwise.sql();
        return new Expression("CASE WHEN " + predicate(depth - 1) + " THEN " + then.sql() + elsePart + " END",
            widest(then.kind(), otherwise.kind()));
      }
      case 4:
        return cast(column);
      case 5: {
        Expression date = column(kind -> kind == RandomTable.Kind.DATE || kind == RandomTable.Kind.TIMESTAMP);
        if (date == null) {
          return column;
        }
        String[] fields = date.kind() == RandomTable.Kind.TIMESTAMP ? TIMESTAMP_FIELDS : EXTRACT_FIELDS;
        String field = fields[random.nextInt(fields.length)];
        if (date.kind() == RandomTable.Kind.TIMESTAMP && random.nextInt(6) == 0) {
          return intervalNumber(date);
        }
        switch (random.nextInt(5)) {
          case 0:
            return new Expression("date_part('" + field.toLowerCase(java.util.Locale.ROOT) + "', " + date.sql() + ")",
                RandomTable.Kind.BIGINT);
          case 1: {
            Expression end = column(kind -> kind == date.kind());
            String[] parts = date.kind() == RandomTable.Kind.TIMESTAMP ? DIFF_PARTS_TIMESTAMP : DIFF_PARTS_DATE;
            return new Expression((random.nextBoolean() ? "date_diff('" : "datediff('")
                + parts[random.nextInt(parts.length)] + "', " + date.sql() + ", " + end.sql() + ")",
                RandomTable.Kind.BIGINT);
          }
          case 2:
            if (date.kind() == RandomTable.Kind.DATE) {
              Expression subtrahend = column(kind -> kind == RandomTable.Kind.DATE);
              return new Expression("(" + date.sql() + " - " + subtrahend.sql() + ")", RandomTable.Kind.BIGINT);
            }
            return new Expression("epoch_ms(" + date.sql() + ")", RandomTable.Kind.BIGINT);
          default:
            return new Expression("EXTRACT(" + field + " FROM " + date.sql() + ")", RandomTable.Kind.BIGINT);
        }
      }
      case 6:
        return new Expression("ABS(" + column.sql() + ")", column.kind());
      case 7:
        switch (random.nextInt(4)) {
          case 0:
            return new Expression("COALESCE(" + column.sql() + ", " + literal(column.kind()).sql() + ")",
                column.kind());
          case 1:
            return new Expression("ifnull(" + column.sql() + ", " + literal(column.kind()).sql() + ")", column.kind());
          case 2:
            return new Expression("nullif(" + column.sql() + ", " + literal(column.kind()).sql() + ")", column.kind());
          default:
            return new Expression((random.nextBoolean() ? "greatest(" : "least(") + column.sql() + ", "
                + literal(column.kind()).sql() + ")", column.kind());
        }
      default: {
        Expression text = column(kind -> kind == RandomTable.Kind.VARCHAR);
        if (text == null || random.nextBoolean()) {
          return column;
        }
        String[] functions = {"strpos", "instr", "length"};
        String function = functions[random.nextInt(functions.length)];
        return new Expression(function + "(" + text.sql() + (function.equals("length") ? ""
            : ", " + literal(RandomTable.Kind.VARCHAR).sql()) + ")", RandomTable.Kind.BIGINT);
      }
    }
  }

  private Expression cast(Expression column) {
    switch (column.kind()) {
      case INT:
        switch (random.nextInt(3)) {
          case 0:
            return new Expression("CAST(" + column.sql() + " AS BIGINT)", RandomTable.Kind.BIGINT);
          case 1:
            return new Expression("CAST(" + column.sql() + " AS DECIMAL(12,2))", RandomTable.Kind.DECIMAL);
          default:
            return new Expression("CAST(" + column.sql() + " AS DOUBLE)", RandomTable.Kind.DOUBLE);
        }
      case BIGINT:
      case DECIMAL:
        return new Expression("CAST(" + column.sql() + " AS DOUBLE)", RandomTable.Kind.DOUBLE);
      default:
        return column;
    }
  }

  /** A VARCHAR expression. */
  Expression string(int depth) {
    Expression column = column(kind -> kind == RandomTable.Kind.VARCHAR);
    if (depth <= 0 || random.nextInt(3) == 0) {
      return column;
    }
    switch (random.nextInt(14)) {
      case 0:
        return new Expression("SUBSTRING(" + column.sql() + " FROM " + (1 + random.nextInt(3)) + " FOR "
            + random.nextInt(4) + ")", RandomTable.Kind.VARCHAR);
      case 7:
      case 8:
      case 9:
      case 10:
      case 11:
      case 12:
      case 13:
        return stringFunction(column, depth);
      case 1: {
        Expression other = random.nextBoolean() ? string(depth - 1) : literal(RandomTable.Kind.VARCHAR);
        return new Expression("(" + column.sql() + " || " + other.sql() + ")", RandomTable.Kind.VARCHAR);
      }
      case 2:
        return new Expression("CASE WHEN " + predicate(depth - 1) + " THEN " + column.sql() + " ELSE "
            + literal(RandomTable.Kind.VARCHAR).sql() + " END", RandomTable.Kind.VARCHAR);
      case 3: {
        Expression integer = column(kind -> kind == RandomTable.Kind.INT || kind == RandomTable.Kind.BIGINT);
        return new Expression("CAST(" + integer.sql() + " AS VARCHAR)", RandomTable.Kind.VARCHAR);
      }
      case 4:
        return new Expression("TRIM(" + column.sql() + ")", RandomTable.Kind.VARCHAR);
      case 5: {
        Expression temporal = column(kind -> kind == RandomTable.Kind.DATE || kind == RandomTable.Kind.TIMESTAMP);
        if (temporal == null) {
          return column;
        }
        switch (random.nextInt(4)) {
          case 0:
            return varchar((random.nextBoolean() ? "dayname(" : "monthname(") + temporal.sql() + ")");
          case 1:
            return varchar("strftime(" + temporal.sql() + ", "
                + quote(STRFTIME_FORMATS[random.nextInt(STRFTIME_FORMATS.length)]) + ")");
          default:
            return new Expression("CAST(" + temporal.sql() + " AS VARCHAR)", RandomTable.Kind.VARCHAR);
        }
      }
      default:
        return column;
    }
  }

  private static final String[] SPLIT_DELIMITERS = {" ", "a", "b", "é", "ab"};
  private static final String[] TRIM_CHARACTERS = {"a", "a ", " é", "xyz", "😀"};
  private static final String[] PATTERNS = {"[a-z]+", "b.", "^a", "([0-9])", "é|ü", "\\s+"};

  /** DuckDB's string functions of issue 25 over a VARCHAR column (and, for some, another string). */
  private Expression stringFunction(Expression column, int depth) {
    String text = column.sql();
    switch (random.nextInt(12)) {
      case 0:
        return varchar("split_part(" + text + ", " + quote(SPLIT_DELIMITERS[random.nextInt(SPLIT_DELIMITERS.length)])
            + ", " + (1 + random.nextInt(3)) + ")");
      case 1:
        return varchar((random.nextBoolean() ? "lpad(" : "rpad(") + text + ", " + random.nextInt(8) + ", "
            + quote(random.nextBoolean() ? "xy" : "é") + ")");
      case 2:
        return varchar((random.nextBoolean() ? "left(" : "right(") + text + ", " + random.nextInt(5) + ")");
      case 3:
        return varchar("reverse(" + text + ")");
      case 4:
        return varchar("repeat(" + text + ", " + random.nextInt(4) + ")");
      case 5:
        return varchar("concat_ws('-', " + text + ", " + string(depth - 1).sql() + ")");
      case 6: {
        String[] functions = {"trim", "ltrim", "rtrim"};
        return varchar(functions[random.nextInt(3)] + "(" + text + ", "
            + quote(TRIM_CHARACTERS[random.nextInt(TRIM_CHARACTERS.length)]) + ")");
      }
      case 7:
        return varchar("regexp_extract(" + text + ", " + quote(PATTERNS[random.nextInt(PATTERNS.length)]) + ")");
      case 8: {
        if (random.nextBoolean()) {
          return varchar("md5(" + text + ")");
        }
        // DuckDB's hash (a UBIGINT; Quiver's DECIMAL(20,0)) as text: of text, or of a column of any type (whose
        // type both engines share, so the same bits are hashed), one or two arguments
        Expression hashed = anyColumn();
        String arguments = random.nextBoolean() ? text : hashed.sql() + (random.nextBoolean() ? "" : ", " + text);
        return varchar("CAST(hash(" + arguments + ") AS VARCHAR)");
      }
      case 9:
      case 10:
        // not nullif of text: DuckDB 2.0.0.1 answers `WHERE nullif(s, 'ba') LIKE '%a'` wrongly on a table of one
        // 'ba' row (it keeps the row; string_functions.slt pins Quiver's answer), which the tester would report
        return varchar("ifnull(" + text + ", " + literal(RandomTable.Kind.VARCHAR).sql() + ")");
      default:
        return varchar((random.nextBoolean() ? "greatest(" : "least(") + text + ", "
            + literal(RandomTable.Kind.VARCHAR).sql() + ")");
    }
  }

  /** A predicate of DuckDB's string functions: starts_with, contains, regexp_full_match, regexp_matches. */
  private String stringPredicate(int depth) {
    Expression text = string(depth - 1);
    switch (random.nextInt(4)) {
      case 0:
        return "starts_with(" + text.sql() + ", " + quote(random.nextBoolean() ? "a" : "é") + ")";
      case 1:
        return "contains(" + text.sql() + ", " + literal(RandomTable.Kind.VARCHAR).sql() + ")";
      case 2:
        return "regexp_full_match(" + text.sql() + ", " + quote(PATTERNS[random.nextInt(PATTERNS.length)]) + ")";
      default:
        return "regexp_matches(" + text.sql() + ", " + quote(PATTERNS[random.nextInt(PATTERNS.length)]) + ")";
    }
  }

  private static Expression varchar(String sql) {
    return new Expression(sql, RandomTable.Kind.VARCHAR);
  }

  /** A DATE expression, or a numeric one when no date column is in scope. */
  Expression date(int depth) {
    Expression column = column(kind -> kind == RandomTable.Kind.DATE);
    if (column == null) {
      return numeric(depth, false);
    }
    if (depth <= 0 || random.nextBoolean()) {
      return column;
    }
    String sign = random.nextBoolean() ? " + " : " - ";
    switch (random.nextInt(3)) {
      case 0:
        return new Expression("(" + column.sql() + sign + random.nextInt(400) + ")", RandomTable.Kind.DATE);
      case 1:
        return new Expression("make_date(CAST(EXTRACT(year FROM " + column.sql() + ") AS BIGINT), " + (1
            + random.nextInt(12)) + ", " + (1 + random.nextInt(28)) + ")", RandomTable.Kind.DATE);
      default:
        String unit = random.nextBoolean() ? "DAY" : "MONTH";
        return new Expression("CAST(" + column.sql() + sign + "INTERVAL '" + (1 + random.nextInt(40)) + "' " + unit
            + " AS DATE)", RandomTable.Kind.DATE);
    }
  }

  /** A TIMESTAMP expression, or a date one when no timestamp column is in scope. */
  Expression timestamp(int depth) {
    Expression column = column(kind -> kind == RandomTable.Kind.TIMESTAMP);
    if (column == null) {
      return date(depth);
    }
    if (depth <= 0 || random.nextInt(3) == 0) {
      return column;
    }
    switch (random.nextInt(4)) {
      case 0: {
        String unit = TIMESTAMP_UNITS[random.nextInt(TIMESTAMP_UNITS.length)];
        String sign = random.nextBoolean() ? " + " : " - ";
        return new Expression("(" + column.sql() + sign + "INTERVAL '" + (1 + random.nextInt(100)) + "' " + unit + ")",
            RandomTable.Kind.TIMESTAMP);
      }
      case 1: {
        Expression date = column(kind -> kind == RandomTable.Kind.DATE);
        return date == null ? column
            : new Expression("CAST(" + date.sql() + " AS TIMESTAMP)", RandomTable.Kind.TIMESTAMP);
      }
      case 2:
        return new Expression("CAST(" + quote(timestampText((java.time.LocalDateTime) literalValue(
            RandomTable.Kind.TIMESTAMP))) + " AS TIMESTAMP)", RandomTable.Kind.TIMESTAMP);
      default:
        return new Expression("date_trunc('" + (random.nextBoolean() ? "hour" : "day") + "', " + column.sql() + ")",
            RandomTable.Kind.TIMESTAMP);
    }
  }

  /** A boolean condition. */
  String predicate(int depth) {
    int choice = random.nextInt(depth <= 0 ? 7 : 10);
    switch (choice) {
      case 0:
      case 1:
        return comparison(depth);
      case 2: {
        Expression value = random.nextBoolean() ? anyColumn() : any(depth - 1, false);
        return "(" + value.sql() + (random.nextBoolean() ? ") IS NULL" : ") IS NOT NULL");
      }
      case 3: {
        Expression value = comparable(depth - 1);
        Object low = literalValue(value.kind());
        Object high = literalValue(value.kind());
        if (random.nextInt(4) != 0 && ValueEquivalence.CANONICAL_ORDER.compare(low, high) > 0) {
          Object swap = low;
          low = high;
          high = swap;
        }
        return value.sql() + (random.nextInt(4) == 0 ? " NOT" : "") + " BETWEEN " + literalSql(low) + " AND "
            + literalSql(high);
      }
      case 4: {
        Expression value = comparable(depth - 1);
        List<String> items = new ArrayList<>();
        int count = 1 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
          items.add(literal(value.kind()).sql());
        }
        return value.sql() + (random.nextInt(4) == 0 ? " NOT" : "") + " IN (" + String.join(", ", items) + ")";
      }
      case 5: {
        if (random.nextInt(3) == 0) {
          return stringPredicate(depth);
        }
        Expression text = string(depth - 1);
        String pattern = LIKE_PATTERNS[random.nextInt(LIKE_PATTERNS.length)];
        String escape = pattern.contains("\\") ? " ESCAPE '\\'" : "";
        return text.sql() + (random.nextInt(4) == 0 ? " NOT" : "") + " LIKE " + quote(pattern) + escape;
      }
      case 6: {
        Expression bool = column(kind -> kind == RandomTable.Kind.BOOLEAN);
        return bool == null ? comparison(depth) : bool.sql();
      }
      case 7:
        return "(" + predicate(depth - 1) + " AND " + predicate(depth - 1) + ")";
      case 8:
        return "(" + predicate(depth - 1) + " OR " + predicate(depth - 1) + ")";
      default:
        return "NOT (" + predicate(depth - 1) + ")";
    }
  }

  /** A number read from an INTERVAL value: the difference or the age of two timestamps. */
  private Expression intervalNumber(Expression timestamp) {
    Expression other = column(kind -> kind == RandomTable.Kind.TIMESTAMP);
    String interval = random.nextBoolean() ? "(" + timestamp.sql() + " - " + other.sql() + ")"
        : "age(" + timestamp.sql() + ", " + other.sql() + ")";
    if (random.nextBoolean()) {
      return new Expression("epoch(" + interval + ")", RandomTable.Kind.DOUBLE);
    }
    String[] parts = {"year", "month", "day", "hour", "minute", "second", "microsecond"};
    return new Expression("date_part('" + parts[random.nextInt(parts.length)] + "', " + interval + ")",
        RandomTable.Kind.BIGINT);
  }

  /** An INTERVAL value compared with an interval literal of its family. */
  private String intervalComparison(Expression timestamp) {
    Expression other = column(kind -> kind == RandomTable.Kind.TIMESTAMP);
    String[] operators = {"=", "<>", "<", "<=", ">", ">="};
    String operator = operators[random.nextInt(operators.length)];
    if (random.nextBoolean()) {
      String[] units = {"DAY", "HOUR", "MINUTE", "SECOND"};
      return "(" + timestamp.sql() + " - " + other.sql() + ") " + operator + " INTERVAL '" + (random.nextInt(400)
          - 100) + "' " + units[random.nextInt(units.length)];
    }
    String[] units = {"MONTH", "YEAR"};
    return "age(" + timestamp.sql() + ", " + other.sql() + ") " + operator + " INTERVAL '" + (random.nextInt(40) - 10)
        + "' " + units[random.nextInt(units.length)];
  }

  private String comparison(int depth) {
    Expression timestamp = random.nextInt(10) == 0 ? column(kind -> kind == RandomTable.Kind.TIMESTAMP) : null;
    if (timestamp != null) {
      return intervalComparison(timestamp);
    }
    Expression left = comparable(depth - 1);
    Expression right;
    if (random.nextInt(3) == 0) {
      right = left.kind().numeric() ? numeric(depth - 1, false)
          : left.kind() == RandomTable.Kind.DATE ? date(depth - 1)
              : left.kind() == RandomTable.Kind.TIMESTAMP ? timestamp(depth - 1) : string(depth - 1);
      if (left.kind().numeric() != right.kind().numeric()) {
        right = literal(left.kind());
      }
    } else {
      right = literal(left.kind());
    }
    String[] operators = {"=", "<>", "<", "<=", ">", ">="};
    return left.sql() + " " + operators[random.nextInt(operators.length)] + " " + right.sql();
  }

  /** A numeric, text or date expression (something ordered). */
  Expression comparable(int depth) {
    switch (random.nextInt(4)) {
      case 0:
        return numeric(Math.max(depth, 0), false);
      case 1:
        return string(Math.max(depth, 0));
      case 2:
        return timestamp(Math.max(depth, 0));
      default:
        return date(Math.max(depth, 0));
    }
  }

  /** A literal of {@code kind}: usually a value that occurs in a table of the scope. */
  Expression literal(RandomTable.Kind kind) {
    return new Expression(literalSql(literalValue(kind)), kind);
  }

  /** A random non-null value of {@code kind}, usually one that occurs in a table of the scope. */
  Object literalValue(RandomTable.Kind kind) {
    Object value = null;
    List<Object> seen = new ArrayList<>();
    for (Source source : scope) {
      List<RandomTable.Column> columns = source.table().columns();
      for (int i = 0; i < columns.size(); i++) {
        if (columns.get(i).kind() == kind && !source.table().rows().isEmpty()) {
          seen.add(source.table().rows().get(random.nextInt(source.table().rows().size())).get(i));
        }
      }
    }
    if (!seen.isEmpty() && random.nextInt(4) != 0) {
      value = seen.get(random.nextInt(seen.size()));
    }
    if (value == null) {
      value = RandomTables.value(random, new RandomTable.Column("literal", kind, 7, 2), random.nextBoolean());
    }
    return value;
  }

  /** {@code value} as a SQL literal (negative numbers in parentheses, so {@code a - -1} is never a comment). */
  static String literalSql(Object value) {
    if (value instanceof Long) {
      long number = (Long) value;
      return number < 0 ? "(" + number + ")" : Long.toString(number);
    }
    if (value instanceof BigDecimal) {
      BigDecimal number = (BigDecimal) value;
      return number.signum() < 0 ? "(" + number.toPlainString() + ")" : number.toPlainString();
    }
    if (value instanceof Double) {
      String text = new BigDecimal((Double) value).toPlainString() + "E0";
      return text.startsWith("-") ? "(" + text + ")" : text;
    }
    if (value instanceof String) {
      return quote((String) value);
    }
    if (value instanceof LocalDate) {
      return "DATE '" + value + "'";
    }
    if (value instanceof java.time.LocalDateTime timestamp) {
      return "TIMESTAMP '" + timestampText(timestamp) + "'";
    }
    return ((Boolean) value) ? "TRUE" : "FALSE";
  }

  /** {@code yyyy-MM-dd HH:mm:ss[.ffffff]}, as both engines read it. */
  static String timestampText(java.time.LocalDateTime timestamp) {
    String text = timestamp.toLocalDate() + " " + String.format("%02d:%02d:%02d", timestamp.getHour(),
        timestamp.getMinute(), timestamp.getSecond());
    int micros = timestamp.getNano() / 1_000;
    return micros == 0 ? text : text + String.format(".%06d", micros);
  }

  static String quote(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  /** The kind of {@code a op b}: DOUBLE over DECIMAL over BIGINT over INT. */
  static RandomTable.Kind widest(RandomTable.Kind a, RandomTable.Kind b) {
    if (a == RandomTable.Kind.DOUBLE || b == RandomTable.Kind.DOUBLE) {
      return RandomTable.Kind.DOUBLE;
    }
    if (a == RandomTable.Kind.DECIMAL || b == RandomTable.Kind.DECIMAL) {
      return RandomTable.Kind.DECIMAL;
    }
    if (a == RandomTable.Kind.BIGINT || b == RandomTable.Kind.BIGINT) {
      return RandomTable.Kind.BIGINT;
    }
    return a;
  }
}
