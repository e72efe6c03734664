package dev.quiver.cli;

import dev.quiver.io.csv.CsvFormat;
import dev.quiver.sql.catalog.SqlTypeNames;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Prints a query's result in one of the SQL formats: {@code table} (aligned columns, the SQL types
 * under the names, numbers right-aligned, fit to the terminal's width, the first and last rows when
 * there are many, then the row count and time), {@code csv} (the dialect of
 * docs/CSV.md, what scripts read), {@code json} (one object per line), {@code markdown} (a GitHub
 * table: numbers right-aligned, {@code |} escaped, line breaks as {@code <br>}, NULL as
 * {@code NULL}; every row).
 */
abstract class SqlResultPrinter {
  /** The formats of {@code quiver sql --format}. */
  enum Format {
    TABLE,
    CSV,
    JSON,
    MARKDOWN;

    static Format parse(String text) {
      try {
        return valueOf(text.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException unknown) {
        throw dev.quiver.common.QuiverException.user("unknown format '" + text + "': use table, csv, json or markdown");
      }
    }
  }

  protected final PrintWriter out;
  protected long rows;

  SqlResultPrinter(PrintWriter out) {
    this.out = out;
  }

  /** The width a table fits when none is given: the {@code COLUMNS} variable's, else 120. */
  static int defaultWidth() {
    String columns = System.getenv("COLUMNS");
    if (columns != null) {
      try {
        int width = Integer.parseInt(columns.strip());
        if (width > 0) {
          return width;
        }
      } catch (NumberFormatException notANumber) {
        // fall back to the default
      }
    }
    return DEFAULT_WIDTH;
  }

  /** The width of a table when neither a terminal nor {@code COLUMNS} says. */
  static final int DEFAULT_WIDTH = 120;

  /** {@link #of(Format, PrintWriter, List, long)} with CSV nulls written as {@code csvNull}. */
  static SqlResultPrinter of(Format format, PrintWriter out, List<Field> fields, long maximumRows, String csvNull) {
    return format == Format.CSV ? new Csv(out, fields, csvNull) : of(format, out, fields, maximumRows);
  }

  static SqlResultPrinter of(Format format, PrintWriter out, List<Field> fields, long maximumRows) {
    return of(format, out, fields, maximumRows, defaultWidth());
  }

  /** A printer; a table fits {@code width} characters. */
  static SqlResultPrinter of(Format format, PrintWriter out, List<Field> fields, long maximumRows, int width) {
    switch (format) {
      case CSV:
        return new Csv(out, fields, "");
      case JSON:
        return new Json(out, fields);
      case MARKDOWN:
        return new Markdown(out, fields);
      default:
        return new Table(out, fields, maximumRows, width);
    }
  }

  /** Prints (or keeps, for a table) the rows of one batch. */
  abstract void print(VectorSchemaRoot batch);

  /**
   * Ends the output: a table prints here, with the row count and {@code elapsedNanos} (no time when
   * negative).
   */
  abstract void finish(long elapsedNanos);

  long rows() {
    return rows;
  }

  static boolean isNumber(ArrowType type) {
    return type instanceof ArrowType.Int || type instanceof ArrowType.FloatingPoint
        || type instanceof ArrowType.Decimal;
  }

  private static final class Csv extends SqlResultPrinter {
    private final StringBuilder line = new StringBuilder(1 << 12);
    private final String nullText;

    Csv(PrintWriter out, List<Field> fields, String nullText) {
      super(out);
      this.nullText = nullText;
      CsvFormat.appendHeader(line, fields);
      out.append(line).append('\n');
    }

    @Override
    void print(VectorSchemaRoot batch) {
      for (int row = 0; row < batch.getRowCount(); row++) {
        line.setLength(0);
        CsvFormat.appendRow(line, batch, row, null, ',', nullText);
        out.append(line).append('\n');
      }
      rows += batch.getRowCount();
    }

    @Override
    void finish(long elapsedNanos) {
      out.flush();
    }
  }

  private static final class Markdown extends SqlResultPrinter {
    private final StringBuilder line = new StringBuilder(1 << 12);

    Markdown(PrintWriter out, List<Field> fields) {
      super(out);
      line.append('|');
      for (Field field : fields) {
        line.append(' ');
        cell(line, field.getName());
        line.append(" |");
      }
      line.append("\n|");
      for (Field field : fields) {
        line.append(isNumber(field.getType()) ? " ---: |" : " --- |");
      }
      out.append(line).append('\n');
    }

    @Override
    void print(VectorSchemaRoot batch) {
      List<FieldVector> vectors = batch.getFieldVectors();
      for (int row = 0; row < batch.getRowCount(); row++) {
        line.setLength(0);
        line.append('|');
        for (FieldVector vector : vectors) {
          String text = CsvFormat.text(vector, row, null);
          line.append(' ');
          cell(line, text == null ? "NULL" : text);
          line.append(" |");
        }
        out.append(line).append('\n');
      }
      rows += batch.getRowCount();
    }

