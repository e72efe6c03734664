package dev.quiver.sql.session;

import dev.quiver.sql.catalog.RowTable;
import dev.quiver.sql.catalog.SqlTypeNames;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * SUMMARIZE: one row per column of a table or query with DuckDB's columns ({@code column_name,
 * column_type, min, max, approx_unique, avg, std, q25, q50, q75, count, null_percentage}), computed
 * by queries the engine runs. Where DuckDB estimates, Quiver is exact: {@code approx_unique} is the
 * exact count of distinct non-NULL values; {@code q25}, {@code q50}, {@code q75} are the values at
 * sorted positions ⌊(n−1)·q⌋ of the n non-NULL values (DuckDB's {@code quantile_disc}; DuckDB's own
 * SUMMARIZE gives approximate quantiles, which may differ); {@code std} is the sample standard
 * deviation (two passes: the mean, then the squared deviations, in doubles). {@code avg} and
 * {@code std} are given for numbers, quantiles for numbers, dates and timestamps; {@code avg} of a
 * date or timestamp column is NULL (DuckDB gives a timestamp).
 */
final class Summary {
  static final Schema SCHEMA = new Schema(List.of(RowTable.varchar("column_name"), RowTable.varchar("column_type"),
      RowTable.varchar("min"), RowTable.varchar("max"), RowTable.bigint("approx_unique"), RowTable.varchar("avg"),
      RowTable.varchar("std"), RowTable.varchar("q25"), RowTable.varchar("q50"), RowTable.varchar("q75"),
      RowTable.bigint("count"), Field.nullable("null_percentage", new ArrowType.Decimal(9, 2, 128))));

  private static final double[] QUANTILES = {0.25, 0.5, 0.75};

  /** Runs the summary's queries. */
  interface Runner {
    /** The first row of a query's result as text (NULL as null). */
    String[] firstRow(String sql);

    /** The first column's text at the given row positions (ascending) of a query's result. */
    String[] valuesAt(String sql, long[] positions);
  }

  private Summary() {}

  static RowTable of(Schema schema, String query, Runner runner) {
    List<Field> fields = schema.getFields();
    String from = " FROM (" + query + ") AS summarized";
    List<String> aggregates = new ArrayList<>();
    aggregates.add("count(*)");
    int[] countAt = new int[fields.size()];
    int[] minAt = new int[fields.size()];
    int[] avgAt = new int[fields.size()];
    for (int i = 0; i < fields.size(); i++) {
      Field field = fields.get(i);
      String column = quote(field.getName());
      countAt[i] = aggregates.size();
      aggregates.add("count(" + column + ")");
      minAt[i] = -1;
      avgAt[i] = -1;
      if (comparable(field.getType())) {
        String value = field.getType() instanceof ArrowType.Bool
            ? "CASE WHEN " + column + " THEN 1 WHEN NOT " + column + " THEN 0 END"
            : column;
        minAt[i] = aggregates.size();
        aggregates.add("min(" + value + ")");
        aggregates.add("max(" + value + ")");
      }
      if (SqlTypeNames.isNumber(field.getType())) {
        avgAt[i] = aggregates.size();
        aggregates.add("avg(CAST(" + column + " AS DOUBLE))");
      }
    }
    String[] totals = runner.firstRow("SELECT " + String.join(", ", aggregates) + from);
    long rows = Long.parseLong(totals[0]);
    List<Object[]> answer = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      Field field = fields.get(i);
      String column = quote(field.getName());
      long count = Long.parseLong(totals[countAt[i]]);
      Object[] row = new Object[SCHEMA.getFields().size()];
      row[0] = field.getName();
      row[1] = SqlTypeNames.of(field);
      if (minAt[i] >= 0) {
        row[2] = shown(field, totals[minAt[i]]);
        row[3] = shown(field, totals[minAt[i] + 1]);
        row[4] = Long.parseLong(runner.firstRow("SELECT count(*) FROM (SELECT " + column + from + " WHERE " + column
            + " IS NOT NULL GROUP BY " + column + ") AS distinct_values")[0]);
      }
      if (avgAt[i] >= 0 && totals[avgAt[i]] != null) {
        double mean = Double.parseDouble(totals[avgAt[i]]);
        row[5] = Double.toString(mean);
        if (count > 1 && Double.isFinite(mean)) {
          String deviation = "(CAST(" + column + " AS DOUBLE) - " + doubleLiteral(mean) + ")";
          String squares = runner.firstRow("SELECT sum(" + deviation + " * " + deviation + ")" + from)[0];
          row[6] = Double.toString(Math.sqrt(Double.parseDouble(squares) / (count - 1)));
        }
      }
      if (count > 0 && quantiles(field.getType())) {
        long[] positions = new long[QUANTILES.length];
        for (int q = 0; q < QUANTILES.length; q++) {
          positions[q] = (long) Math.floor((count - 1) * QUANTILES[q]);
        }
        String[] values = runner.valuesAt("SELECT " + column + from + " WHERE " + column + " IS NOT NULL ORDER BY "
            + column, positions);
        System.arraycopy(values, 0, row, 7, values.length);
      }
      row[10] = rows;
      row[11] = rows == 0 ? null
          : BigDecimal.valueOf((rows - count) * 100L).divide(BigDecimal.valueOf(rows), 2, RoundingMode.HALF_UP);
      answer.add(row);
    }
    return new RowTable("summarize", SCHEMA, answer);
  }

  private static String shown(Field field, String text) {
    if (text == null || !(field.getType() instanceof ArrowType.Bool)) {
      return text;
    }
    return text.equals("1") ? "true" : "false";
  }

  private static boolean comparable(ArrowType type) {
    return switch (type.getTypeID()) {
      case Int, FloatingPoint, Decimal, Bool, Utf8, LargeUtf8, Date, Timestamp, Time -> true;
      default -> false;
    };
  }

  private static boolean quantiles(ArrowType type) {
    return SqlTypeNames.isNumber(type) || type instanceof ArrowType.Date || type instanceof ArrowType.Timestamp;
  }

  private static String doubleLiteral(double value) {
    String text = Double.toString(value);
    return text.contains("E") ? text : text + "E0";
  }

  static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
