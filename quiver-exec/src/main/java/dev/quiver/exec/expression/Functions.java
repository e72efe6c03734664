package dev.quiver.exec.expression;

/**
 * The names of the {@code Call}s the engine evaluates: the contract between the SQL translation,
 * which makes the calls (with result types by SQL's rules, decided there), and the compiler, which
 * evaluates them. Every function is NULL on a NULL argument unless its text says otherwise.
 * Arithmetic on decimals is exact at the call's result precision and scale (rounding half up where
 * the scale drops); a result that does not fit its type is a USER error, as is a division by zero.
 *
 * <p>Decided by the compiler ({@link ExpressionCompiler}), for the SQL translation to match:
 * <ul>
 *   <li>a zero divisor is a USER error for floats too (not NULL, not infinity); integer overflow of the
 *       call's result type (not only of 64 bits) is a USER error;
 *   <li>arithmetic operands are brought to the result type's kind by the compiler: integer operands of
 *       a decimal call count as DECIMAL(19,0), integer or decimal operands of a float call are cast to
 *       it; an integer call computes in 64 bits and checks the result type's range;
 *   <li>comparisons bring two operands to one kind: integers with decimals as decimals, anything numeric
 *       with a float as float64, a date with a timestamp as the timestamp, a string with a date or
 *       timestamp as that type (CAST of the string);
 *   <li>CAST to an integer rounds a float half to even (as DuckDB and PostgreSQL), decimals and numeric
 *       text half away from zero; CAST to a
 *       decimal rounds half up at the target scale; text is trimmed; CAST of a zoned timestamp to one without a
 *       zone is its wall clock in its zone (the other way: that wall clock's instant), between zones the same
 *       instant; CAST of a date to a timestamp is
 *       midnight in the timestamp's zone, of a timestamp to a date its wall-clock date; floats print as
 *       Java prints them ({@code 1.0E10}), timestamps as {@code yyyy-mm-dd hh:mm:ss[.ffffff]};
 *   <li>CASE values and COALESCE arguments are cast to the call's type; ROUND's digits must be an
 *       integer literal; LIKE's pattern and escape must be literals (a NULL one makes NULL);
 *   <li>EXTRACT(second) is whole seconds; EXTRACT(epoch) of a date is its midnight UTC in seconds;
 *       date_add_* on a timestamp moves its wall-clock date and keeps the time of day; a date outside
 *       int32 days is a USER error;
 *   <li>AND/OR evaluate later operands only on undecided rows, CASE a value only on the rows its
 *       condition takes, COALESCE an argument only on rows still NULL: a row they skip never errors.
 * </ul>
 */
public final class Functions {
  private Functions() {}