    /** A cell's text with what would break the table escaped. */
    private static void cell(StringBuilder line, String text) {
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        switch (c) {
          case '|' -> line.append("\\|");
          case '\\' -> line.append("\\\\");
          case '\n' -> line.append("<br>");
          case '\r' -> {
            // a CR LF is one break
          }
          default -> line.append(c);
        }
      }
    }

    @Override
    void finish(long elapsedNanos) {
      out.flush();
    }
  }

  private static final class Json extends SqlResultPrinter {
    private final List<Field> fields;
    private final StringBuilder line = new StringBuilder(1 << 12);

    Json(PrintWriter out, List<Field> fields) {
      super(out);
      this.fields = fields;
    }

    @Override
    void print(VectorSchemaRoot batch) {
      List<FieldVector> vectors = batch.getFieldVectors();
      for (int row = 0; row < batch.getRowCount(); row++) {
        line.setLength(0);
        line.append('{');
        for (int column = 0; column < vectors.size(); column++) {
          if (column > 0) {
            line.append(", ");
          }
          quote(line, fields.get(column).getName()).append(": ");
          FieldVector vector = vectors.get(column);
          String text = CsvFormat.text(vector, row, null);
          ArrowType type = fields.get(column).getType();
          if (text == null) {
            line.append("null");
          } else if (type instanceof ArrowType.Bool) {
            line.append(text);
          } else if (isNumber(type) && !text.equals("NaN") && !text.contains("Infinity")) {
            line.append(text);
          } else {
            quote(line, text);
          }
        }
        line.append('}');
        out.append(line).append('\n');
      }
      rows += batch.getRowCount();
    }

    private static StringBuilder quote(StringBuilder line, String text) {
      line.append('"');
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        switch (c) {
          case '"':
            line.append("\\\"");
            break;
          case '\\':
            line.append("\\\\");
            break;
          case '\n':
            line.append("\\n");
            break;
          case '\r':
            line.append("\\r");
            break;
          case '\t':
            line.append("\\t");
            break;
          default:
            if (c < 0x20) {
              line.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
              line.append(c);
            }
        }
      }
      return line.append('"');
    }

    @Override
    void finish(long elapsedNanos) {
      out.flush();
    }
  }

  /**
   * An aligned table that fits {@code width} characters ({@link TableLayout}); keeps at most {@code
   * maximumRows} rows, the first and the last ones (then says how many were left out).
   */
  private static final class Table extends SqlResultPrinter {
    private final List<Field> fields;
    private final long maximumRows;
    private final int width;
    private final int headRows;
    private final int tailRows;
    private final List<String[]> kept = new ArrayList<>();
    private final java.util.ArrayDeque<String[]> tail = new java.util.ArrayDeque<>();

    Table(PrintWriter out, List<Field> fields, long maximumRows, int width) {
      super(out);
      this.fields = fields;
      this.maximumRows = maximumRows;
      this.width = width;
      long capped = Math.min(maximumRows, Integer.MAX_VALUE - 1);
      this.headRows = (int) ((capped + 1) / 2);
      this.tailRows = (int) (capped / 2);
    }

    @Override
    void print(VectorSchemaRoot batch) {
      List<FieldVector> vectors = batch.getFieldVectors();
      for (int row = 0; row < batch.getRowCount(); row++) {
        if (kept.size() < headRows || tailRows > 0) {
          String[] cells = new String[vectors.size()];
          for (int column = 0; column < cells.length; column++) {
            String text = CsvFormat.text(vectors.get(column), row, null);
            cells[column] = text == null ? "NULL" : printable(text);
          }
          if (kept.size() < headRows) {
            kept.add(cells);
          } else {
            if (tail.size() == tailRows) {
              tail.removeFirst();
            }
            tail.addLast(cells);
          }
        }
      }
      rows += batch.getRowCount();
    }

    private static String printable(String text) {
      return text.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
    }

    @Override
    void finish(long elapsedNanos) {
      int columns = fields.size();
      List<String> names = new ArrayList<>(columns);
      List<String> types = new ArrayList<>(columns);
      boolean[] right = new boolean[columns];
      for (int column = 0; column < columns; column++) {
        names.add(fields.get(column).getName());
        types.add(SqlTypeNames.of(fields.get(column)));
        right[column] = isNumber(fields.get(column).getType());
      }
      long shown = (long) kept.size() + tail.size();
      TableLayout.Lines lines = new TableLayout(names, types, right, width)
          .lay(kept, new ArrayList<>(tail), rows > shown);
      lines.lines().forEach(out::println);
      String count = rows == 1 ? "1 row" : rows + " rows";
      if (rows > shown) {
        count += " (" + shown + " shown)";
      }
      if (lines.columnsShown() < columns) {
        count += "  " + columns + " columns (" + lines.columnsShown() + " shown)";
      }
      out.println(elapsedNanos < 0 ? count : String.format(Locale.ROOT, "%s in %.3f s", count, elapsedNanos / 1e9));
      out.flush();
    }
  }
}
