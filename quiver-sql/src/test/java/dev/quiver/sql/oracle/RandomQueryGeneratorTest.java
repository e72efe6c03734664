package dev.quiver.sql.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.config.CalciteSystemProperty;
import org.apache.calcite.config.Lex;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.FrameworkConfig;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.Planner;
import org.junit.jupiter.api.Test;

/** The generator is deterministic, covers the SQL it promises, and writes SQL Calcite accepts too. */
class RandomQueryGeneratorTest {
  static {
    // Calcite reads this once, when its classes load; without it literals outside ISO-8859-1 fail.
    System.setProperty("calcite.default.charset", "UTF-8");
  }

  private static final long SEED = 424_242L;
  private static final int QUERIES = 400;

  private static List<GeneratedQuery> queries(long datasetSeed, int count) {
    List<RandomTable> tables = RandomTables.dataset(datasetSeed);
    List<GeneratedQuery> queries = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      queries.add(RandomQueryGenerator.generate(tables, datasetSeed, RandomQueryGenerator.querySeed(datasetSeed, i)));
    }
    return queries;
  }

  @Test
  void theSameSeedsGiveTheSameTablesAndQueries() {
    assertThat(RandomTables.dataset(SEED)).isEqualTo(RandomTables.dataset(SEED));
    assertThat(queries(SEED, 50)).isEqualTo(queries(SEED, 50));
    assertThat(queries(SEED, 50)).isNotEqualTo(queries(SEED + 1, 50));
  }

  @Test
  void queriesCoverEveryPromisedConstruct() {
    System.out.println("dataset seed " + SEED);
    StringBuilder all = new StringBuilder();
    int limited = 0;
    int orderedByPrefix = 0;
    for (long dataset = SEED; dataset < SEED + 4; dataset++) {
      for (GeneratedQuery query : queries(dataset, QUERIES / 4)) {
        all.append(query.sql().toUpperCase(Locale.ROOT)).append('\n');
        limited += query.unlimitedSql() != null ? 1 : 0;
        orderedByPrefix += query.order().ordered() && query.unlimitedSql() == null ? 1 : 0;
      }
    }
    String text = all.toString();
    for (String construct : List.of(" JOIN ", " LEFT JOIN ", " EXISTS (", "NOT EXISTS (", " IN (SELECT",
        "NOT IN (SELECT",
        "GROUP BY", "HAVING", "COUNT(*)", "COUNT(DISTINCT", "SUM(", "AVG(", "MIN(", "MAX(", "CASE WHEN", "CAST(",
        " AS DECIMAL(", " LIKE ", " NOT LIKE ", " BETWEEN ", " IS NULL", " IS NOT NULL", " IN (", " AND ", " OR ",
        "NOT (", "ORDER BY", "NULLS FIRST", "NULLS LAST", " LIMIT ", " OFFSET ", "SELECT DISTINCT", "SUBSTRING(",
        "INTERVAL", "EXTRACT(", "NULLIF(", "COALESCE(", " || ", "DATE '", "E0")) {
      assertThat(text).as("a generated query with %s", construct).contains(construct);
    }
    assertThat(limited).as("queries with LIMIT").isGreaterThan(QUERIES / 10);
    assertThat(orderedByPrefix).as("ordered queries without LIMIT").isGreaterThan(QUERIES / 20);
  }

  @Test
  void mostQueriesReturnRowsOnDuckDb() throws Exception {
    int nonEmpty = 0;
    int total = 0;
    List<RandomTable> tables = RandomTables.dataset(SEED);
    try (DuckDbOracle oracle = DuckDbOracle.inMemory()) {
      for (RandomTable table : tables) {
        oracle.createTable(table.name(), table.schema());
        oracle.insertRows(table.name(), table.rows());
      }
      for (GeneratedQuery query : queries(SEED, 100)) {
        total++;
        nonEmpty += oracle.run(query.sql()).rowCount() > 0 ? 1 : 0;
      }
    }
    System.out.println(nonEmpty + " of " + total + " queries return rows");
    assertThat(nonEmpty).isGreaterThan(total / 2);
  }

  /** DuckDB's functions the generator draws that Quiver adds to Calcite's standard table. */
  private static final java.util.Set<String> DIALECT_FUNCTIONS = java.util.Set.of("date_trunc", "split_part",
      "lpad", "rpad", "left", "right", "reverse", "repeat", "concat_ws", "trim", "ltrim", "rtrim", "regexp_extract",
      "md5", "ifnull", "greatest", "least", "strpos", "instr", "length", "starts_with", "contains",
      "regexp_full_match", "regexp_matches", "count_if", "bool_and", "bool_or", "date_part", "date_diff", "datediff",
      "epoch_ms", "make_date", "dayname", "monthname", "strftime", "epoch", "age", "hash");

  @Test
  void calciteParsesAndValidatesEveryQuery() throws Exception {
    List<String> rejected = new ArrayList<>();
    int checked = 0;
    int charsetLimited = 0;
    int dialectFunctions = 0;
    for (long dataset = SEED; dataset < SEED + 3; dataset++) {
      List<RandomTable> tables = RandomTables.dataset(dataset);
      for (GeneratedQuery query : queries(dataset, 40)) {
        checked++;
        Planner planner = Frameworks.getPlanner(calciteConfig(tables));
        try {
          SqlNode parsed = planner.parse(query.sql());
          planner.validate(parsed);
        } catch (Exception failure) {
          if (isCalciteCharsetLimit(failure)) {
            charsetLimited++;
          } else if (String.valueOf(failure.getMessage()).matches("(?s).*Cannot apply '[-+]' to arguments of type"
              + " '<(DATE|INTEGER|TIMESTAMP\\(\\d\\))> [-+] <(INTEGER|DATE|TIMESTAMP\\(\\d\\))>'.*")) {
            // DATE ± integer, DATE - DATE: DuckDB's date arithmetic, which Quiver's DateOperators add
            dialectFunctions++;
          } else if (failure instanceof org.apache.calcite.sql.parser.SqlParseException
              && query.sql().matches("(?s).*\\b(date_diff|datediff|date_part)\\(.*")) {
            // Babel reads these names with other databases' argument orders; Quiver's pre-pass quotes them
            dialectFunctions++;
          } else if (failure instanceof org.apache.calcite.sql.parser.SqlParseException
              && query.sql().matches("(?s).*\\btrim\\([^()]*, '.*")) {
            // trim(s, characters): Quiver's text pre-pass spells it for Calcite's parser (btrim)
            dialectFunctions++;
          } else if (String.valueOf(failure.getMessage()).contains("No match found for function signature")) {
            // a function of DuckDB's dialect that Quiver adds to Calcite's (date_trunc, ...): the
            // differential tests check those against DuckDB; any other name is a mistake of the generator
            java.util.regex.Matcher name = java.util.regex.Pattern.compile("function signature (\\w+)\\(")
                .matcher(failure.getMessage());
            if (name.find() && DIALECT_FUNCTIONS.contains(name.group(1).toLowerCase(java.util.Locale.ROOT))) {
              dialectFunctions++;
            } else {
              rejected.add(query.label() + "\n  " + failure.getMessage());
            }
          } else {
            rejected.add(query.label() + "\n  " + failure.getMessage());
          }
        } finally {
          planner.close();
        }
      }
    }
    System.out.println(checked + " queries validated by Calcite, " + charsetLimited
        + " skipped for its ISO-8859-1 default charset (set calcite.default.charset=UTF-8), " + dialectFunctions
        + " for functions of DuckDB's dialect");
    assertThat(dialectFunctions).as("queries with DuckDB-only functions").isLessThan(checked);
    assertThat(rejected).as("queries Calcite rejects (of %s)", checked).isEmpty();
    if ("UTF-8".equalsIgnoreCase(CalciteSystemProperty.DEFAULT_CHARSET.value())) {
      assertThat(charsetLimited).as("queries not validated").isZero();
    } else {
      // Another test loaded Calcite first, with its default charset: only the Latin-1 queries were validated.
      System.out.println("warning: Calcite's default charset is " + CalciteSystemProperty.DEFAULT_CHARSET.value());
    }
  }

  /**
   * Calcite's default character set is ISO-8859-1: literals with other characters fail validation
   * unless the engine sets {@code calcite.default.charset} to UTF-8 (a planner concern, not SQL).
   */
  private static boolean isCalciteCharsetLimit(Exception failure) {
    String message = String.valueOf(failure.getMessage()) + failure.getCause();
    return message.contains("Failed to encode") && message.contains("ISO-8859-1");
  }

  private static FrameworkConfig calciteConfig(List<RandomTable> tables) {
    SchemaPlus root = Frameworks.createRootSchema(true);
    for (RandomTable table : tables) {
      root.add(table.name(), new AbstractTable() {
        @Override
        public RelDataType getRowType(RelDataTypeFactory types) {
          RelDataTypeFactory.Builder row = types.builder();
          for (RandomTable.Column column : table.columns()) {
            RelDataType type;
            switch (column.kind()) {
              case INT:
                type = types.createSqlType(SqlTypeName.INTEGER);
                break;
              case BIGINT:
                type = types.createSqlType(SqlTypeName.BIGINT);
                break;
              case DECIMAL:
                type = types.createSqlType(SqlTypeName.DECIMAL, column.precision(), column.scale());
                break;
              case DOUBLE:
                type = types.createSqlType(SqlTypeName.DOUBLE);
                break;
              case VARCHAR:
                type = types.createSqlType(SqlTypeName.VARCHAR);
                break;
              case DATE:
                type = types.createSqlType(SqlTypeName.DATE);
                break;
              case TIMESTAMP:
                type = types.createSqlType(SqlTypeName.TIMESTAMP, 6);
                break;
              default:
                type = types.createSqlType(SqlTypeName.BOOLEAN);
                break;
            }
            row.add(column.name(), types.createTypeWithNullability(type, true));
          }
          return row.build();
        }
      });
    }
    return Frameworks.newConfigBuilder().defaultSchema(root)
        .parserConfig(SqlParser.config().withLex(Lex.JAVA)
            .withParserFactory(org.apache.calcite.sql.parser.babel.SqlBabelParserImpl.FACTORY))
        .build();
  }
}