  /**
   * Comparisons of two expressions of one type (after the SQL layer's casts; decimals of any scales,
   * strings by UTF-8 bytes, which is code point order): bool. The model's {@code Comparison} node is
   * the form with a column and a literal (which a scan can push down); these are the general form.
   */
  public static final String EQUAL = "=";
  public static final String NOT_EQUAL = "<>";
  public static final String LESS_THAN = "<";
  public static final String LESS_THAN_OR_EQUAL = "<=";
  public static final String GREATER_THAN = ">";
  public static final String GREATER_THAN_OR_EQUAL = ">=";
  /**
   * {@code value LIKE pattern [ESCAPE e]} on any utf8 expression: arguments the value, the pattern (a
   * utf8 literal, or any utf8 expression: then compiled per row's distinct pattern) and, optionally, a
   * one-character utf8 literal escape (NOT LIKE is {@code Not} of it).
   */
  public static final String LIKE = "like";
  /** {@code value IN (v1, v2, ...)} on any expression, the values literals of its type (NOT IN: {@code Not}). */
  public static final String IN = "in";
  /** {@code x IS NULL} on any expression: never NULL. */
  public static final String IS_NULL = "is_null";
  /** {@code x IS NOT NULL} on any expression: never NULL. */
  public static final String IS_NOT_NULL = "is_not_null";
  /** {@code a + b}: numbers of one type after the SQL layer's casts, or decimals of any scales. */
  public static final String ADD = "+";
  /** {@code a - b}. */
  public static final String SUBTRACT = "-";
  /** {@code a * b}. */
  public static final String MULTIPLY = "*";
  /** {@code a / b}: integer division truncates toward zero; a zero divisor is a USER error. */
  public static final String DIVIDE = "/";
  /** {@code a % b}: the remainder with the sign of {@code a}; a zero divisor is a USER error. */
  public static final String MODULO = "%";
  /** {@code -a}. */
  public static final String NEGATE = "negate";
  /**
   * {@code CASE WHEN c1 THEN v1 [WHEN c2 THEN v2 ...] ELSE e END} as arguments {@code c1, v1, c2, v2,
   * ..., e} (the ELSE always present, a NULL literal when the query has none): the value of the first
   * condition that is TRUE.
   */
  public static final String CASE = "case";
  /** The first non-NULL argument. */
  public static final String COALESCE = "coalesce";
  /** {@code NULLIF(a, b)}: NULL when a = b, else a. */
  public static final String NULLIF = "nullif";
  /**
   * {@code EXTRACT(unit FROM d)}: arguments a utf8 literal unit ({@code year}, {@code quarter},
   * {@code month}, {@code day}, {@code dow} (0 = Sunday), {@code doy}, {@code hour}, {@code minute},
   * {@code second}, {@code epoch}, and as DuckDB {@code week} (ISO 8601), {@code isodow} (1 = Monday),
   * {@code isoyear}, {@code millisecond} and {@code microsecond} (of the minute, seconds included),
   * {@code decade} (year / 10), {@code century}, {@code millennium} (the 21st century starts in 2001))
   * and a date or timestamp; result int64.
   */
  public static final String EXTRACT = "extract";
  /** {@code date + n days} (n an int32/int64 expression; negative subtracts): a date. */
  public static final String DATE_ADD_DAYS = "date_add_days";
  /**
   * {@code date + n months}: the same day of the month, or the month's last day when it has fewer
   * days (as SQL and DuckDB do: 2024-01-31 + 1 month = 2024-02-29).
   */
  public static final String DATE_ADD_MONTHS = "date_add_months";
  /**
   * {@code SUBSTRING(s FROM start [FOR length])}: 1-based, in characters (code points); a start below
   * 1 counts the missing positions against the length, as SQL does.
   */
  public static final String SUBSTRING = "substring";
  /** {@code a || b} for strings. */
  public static final String CONCAT = "concat";
  public static final String UPPER = "upper";
  public static final String LOWER = "lower";
  /** Characters (code points) of a string: int64. */
  public static final String CHAR_LENGTH = "char_length";
  /** {@code TRIM(BOTH ' ' FROM s)}. */
  public static final String TRIM = "trim";
  /** {@code ltrim(s)}, {@code TRIM(LEADING ' ' FROM s)}. */
  public static final String LTRIM = "ltrim";
  /** {@code rtrim(s)}, {@code TRIM(TRAILING ' ' FROM s)}. */
  public static final String RTRIM = "rtrim";
  public static final String ABS = "abs";
  /** {@code ROUND(x [, digits])} half away from zero. */
  public static final String ROUND = "round";
  public static final String FLOOR = "floor";
  public static final String CEIL = "ceil";
  /** {@code strpos(s, t)}, {@code POSITION(t IN s)}: the 1-based code point where t first starts in s, 0 when never: int64. */
  public static final String STRPOS = "strpos";
  /** {@code replace(s, from, to)}: every occurrence of {@code from}, left to right (an empty one changes nothing). */
  public static final String REPLACE = "replace";
  /**
   * {@code regexp_replace(s, pattern, replacement [, options])}, pattern, replacement and options utf8
   * literals: the first match replaced ({@code 'g'}: every match), {@code } a group (Java regular
   * expressions; options {@code i} case-insensitive, {@code s} dot matches newlines).
   */
  public static final String REGEXP_REPLACE = "regexp_replace";
  /** {@code regexp_matches(s, pattern [, options])}: whether the pattern (a literal) matches anywhere in s: bool. */
  public static final String REGEXP_MATCHES = "regexp_matches";
  /** {@code date_trunc(unit, d)}, unit a utf8 literal: a date or timestamp cut to its unit's start, a timestamp. */
  public static final String DATE_TRUNC = "date_trunc";
  /** {@code greatest(a, ...)}: the largest non-NULL argument (NULL when all are), arguments cast to the call's type. */
  public static final String GREATEST = "greatest";
  /** {@code least(a, ...)}: the smallest non-NULL argument. */
  public static final String LEAST = "least";
  /** {@code x IS TRUE}: never NULL. */
  public static final String IS_TRUE = "is_true";
  /** {@code x IS FALSE}: never NULL. */
  public static final String IS_FALSE = "is_false";
  /** {@code x IS NOT TRUE}: never NULL. */
  public static final String IS_NOT_TRUE = "is_not_true";
  /** {@code x IS NOT FALSE}: never NULL. */
  public static final String IS_NOT_FALSE = "is_not_false";
  /** {@code a IS DISTINCT FROM b}: never NULL; two NULLs are not distinct. */
  public static final String IS_DISTINCT_FROM = "is_distinct_from";
  /** {@code a IS NOT DISTINCT FROM b}: never NULL. */
  public static final String IS_NOT_DISTINCT_FROM = "is_not_distinct_from";
  /** {@code TRY_CAST(x AS type)}: x cast to the call's type, NULL where the value does not convert. */
  public static final String TRY_CAST = "try_cast";
  /**
   * {@code timestamp + n microseconds} (n an integer expression; negative subtracts): the timestamp
   * moved by an exact duration (an interval of days, hours, minutes or seconds), of the timestamp's type.
   */
  public static final String TIMESTAMP_ADD_MICROS = "timestamp_add_micros";

