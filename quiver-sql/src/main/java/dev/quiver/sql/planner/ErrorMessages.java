package dev.quiver.sql.planner;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.sql.NameSuggestions;
import dev.quiver.sql.SqlException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Calcite's parse and validation failures as one-line {@link SqlException}s: the position in the
 * text as written ({@link QueryText} maps it back), what was found and what was expected, and for an
 * unknown table, column or function the closest existing name.
 */
final class ErrorMessages {
  private static final int MOST_EXPECTED = 8;
  private static final Pattern ENCOUNTERED = Pattern.compile("Encountered \"(.*?)\" at line \\d+, column \\d+");
  private static final Pattern POSITION = Pattern.compile(" at line \\d+, column \\d+\\.?");
  private static final Pattern COLUMN_ANY = Pattern.compile("Column '(.+?)' not found in any table");
  private static final Pattern COLUMN_TABLE = Pattern.compile("Column '(.+?)' not found in table '(.+?)'");
  private static final Pattern OBJECT = Pattern.compile("(?:Object|Table) '(.+?)' not found");
  private static final Pattern FUNCTION = Pattern.compile("No match found for function signature (\\w+)\\((.*)\\)");
  private static final Pattern AMBIGUOUS = Pattern.compile("Column '(.+?)' is ambiguous");
  private static final Pattern NOT_GROUPED = Pattern.compile("Expression '(.+?)' is not being grouped");
  private static final Pattern CANNOT_APPLY = Pattern.compile("Cannot apply '(.+?)' to arguments of type '(.+?)'\\..*",
      Pattern.DOTALL);

  private final QueryText text;

  private dev.quiver.sql.catalog.Catalog catalog;

  /** The catalog whose table names an unknown table is matched against when validation had no schema yet. */
  ErrorMessages withCatalog(dev.quiver.sql.catalog.Catalog tables) {
    this.catalog = tables;
    return this;
  }

  ErrorMessages(QueryText text) {
    this.text = text;
  }

  SqlException parse(SqlParseException failure) {
    SqlParserPos position = failure.getPos();
    int line = position == null ? 0 : position.getLineNum();
    int column = position == null ? 0 : text.originalColumn(line, position.getColumnNum());
    String message = failure.getMessage() == null ? "syntax error" : failure.getMessage();
    Matcher encountered = ENCOUNTERED.matcher(message);
    String problem;
    if (encountered.find()) {
      String token = encountered.group(1).trim();
      problem = "syntax error at " + (token.equals("<EOF>") || token.isEmpty() ? "the end of the query"
          : "'" + token + "'") + expected(failure);
    } else {
      String first = message.lines().findFirst().orElse(message);
      problem = POSITION.matcher(first).replaceAll("").trim();
      problem = problem.isEmpty() ? "syntax error" : lowerFirst(problem);
    }
    return new SqlException(line, column, problem);
  }

  private static String expected(SqlParseException failure) {
    int[][] sequences = failure.getExpectedTokenSequences();
    String[] images = failure.getTokenImages();
    if (sequences == null || images == null || sequences.length == 0) {
      return "";
    }
    Set<String> expected = new TreeSet<>();
    for (int[] sequence : sequences) {
      if (sequence.length > 0) {
        String image = images[sequence[0]];
        if (image.startsWith("\"") && image.endsWith("\"")) {
          image = image.substring(1, image.length() - 1);
        } else if (image.contains("IDENTIFIER")) {
          image = "a name";
        } else if (image.contains("LITERAL")) {
          image = "a literal";
        } else {
          continue;
        }
        expected.add(image);
      }
    }
    if (expected.isEmpty()) {
      return "";
    }
    List<String> shown = new ArrayList<>();
    for (String image : preferred(expected)) {
      if (shown.size() == MOST_EXPECTED) {
        break;
      }
      shown.add(image);
    }
    String list = String.join(", ", shown) + (expected.size() > shown.size() ? ", ..." : "");
    return "; expected " + (expected.size() == 1 ? list : "one of: " + list);
  }

  /** The common words first: a name, a literal, punctuation, the clause keywords, then the rest. */
  private static List<String> preferred(Set<String> expected) {
    List<String> order = List.of("a name", "a literal", ")", "(", ",", "FROM", "WHERE", "GROUP", "HAVING", "ORDER",
        "BY", "AS", "ON", "AND", "SELECT", "LIMIT", "*");
    Set<String> result = new LinkedHashSet<>();
    for (String word : order) {
      if (expected.contains(word)) {
        result.add(word);
      }
    }
    result.addAll(expected);
    return new ArrayList<>(result);
  }

  SqlException validation(RuntimeException failure, QuiverSchema schema) {
    CalciteContextException context = find(failure, CalciteContextException.class);
    if (context == null) {
      QuiverException quiver = find(failure, QuiverException.class);
      if (quiver != null) {
        return new SqlException(quiver.errorCode(), 0, 0, quiver.getMessage());
      }
      SqlException unexpected = SqlException.unpositioned("cannot plan this query: "
          + QuiverException.describe(failure));
      unexpected.initCause(failure); // --verbose (QUIVER_DEBUG=1) prints where the planner failed
      return unexpected;
    }
    int line = context.getPosLine();
    int column = text.originalColumn(line, context.getPosColumn());
    String inner = context.getCause() != null && context.getCause().getMessage() != null
        ? context.getCause().getMessage() : String.valueOf(context.getMessage());
    QuiverException cause = find(failure, QuiverException.class);
    String problem = rewrite(inner, schema);
    ErrorCode code = cause != null ? cause.errorCode() : ErrorCode.USER;
    if (cause == null && schema != null && schema.failureCode(problem) != null) {
      code = schema.failureCode(problem); // a file named in the query could not be opened
    }
    return new SqlException(code, line, column, problem);
  }

  private String rewrite(String message, QuiverSchema schema) {
    Matcher matcher = COLUMN_TABLE.matcher(message);
    if (matcher.find()) {
      return "column '" + matcher.group(1) + "' not found in table '" + matcher.group(2) + "'"
          + NameSuggestions.didYouMean(matcher.group(1), columns(schema));
    }
    matcher = COLUMN_ANY.matcher(message);
    if (matcher.find()) {
      return "column '" + matcher.group(1) + "' not found" + NameSuggestions.didYouMean(matcher.group(1),
          columns(schema));
    }
    matcher = OBJECT.matcher(message);
    if (matcher.find()) {
      String name = matcher.group(1);
      String opened = schema == null ? null : schema.failure(name);
      if (opened != null) {
        return opened;
      }
      List<String> tables = schema != null ? schema.catalog().tableNames()
          : catalog != null ? catalog.tableNames() : List.of();
      return "table '" + name + "' not found" + NameSuggestions.didYouMean(name, tables);
    }
    matcher = FUNCTION.matcher(message);
    if (matcher.find()) {
      String name = matcher.group(1).toLowerCase(Locale.ROOT);
      Set<String> known = functionNames();
      if (known.contains(name)) {
        return "function '" + name + "' cannot take arguments (" + matcher.group(2).replace("<", "").replace(">", "")
            .toLowerCase(Locale.ROOT) + ")";
      }
      return "unknown function '" + name + "'" + NameSuggestions.didYouMean(name, known);
    }
    matcher = AMBIGUOUS.matcher(message);
    if (matcher.find()) {
      return "column '" + matcher.group(1) + "' is ambiguous: more than one table has it; qualify it (t."
          + matcher.group(1) + ")";
    }
    matcher = NOT_GROUPED.matcher(message);
    if (matcher.find()) {
      return "'" + matcher.group(1) + "' must appear in GROUP BY or be used in an aggregate function";
    }
    matcher = CANNOT_APPLY.matcher(message);
    if (matcher.matches()) {
      return "type mismatch: cannot apply '" + matcher.group(1) + "' to arguments of type "
          + matcher.group(2).replace("<", "").replace(">", "").toLowerCase(Locale.ROOT);
    }
    String first = message.lines().findFirst().orElse(message).trim();
    return lowerFirst(first);
  }

  private static Set<String> columns(QuiverSchema schema) {
    Set<String> names = new TreeSet<>();
    if (schema != null) {
      for (QuiverTable table : schema.usedTables().values()) {
        names.addAll(table.columnNames());
      }
    }
    return names;
  }

  /**
   * Calcite's standard functions the engine runs (by kind or by name in RexTranslator, by aggregate
   * kind in RelTranslator); the other standard ones parse but cannot run, so they are never suggested.
   */
  static final Set<String> RUNNABLE_STANDARD = Set.of("upper", "lower", "substring", "char_length",
      "character_length", "abs", "round", "floor", "ceil", "ceiling", "mod", "coalesce", "nullif", "trim", "position",
      "extract", "cast", "count", "sum", "avg", "min", "max", "any_value", "bool_and", "bool_or", "every", "some",
      "min_by", "max_by", "arg_min", "arg_max", "try_cast", "date_trunc", "greatest", "least");

  /** The functions a query can call and run: Quiver's own (and DuckDB's it implements) and the runnable standard ones. */
  static Set<String> functionNames() {
    Set<String> standard = new TreeSet<>();
    for (SqlOperator operator : org.apache.calcite.sql.fun.SqlStdOperatorTable.instance().getOperatorList()) {
      standard.add(operator.getName().toLowerCase(Locale.ROOT));
    }
    Set<String> names = new TreeSet<>();
    for (SqlOperator operator : QuiverOperators.all()) {
      String name = operator.getName().toLowerCase(Locale.ROOT);
      if (!name.isEmpty() && Character.isLetter(name.charAt(0)) && !name.contains(" ")
          && (!standard.contains(name) || RUNNABLE_STANDARD.contains(name) || ownOperator(operator))) {
        names.add(name);
      }
    }
    names.remove("btrim"); // trim(s, characters) as the query text spells it for the parser
    return names;
  }

  /** Whether {@code operator} is one of Quiver's (not Calcite's standard one of the same name). */
  private static boolean ownOperator(SqlOperator operator) {
    return !org.apache.calcite.sql.fun.SqlStdOperatorTable.instance().getOperatorList().contains(operator);
  }

  private static String lowerFirst(String text) {
    if (text.length() > 1 && Character.isUpperCase(text.charAt(0)) && Character.isLowerCase(text.charAt(1))) {
      return Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }
    return text;
  }

  private static <T extends Throwable> T find(Throwable failure, Class<T> type) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (type.isInstance(cause)) {
        return type.cast(cause);
      }
      if (cause.getCause() == cause) {
        break;
      }
    }
    return null;
  }
}