  /** {@code split_part(s, separator, n)}: the n-th part (1-based; negative from the end; none: empty); an empty separator splits code points. */
  public static final String SPLIT_PART = "split_part";
  /** {@code regexp_extract(s, pattern [, group])}, pattern and group constants: the group (0: the match) of the first match, empty when none. */
  public static final String REGEXP_EXTRACT = "regexp_extract";
  /** {@code regexp_full_match(s, pattern)}, pattern a constant: whether the pattern matches all of s: bool. */
  public static final String REGEXP_FULL_MATCH = "regexp_full_match";
  /** {@code concat_ws(separator, s1, ...)}: the non-NULL strings joined by the separator; NULL only when the separator is. */
  public static final String CONCAT_WS = "concat_ws";
  /** {@code lpad(s, width, fill)}: s padded on the left with fill to width code points, or cut to it; an empty fill that is needed is a USER error. */
  public static final String LPAD = "lpad";
  /** {@code rpad(s, width, fill)}: padded on the right. */
  public static final String RPAD = "rpad";
  /** {@code left(s, n)}: the first n code points (negative: all but the last -n). */
  public static final String LEFT = "left";
  /** {@code right(s, n)}: the last n code points (negative: all but the first -n). */
  public static final String RIGHT = "right";
  /** {@code reverse(s)}: the code points in reverse order. */
  public static final String REVERSE = "reverse";
  /**
   * {@code chr(n)}: the character of Unicode code point n; 0, surrogates and values past U+10FFFF are an error (as
   * PostgreSQL: DuckDB returns a NUL character for 0).
   */
  public static final String CHR = "chr";
  /** {@code repeat(s, n)}: s n times (n below 1: empty). */
  public static final String REPEAT = "repeat";
  /** {@code starts_with(s, prefix)}: bool. */
  public static final String STARTS_WITH = "starts_with";
  /** {@code contains(s, t)}: whether t occurs in s: bool. */
  public static final String CONTAINS = "contains";
  /** {@code trim(s, characters)}: the code points in characters removed from both ends. */
  public static final String TRIM_CHARACTERS = "trim_characters";
  /** {@code ltrim(s, characters)}: from the start. */
  public static final String LTRIM_CHARACTERS = "ltrim_characters";
  /** {@code rtrim(s, characters)}: from the end. */
  public static final String RTRIM_CHARACTERS = "rtrim_characters";
  /** {@code md5(s)}: the MD5 digest of s's UTF-8 bytes as 32 lower-case hex digits. */
  public static final String MD5 = "md5";
  /**
   * {@code date_diff(part, start, end)}, part a utf8 literal: the boundaries of the part crossed from start
   * to end, as DuckDB counts them (see DateDiffNode): int64. A date with a timestamp counts as the timestamp.
   */
  public static final String DATE_DIFF = "date_diff";
  /** {@code make_date(year, month, day)} of integers: a date; no such day is a USER error. */
  public static final String MAKE_DATE = "make_date";
  /**
   * {@code make_timestamp(year, month, day, hour, minute, seconds)} (seconds a float64, rounded to the
   * microsecond), or {@code make_timestamp(micros)} (microseconds since the epoch): a timestamp.
   */
  public static final String MAKE_TIMESTAMP = "make_timestamp";
  /** {@code epoch(x)}, x a date or timestamp: the seconds since 1970-01-01T00:00Z with their fraction, float64. */
  public static final String EPOCH = "epoch";
  /**
   * {@code epoch_ms(x)}: of a date or timestamp the milliseconds since the epoch (rounded half away from
   * zero, as DuckDB), int64; of an
   * integer the timestamp that many milliseconds after the epoch.
   */
  public static final String EPOCH_MS = "epoch_ms";
  /** {@code to_timestamp(seconds)}, seconds a number: the instant that many seconds after the epoch (rounded to the microsecond), of the call's timestamp type. */
  public static final String TO_TIMESTAMP = "to_timestamp";
  /** {@code dayname(x)}: the English name of the day of the week of a date or timestamp (its wall clock): utf8. */
  public static final String DAYNAME = "dayname";
  /** {@code monthname(x)}: the English name of the month: utf8. */
  public static final String MONTHNAME = "monthname";
  /**
   * {@code strftime(x, format)}, x a date or timestamp, format a utf8 literal with DuckDB's specifiers
   * (see DateFormat; an unknown one is a USER error): x's wall clock as text, utf8.
   */
  public static final String STRFTIME = "strftime";
  /**
   * {@code strptime(text, format)}, format a utf8 literal: the timestamp the text gives in the format (of
   * the call's type); text that does not match is a USER error naming the text and the format.
   */
  public static final String STRPTIME = "strptime";
  /** {@code try_strptime(text, format)}: as strptime, but NULL where the text does not match. */
  public static final String TRY_STRPTIME = "try_strptime";
  /**
   * {@code timestamp_difference(a, b)} of two timestamps (a date counts as its midnight): {@code a - b} as an
   * INTERVAL of whole days and the microseconds under a day, as DuckDB.
   */
  public static final String TIMESTAMP_DIFFERENCE = "timestamp_difference";
  /** {@code age(a, b)} of two timestamps: the years, months, days and time from b to a, an INTERVAL (see IntervalNode). */
  public static final String AGE = "age";
  /** {@code timestamp_add_interval(t, i)}: t moved by an INTERVAL column's months, days and micros, of t's type. */
  public static final String TIMESTAMP_ADD_INTERVAL = "timestamp_add_interval";
  /** {@code timestamp_subtract_interval(t, i)}: t moved back by the interval. */
  public static final String TIMESTAMP_SUBTRACT_INTERVAL = "timestamp_subtract_interval";
  /** {@code hash(a, ...)}: DuckDB's 64-bit hash of the arguments (see HashNode), never NULL: DECIMAL(20,0). */
  public static final String HASH = "hash";
}
